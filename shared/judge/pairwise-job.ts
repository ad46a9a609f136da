import type { JobDefinition } from '../jobs/definition';
import type { JobItemOutcome } from '../jobs/events';
import type { TokenCounts } from '../jobs/types';
import type { SamplingParameters } from '../llm/connection';
import type { StoredCall } from '../llm/pre-annotation-job';
import { MAX_JUDGE_DIALOGUES, MAX_JUDGE_TURNS, type JudgeJobDialogue } from './job-result';
import { modelVerdict, type ModelVerdict, type PositionVerdict } from './pairwise';
import type { PairwisePrompt } from './pairwise-prompt';
import { batchSettingsProblems, type JudgeBatchSettings } from './batch-settings';
import { rubricSetHash } from './rubric-hash';
import type { JudgeLanguage, RubricSet, RubricSetRef } from './types';

/**
 * A pairwise judge job (issue 13): two teacher models' dialogues for the same topic and student,
 * each pair shown to the judge in both orders. Its own job kind: its items are pair × order, not
 * dialogues, and its answer is a verdict, not scores. Like a judge job it carries the dialogues
 * and the rubric set (whose rubrics are the criteria) with its hash.
 *
 * Item ids: `ab:<pair id>` (A's dialogue shown first) and `ba:<pair id>` (B's first), both for
 * every pair (pairwiseItemIds). One work item is one pair × order × judge connection × sample.
 */
export const PAIRWISE_JOB_KIND = 'judge-pairwise';

export type PairOrder = 'ab' | 'ba';
export const PAIR_ORDERS: readonly PairOrder[] = ['ab', 'ba'];

export interface PairwiseJobPair {
  /** pairDialogues' id, unique in the job */
  id: string;
  /** the id of group A's dialogue among `dialogues`, and of group B's */
  a: string;
  b: string;
}

export interface PairwiseJobParameters {
  rubricSet: RubricSet;
  /** rubricSetHash(rubricSet); a job whose set does not hash to it is refused */
  rubricSetHash: string;
  language: JudgeLanguage;
  reasoningFirst: boolean;
  /** over the connection's judge sampling and the paper's (temperature 0.1, top_p 0.9, max_tokens 1024) */
  sampling?: SamplingParameters;
  /** the teacher models compared, as labels for results (A's dialogues are each pair's `a`) */
  groupA: string;
  groupB: string;
  /** every dialogue a pair names, once; ids unique across both groups */
  dialogues: JudgeJobDialogue[];
  pairs: PairwiseJobPair[];
  /** through the OpenAI Batch API (one batch per connection) instead of live calls; absent: live calls */
  batch?: JudgeBatchSettings;
}

export type PairwiseJobDefinition = JobDefinition<typeof PAIRWISE_JOB_KIND, PairwiseJobParameters>;

export function pairwiseItemId(pairId: string, order: PairOrder): string {
  return `${order}:${pairId}`;
}

/** The pair and order an item id names, or null for an id of another shape. */
export function parsePairwiseItemId(itemId: string): { pairId: string; order: PairOrder } | null {
  const order = itemId.slice(0, 2);
  if (itemId[2] !== ':' || (order !== 'ab' && order !== 'ba') || itemId.length === 3) return null;
  return { pairId: itemId.slice(3), order };
}

/** Both orders of every pair, pair by pair: the item ids of a job judging all of them. */
export function pairwiseItemIds(pairs: readonly Pick<PairwiseJobPair, 'id'>[]): string[] {
  return pairs.flatMap((pair) => PAIR_ORDERS.map((order) => pairwiseItemId(pair.id, order)));
}

interface PairwisePayloadBase {
  pairId: string;
  order: PairOrder;
  /** group A's dialogue and group B's, whichever was shown first */
  dialogueA: string;
  dialogueB: string;
  connectionId: string;
  /** the judge model as the endpoint answered it (the connection's model when no answer came) */
  judgeModel: string;
  sample: number;
  rubricSet: RubricSetRef;
  prompt: PairwisePrompt['ref'];
  tokens: TokenCounts;
  cached: boolean;
  call: StoredCall;
}

export interface PairwiseJobJudged extends PairwisePayloadBase {
  status: 'valid';
  /** as the judge answered it: the dialogue shown first, second, or a tie */
  verdict: PositionVerdict;
  /** the verdict mapped back to the models (modelVerdict(order, verdict)) */
  winner: ModelVerdict;
  rationale: string;
}

