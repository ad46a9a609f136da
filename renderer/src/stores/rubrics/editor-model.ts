/**
 * The rubric-set editor's form as data: a draft holds what the expert typed (numbers as text, so
 * "1,5" is shown as typed and refused by the same rules as a file), becomes rubric-set JSON and
 * is checked by parseRubricSet. Each problem keeps its JSON path, and the form shows it next to
 * the field whose path it names.
 */
import { parseRubricSet, RubricSetError } from '../../../../shared/judge/parse-rubric-set';
import { rubricSetHash } from '../../../../shared/judge/rubric-hash';
import type { BilingualText, ExpertExample, RubricSet } from '../../../../shared/judge/types';

export interface RubricDraft {
  /** stable across edits and moves (React key); never stored */
  key: string;
  id: string;
  name: BilingualText;
  dimension: BilingualText;
  weight: string;
  definition: BilingualText;
  min: string;
  max: string;
  /** by score; scores outside the range are kept while the range is edited but not written */
  anchors: Record<string, BilingualText>;
  positiveExamples: BilingualText[];
  negativeExamples: BilingualText[];
}

export interface SetDraft {
  id: string;
  version: string;
  name: BilingualText;
  description: BilingualText;
  rubrics: RubricDraft[];
  expertExamples: ExpertExample[];
}

export interface DraftProblem {
  /** the JSON path the problem names (`$.rubrics[1].weight`), `$` when it names none */
  path: string;
  message: string;
}

export interface DraftCheck {
  /** the set the draft makes, when it has no problem */
  set: RubricSet | null;
  hash: string | null;
  problems: DraftProblem[];
}

let nextKey = 0;
const newKey = () => `r${++nextKey}`;
const copy = (text: BilingualText): BilingualText => ({ zh: text.zh, en: text.en });
export const emptyText = (): BilingualText => ({ zh: '', en: '' });
const isBlank = (text: BilingualText) => text.zh.trim() === '' && text.en.trim() === '';

export function draftFromSet(set: RubricSet): SetDraft {
  return {
    id: set.id,
    version: set.version,
    name: copy(set.name),
    description: copy(set.description),
    rubrics: set.rubrics.map((rubric) => ({
      key: newKey(),
      id: rubric.id,
      name: copy(rubric.name),
      dimension: copy(rubric.dimension),
      weight: String(rubric.weight),
      definition: copy(rubric.definition),
      min: String(rubric.range.min),
      max: String(rubric.range.max),
      anchors: Object.fromEntries(rubric.anchors.map((anchor) => [String(anchor.score), copy(anchor.description)])),
      positiveExamples: rubric.positiveExamples.map(copy),
      negativeExamples: rubric.negativeExamples.map(copy),
    })),
    expertExamples: structuredClone(set.expertExamples ?? []),
  };
}

export function emptyRubric(index: number): RubricDraft {
  return { key: newKey(), id: `R${index + 1}`, name: emptyText(), dimension: emptyText(), weight: '1', definition: emptyText(), min: '1', max: '5', anchors: {}, positiveExamples: [], negativeExamples: [] };
}

/** A number typed as a number becomes one; anything else stays text, so the parser names it (`is "1,5"`). */
function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The scores the form shows an anchor field for: the typed range when it is one, else none. */
export function rangeScores(rubric: RubricDraft): number[] {
  const min = Number(rubric.min.trim());
  const max = Number(rubric.max.trim());
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min >= max || max - min > 100) return [];
  return Array.from({ length: max - min + 1 }, (_, index) => min + index);
}

/** The anchors written for a rubric: the range's scores whose description is not blank, ascending. */
function writtenAnchorScores(rubric: RubricDraft): number[] {
  return rangeScores(rubric).filter((score) => rubric.anchors[String(score)] && !isBlank(rubric.anchors[String(score)]));
}

/** The JSON path of a score's anchor as written (`$.rubrics[0].anchors[2]`), or null when it is not written (blank). */
export function anchorPath(rubricIndex: number, rubric: RubricDraft, score: number): string | null {
  const index = writtenAnchorScores(rubric).indexOf(score);
  return index < 0 ? null : `$.rubrics[${rubricIndex}].anchors[${index}]`;
}

export function draftToJson(draft: SetDraft): Record<string, unknown> {
  return {
    id: draft.id.trim(),
    version: draft.version.trim(),
    name: copy(draft.name),
    description: copy(draft.description),
    rubrics: draft.rubrics.map((rubric) => ({
      id: rubric.id.trim(),
      name: copy(rubric.name),
      dimension: copy(rubric.dimension),
      weight: numberOrText(rubric.weight),
      definition: copy(rubric.definition),
      range: { min: numberOrText(rubric.min), max: numberOrText(rubric.max) },
      anchors: writtenAnchorScores(rubric).map((score) => ({ score, description: copy(rubric.anchors[String(score)]) })),
      positiveExamples: rubric.positiveExamples.map(copy),
      negativeExamples: rubric.negativeExamples.map(copy),
    })),
    ...(draft.expertExamples.length > 0 ? { expertExamples: structuredClone(draft.expertExamples) } : {}),
  };
}

const PATH = /^\$(?:\.[A-Za-z_]\w*|\[\d+\])*/;

/** A parser problem as path + message: the path is the text up to the first space or colon. */
export function problemOf(message: string): DraftProblem {
  const path = PATH.exec(message)?.[0] ?? '$';
  return { path, message };
}

export function checkDraft(draft: SetDraft): DraftCheck {
  try {
    const set = parseRubricSet(draftToJson(draft), 'editor');
    return { set, hash: rubricSetHash(set), problems: [] };
  } catch (error) {
    if (error instanceof RubricSetError) return { set: null, hash: null, problems: error.problems.map(problemOf) };
    throw error;
  }
}

/** The problems a field shows: those naming its path, or a path inside it (`$.name` shows `$.name.en`). */
export function problemsAt(problems: readonly DraftProblem[], path: string): DraftProblem[] {
  return problems.filter((problem) => problem.path === path || problem.path.startsWith(`${path}.`) || problem.path.startsWith(`${path}[`));
}

/** The problems that name exactly this path (a field that is not a container). */
export function problemsExactly(problems: readonly DraftProblem[], path: string): DraftProblem[] {
  return problems.filter((problem) => problem.path === path);
}

/** Each rubric's share of the overall score (weight / sum of weights), null when the weights do not add up to a positive number. */
export function weightShares(draft: SetDraft): (number | null)[] {
  const weights = draft.rubrics.map((rubric) => {
    const value = numberOrText(rubric.weight);
    return typeof value === 'number' && value >= 0 ? value : null;
  });
  const total = weights.reduce<number>((sum, weight) => sum + (weight ?? 0), 0);
  return weights.map((weight) => (weight === null || !(total > 0) ? null : weight / total));
}

/** The version after `version`: its last number one up (1.0.0 → 1.0.1, v2 → v3), else `.1` appended. */
export function nextVersion(version: string, taken: readonly string[] = []): string {
  const bump = (text: string): string => {
    const match = /^(.*?)(\d+)(\D*)$/.exec(text);
    return match ? `${match[1]}${Number(match[2]) + 1}${match[3]}` : `${text}.1`;
  };
  let candidate = bump(version.trim() || '1');
  while (taken.includes(candidate)) candidate = bump(candidate);
  return candidate;
}

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}
