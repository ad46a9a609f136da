import { extractJsonObject, type Toleration } from '../llm/extract-json';
import type { RubricScore, RubricSet } from './types';

export type JudgeProblemCode =
  | 'malformed-json'
  | 'not-an-object'
  | 'no-scores'
  | 'unexpected-key'
  | 'entry-not-an-object'
  | 'unknown-rubric'
  | 'duplicate-rubric'
  | 'missing-rubric'
  | 'non-integer'
  | 'out-of-range'
  | 'missing-rationale';

/** Why an answer is not used, in English words (recorded with the failed score, shown for review). */
export interface JudgeProblem {
  code: JudgeProblemCode;
  /** the rubric the problem is about, when it is about one */
  rubric?: string;
  message: string;
}

/**
 * Only `ok: true` carries scores: one per rubric of the set, in the set's order. A failed check
 * has every problem found and no score at all: a half-valid answer is retried or recorded as
 * failed with its reasons, never partly averaged in.
 */
export type JudgeAnswerCheck = { ok: true; scores: RubricScore[]; tolerated: Toleration[] } | { ok: false; problems: JudgeProblem[]; reason: string };

const ENTRY_KEYS = new Set(['rubric', 'score', 'rationale']);
const MAX_PROBLEMS = 50;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value of a judge's answer in a problem message: its kind, or itself when short. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function failed(problems: JudgeProblem[]): JudgeAnswerCheck {
  const shown = problems.slice(0, MAX_PROBLEMS);
  if (problems.length > MAX_PROBLEMS) shown.push({ code: problems[MAX_PROBLEMS].code, message: `and ${problems.length - MAX_PROBLEMS} more problem(s)` });
  return { ok: false, problems: shown, reason: shown.map((problem) => problem.message).join('; ') };
}

/**
 * Checks a parsed answer against the rubric set: one `scores` list and nothing beside it; each
 * entry an object with exactly `rubric`, `score` and `rationale` (either order); every rubric of
 * the set exactly once, none other; each score a whole number (a JSON number with no fraction:
 * 4.0 parses as 4 and is accepted, "4" and 4.5 are not) within that rubric's range; each
 * rationale a string (it may be empty only if the judge wrote nothing: that is accepted, the
 * score is what is measured).
 */
export function checkJudgeAnswer(set: RubricSet, answer: unknown, tolerated: Toleration[] = []): JudgeAnswerCheck {
  if (!isObject(answer)) return failed([{ code: 'not-an-object', message: `the answer must be one JSON object, not ${describe(answer)}` }]);
  const list = answer.scores;
  if (!Array.isArray(list)) return failed([{ code: 'no-scores', message: `the answer must hold a "scores" list (it holds ${describe(list)})` }]);
  const problems: JudgeProblem[] = [];
  for (const key of Object.keys(answer)) if (key !== 'scores') problems.push({ code: 'unexpected-key', message: `the answer holds ${describe(key)} beside "scores"` });
  const rubrics = new Map(set.rubrics.map((rubric) => [rubric.id, rubric]));
  const found = new Map<string, RubricScore>();
  const seen = new Set<string>();
  list.forEach((entry, position) => {
    const at = `score entry ${position + 1}`;
    if (!isObject(entry)) {
      problems.push({ code: 'entry-not-an-object', message: `${at} is ${describe(entry)}, not an object` });
      return;
    }
    const id = entry.rubric;
    if (typeof id !== 'string' || !rubrics.has(id)) {
      problems.push({ code: 'unknown-rubric', rubric: typeof id === 'string' ? id : undefined, message: `${at} names the rubric ${describe(id)}, which is not in the set (${set.rubrics.map((rubric) => rubric.id).join(', ')})` });
      return;
    }
    if (seen.has(id)) {
      problems.push({ code: 'duplicate-rubric', rubric: id, message: `the answer scores ${id} more than once` });
      found.delete(id);
      return;
    }
    seen.add(id);
    const rubric = rubrics.get(id)!;
    let ok = true;
    for (const key of Object.keys(entry)) {
      if (!ENTRY_KEYS.has(key)) {
        problems.push({ code: 'unexpected-key', rubric: id, message: `${id}: ${describe(key)} is not a key of a score entry (rubric, score, rationale)` });
        ok = false;
      }
    }
    const { score, rationale } = entry;
    if (typeof score !== 'number' || !Number.isInteger(score)) {
      problems.push({ code: 'non-integer', rubric: id, message: `${id}: the score is ${describe(score)}, not a whole number` });
      ok = false;
    } else if (score < rubric.range.min || score > rubric.range.max) {
      problems.push({ code: 'out-of-range', rubric: id, message: `${id}: the score ${score} lies outside ${rubric.range.min}–${rubric.range.max}` });
      ok = false;
    }
    if (typeof rationale !== 'string') {
      problems.push({ code: 'missing-rationale', rubric: id, message: `${id}: the rationale is ${describe(rationale)}, not a text` });
      ok = false;
    }
    if (ok) found.set(id, { rubric: id, score: score as number, rationale: rationale as string });
  });
  for (const rubric of set.rubrics) if (!seen.has(rubric.id)) problems.push({ code: 'missing-rubric', rubric: rubric.id, message: `the answer gives no score for ${rubric.id}` });
  if (problems.length > 0) return failed(problems);
  return { ok: true, scores: set.rubrics.map((rubric) => found.get(rubric.id)!), tolerated };
}

/**
 * A judge's text answer: the JSON object is taken out as pre-annotation takes it (shared/llm
 * extractJsonObject: a ```json fence, a <think> block, prose around it and trailing commas are
 * tolerated and named in `tolerated`), then checked. Text with no single valid object fails
 * with `malformed-json` and the extractor's reason.
 */
export function readJudgeAnswer(set: RubricSet, text: string): JudgeAnswerCheck {
  const extracted = extractJsonObject(text);
  if (!extracted.ok) return failed([{ code: 'malformed-json', message: extracted.reason }]);
  return checkJudgeAnswer(set, extracted.value, extracted.tolerated);
}
