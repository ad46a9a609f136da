/**
 * `spot-check` on a real Maieutic export: fixture records are parsed by the import, reviewed
 * (FieldReview rows as the app writes them) and written by the SID exporter; the command must
 * find in the file exactly the errors the reviews made. Expected figures are worked by hand:
 * teacher_intent 3 wrong of 6 reviewed teacher turns, Wilson 95% 0.1876–0.8124 (a fail at 10%:
 * the lower bound is above it); cognitive_level 0 of 4, upper bound z²/(n + z²) =
 * 3.8415/7.8415 = 0.4899 (not enough at 10%: 35 are needed, z²·0.9/0.1 = 34.57; a pass at 50%).
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { PROVENANCE_VERSION, toSidJsonl, type ExportDialogue } from '../../../shared/export';
import { toStoredDialogue } from '../../../shared/import';
import type { Turn } from '../../../shared/model/dataset';
import type { FieldReview } from '../../../shared/model/review';
import { annotation, parseText, sidLine } from '../shared/support';
import { runCaptured } from './run-captured';

const TEACHER = { teacher_intent: '引导推理', teaching_strategy: '追问, 提示', discipline: '生物', discipline_transfer: '否', teacher_guidance_level: 'L2', cognitive_level: '理解' };
const STUDENT = { discipline: '生物', discipline_transfer: '否', student_cognition_state: '清晰理解', cognitive_level: '记忆' };

function record(topic: number): string {
  const turns: [string, string][] = [
    ['教师', `第${topic}题：你看到了什么？`],
    ['学生', '叶子变黄了。'],
    ['教师', '为什么会变黄呢？'],
    ['学生', '因为缺水。'],
    ['教师', '还有别的可能吗？'],
  ];
  return sidLine(turns, turns.map(([role, text]) => annotation(role, text, role === '教师' ? TEACHER : STUDENT)), { topic_id: topic, topic_text: '植物', student_id: 1, student_type: '全优型', repeat_id: 1 });
}

function review(turn: Turn, fieldId: string, decision: FieldReview['decision'], codes: string[]): FieldReview {
  return { id: `${turn.id}|${fieldId}`, turnId: turn.id, dialogueId: turn.dialogueId, fieldId, decision, codes, text: null, reviewer: '王老师', at: '2026-12-01T08:00:00.000Z' };
}

/**
 * Two dialogues, reviewed: of the 6 teacher turns' intents 3 accepted, 2 changed, 1 unsure with
 * another guess. Exported with the expert's guess kept, so the unsure one is checked too; the
 * app's default export leaves it empty (see "an unsure label left empty").
 */
function reviewedExport(unsureValues: 'guess' | 'empty' = 'guess'): string {
  const file = parseText('GPT-4o/dialogues.jsonl', [record(1), record(2)].join('\n'));
  const items: ExportDialogue[] = file.dialogues.map((parsed) => {
    const { dialogue, turns } = toStoredDialogue(parsed, { datasetId: 'ds', sourceId: 'src', file: file.file });
    return { dialogue, turns, fieldReviews: [], turnReviews: [], dialogueReview: null };
  });
  const [first, second] = items;
  const teacherTurns = [...first.turns, ...second.turns].filter((turn) => turn.speaker === 'teacher');
  const intents: [FieldReview['decision'], string][] = [
    ['accepted', 'guide_reasoning'],
    ['accepted', 'guide_reasoning'],
    ['changed', 'check_understanding'],
    ['accepted', 'guide_reasoning'],
    ['changed', 'introduce_concepts'],
    ['unsure', 'check_understanding'],
  ];
  const reviews = teacherTurns.map((turn, at) => review(turn, 'teacher_intent', intents[at][0], [intents[at][1]]));
  // the strategy set of one turn corrected from {follow-up, hints} to {follow-up}; one other accepted
  reviews.push(review(teacherTurns[0], 'teaching_strategy', 'changed', ['follow_up_questioning']), review(teacherTurns[1], 'teaching_strategy', 'accepted', ['follow_up_questioning', 'provide_hints']));
  // cognitive level accepted on the 4 student turns
  for (const turn of [...first.turns, ...second.turns].filter((candidate) => candidate.speaker === 'student')) reviews.push(review(turn, 'cognitive_level', 'accepted', ['remember']));
  for (const item of items) item.fieldReviews = reviews.filter((candidate) => candidate.dialogueId === item.dialogue.id);
  return toSidJsonl(items, DEFAULT_CODEBOOK, { unsureValues });
}

interface JsonField {
  field: string;
  n: number;
  errors: number;
  noLlmValue: number;
  rate: number | null;
  low: number;
  high: number;
  verdict: string;
  needed: number;
}

const fields = (stdout: string) => (JSON.parse(stdout) as { fields: JsonField[] }).fields;
const fieldsOf = (stdout: string) => new Map(fields(stdout).map((row) => [row.field, row]));

async function exportFolder(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'maieutic-spot-check-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(root, name, '..'), { recursive: true });
    await writeFile(join(root, name), text);
  }
  return root;
}

