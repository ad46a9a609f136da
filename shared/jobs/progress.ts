import type { JobItemOutcome } from './events';
import type { JobProgress } from './types';

/** Progress before the first item: `priced` says whether a price is known, so cost starts at 0 rather than null. */
export function emptyProgress(total: number, priced: boolean): JobProgress {
  return { done: 0, total, failed: 0, cached: 0, tokens: { input: 0, output: 0 }, cost: priced ? 0 : null, rate: null, eta: null };
}

/**
 * The counts after one more finished item. Cost turns null for good once one item's cost is
 * unknown: a sum that leaves out calls would understate what was spent. Rate and eta are left as
 * they are (progressFigures measures them).
 */
export function countItemOutcome(progress: JobProgress, outcome: JobItemOutcome): JobProgress {
  return {
    ...progress,
    done: progress.done + 1,
    failed: progress.failed + (outcome.ok ? 0 : 1),
    cached: progress.cached + (outcome.ok && outcome.cached ? 1 : 0),
    tokens: { input: progress.tokens.input + outcome.tokens.input, output: progress.tokens.output + outcome.tokens.output },
    cost: progress.cost === null || outcome.cost === null ? null : progress.cost + outcome.cost,
  };
}
