import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK, codebookVersionHash } from '../../../../shared/codebook';
import { buildAssignmentPackage, parseAssignmentPackage, serializePackage, type AssignmentSourceDialogue } from '../../../../shared/packages';
import { packageKindOf } from '../../../../shared/packages/work-package';
import { MAX_PACKAGE_BYTES, parsePackageJson } from '../../../../shared/packages/json-reader';

const dialogue: AssignmentSourceDialogue = {
  id: 'src:1',
  externalId: '7-3-1',
  teacherModel: 'GPT-4o',
  topicId: '7',
  topicText: '校园生态',
  studentId: '3',
  studentType: '知识掌握不足',
  scenario: '课堂探究',
  repeatId: '1',
  turns: [
    { index: 0, speaker: 'student', speakerRaw: '学生', utterance: '为什么仙人掌的叶子是刺？', endMarker: false, pre: { discipline: { raw: '生物', codes: ['生物'], unknown: [], status: 'ok' } } },
    { index: 1, speaker: 'teacher', speakerRaw: '教师', utterance: '你觉得沙漠里最缺少的是什么？', endMarker: false, pre: { teacher_intent: { raw: '引导推理', codes: ['guide_reasoning'], unknown: [], status: 'ok' } } },
  ],
};

function build(blind: boolean) {
  return buildAssignmentPackage({ id: 'a1', createdAt: '2026-12-02T10:00:00.000Z', annotatorName: ' 王老师 ', dataset: { id: 'ds1', name: 'SID' }, codebook: DEFAULT_CODEBOOK, blind, dialogues: [dialogue] });
}