describe('spot-check', () => {
  it('prints n, errors, the Wilson interval and verdicts per field from an exported review (--json)', async () => {
    const root = await exportFolder({ 'export.jsonl': reviewedExport() });
    const run = await runCaptured(['spot-check', join(root, 'export.jsonl'), '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const byName = fieldsOf(run.stdout);
    const intent = byName.get('teacher_intent')!;
    expect([intent.n, intent.errors, intent.rate, intent.verdict]).toEqual([6, 3, 0.5, 'fail']);
    expect(intent.low).toBeCloseTo(0.1876, 4);
    expect(intent.high).toBeCloseTo(0.8124, 4);
    const level = byName.get('cognitive_level')!;
    expect([level.n, level.errors, level.low, level.verdict, level.needed]).toEqual([4, 0, 0, 'insufficient', 35]);
    expect(level.high).toBeCloseTo(0.4899, 4);
    expect([byName.get('teaching_strategy')!.n, byName.get('teaching_strategy')!.errors]).toEqual([2, 1]);
    expect(byName.get('teaching_strategy=follow_up_questioning')!.errors).toBe(0);
    expect(byName.get('teaching_strategy=provide_hints')!.errors).toBe(1);
    // a field nobody reviewed: n 0, no rate, no verdict yet
    expect(byName.get('student_cognition_state')).toEqual({ field: 'student_cognition_state', n: 0, errors: 0, noLlmValue: 0, rate: null, low: 0, high: 1, verdict: 'insufficient', needed: 35 });
    expect(Object.keys(fields(run.stdout)[0])).toEqual(['field', 'n', 'errors', 'noLlmValue', 'rate', 'low', 'high', 'verdict', 'needed']);
  });

  it("an unsure label the export left empty (the app's default) is not checked, and the note says how many and how to check it", async () => {
    const root = await exportFolder({ 'export.jsonl': reviewedExport('empty') });
    const run = await runCaptured(['spot-check', join(root, 'export.jsonl'), '--json']);
    expect(run.code, run.stderr).toBe(0);
    // the unsure intent (its guess differed from the LLM's) is neither an error nor in n: 5 checked, 2 errors
    expect(fieldsOf(run.stdout).get('teacher_intent')).toMatchObject({ n: 5, errors: 2 });
    expect(run.stderr).toContain(`note: 1 label the expert marked unsure was left empty by the export and not checked (the file does not hold the guess); export with "keep the expert's guess" to check it.`);
  });

  it('passes a field whose upper bound is under the threshold, and prints a readable table', async () => {
    const root = await exportFolder({ 'GPT-4o/export.jsonl': reviewedExport() });
    const run = await runCaptured(['spot-check', root, '--threshold', '0.5']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^cognitive_level\s+4\s+0\s+0\s+0\.0%\s+0\.0% – 49\.0%\s+pass$/m);
    expect(run.stdout).toMatch(/^teacher_intent\s+6\s+3\s+0\s+50\.0%\s+18\.8% – 81\.2%\s+fail$/m);
    expect(run.stdout).toContain('10 reviewed turns in 2 dialogues; threshold 50.0%');
    // nobody reviewed the student's cognition: no verdict, with what it needs (n0 = 4 at 50%: z² = 3.84 < 4)
    expect(run.stdout).toMatch(/^student_cognition_state\s+0\s+0\s+0\s+–\s+0\.0% – 100\.0%\s+not enough reviewed yet \(0 of the 4 needed\)$/m);
    expect(run.stdout).toContain('Not enough reviewed yet: ');
    expect(run.stdout).toContain('student_cognition_state (0 of 4)');
  });

  it('refuses a file that is not a Maieutic export, and a broken provenance, naming file and line', async () => {
    const plain = [record(1), record(2)].join('\n');
    const exported = reviewedExport().split('\n');
    const broken = JSON.parse(exported[1]) as { maieutic: { turns: { fields?: Record<string, { decision: string }> }[] } };
    broken.maieutic.turns[0].fields!.teacher_intent.decision = 'maybe';
    const root = await exportFolder({ 'plain.jsonl': plain, 'broken.jsonl': [exported[0], JSON.stringify(broken)].join('\n') });
    const notExport = await runCaptured(['spot-check', join(root, 'plain.jsonl')]);
    expect(notExport.code).toBe(1);
    expect(notExport.stderr).toContain('plain.jsonl: No record carries Maieutic review provenance');
    const bad = await runCaptured(['spot-check', join(root, 'broken.jsonl'), '--json']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain(`broken.jsonl:2: maieutic.turns[0].fields.teacher_intent.decision must be "accepted", "changed", "unsure" or "labelled" (got "maybe").`);
  });

  it('counts a reviewed value the LLM left empty as "no LLM value", never as an error', async () => {
    const lines = reviewedExport().trimEnd().split('\n');
    const record = JSON.parse(lines[0]) as { maieutic: { turns: { fields?: Record<string, { pre: string | null }> }[] } };
    // the expert saw no pre-annotation of the intent on the first two teacher turns (one empty, one absent)
    const teacherTurns = record.maieutic.turns.filter((turn) => turn.fields?.teacher_intent);
    teacherTurns[0].fields!.teacher_intent.pre = '';
    teacherTurns[1].fields!.teacher_intent.pre = null;
    const root = await exportFolder({ 'export.jsonl': [JSON.stringify(record), lines[1]].join('\n') });
    const run = await runCaptured(['spot-check', join(root, 'export.jsonl'), '--json']);
    expect(run.code).toBe(0);
    // before: 6 reviewed, 3 wrong; the two blanked were accepted (right): 4 left, all 3 errors among them
    expect(fieldsOf(run.stdout).get('teacher_intent')).toMatchObject({ n: 4, errors: 3, noLlmValue: 2, rate: 0.75 });
  });

  it('counts three concatenated copies of one export once, warning with both file:line', async () => {
    const once = reviewedExport();
    const root = await exportFolder({ 'export.jsonl': once, 'tripled.jsonl': once + once + once });
    const single = fieldsOf((await runCaptured(['spot-check', join(root, 'export.jsonl'), '--json'])).stdout);
    const run = await runCaptured(['spot-check', join(root, 'tripled.jsonl'), '--json']);
    expect(run.code).toBe(0);
    const tripled = fieldsOf(run.stdout);
    expect(tripled.get('teacher_intent')).toMatchObject({ n: 6, errors: 3 });
    expect(tripled).toEqual(single);
    const file = join(root, 'tripled.jsonl');
    expect(run.stderr).toContain(`${file}:3: warning: dialogue "src:1" (GPT-4o) was already read at ${file}:1; its `);
    expect(run.stderr).toContain(`${file}:6: warning: dialogue "src:2" (GPT-4o) was already read at ${file}:2; its `);
    // and one file given twice on the command line
    const twice = await runCaptured(['spot-check', join(root, 'export.jsonl'), join(root, 'export.jsonl'), '--json']);
    expect(twice.code).toBe(0);
    expect(fieldsOf(twice.stdout)).toEqual(single);
  });

  it('counts a turn listed twice in a provenance once, and names both entries', async () => {
    const lines = reviewedExport().trimEnd().split('\n');
    const record = JSON.parse(lines[0]) as { maieutic: { turns: unknown[] } };
    record.maieutic.turns = [...record.maieutic.turns, ...record.maieutic.turns];
    const root = await exportFolder({ 'export.jsonl': [JSON.stringify(record), lines[1]].join('\n') });
    const run = await runCaptured(['spot-check', join(root, 'export.jsonl'), '--json']);
    expect(run.code).toBe(0);
    expect(fieldsOf(run.stdout).get('teacher_intent')).toMatchObject({ n: 6, errors: 3 });
    expect(run.stderr).toContain(`${join(root, 'export.jsonl')}:1: warning: maieutic.turns[5] repeats turn 0 of maieutic.turns[0]; its `);
  });

  it('refuses a value read twice with different results, naming both places', async () => {
    const lines = reviewedExport().trimEnd().split('\n');
    const edited = JSON.parse(lines[0]) as { annotations: Record<string, string>[] };
    // the same export, with the expert's intent on the first teacher turn changed
    edited.annotations[0].teacher_intent = '检测理解';
    const root = await exportFolder({ 'a.jsonl': lines.join('\n'), 'b.jsonl': [JSON.stringify(edited), lines[1]].join('\n') });
    const run = await runCaptured(['spot-check', join(root, 'a.jsonl'), join(root, 'b.jsonl'), '--json']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`${join(root, 'b.jsonl')}:1: dialogue "src:1" (GPT-4o), turn 0, teacher_intent: read twice with different values (this record and ${join(root, 'a.jsonl')}:1 differ`);
  });

  it('refuses a provenance version it does not know, naming the versions it reads', async () => {
    const lines = reviewedExport().trimEnd().split('\n');
    const future = JSON.parse(lines[1]) as { maieutic: { version: unknown } };
    future.maieutic.version = 999;
    const root = await exportFolder({ 'future.jsonl': [lines[0], JSON.stringify(future)].join('\n') });
    const run = await runCaptured(['spot-check', join(root, 'future.jsonl'), '--json']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    const versions = Array.from({ length: PROVENANCE_VERSION }, (_, at) => at + 1).join(', ');
    expect(run.stderr).toContain(`future.jsonl:2: The "maieutic" review provenance is version 999; this spot-check reads versions ${versions}.`);
    // every version the exporter has written is read
    for (const version of [1, PROVENANCE_VERSION]) {
      future.maieutic.version = version;
      await writeFile(join(root, 'future.jsonl'), [lines[0], JSON.stringify(future)].join('\n'));
      expect((await runCaptured(['spot-check', join(root, 'future.jsonl'), '--json'])).code).toBe(0);
    }
  });

  it('says what is wrong with the command line', async () => {
    expect((await runCaptured(['spot-check'])).code).toBe(2);
    const run = await runCaptured(['spot-check', 'x.jsonl', '--threshold', '10']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--threshold is an error rate between 0 and 1');
    expect((await runCaptured(['spot-check', '/no/such/file.jsonl'])).stderr).toContain('The path does not exist');
  });
});
