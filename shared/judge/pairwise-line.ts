import { modelVerdict, type ModelVerdict, type PositionVerdict } from './pairwise';
import { POSITION_VERDICTS } from './pairwise-answer';
import type { PairOrder } from './pairwise-job';
import type { RubricSetRef } from './types';

/**
 * One line of a pairwise run's results (`judge --pairwise --out pairs.jsonl`): one pair of
 * dialogues (group A's and group B's, same topic and student) shown in one order, judged by one
 * judge, one sample. A failed answer is a line with `status: "failed"`, its reason and no
 * verdict, so it is counted as incomplete and never as a win.
 */
export interface PairwiseResultLine {
  pair: string;
  groupA: string;
  groupB: string;
  dialogueA: string;
  dialogueB: string;
  /** "ab": A's dialogue shown first; "ba": B's */
  order: PairOrder;
  judge: string;
  sample: number;
  rubricSet?: RubricSetRef;
  status: 'valid' | 'failed';
  /** valid: the position the judge named */
  verdict?: PositionVerdict;
  /** valid: the verdict mapped back to the groups */
  winner?: ModelVerdict;
  rationale?: string;
  reason?: string;
}

const KEYS = new Set(['pair', 'groupA', 'groupB', 'dialogueA', 'dialogueB', 'order', 'judge', 'sample', 'rubricSet', 'status', 'verdict', 'winner', 'rationale', 'reason']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A parsed JSON line is a pairwise line (rather than a score line) when it names a pair. */
export function isPairwiseLine(value: unknown): boolean {
  return isObject(value) && 'pair' in value;
}

/**
 * Checks one parsed pairwise line: every field's type; a valid line with a verdict of first,
 * second or tie whose winner (when written) agrees with its order, so a hand-edited file cannot
 * turn a win for B into one for A; a failed line holding no verdict.
 */
export function readPairwiseLine(value: unknown): { ok: true; line: PairwiseResultLine } | { ok: false; problems: string[] } {
  if (!isObject(value)) return { ok: false, problems: ['a results line must be one JSON object'] };
  const problems: string[] = [];
  for (const key of Object.keys(value)) if (!KEYS.has(key)) problems.push(`"${key.slice(0, 40)}" is not a key of a pairwise line`);
  for (const key of ['pair', 'groupA', 'groupB', 'dialogueA', 'dialogueB', 'judge'] as const) {
    if (typeof value[key] !== 'string' || (value[key] as string).trim() === '') problems.push(`"${key}" must be a non-empty string`);
  }
  if (value.groupA === value.groupB && typeof value.groupA === 'string') problems.push('"groupA" and "groupB" must differ');
  if (value.order !== 'ab' && value.order !== 'ba') problems.push('"order" must be "ab" or "ba"');
  if (!Number.isSafeInteger(value.sample) || (value.sample as number) < 0) problems.push('"sample" must be a whole number from 0');
  if (value.status !== 'valid' && value.status !== 'failed') problems.push('"status" must be "valid" or "failed"');
  for (const key of ['rationale', 'reason'] as const) if (value[key] !== undefined && typeof value[key] !== 'string') problems.push(`"${key}" must be a string`);
  const ref = value.rubricSet;
  if (ref !== undefined && !(isObject(ref) && ['id', 'version', 'hash'].every((key) => typeof ref[key] === 'string'))) problems.push('"rubricSet" must be {"id", "version", "hash"} (strings)');
  if (value.status === 'valid') {
    if (!POSITION_VERDICTS.includes(value.verdict as PositionVerdict)) problems.push('"verdict" must be "first", "second" or "tie"');
    else if (value.winner !== undefined && (value.order === 'ab' || value.order === 'ba') && value.winner !== modelVerdict(value.order, value.verdict as PositionVerdict)) problems.push(`"winner" ${JSON.stringify(value.winner)} does not follow from the verdict "${String(value.verdict)}" in the order "${String(value.order)}"`);
  } else if (value.status === 'failed' && (value.verdict !== undefined || value.winner !== undefined)) problems.push('a failed line holds no verdict');
  if (problems.length > 0) return { ok: false, problems };
  const line: PairwiseResultLine = {
    pair: value.pair as string,
    groupA: value.groupA as string,
    groupB: value.groupB as string,
    dialogueA: value.dialogueA as string,
    dialogueB: value.dialogueB as string,
    order: value.order as PairOrder,
    judge: value.judge as string,
    sample: value.sample as number,
    status: value.status as 'valid' | 'failed',
  };
  if (isObject(ref)) line.rubricSet = { id: ref.id as string, version: ref.version as string, hash: ref.hash as string };
  if (line.status === 'valid') {
    line.verdict = value.verdict as PositionVerdict;
    line.winner = modelVerdict(line.order, line.verdict);
  }
  if (typeof value.rationale === 'string') line.rationale = value.rationale;
  if (typeof value.reason === 'string') line.reason = value.reason;
  return { ok: true, line };
}