/** Retries exhausted (no JSON, a verdict other than first/second/tie, the endpoint failing): every reason, no verdict. */
export interface PairwiseJobFailed extends PairwisePayloadBase {
  status: 'failed';
  reasons: string[];
}

/** A valid one is the payload of an `ok: true` outcome, a failed one of the `ok: false` outcome, as for a judge job. */
export type PairwiseJobPayload = PairwiseJobJudged | PairwiseJobFailed;

export function pairwiseJobResult(outcome: JobItemOutcome<PairwiseJobPayload>): PairwiseJobPayload | null {
  const payload = outcome.payload;
  if (!payload || typeof payload !== 'object') return null;
  if (outcome.ok && payload.status === 'valid') return payload;
  if (!outcome.ok && payload.status === 'failed') return payload;
  return null;
}

/** The judged payload built from a verdict: the winner is derived here, once. */
export function judgedPayload(base: PairwisePayloadBase, verdict: PositionVerdict, rationale: string): PairwiseJobJudged {
  return { ...base, status: 'valid', verdict, winner: modelVerdict(base.order, verdict), rationale };
}

export const MAX_PAIRWISE_PAIRS = MAX_JUDGE_DIALOGUES / 2;

/** Problems with a pairwise job's parameters beyond their shape, in words; empty when it can run. */
export function pairwiseParameterProblems(definition: PairwiseJobDefinition): string[] {
  const problems: string[] = [];
  const { parameters } = definition;
  const { rubricSet, dialogues, pairs } = parameters;
  const hash = rubricSetHash(rubricSet);
  if (parameters.rubricSetHash !== hash) problems.push(`the rubric set ${rubricSet.id}@${rubricSet.version} hashes to ${hash}, not to the ${JSON.stringify(parameters.rubricSetHash)} the job names: it was changed after the job was made`);
  if (parameters.language !== 'zh' && parameters.language !== 'en') problems.push(`language must be "zh" or "en" (got ${JSON.stringify(parameters.language)})`);
  problems.push(...batchSettingsProblems(parameters.batch));
  if (parameters.groupA === parameters.groupB) problems.push(`groupA and groupB must be two groups (both are ${JSON.stringify(parameters.groupA)})`);
  if (pairs.length > MAX_PAIRWISE_PAIRS) problems.push(`a pairwise job takes at most ${MAX_PAIRWISE_PAIRS.toLocaleString('en-US')} pairs (got ${pairs.length.toLocaleString('en-US')})`);
  if (dialogues.length > MAX_JUDGE_DIALOGUES) problems.push(`a pairwise job takes at most ${MAX_JUDGE_DIALOGUES.toLocaleString('en-US')} dialogues (got ${dialogues.length.toLocaleString('en-US')})`);
  const byId = new Map(dialogues.map((dialogue) => [dialogue.id, dialogue]));
  if (byId.size !== dialogues.length) problems.push('the dialogues hold the same id more than once');
  const pairIds = new Set(pairs.map((pair) => pair.id));
  if (pairIds.size !== pairs.length) problems.push('the pairs hold the same id more than once');
  for (const pair of pairs) {
    if (pair.a === pair.b) problems.push(`pair ${JSON.stringify(pair.id)} compares the dialogue ${JSON.stringify(pair.a)} with itself`);
    for (const id of [pair.a, pair.b]) if (!byId.has(id)) problems.push(`pair ${JSON.stringify(pair.id)} names the dialogue ${JSON.stringify(id)}, which the job does not carry`);
    if (problems.length > 20) return problems;
  }
  const wrong = definition.itemIds.filter((itemId) => {
    const parsed = parsePairwiseItemId(itemId);
    return parsed === null || !pairIds.has(parsed.pairId);
  });
  if (wrong.length > 0) problems.push(`${wrong.length} item(s) name no order ("ab:" or "ba:") of a pair of the job (first: ${JSON.stringify(wrong[0])})`);
  for (const dialogue of dialogues) {
    if (dialogue.turns.length === 0) problems.push(`dialogue ${JSON.stringify(dialogue.id)} has no turns`);
    else if (dialogue.turns.length > MAX_JUDGE_TURNS) problems.push(`dialogue ${JSON.stringify(dialogue.id)} has ${dialogue.turns.length} turns; at most ${MAX_JUDGE_TURNS} are judged`);
    if (problems.length > 20) break;
  }
  return problems;
}
