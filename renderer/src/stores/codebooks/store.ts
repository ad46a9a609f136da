import { create } from 'zustand';
import type { CodebookVersionRow } from '../../../../shared/model/codebook-version';
import { registerCodebookVersions } from '../../codebook';
import { getDb, type MaieuticDb } from '../../db/db';
import { ensureBundledCodebookVersion, listCodebookVersions } from '../../db/repositories/codebook-versions';
import { reportError } from '../notices/store';

interface CodebooksState {
  loaded: boolean;
  versions: CodebookVersionRow[];
  /** stores the bundled version the first time, then registers every stored version for codebookForDataset */
  load: () => Promise<void>;
}

export function createCodebooksStore(database: () => MaieuticDb = getDb) {
  return create<CodebooksState>((set) => ({
    loaded: false,
    versions: [],
    load: async () => {
      try {
        const db = database();
        await ensureBundledCodebookVersion(db);
        const versions = await listCodebookVersions(db);
        registerCodebookVersions(versions);
        set({ loaded: true, versions });
      } catch (error) {
        reportError(error, 'notice.context.openDatabase');
        set({ loaded: true });
      }
    },
  }));
}

export const useCodebooksStore = createCodebooksStore();
