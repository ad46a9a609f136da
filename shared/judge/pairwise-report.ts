import { pairVerdictsByJudge, pairwiseResult, type PairwiseResult } from './pairwise';
import type { PairwiseResultLine } from './pairwise-line';

export interface PairwiseReportRow extends PairwiseResult {
  judge: string;
  groupA: string;
  groupB: string;
}

/**
 * The pairwise figures of results lines, per judge and pair of groups (a judge comparing
 * GPT-4o with Qwen and, in another run, Qwen with Llama gives two rows). `duplicates` counts
 * lines repeating a judge, pair, order and sample already read; the first is used.
 */
export function pairwiseReport(lines: readonly PairwiseResultLine[]): { rows: PairwiseReportRow[]; duplicates: number } {
  const keyOf = (line: PairwiseResultLine) => JSON.stringify([line.judge, line.groupA, line.groupB]);
  const { byJudge, duplicates } = pairVerdictsByJudge(lines.map((line) => ({ judge: keyOf(line), pairId: line.pair, order: line.order, sample: line.sample, verdict: line.status === 'valid' ? (line.verdict ?? null) : null })));
  const rows = [...byJudge].map(([key, pairs]) => {
    const [judge, groupA, groupB] = JSON.parse(key) as [string, string, string];
    return { judge, groupA, groupB, ...pairwiseResult(pairs) };
  });
  return { rows, duplicates };
}
