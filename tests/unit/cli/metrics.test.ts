/**
 * `metrics`: SID files scored per dialogue and group. The dialogues are written here in SID's
 * Chinese labels; expected values are worked by hand from sid-format.md §3 in the comments.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { toSidJsonl, type ExportDialogue, type ExportScope, type UnsureValues } from '../../../shared/export';
import { parseSourceFile, toStoredDialogue } from '../../../shared/import';
import { runCaptured } from './run-captured';

type Turn = [role: '学生' | '教师', content: string, labels?: Partial<Record<string, string>>];

function record(ids: { topic?: number; student?: number; repeat?: number }, turns: Turn[], extra: Record<string, unknown> = {}): string {
  const empty = { teacher_intent: '', teaching_strategy: '', discipline: '', discipline_transfer: '', student_cognition_state: '', teacher_guidance_level: '', cognitive_level: '' };
  return JSON.stringify({
    ...(ids.topic !== undefined ? { topic_id: ids.topic } : {}),
    ...(ids.student !== undefined ? { student_id: ids.student } : {}),
    ...(ids.repeat !== undefined ? { repeat_id: ids.repeat } : {}),
    dialogue: turns.map(([role, content]) => ({ role, content })),
    annotations: turns.map(([role, content, labels]) => ({ speaker: role, utterance: content, ...empty, ...labels })),
    ...extra,
  });
}

/**
 * 7-1-1: |T| = 3; strategies 追问 | 提示, 类比 | (none): SD 2/3, SV 3/8; transfers 否 是 是: IKT 2/3;
 * student Bloom 记忆 1, 理解 2, 分析 4, 应用 3: BP 3/5; intents 引出概念, 引导推理, 总结提升: SC 3/4;
 * L1 L3 L3: L3 GR 2/3; errors at turns 3 and 7, turn 5 清晰理解 recovers the first: 3C 1/2.
 * TotalScore = .1 + .0375 + .1 + .09 + .1125 + .0666… + .1 = .606666…
 */
const TYPICAL: Turn[] = [
  ['学生', '为什么仙人掌的叶子是刺？', { cognitive_level: '记忆', student_cognition_state: '模糊理解' }],
  ['教师', '你觉得沙漠里最缺少的是什么？', { teacher_intent: '引出概念', teaching_strategy: '追问', discipline_transfer: '否', teacher_guidance_level: 'L1' }],
  ['学生', '阳光？', { cognitive_level: '理解', student_cognition_state: '错误回答' }],
  ['教师', '想想水分会怎样离开叶子。', { teacher_intent: '引导推理', teaching_strategy: '提示, 类比', discipline_transfer: '是', teacher_guidance_level: 'L3' }],
  ['学生', '是水！叶子变成刺可以减少蒸腾。', { cognitive_level: '分析', student_cognition_state: '清晰理解' }],
  ['教师', '总结一下今天的发现吧。', { teacher_intent: '总结提升', discipline_transfer: '是', teacher_guidance_level: 'L3' }],
  ['学生', '所以植物都长刺？', { cognitive_level: '应用', student_cognition_state: '错误回答' }],
];
/** no id keys; no teacher turn; no error: SD = SV = IKT = SC = L3 GR = 0, BP (2 − 1)/5 = .2, 3C vacuous. */
const STUDENTS_ONLY: Turn[] = [
  ['学生', '我想问一个问题。', { cognitive_level: '记忆', student_cognition_state: '模糊理解' }],
  ['学生', '我明白了。', { cognitive_level: '理解', student_cognition_state: '清晰理解' }],
];
const TYPICAL_TOTAL = 0.1 + 0.0375 + 0.1 + 0.09 + 0.1125 + 0.2 / 3 + 0.1;

async function folder(files: Record<string, string[]>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'maieutic-metrics-'));
  for (const [path, lines] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), `${lines.join('\n')}\n`);
  }
  return root;
}

function run(...argv: string[]) {
  return runCaptured(['metrics', ...argv]);
}

interface MetricsJson {
  dialogues: Record<string, unknown>[];
  groups: Record<string, unknown>[];
}

