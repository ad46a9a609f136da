/**
 * The seam of the layers core: the CLI matches files to each other (matchLayers, then
 * layerRatingTables), the app matches one file to a stored data set (matchLayerToDataset, then
 * encodeLayers). The same file must give the same turn pairs and the same problems about it on
 * both paths, and the same values the same missing reasons.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { encodeLayers, layerRatingTables, matchLayers, matchLayerToDataset, missingReasonOf, noMissing, type LayerMatch, type LayerProblem, type StoredDialogueForLayer } from '../../../../shared/layers';
import type { FieldValues, ParsedDialogue, ParsedFile, ParsedTurn } from '../../../../shared/model/dataset';
import { dialogue, parsedFile, turn, value } from '../../renderer/fixtures';
import { parseText } from '../support';

const DATASET = fileURLToPath(new URL('../../../fixtures/agreement/dataset/', import.meta.url));

/** A data set as the app stores it, imported from `file`: dialogue ids `s:<externalId>`, turn ids `<dialogue id>#<index>`. */
function storedFrom(file: ParsedFile): StoredDialogueForLayer[] {
  return file.dialogues.map((parsed) => {
    const id = `s:${parsed.externalId}\u0000${parsed.teacherModel}`;
    return { id, externalId: parsed.externalId, teacherModel: parsed.teacherModel, topicId: parsed.topicId, studentId: parsed.studentId, repeatId: parsed.repeatId, turns: parsed.turns.map((item) => ({ id: `${id}#${item.index}`, index: item.index, speaker: item.speaker, utterance: item.utterance })) };
  });
}

/** Problems about the file itself: the CLI also reports what the reference has and the file lacks, which the app does not. */
const ABOUT_THE_REFERENCE: readonly LayerProblem['kind'][] = ['turn-count', 'turn-missing', 'dialogue-absent'];

function bothPaths(reference: ParsedFile, other: ParsedFile) {
  const cli = matchLayers([
    { name: 'reference', files: [reference] },
    { name: 'other', files: [other] },
  ]);
  const app = matchLayerToDataset(storedFrom(reference), other);
  // the other side's value objects identify its turns on both paths
  const cliPairs = cli.items.flatMap((item) => (typeof item.turns[1] === 'string' ? [] : [item.turns[1].pre]));
  const appPairs = app.values.map((item) => item.values);
  const cliProblems = cli.problems.filter((problem) => problem.file === other.file && !ABOUT_THE_REFERENCE.includes(problem.kind)).map(({ kind, file, line }) => ({ kind, file, line }));
  const appProblems = app.problems.map(({ kind, file, line }) => ({ kind, file, line }));
  return { cli, app, cliPairs, appPairs, cliProblems, appProblems };
}

