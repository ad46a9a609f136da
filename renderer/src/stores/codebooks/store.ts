import { create } from 'zustand';
import { CodebookEditError, codebookVersionHash } from '../../../../shared/codebook';
import type { Codebook } from '../../../../shared/codebook/types';
import type { CodebookVersionRow } from '../../../../shared/model/codebook-version';
import { consistencyRulesFor, registerCodebookVersions, registeredCodebookVersions } from '../../codebook';
import { getDb, type MaieuticDb } from '../../db/db';
import { errorMessage } from '../../db/errors';
import {
  codebookVersionRow,
  ensureBundledCodebookVersion,
  listCodebookVersions,
  moveDatasetToCodebookVersion,
  saveEditedCodebookVersion,
  type CodebookMove,
} from '../../db/repositories/codebook-versions';
import { reportError } from '../notices/store';
import { useSettingsStore } from '../settings/store';

/** What a save or a move did: the move, or every problem in plain words (nothing was stored then). */
export type CodebookSaveResult = { ok: true; move: CodebookMove } | { ok: false; problems: string[] };

interface CodebooksState {
  loaded: boolean;
  versions: CodebookVersionRow[];
  /** stores the bundled version the first time, then registers every stored version for codebookForDataset */
  load: () => Promise<void>;
  /**
   * "Save as new version": the edited codebook becomes a version row and the data set uses it (one
   * transaction, audited); review and the panel show it at once. The reviewer is the settings' name.
   */
  saveEdited: (input: { datasetId: string; codebookHash?: string; base: Codebook; edited: Codebook; note: string }) => Promise<CodebookSaveResult>;
  /** "Use this version": the data set moves to another stored version of its codebook (audited) */
  moveToVersion: (input: { datasetId: string; versionId: string }) => Promise<CodebookSaveResult>;
}

export function createCodebooksStore(database: () => MaieuticDb = getDb, reviewer: () => string = () => useSettingsStore.getState().reviewerName) {
  return create<CodebooksState>((set) => {
    async function refresh(): Promise<void> {
      const versions = await listCodebookVersions(database());
      registerCodebookVersions(versions);
      set({ versions });
    }

    async function settle(run: () => Promise<CodebookMove>): Promise<CodebookSaveResult> {
      try {
        const move = await run();
        await refresh();
        return { ok: true, move };
      } catch (error) {
        return { ok: false, problems: error instanceof CodebookEditError ? error.problems : [errorMessage(error)] };
      }
    }

    return {
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
      saveEdited: ({ datasetId, codebookHash, base, edited, note }) =>
        settle(async () => {
          const ref = { codebookId: base.id, codebookHash };
          const fallbackRules = consistencyRulesFor(ref);
          const provisional = codebookVersionRow({ codebook: edited, rules: fallbackRules });
          // Review re-reads the data set as soon as the move commits and looks its new hash up at
          // once: the registry must know the version by then (same id, same content).
          if (!registeredCodebookVersions().some((row) => row.id === provisional.id)) registerCodebookVersions([provisional]);
          return saveEditedCodebookVersion(database(), { datasetId, baseHash: codebookHash ?? codebookVersionHash(base), codebook: edited, fallbackRules, reviewer: reviewer(), note });
        }),
      moveToVersion: ({ datasetId, versionId }) => settle(() => moveDatasetToCodebookVersion(database(), { datasetId, versionId, reviewer: reviewer() })),
    };
  });
}

export const useCodebooksStore = createCodebooksStore();
