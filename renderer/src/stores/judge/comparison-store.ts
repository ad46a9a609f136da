/**
 * The Judge view's run comparison: which runs are chosen, their comparison (computed in the judge
 * worker), and its CSV / Markdown export.
 */
import { create } from 'zustand';
import { comparisonProblem } from '../../../../shared/judge/run-comparison';
import type { JudgeRunRow } from '../../../../shared/model/judge';
import { errorMessage } from '../../db/errors';
import { saveTable, type TableSave } from '../export/save-table';
import { todayStamp } from '../export/file-names';
import { comparisonCsv, comparisonMarkdown } from './comparison-export';
import { judgeClient, type JudgeClient } from './judge-client';
import type { JudgeComparisonOutcome } from './run-comparison';

export interface ComparisonState {
  runIds: string[];
  status: 'idle' | 'computing' | 'ready' | 'refused' | 'error';
  outcome: JudgeComparisonOutcome | null;
  message: string | null;
  save: TableSave<'csv' | 'md'> | null;
  /** a run chosen or dropped; the comparison is computed again when two or more are chosen and comparable */
  toggle(run: JudgeRunRow, runs: readonly JudgeRunRow[]): Promise<void>;
  reset(): void;
  exportComparison(kind: 'csv' | 'md', words: { overall: string }): Promise<void>;
}

export function createComparisonStore(client: Pick<JudgeClient, 'compare'> = judgeClient) {
  return create<ComparisonState>()((set, get) => ({
    runIds: [],
    status: 'idle',
    outcome: null,
    message: null,
    save: null,

    async toggle(run, runs) {
      const runIds = get().runIds.includes(run.id) ? get().runIds.filter((id) => id !== run.id) : [...get().runIds, run.id];
      const chosen = runIds.map((id) => runs.find((candidate) => candidate.id === id)).filter((candidate): candidate is JudgeRunRow => candidate !== undefined);
      set({ runIds, save: null });
      if (chosen.length < 2) return set({ status: 'idle', outcome: null, message: null });
      const problem = comparisonProblem(chosen);
      if (problem) return set({ status: 'refused', outcome: null, message: problem });
      set({ status: 'computing', message: null });
      try {
        const outcome = await client.compare({ runIds });
        if (get().runIds.join() !== runIds.join()) return;
        set(outcome.kind === 'done' ? { status: 'ready', outcome } : { status: 'refused', outcome: null, message: outcome.message });
      } catch (error) {
        if (get().runIds.join() === runIds.join()) set({ status: 'error', outcome: null, message: errorMessage(error) });
      }
    },

    reset() {
      set({ runIds: [], status: 'idle', outcome: null, message: null, save: null });
    },

    async exportComparison(kind, words) {
      const { outcome } = get();
      if (outcome?.kind !== 'done') return;
      const stem = `run-comparison-${todayStamp()}`;
      await saveTable(
        kind,
        { defaultName: `${stem}.${kind}`, fileKind: kind, content: () => (kind === 'csv' ? comparisonCsv(outcome.comparison) : comparisonMarkdown(outcome.comparison, words.overall)) },
        (save) => set({ save }),
      );
    },
  }));
}

export const useComparisonStore = createComparisonStore();