describe('one file matched by the CLI path and the app path', () => {
  it('the agreement fixtures: the same turn pairs, folded matches and problems', () => {
    const llm = parseText(`${DATASET}llm.jsonl`, readFileSync(`${DATASET}llm.jsonl`, 'utf8'));
    const human = parseText(`${DATASET}human.jsonl`, readFileSync(`${DATASET}human.jsonl`, 'utf8'));
    const { cli, app, cliPairs, appPairs, cliProblems, appProblems } = bothPaths(llm, human);
    expect(appPairs).toHaveLength(11);
    expect(appPairs.every((values, index) => values === cliPairs[index])).toBe(true);
    expect(cliPairs).toHaveLength(appPairs.length);
    expect(app.normalizedTurnMatches).toBe(cli.normalizedTurnMatches);
    expect(appProblems).toEqual([{ kind: 'turn-text', file: human.file, line: 2 }]);
    expect(cliProblems).toEqual(appProblems);
  });

  it('speakers that differ, extra turns, a duplicate, an unknown dialogue and one id under two models', () => {
    const withTexts = (base: ParsedDialogue, texts: string[], speakers?: ParsedTurn['speaker'][]): ParsedDialogue => ({
      ...base,
      turns: texts.map((utterance, index) => ({ ...turn(index, { teacher_intent: value(`${base.line}-${index}`, 'ok', ['guide_reasoning']) }), utterance, ...(speakers ? { speaker: speakers[index] } : {}) })),
    });
    const reference = parsedFile('reference.jsonl', [
      withTexts(dialogue(1, 0), ['甲', '乙', '丙', '丁']),
      withTexts(dialogue(2, 0), ['一', '二', '三']),
      withTexts(dialogue(2, 0, { line: 3, teacherModel: 'Qwen' }), ['一', '二', '三']),
    ]);
    const other = parsedFile('other.jsonl', [
      // 乙 spoken by the other speaker, 丙 rewritten, an extra turn at the end
      withTexts(dialogue(1, 0), ['甲', '乙', '变了', '丁', '多出来的'], ['student', 'student', 'student', 'teacher', 'student']),
      withTexts(dialogue(2, 0, { line: 2, teacherModel: 'Qwen' }), ['一', '二', '三！']),
      withTexts(dialogue(2, 0, { line: 3, teacherModel: 'Qwen' }), ['一', '二', '三']),
      withTexts(dialogue(9, 0, { line: 4 }), ['没有']),
    ]);
    const { cli, app, cliPairs, appPairs, cliProblems, appProblems } = bothPaths(reference, other);
    expect(appPairs).toHaveLength(5);
    expect(appPairs.every((values, index) => values === cliPairs[index])).toBe(true);
    expect(cliPairs).toHaveLength(appPairs.length);
    expect(app.normalizedTurnMatches).toBe(1);
    expect(cli.normalizedTurnMatches).toBe(1);
    expect(appProblems).toEqual([
      { kind: 'speaker-differs', file: 'other.jsonl', line: 1 },
      { kind: 'turn-text', file: 'other.jsonl', line: 1 },
      { kind: 'turn-unmatched', file: 'other.jsonl', line: 1 },
      { kind: 'dialogue-duplicate', file: 'other.jsonl', line: 3 },
      { kind: 'dialogue-unmatched', file: 'other.jsonl', line: 4 },
    ]);
    expect([...cliProblems].sort(byPlace)).toEqual([...appProblems].sort(byPlace));
  });
});

function byPlace(a: { kind: string; line: number }, b: { kind: string; line: number }): number {
  return a.line - b.line || a.kind.localeCompare(b.kind);
}

describe('the same values decoded on both paths', () => {
  // teacher turns of one dialogue: the first layer always rates guide_reasoning, the second
  // gives each kind of unusable value once, and one turn it lacks
  const second: (FieldValues | null)[] = [
    { teacher_intent: value('引导推理', 'ok', ['guide_reasoning']) },
    {},
    { teacher_intent: value('', 'empty') },
    { teacher_intent: value('讲故事', 'unknown') },
    { teacher_intent: value('引导推理 | 检查理解', 'conflict') },
    { teacher_intent: value('引导推理, 检查理解', 'ok', ['guide_reasoning', 'check_understanding']) },
    { teacher_intent: value('zzz', 'ok', ['zzz']) },
    null,
  ];
  const expected = { ...noMissing(), 'no-turn': 1, 'no-value': 1, 'empty-value': 1, 'not-in-codebook': 2, conflict: 1, 'several-labels': 1 };
  const first = (index: number): ParsedTurn => ({ ...turn(1, { teacher_intent: value('引导推理', 'ok', ['guide_reasoning']) }), index, speaker: 'teacher' });

  it('the CLI rating tables count each reason once', () => {
    const match: LayerMatch = {
      layers: ['first', 'second'],
      items: second.map((values, index) => ({ id: `d#${index}`, speaker: 'teacher', turns: [first(index), values === null ? 'no-turn' : { ...first(index), pre: values }] })),
      matchedDialogues: 1,
      normalizedTurnMatches: 0,
      problems: [],
    };
    const [table] = layerRatingTables(match, DEFAULT_CODEBOOK, { fields: ['teacher_intent'] });
    expect(table.missing).toEqual(expected);
  });

  it('the agreement view encodes the same reasons', () => {
    const turns = second.map((_, index) => ({ id: `d#${index}`, speaker: 'teacher' as const, pre: first(index).pre }));
    const values = Object.fromEntries(second.flatMap((item, index) => (item === null ? [] : [[`d#${index}`, item]])));
    const encoded = encodeLayers({ codebook: DEFAULT_CODEBOOK, turns, fieldReviews: [], sources: [{ kind: 'pre' }, { kind: 'layer', id: 'second', values }], fields: ['teacher_intent'] });
    const counted = noMissing();
    for (const encodedValue of encoded.fields[0].values[1]) if (encodedValue < 0) counted[missingReasonOf(encodedValue)]++;
    expect(counted).toEqual(expected);
  });
});
