/**
 * `spot-check` on a real Maieutic export: fixture records are parsed by the import, reviewed
 * (FieldReview rows as the app writes them) and written by the SID exporter; the command must
 * find in the file exactly the errors the reviews made. Expected figures are worked by hand:
 * teacher_intent 3 wrong of 6 reviewed teacher turns, Wilson 95% 0.1876–0.8124; cognitive_level
 * 0 of 4, upper bound z²/(n + z²) = 3.8415/7.8415 = 0.4899.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { toSidJsonl, type ExportDialogue } from '../../../shared/export';
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

/** Two dialogues, reviewed: of the 6 teacher turns' intents 3 accepted, 2 changed, 1 unsure with another guess. */
function reviewedExport(): string {
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
  return toSidJsonl(items, DEFAULT_CODEBOOK);
}

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
    const { fields } = JSON.parse(run.stdout) as { fields: { field: string; n: number; errors: number; rate: number | null; low: number; high: number; verdict: string }[] };
    const byName = new Map(fields.map((row) => [row.field, row]));
    const intent = byName.get('teacher_intent')!;
    expect([intent.n, intent.errors, intent.rate, intent.verdict]).toEqual([6, 3, 0.5, 'fail']);
    expect(intent.low).toBeCloseTo(0.1876, 4);
    expect(intent.high).toBeCloseTo(0.8124, 4);
    const level = byName.get('cognitive_level')!;
    expect([level.n, level.errors, level.low]).toEqual([4, 0, 0]);
    expect(level.high).toBeCloseTo(0.4899, 4);
    expect([byName.get('teaching_strategy')!.n, byName.get('teaching_strategy')!.errors]).toEqual([2, 1]);
    expect(byName.get('teaching_strategy=follow_up_questioning')!.errors).toBe(0);
    expect(byName.get('teaching_strategy=provide_hints')!.errors).toBe(1);
    // a field nobody reviewed: n 0, no rate, fails
    expect(byName.get('student_cognition_state')).toEqual({ field: 'student_cognition_state', n: 0, errors: 0, rate: null, low: 0, high: 1, verdict: 'fail' });
    expect(Object.keys(fields[0]).sort()).toEqual(['errors', 'field', 'high', 'low', 'n', 'rate', 'verdict']);
  });

  it('passes a field whose upper bound is under the threshold, and prints a readable table', async () => {
    const root = await exportFolder({ 'GPT-4o/export.jsonl': reviewedExport() });
    const run = await runCaptured(['spot-check', root, '--threshold', '0.5']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^cognitive_level\s+4\s+0\s+0\.0%\s+0\.0% – 49\.0%\s+pass$/m);
    expect(run.stdout).toMatch(/^teacher_intent\s+6\s+3\s+50\.0%\s+18\.8% – 81\.2%\s+fail$/m);
    expect(run.stdout).toContain('10 reviewed turns in 2 dialogues; threshold 50.0%');
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

  it('says what is wrong with the command line', async () => {
    expect((await runCaptured(['spot-check'])).code).toBe(2);
    const run = await runCaptured(['spot-check', 'x.jsonl', '--threshold', '10']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--threshold is an error rate between 0 and 1');
    expect((await runCaptured(['spot-check', '/no/such/file.jsonl'])).stderr).toContain('The path does not exist');
  });
});
