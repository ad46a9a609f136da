/**
 * A data set's findings, computed in chunks: between chunks the main thread is given back (the
 * UI stays responsive and shows progress), and a newer run cancels an older one.
 */
import type { Codebook } from '../../../../shared/codebook/types';
import type { ConsistencyFinding, ConsistencyRules } from '../../../../shared/consistency';
import type { Dialogue, Turn } from '../../../../shared/model/dataset';
import type { FieldReview } from '../../../../shared/model/review';
import { storedDialogueFindings } from '../../features/consistency/findings-model';

export interface FindingsInput {
  dialogue: Pick<Dialogue, 'id'>;
  turns: readonly Turn[];
  fieldReviews: readonly FieldReview[];
}

export interface ComputeOptions {
  /** turns checked between two yields (about 10–25 ms of work on 2 cores; tests/bench consistency section) */
  chunkTurns?: number;
  onProgress?: (doneTurns: number, totalTurns: number) => void;
  /** how the main thread is given back; a macrotask by default, so input and paint get their turn */
  yieldNow?: () => Promise<void>;
  isCancelled?: () => boolean;
}

const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** null when cancelled. */
export async function computeFindings(items: readonly FindingsInput[], codebook: Codebook, rules: ConsistencyRules, options: ComputeOptions = {}): Promise<ConsistencyFinding[] | null> {
  const { chunkTurns = 1000, onProgress, yieldNow = macrotask, isCancelled = () => false } = options;
  const total = items.reduce((sum, item) => sum + item.turns.length, 0);
  const found: ConsistencyFinding[] = [];
  let done = 0;
  let sinceYield = 0;
  onProgress?.(0, total);
  for (const item of items) {
    found.push(...storedDialogueFindings(item.turns, item.fieldReviews, codebook, rules));
    done += item.turns.length;
    sinceYield += item.turns.length;
    if (sinceYield >= chunkTurns) {
      sinceYield = 0;
      onProgress?.(done, total);
      await yieldNow();
      if (isCancelled()) return null;
    }
  }
  onProgress?.(total, total);
  return found;
}