describe('assignment package', () => {
  it('round-trips through its text, blind packages without any pre-annotation', () => {
    const blind = build(true);
    expect(blind.annotator.name).toBe('王老师');
    expect(blind.dialogues[0].turns.every((turn) => turn.pre === undefined)).toBe(true);
    const text = serializePackage(blind);
    expect(text).not.toContain('"pre"');
    expect(packageKindOf(text)).toBe('assignment');
    expect(parseAssignmentPackage(text, 'a.json')).toEqual(blind);
  });

  it('keeps the pre-annotation when not blind', () => {
    const open = build(false);
    const parsed = parseAssignmentPackage(serializePackage(open), 'a.json');
    expect(parsed.dialogues[0].turns[1].pre?.teacher_intent.codes).toEqual(['guide_reasoning']);
  });

  it('carries the codebook hash of the bundled codebook, stable through parsing', () => {
    const parsed = parseAssignmentPackage(serializePackage(build(true)), 'a.json');
    expect(parsed.codebookHash).toBe(codebookVersionHash(DEFAULT_CODEBOOK));
    expect(codebookVersionHash(parsed.codebook)).toBe(codebookVersionHash(DEFAULT_CODEBOOK));
  });

  it('refuses a package whose codebook hash was edited, naming the path', () => {
    const pkg = { ...build(true), codebookHash: '0000000000000000' };
    expect(() => parseAssignmentPackage(serializePackage(pkg), 'for-wang.json')).toThrow(/^for-wang\.json: \$\.codebookHash: does not match the codebook/);
  });

  it('refuses a codebook label edited without updating the hash', () => {
    const pkg = build(true);
    const edited = JSON.parse(serializePackage(pkg)) as { codebook: { fields: { labels: { code: string }[] }[] } };
    edited.codebook.fields[2].labels[0].code = 'something_else';
    expect(() => parseAssignmentPackage(JSON.stringify(edited), 'x.json')).toThrow(/\$\.codebookHash/);
  });

  it('names the JSON path and the problem of a bad field', () => {
    const pkg = JSON.parse(serializePackage(build(true))) as { dialogues: { turns: { speaker: string }[] }[] };
    pkg.dialogues[0].turns[1].speaker = 'tutor';
    expect(() => parseAssignmentPackage(JSON.stringify(pkg), 'x.json')).toThrow('x.json: $.dialogues[0].turns[1].speaker: must be one of "teacher", "student", "other" (found "tutor")');
  });

  it('refuses turns out of order and duplicate dialogues', () => {
    const pkg = JSON.parse(serializePackage(build(true))) as { dialogues: { turns: { index: number }[] }[] };
    pkg.dialogues[0].turns[1].index = 5;
    expect(() => parseAssignmentPackage(JSON.stringify(pkg), 'x.json')).toThrow('x.json: $.dialogues[0].turns[1].index: must be 1');
    const twice = build(true);
    twice.dialogues.push(twice.dialogues[0]);
    expect(() => parseAssignmentPackage(serializePackage(twice), 'x.json')).toThrow('$.dialogues[1].id: dialogue "src:1" appears twice');
  });

  it('refuses a blind package carrying pre-annotations', () => {
    const pkg = { ...build(false), blind: true };
    expect(() => parseAssignmentPackage(serializePackage(pkg), 'x.json')).toThrow('$.blind: the package is marked blind but carries pre-annotations');
  });

  it('names the line of a syntax error, and refuses other kinds and newer versions', () => {
    expect(() => parseAssignmentPackage('{\n "maieutic": "assignment",\n "version": 1,,\n}', 'x.json')).toThrow('x.json: line 3: the file is not valid JSON');
    expect(() => parseAssignmentPackage('{"maieutic":"work","version":1}', 'x.json')).toThrow('x.json: $.maieutic: must be "assignment" (this file is a Maieutic "work" package)');
    expect(() => parseAssignmentPackage('[]', 'x.json')).toThrow('x.json: $: must be an object (found a list)');
    expect(() => parseAssignmentPackage('{"maieutic":"assignment","version":2}', 'x.json')).toThrow('version 2 is newer than this app reads (1)');
  });

  it('needs an annotator name and a dialogue to build', () => {
    expect(() => buildAssignmentPackage({ id: 'a', createdAt: '2026-12-02T10:00:00.000Z', annotatorName: ' ', dataset: { id: 'd', name: 'n' }, codebook: DEFAULT_CODEBOOK, blind: true, dialogues: [dialogue] })).toThrow(/name of the annotator/);
    expect(() => buildAssignmentPackage({ id: 'a', createdAt: '2026-12-02T10:00:00.000Z', annotatorName: 'x', dataset: { id: 'd', name: 'n' }, codebook: DEFAULT_CODEBOOK, blind: true, dialogues: [] })).toThrow(/at least one dialogue/);
  });

  // issue 30 point 9: the import's 64-level rule and words, not "not valid JSON"
  it('refuses a package nested deeper than the import reads, naming its line and column', () => {
    const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const text = serializePackage(build(true)).replace('"blind": true', `"blind": true,\n "extra": ${deep(100_000)}`);
    const line = text.slice(0, text.indexOf('"extra"')).split('\n').length;
    expect(() => parseAssignmentPackage(text, 'a.json')).toThrow(`a.json: line ${line}: This package is nested too deeply: lists and objects are nested more than 64 levels deep (column 74); Maieutic reads at most 64 levels, so this package is not imported`);
    // 64 levels in all are read
    expect(() => parsePackageJson(`{"a":${deep(63)}}`, 'a.json')).not.toThrow();
    expect(() => parsePackageJson(`{"a":${deep(64)}}`, 'a.json')).toThrow('a.json: line 1: This package is nested too deeply');
    // a file too deep for the parser itself is refused in the same words
    expect(() => parsePackageJson(`{"a":${'['.repeat(100_000)}`, 'a.json')).toThrow('a.json: line 1: This package is nested too deeply');
  });

  // issue 30 point 5: a documented limit, refused with the figure before parsing
  it('refuses a package over the size limit, with its size and the limit', () => {
    expect(MAX_PACKAGE_BYTES).toBe(64 * 1024 * 1024);
    const text = `{"maieutic":"work","pad":"${'x'.repeat(3 * 1024 * 1024)}"}`;
    expect(() => parsePackageJson(text, 'w.json', 2 * 1024 * 1024)).toThrow('w.json: line 1: the package is too large (3.0 MB; a package may hold at most 2.0 MB)');
    // counted in UTF-8 bytes, as the file is: 1.2 M Chinese characters are 3.6 MB
    expect(() => parsePackageJson(`"${'汉'.repeat(1.2 * 1024 * 1024)}"`, 'w.json', 2 * 1024 * 1024)).toThrow('(3.6 MB; a package may hold at most 2.0 MB)');
    expect(() => parsePackageJson(`"${'汉'.repeat(600 * 1024)}"`, 'w.json', 2 * 1024 * 1024)).not.toThrow();
  });
});
