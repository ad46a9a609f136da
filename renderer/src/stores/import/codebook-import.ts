/**
 * "Import codebook…" in the import wizard (issue 12): a custom codebook JSON file the user picks
 * (through main's dialog, `files.openCodebook`) with the `<name>.rules.json` beside it when there
 * is one. Both are parsed, the rules against that codebook; only when both are valid is a version
 * row stored (no basedOn: it was not edited from another) and the registry loaded again.
 */
import { create } from 'zustand';
import { CodebookImportError, readCodebookFiles } from '../../../../shared/codebook/read-codebook-files';
import type { BilingualText } from '../../../../shared/codebook/types';
import type { CodebookVersionRow } from '../../../../shared/model/codebook-version';
import { invoke } from '../../api/client';
import { getDb, type MaieuticDb } from '../../db/db';
import { errorMessage } from '../../db/errors';
import { addCodebookVersion } from '../../db/repositories/codebook-versions';
import { useCodebooksStore } from '../codebooks/store';
import { reportError } from '../notices/store';

export type CodebookImportOutcome =
  | { kind: 'none' }
  | { kind: 'working' }
  | {
      kind: 'imported';
      versionId: string;
      name: BilingualText;
      version: string;
      hash: string;
      codebookFile: string;
      /** the rules file read with it; null: none sat beside it, so the codebook has no rules */
      rulesFile: string | null;
      ruleCount: number;
      /** this very version was stored before (same hash): the stored row, and its rules, are kept */
      alreadyStored: boolean;
      /** stored before with other rules than the file beside it now has: those are kept, not these */
      rulesDiffer: boolean;
    }
  /** nothing was stored: `file` is the file at fault, each problem with its JSON path (or the reason it could not be read) */
  | { kind: 'refused'; file: string; problems: string[] };

interface CodebookImportState {
  outcome: CodebookImportOutcome;
  /** the stored version on success (also when it was stored before), null when cancelled or refused */
  importCodebook(): Promise<CodebookVersionRow | null>;
  reset(): void;
}

export function createCodebookImportStore(database: () => MaieuticDb = getDb, reloadRegistry: () => Promise<void> = () => useCodebooksStore.getState().load()) {
  return create<CodebookImportState>((set, get) => ({
    outcome: { kind: 'none' },
    reset: () => set({ outcome: { kind: 'none' } }),
    async importCodebook() {
      if (get().outcome.kind === 'working') return null;
      set({ outcome: { kind: 'working' } });
      let picked;
      try {
        picked = await invoke('files.openCodebook', {});
      } catch (error) {
        reportError(error, 'notice.context.openFiles');
        set({ outcome: { kind: 'none' } });
        return null;
      }
      if (picked.status === 'canceled') {
        set({ outcome: { kind: 'none' } });
        return null;
      }
      if (picked.status === 'refused') {
        set({ outcome: { kind: 'refused', file: picked.file, problems: [picked.reason] } });
        return null;
      }
      let read;
      try {
        read = readCodebookFiles(picked.codebook, picked.rules);
      } catch (error) {
        if (error instanceof CodebookImportError) set({ outcome: { kind: 'refused', file: error.file, problems: error.problems } });
        else set({ outcome: { kind: 'refused', file: picked.codebook.name, problems: [errorMessage(error)] } });
        return null;
      }
      try {
        const createdAt = new Date().toISOString();
        const row = await addCodebookVersion(database(), { codebook: read.codebook, rules: read.rules, createdAt });
        await reloadRegistry();
        const alreadyStored = row.createdAt !== createdAt;
        set({
          outcome: {
            kind: 'imported',
            versionId: row.id,
            name: row.codebook.name,
            version: row.codebook.version,
            hash: row.hash,
            codebookFile: picked.codebook.name,
            rulesFile: read.rulesFile,
            ruleCount: row.rules.rules.length,
            alreadyStored,
            rulesDiffer: alreadyStored && JSON.stringify(row.rules) !== JSON.stringify(read.rules),
          },
        });
        return row;
      } catch (error) {
        reportError(error, 'notice.context.import');
        set({ outcome: { kind: 'refused', file: picked.codebook.name, problems: [errorMessage(error)] } });
        return null;
      }
    },
  }));
}

export const useCodebookImportStore = createCodebookImportStore();
