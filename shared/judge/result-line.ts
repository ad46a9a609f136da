import type { RubricSet, RubricSetRef } from './types';

/**
 * One line of a judge run's results.jsonl (the `judge` CLI's `--out`, and what a run's stored
 * result holds): one dialogue, judged by one judge model, one sample. A failed answer (retries
 * exhausted) is kept as a line with `status: "failed"`, its reason and no scores, so failures are
 * counted and never averaged in.
 */
export interface JudgeResultLine {
  /** `<topic_id>-<student_id>-<repeat_id>`, as the metrics command names dialogues */
  dialogue: string;
  /** the teacher model that produced the dialogue (from its folder, as `metrics` does) */
  group: string;
  /** the judge model (or connection name) */
  judge: string;
  /** 0 for the first of the N samples per dialogue */
  sample: number;
  rubricSet?: RubricSetRef;
  status: 'valid' | 'failed';
  /** valid: one entry per rubric of the set; failed: empty */
  scores: JudgeLineScore[];
  /** failed: why, in words */
  reason?: string;
}

export interface JudgeLineScore {
  rubric: string;
  score: number;
  rationale: string;
  /** G-Eval's probability-weighted score (expectedScore) when the endpoint returned logprobs */
  expected?: number | null;
}

/** A line that could not be read, with its 1-based line number and what is wrong. */
export interface ResultLineProblem {
  line: number;
  message: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const LINE_KEYS = new Set(['dialogue', 'group', 'judge', 'sample', 'rubricSet', 'status', 'scores', 'reason']);
const SCORE_KEYS = new Set(['rubric', 'score', 'rationale', 'expected']);

/**
 * Checks one parsed results line against the rubric set: every field's type, a valid line scoring
 * every rubric exactly once with a whole number in its range (the same rule as checkJudgeAnswer,
 * so a hand-edited file cannot slip a 7 into a 1–5 mean), a failed line holding no scores.
 * Returns the line or the problems found (in words, without the line number).
 */
export function readResultLine(set: RubricSet, value: unknown): { ok: true; line: JudgeResultLine } | { ok: false; problems: string[] } {
  if (!isObject(value)) return { ok: false, problems: ['a results line must be one JSON object'] };
  const problems: string[] = [];
  for (const key of Object.keys(value)) if (!LINE_KEYS.has(key)) problems.push(`"${key.slice(0, 40)}" is not a key of a results line`);
  for (const key of ['dialogue', 'group', 'judge'] as const) {
    if (typeof value[key] !== 'string' || (value[key] as string).trim() === '') problems.push(`"${key}" must be a non-empty string`);
  }
  if (!Number.isSafeInteger(value.sample) || (value.sample as number) < 0) problems.push('"sample" must be a whole number from 0');
  if (value.status !== 'valid' && value.status !== 'failed') problems.push('"status" must be "valid" or "failed"');
  if (value.reason !== undefined && typeof value.reason !== 'string') problems.push('"reason" must be a string');
  const ref = value.rubricSet;
  if (ref !== undefined && !(isObject(ref) && ['id', 'version', 'hash'].every((key) => typeof ref[key] === 'string'))) problems.push('"rubricSet" must be {"id", "version", "hash"} (strings)');
  const rawScores = value.scores ?? [];
  const scores: JudgeLineScore[] = [];
  if (!Array.isArray(rawScores)) problems.push('"scores" must be a list');
  else if (value.status === 'failed' && rawScores.length > 0) problems.push('a failed line holds no scores');
  else if (value.status === 'valid') {
    const seen = new Set<string>();
    rawScores.forEach((entry, i) => {
      const at = `scores[${i}]`;
      if (!isObject(entry)) return void problems.push(`${at} must be an object`);
      for (const key of Object.keys(entry)) if (!SCORE_KEYS.has(key)) problems.push(`${at}: "${key.slice(0, 40)}" is not a key of a score`);
      const rubric = set.rubrics.find((candidate) => candidate.id === entry.rubric);
      if (!rubric) return void problems.push(`${at}: the rubric ${JSON.stringify(entry.rubric)} is not in the set ${set.id}`);
      if (seen.has(rubric.id)) return void problems.push(`${at}: ${rubric.id} is scored twice`);
      seen.add(rubric.id);
      const { score, rationale, expected } = entry;
      if (typeof score !== 'number' || !Number.isInteger(score) || score < rubric.range.min || score > rubric.range.max) return void problems.push(`${at}: the score of ${rubric.id} must be a whole number in ${rubric.range.min}–${rubric.range.max}`);
      if (typeof rationale !== 'string') return void problems.push(`${at}: the rationale must be a string`);
      if (expected !== undefined && expected !== null && (typeof expected !== 'number' || !(expected >= rubric.range.min && expected <= rubric.range.max))) return void problems.push(`${at}: the expected score of ${rubric.id} must be null or a number in ${rubric.range.min}–${rubric.range.max}`);
      scores.push({ rubric: rubric.id, score, rationale, ...(expected === undefined ? {} : { expected: expected as number | null }) });
    });
    for (const rubric of set.rubrics) if (!seen.has(rubric.id)) problems.push(`no score for ${rubric.id}`);
  }
  if (problems.length > 0) return { ok: false, problems };
  const line: JudgeResultLine = {
    dialogue: value.dialogue as string,
    group: value.group as string,
    judge: value.judge as string,
    sample: value.sample as number,
    status: value.status as 'valid' | 'failed',
    scores,
  };
  if (isObject(ref)) line.rubricSet = { id: ref.id as string, version: ref.version as string, hash: ref.hash as string } satisfies RubricSetRef;
  if (typeof value.reason === 'string') line.reason = value.reason;
  return { ok: true, line };
}

/** The dialogue id the metrics command uses: `<topic_id>-<student_id>-<repeat_id>`. */
export function judgeDialogueId(topicId: string | number, studentId: string | number, repeatId: string | number): string {
  return `${topicId}-${studentId}-${repeatId}`;
}
