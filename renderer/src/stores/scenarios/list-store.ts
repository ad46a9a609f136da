/** The Scenarios view's list: the bundled templates (always there) and the saved scenarios, each with its newest version. */
import { create } from 'zustand';
import { getDb, type MaieuticDb } from '../../db/db';
import { errorMessage } from '../../db/errors';
import { getScenarioVersion, listSavedScenarios, type SavedScenarioSummary } from '../../db/repositories/scenario-versions';
import type { ScenarioVersionRow } from '../../../../shared/model/generation';

export interface ScenarioListState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  saved: SavedScenarioSummary[];
  load(): Promise<void>;
  version(id: string): Promise<ScenarioVersionRow | undefined>;
}

export function createScenarioListStore(database: () => MaieuticDb = getDb) {
  return create<ScenarioListState>()((set) => ({
    status: 'idle',
    error: null,
    saved: [],
    async load() {
      set({ status: 'loading', error: null });
      try {
        set({ saved: await listSavedScenarios(database()), status: 'ready' });
      } catch (error) {
        set({ status: 'error', error: errorMessage(error) });
      }
    },
    version: (id) => getScenarioVersion(database(), id),
  }));
}

export const useScenarioListStore = createScenarioListStore();