async function json(...argv: string[]): Promise<MetricsJson> {
  const { code, stdout, stderr } = await run(...argv, '--json');
  expect(code, stderr).toBe(0);
  expect(stdout.trimEnd().split('\n')).toHaveLength(1);
  return JSON.parse(stdout) as MetricsJson;
}

describe('metrics CLI', () => {
  it('prints exactly the JSON shape: per dialogue and per folder group, fractions in [0, 1]', async () => {
    const root = await folder({
      'GPT-4o/a.jsonl': [record({ topic: 7, student: 1, repeat: 1 }, TYPICAL), record({}, STUDENTS_ONLY)],
      'Qwen/b.jsonl': [record({ topic: 7, student: 1, repeat: 1 }, STUDENTS_ONLY)],
    });
    const result = await json(root);
    expect(Object.keys(result)).toEqual(['dialogues', 'groups']);
    for (const dialogue of result.dialogues) expect(Object.keys(dialogue)).toEqual(['id', 'group', 'SD', 'SV', 'IKT', 'BP', 'SC', 'L3_GR', '3C', 'TotalScore']);
    for (const group of result.groups) expect(Object.keys(group)).toEqual(['group', 'dialogues', 'SD', 'SV', 'IKT', 'BP', 'SC', 'L3_GR', '3C', 'TotalScore', 'vacuous3C']);
    const [typical, studentsOnly, qwen] = result.dialogues;
    expect(typical).toMatchObject({ id: '7-1-1', group: 'GPT-4o', SV: 3 / 8, SC: 3 / 4, '3C': 1 / 2 });
    expect(typical.SD).toBeCloseTo(2 / 3, 15);
    expect(typical.BP).toBeCloseTo(3 / 5, 15);
    expect(typical.TotalScore).toBeCloseTo(TYPICAL_TOTAL, 12);
    expect(studentsOnly).toEqual({ id: 'a.jsonl:2', group: 'GPT-4o', SD: 0, SV: 0, IKT: 0, BP: 0.2, SC: 0, L3_GR: 0, '3C': 1, TotalScore: expect.closeTo(0.15 * 0.2 + 0.2, 12) });
    expect(qwen).toMatchObject({ id: '7-1-1', group: 'Qwen' });
    const [gpt, qwenGroup] = result.groups;
    expect(gpt).toMatchObject({ group: 'GPT-4o', dialogues: 2, vacuous3C: 1, SV: 3 / 16, '3C': 0.75 });
    expect(gpt.TotalScore).toBeCloseTo((TYPICAL_TOTAL + 0.23) / 2, 12);
    expect(qwenGroup).toMatchObject({ group: 'Qwen', dialogues: 1, vacuous3C: 1 });
  });

  it('groups by file or not at all, and applies --strict-3c and --weights', async () => {
    const root = await folder({ 'GPT-4o/a.jsonl': [record({ topic: 7, student: 1, repeat: 1 }, TYPICAL), record({ topic: 7, student: 2, repeat: 1 }, STUDENTS_ONLY)] });
    expect((await json(root, '--group-by', 'file')).groups.map((group) => group.group)).toEqual(['a.jsonl']);
    expect((await json(root, '--group-by=none')).groups.map((group) => group.group)).toEqual(['all']);
    const strict = await json(root, '--strict-3c');
    expect(strict.dialogues[1]).toMatchObject({ '3C': null, TotalScore: null });
    expect(strict.groups[0]).toMatchObject({ '3C': 0.5, vacuous3C: 1 });
    expect(strict.groups[0].TotalScore).toBeCloseTo(TYPICAL_TOTAL, 12);
    // all weight on SD: TotalScore is SD
    const weighted = await json(root, '--weights', 'SD=1,SV=0,IKT=0,BP=0,SC=0,L3_GR=0,3C=0');
    expect(weighted.dialogues[0].TotalScore).toBeCloseTo(2 / 3, 15);
  });

  it('scores the LLM pre-annotation of a reviewed export from its provenance', async () => {
    // The expert changed turn 1's strategy from 追问 to nothing: verified SD 1/3 … the llm layer has 追问 back.
    const turns = TYPICAL.map(([role, content, labels]): Turn => [role, content, labels && role === '教师' && content === TYPICAL[1][1] ? { ...labels, teaching_strategy: '' } : labels]);
    const provenance = { maieutic: { version: 1, turns: [{ index: 1, fields: { teaching_strategy: { decision: 'changed', pre: '追问', reviewer: 'r', at: 't' } } }] } };
    const root = await folder({ 'M/a.jsonl': [record({ topic: 1, student: 1, repeat: 1 }, turns, provenance)] });
    const verified = await json(root);
    const llm = await json(root, '--layer', 'llm');
    expect(verified.dialogues[0].SD).toBeCloseTo(1 / 3, 15);
    expect(llm.dialogues[0].SD).toBeCloseTo(2 / 3, 15);
    expect(llm.dialogues[0].SV).toBe(3 / 8);
  });

  it('prints Table II with the 3C convention and how many dialogues it touched', async () => {
    const root = await folder({ 'GPT-4o/a.jsonl': [record({ topic: 7, student: 1, repeat: 1 }, TYPICAL), record({}, STUDENTS_ONLY)] });
    const { code, stdout } = await run(root);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^SV\s+18\.8% \[/m);
    expect(stdout).toMatch(/^TotalScore\s+0\.4183 \[/m);
    expect(stdout).toContain('3C (paper convention): 1 of 2 dialogues had no incorrect answer and score 1.0.');
  });

  it('reports a bad file as file:line and scores nothing; a wrong command line exits 2', async () => {
    const root = await folder({ 'GPT-4o/a.jsonl': [record({ topic: 7, student: 1, repeat: 1 }, TYPICAL), '{"dialogue": [oops'] });
    const bad = await run(root, '--json');
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/a\.jsonl:2: /);
    expect((await run(root, '--layer', 'annotator-x')).code).toBe(2);
    expect((await run(root, '--weights', 'SD=0.9')).stderr).toContain('sum to 1.75');
    expect((await run('--json')).code).toBe(2);
    expect((await run(root, '--bogus')).stderr).toContain('Unknown option --bogus');
  });

  describe('on a Maieutic export of verified turns', () => {
    /** The records exported by the app's own exporter: in each, the turns listed are verified (no field reviewed: the values are the pre-annotation). */
    function exported(scope: ExportScope, verified: number[][], extra: (record: Record<string, unknown>, at: number) => void = () => undefined, options: { unsure?: { turn: number; fieldId: string; codes: string[] }; unsureValues?: UnsureValues } = {}): string[] {
      const lines = verified.map((_, at) => record({ topic: 7, student: 1, repeat: at + 1 }, TYPICAL));
      const file = parseSourceFile({ name: 'GPT-4o/a.jsonl', text: lines.join('\n') }, { codebook: DEFAULT_CODEBOOK });
      const items: ExportDialogue[] = file.dialogues.map((parsed, at) => {
        const { dialogue, turns } = toStoredDialogue(parsed, { datasetId: 'ds', sourceId: 'src', file: file.file });
        const turnReviews = verified[at].map((index) => ({ id: turns[index].id, dialogueId: dialogue.id, verified: true, reviewer: 'r', at: '2026-01-01T00:00:00.000Z' }));
        const { unsure } = options;
        const fieldReviews = unsure ? [{ id: `${turns[unsure.turn].id}|${unsure.fieldId}`, turnId: turns[unsure.turn].id, dialogueId: dialogue.id, fieldId: unsure.fieldId, decision: 'unsure' as const, codes: unsure.codes, text: null, reviewer: 'r', at: '2026-01-01T00:00:00.000Z' }] : [];
        return { dialogue, turns, fieldReviews, turnReviews, dialogueReview: null };
      });
      return toSidJsonl(items, DEFAULT_CODEBOOK, { scope, unsureValues: options.unsureValues }).trimEnd().split('\n').map((text, at) => {
        const parsed = JSON.parse(text) as Record<string, unknown>;
        extra(parsed, at);
        return JSON.stringify(parsed);
      });
    }
    const EVERY_TURN = TYPICAL.map((_, index) => index);

    it('scores the dialogues whose turns all keep their labels and skips, counted and named, those with turns left blank', async () => {
      // 7-1-1: every turn verified, so every label written: scored as TYPICAL. 7-1-2: turns 0–2 verified, 3–6 written blank:
      // scored, it would count 1 of 3 teacher turns with a strategy (SD 1/3) instead of TYPICAL's 2/3, and no 3C success.
      const root = await folder({ 'GPT-4o/a.jsonl': exported('verified-turns', [EVERY_TURN, [0, 1, 2]]) });
      const result = (await json(root)) as MetricsJson & { skipped?: Record<string, unknown> };
      expect(result.dialogues.map((dialogue) => dialogue.id)).toEqual(['7-1-1']);
      expect(result.dialogues[0].TotalScore).toBeCloseTo(TYPICAL_TOTAL, 12);
      expect(result.groups[0]).toMatchObject({ dialogues: 1 });
      expect(result.skipped).toEqual({ reason: 'labels-left-out-by-export', dialogues: 1, turnsWithoutLabels: 4, turns: 7, ids: ['7-1-2'] });

      const { code, stdout } = await run(root);
      expect(code).toBe(0);
      expect(stdout).toContain('1 dialogue was not scored: 4 of its 7 turns carry no labels, left out by the export');
      expect(stdout).toContain('1 dialogues;');
    });

    it('a verified-dialogues export, and a file without provenance, lose nothing', async () => {
      const root = await folder({ 'GPT-4o/a.jsonl': exported('all', [[0], []]), 'GPT-4o/b.jsonl': [record({ topic: 9, student: 1, repeat: 1 }, TYPICAL)] });
      const result = (await json(root)) as MetricsJson & { skipped?: unknown };
      expect(result.dialogues).toHaveLength(3);
      expect(result).not.toHaveProperty('skipped');
    });

    it('says so and exits 1 when no dialogue can be scored', async () => {
      const root = await folder({ 'GPT-4o/a.jsonl': exported('verified-turns', [[0], [1, 2]]) });
      const { code, stdout, stderr } = await run(root, '--json');
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toContain('No dialogue could be scored. 2 dialogues were not scored: 11 of their 14 turns carry no labels');
    });

    it('says how many labels an expert was unsure of the export left empty, which count as no label', async () => {
      // turn 1's strategy (追问) marked unsure: left empty, 1 of TYPICAL's 3 teacher turns has a strategy (SD 1/3); the guess keeps 2/3
      const unsure = { turn: 1, fieldId: 'teaching_strategy', codes: ['follow_up_questioning'] };
      const emptied = (await json(await folder({ 'GPT-4o/a.jsonl': exported('all', [EVERY_TURN], undefined, { unsure }) }))) as MetricsJson & { unsureLeftEmpty?: unknown };
      expect(emptied.dialogues[0].SD).toBeCloseTo(1 / 3, 15);
      expect(emptied.unsureLeftEmpty).toEqual({ labels: 1, dialogues: 1 });
      const root = await folder({ 'GPT-4o/a.jsonl': exported('all', [EVERY_TURN], undefined, { unsure }) });
      expect((await run(root)).stdout).toContain('1 label an expert marked unsure (in 1 dialogue) was left empty by the export and count as no label');
      // the llm layer reads the pre-annotation the provenance recorded: nothing is missing there
      expect((await json(root, '--layer', 'llm')) as object).not.toHaveProperty('unsureLeftEmpty');
      const guessed = (await json(await folder({ 'GPT-4o/a.jsonl': exported('all', [EVERY_TURN], undefined, { unsure, unsureValues: 'guess' }) }))) as MetricsJson & { unsureLeftEmpty?: unknown };
      expect(guessed.dialogues[0].SD).toBeCloseTo(2 / 3, 15);
      expect(guessed).not.toHaveProperty('unsureLeftEmpty');
    });

    it('refuses a review provenance of a version it does not know, naming file and line', async () => {
      const root = await folder({ 'GPT-4o/a.jsonl': exported('all', [EVERY_TURN, EVERY_TURN], (parsed, at) => {
        if (at === 1) (parsed.maieutic as { version: unknown }).version = 99;
      }) });
      const { code, stdout, stderr } = await run(root, '--json');
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/a\.jsonl:2: The review provenance \("maieutic"\) is version 99, which this version of Maieutic cannot read \(it reads versions 1, 2, 3, 4, 5\)/);
    });
  });
});
