/**
 * The Rubric sets view (issue 13): every stored version, the one the open data set uses, a file
 * imported (checked whole first: a bad file stores nothing and names file, line and JSON path),
 * and a version exported as JSON that reads back to the same hash.
 */
import { create } from 'zustand';
import type { SourceFile } from '../../../../shared/model/dataset';
import type { RubricSetRow } from '../../../../shared/model/judge';
import { invoke } from '../../api/client';
import { getDb, type MaieuticDb } from '../../db/db';
import { errorMessage } from '../../db/errors';
import { addRubricSetVersion } from '../../db/repositories/judge';
import { chooseRubricSetForDataset, listRubricSetVersions, readRubricSetFile, RubricSetFileError, rubricSetFileText, rubricSetOfDataset } from '../../db/repositories/rubric-sets';
import { saveTable, type TableSave } from '../export/save-table';
import { useExpertScoresStore } from '../judge/expert-store';
import { jsonPathLines, lineOfPath } from './json-path-lines';
import { problemOf } from './editor-model';

/** One problem of a refused file: where it is (line when known, JSON path when the parser named one) and what. */
export interface FileProblem {
  line: number | null;
  path: string | null;
  message: string;
}

export type RubricImportOutcome =
  | { kind: 'none' }
  | { kind: 'working' }
  | { kind: 'refused'; file: string; problems: FileProblem[] }
  | { kind: 'imported'; file: string; row: RubricSetRow; alreadyStored: boolean };

export interface RubricSetsState {
  datasetId: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  versions: RubricSetRow[];
  /** the row id (`set@hash`) the data set uses */
  chosenRowId: string | null;
  importOutcome: RubricImportOutcome;
  /** the last export, with the row it was of */
  save: (TableSave<'json'> & { rowId: string }) | null;
  load(datasetId: string): Promise<void>;
  choose(row: RubricSetRow): Promise<void>;
  pickImport(): Promise<void>;
  importFile(file: Pick<SourceFile, 'name' | 'text'>): Promise<void>;
  exportVersion(row: RubricSetRow): Promise<void>;
}

/** A refused file's problems, each with its line: JSON's own error has one, a parser problem its path's. */
export function fileProblems(file: string, text: string, error: unknown): FileProblem[] {
  if (error instanceof RubricSetFileError && error.problems.length > 0) {
    const lines = jsonPathLines(text.replace(/^\uFEFF/, ''));
    return error.problems.map((message) => {
      const { path } = problemOf(message);
      return { line: lineOfPath(lines, path), path, message };
    });
  }
  const message = errorMessage(error);
  const line = new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+):`).exec(message);
  return [{ line: line ? Number(line[1]) : null, path: null, message: line ? message.slice(line[0].length).trim() : message }];
}

export function exportFileName(row: RubricSetRow): string {
  return `${row.setId}-${row.version}.json`.replace(/[^\p{L}\p{N}._-]+/gu, '-');
}

export function createRubricSetsStore(database: () => MaieuticDb = getDb) {
  return create<RubricSetsState>()((set, get) => ({
    datasetId: null,
    status: 'idle',
    error: null,
    versions: [],
    chosenRowId: null,
    importOutcome: { kind: 'none' },
    save: null,

    async load(datasetId) {
      const switching = get().datasetId !== datasetId;
      set({ datasetId, status: 'loading', error: null, ...(switching ? { importOutcome: { kind: 'none' }, save: null } : {}) });
      try {
        const [versions, chosen] = await Promise.all([listRubricSetVersions(database()), rubricSetOfDataset(database(), datasetId)]);
        if (get().datasetId !== datasetId) return;
        set({ versions, chosenRowId: chosen.id, status: 'ready' });
      } catch (error) {
        set({ status: 'error', error: errorMessage(error) });
      }
    },

    async choose(row) {
      const { datasetId } = get();
      if (!datasetId) return;
      try {
        await chooseRubricSetForDataset(database(), datasetId, { id: row.setId, hash: row.hash });
        set({ chosenRowId: row.id });
        // review's panel scores on the data set's set: it reads the new choice at once
        if (useExpertScoresStore.getState().datasetId === datasetId) await useExpertScoresStore.getState().reload();
      } catch (error) {
        set({ status: 'error', error: errorMessage(error) });
      }
    },

    async pickImport() {
      try {
        const result = await invoke('files.openImport', { mode: 'files' });
        if (result.canceled) return;
        if (result.files.length !== 1) {
          const skipped = result.skipped.map((file) => ({ line: null, path: null, message: `${file.name}: ${file.reason}` }));
          set({ importOutcome: { kind: 'refused', file: '', problems: skipped.length > 0 && result.files.length === 0 ? skipped : [{ line: null, path: null, message: 'Choose one rubric-set file (.json). / 请选择一个量表文件（.json）。' }] } });
          return;
        }
        await get().importFile(result.files[0]);
      } catch (error) {
        set({ importOutcome: { kind: 'refused', file: '', problems: [{ line: null, path: null, message: errorMessage(error) }] } });
      }
    },

    async importFile(file) {
      set({ importOutcome: { kind: 'working' } });
      let parsed;
      try {
        parsed = readRubricSetFile(file.name, file.text);
      } catch (error) {
        set({ importOutcome: { kind: 'refused', file: file.name, problems: fileProblems(file.name, file.text, error) } });
        return;
      }
      try {
        const before = new Set(get().versions.map((row) => row.id));
        const row = await addRubricSetVersion(database(), parsed);
        set({ importOutcome: { kind: 'imported', file: file.name, row, alreadyStored: before.has(row.id) } });
        const { datasetId } = get();
        if (datasetId) await get().load(datasetId);
      } catch (error) {
        set({ importOutcome: { kind: 'refused', file: file.name, problems: [{ line: null, path: null, message: errorMessage(error) }] } });
      }
    },

    async exportVersion(row) {
      await saveTable('json' as const, { defaultName: exportFileName(row), fileKind: 'json', content: () => rubricSetFileText(row.set) }, (save) => set({ save: { ...save, rowId: row.id } }));
    },
  }));
}

export const useRubricSetsStore = createRubricSetsStore();
