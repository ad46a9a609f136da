import type { ModelVerdict, PositionVerdict } from '../judge/pairwise';
import type { PairOrder } from '../judge/pairwise-job';
import type { UnpairedDialogue } from '../judge/pairing';
import type { StoredCall } from '../llm/pre-annotation-job';

/** One pair of a pairwise run: group A's dialogue and group B's (the data set's dialogue ids) for one topic and student. */
export interface PairwiseRunPair {
  id: string;
  a: string;
  b: string;
  topicId: string;
  studentId: string;
  repeatId: string | null;
}

/** What a pairwise run compared (JudgeRunRow.pairwise): the two teacher models, the pairs and what found no partner. */
export interface PairwiseRunInfo {
  groupA: string;
  groupB: string;
  pairs: PairwiseRunPair[];
  /** the first MAX_UNPAIRED_KEPT of them; `unpairedCount` says how many there were */
  unpaired: UnpairedDialogue[];
  unpairedCount: number;
}

export const MAX_UNPAIRED_KEPT = 200;

/** One pairwise run × pair × order × judge × sample (Dexie table pairwiseVerdicts, schema v12). */
export interface PairwiseVerdictRow {
  /** pairwiseVerdictId(runId, pairId, order, judge, sample) */
  id: string;
  runId: string;
  pairId: string;
  order: PairOrder;
  /** the data set's dialogue of group A, and of group B (whichever was shown first) */
  dialogueA: string;
  dialogueB: string;
  groupA: string;
  groupB: string;
  judge: string;
  sample: number;
  status: 'valid' | 'failed';
  /** valid: the position the judge named, and that position mapped back to the groups */
  verdict?: PositionVerdict;
  winner?: ModelVerdict;
  rationale?: string;
  /** failed: every reason, joined */
  reason?: string;
  /** job: the call behind the verdict, its raw answer cut short (keptCall) */
  call?: StoredCall;
}

export function pairwiseVerdictId(runId: string, pairId: string, order: PairOrder, judge: string, sample: number): string {
  return `${runId}|${pairId}|${order}|${judge}|${sample}`;
}
