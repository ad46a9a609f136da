/**
 * The Generation runs view's state: every run with its counts, the saved scenario versions a new
 * run can start from, and the open run's conversations (what the learning curves, the preference
 * pairs and the dropped list are drawn from). Reread when a run's job reports more items.
 */
import { create } from 'zustand';
import type { GenerationRunRow, ScenarioVersionRow } from '../../../../shared/model/generation';
import type { GenerationJobPayload } from '../../../../shared/scenario/generation-job';
import { getDb, type MaieuticDb } from '../../db/db';
import { errorMessage } from '../../db/errors';
import { conversationsOfRun, countsOfRuns, listGenerationRuns, listScenarioVersionRows, type RunCounts } from '../../db/repositories/generation-runs';
import type { ImportResult } from '../../db/repositories/import';
import { useDatasetsStore } from '../datasets/store';
import { createDatasetFromRun } from './create-dataset';

export interface RunEntry {
  run: GenerationRunRow;
  counts: RunCounts;
}

export interface GenerationRunsState {
  runs: RunEntry[] | null;
  versions: ScenarioVersionRow[];
  error: string | null;
  openRunId: string | null;
  /** the open run's conversations, in item order */
  payloads: GenerationJobPayload[];
  /** other runs whose learning curves are drawn beside the open run's (another student model, another strategy) */
  comparedRunIds: string[];
  comparedPayloads: GenerationJobPayload[];
  load(): Promise<void>;
  openRun(runId: string | null): Promise<void>;
  /** draws these runs' curves beside the open run's (the open run itself is left out) */
  compareWith(runIds: readonly string[]): Promise<void>;
  /** imports the open run's kept dialogues as one new data set; throws (nothing stored) when it cannot */
  createDataset(runId: string, name: string): Promise<ImportResult>;
}

export function createGenerationRunsStore(database: () => MaieuticDb = getDb) {
  return create<GenerationRunsState>()((set, get) => {
    async function readOpen(runId: string | null): Promise<GenerationJobPayload[]> {
      return runId ? (await conversationsOfRun(database(), runId)).map((row) => row.payload) : [];
    }
    return {
      runs: null,
      versions: [],
      error: null,
      openRunId: null,
      payloads: [],
      comparedRunIds: [],
      comparedPayloads: [],
      async load() {
        try {
          const db = database();
          const [runs, versions] = await Promise.all([listGenerationRuns(db), listScenarioVersionRows(db)]);
          const counts = await countsOfRuns(db, runs);
          const payloads = await readOpen(get().openRunId);
          set({ runs: runs.map((run) => ({ run, counts: counts.get(run.id)! })), versions, payloads, error: null });
        } catch (error) {
          set({ error: errorMessage(error), runs: get().runs ?? [] });
        }
      },
      async openRun(runId) {
        set({ openRunId: runId, payloads: [], comparedRunIds: [], comparedPayloads: [] });
        try {
          const payloads = await readOpen(runId);
          if (get().openRunId === runId) set({ payloads });
        } catch (error) {
          set({ error: errorMessage(error) });
        }
      },
      async compareWith(runIds) {
        const ids = runIds.filter((id) => id !== get().openRunId);
        set({ comparedRunIds: ids });
        try {
          const payloads = (await Promise.all(ids.map((id) => readOpen(id)))).flat();
          // a later choice wins: only the reads for the ids still chosen are kept
          if (JSON.stringify(get().comparedRunIds) === JSON.stringify(ids)) set({ comparedPayloads: payloads });
        } catch (error) {
          set({ error: errorMessage(error) });
        }
      },
      async createDataset(runId, name) {
        const result = await createDatasetFromRun(database(), runId, name);
        await Promise.all([get().load(), useDatasetsStore.getState().loadList()]);
        return result;
      },
    };
  });
}

export const useGenerationRunsStore = createGenerationRunsStore();
