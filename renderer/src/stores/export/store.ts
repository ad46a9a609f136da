import { create } from 'zustand';
import { toLongCsv, toSidJsonl } from '../../../../shared/export';
import { invoke } from '../../api/client';
import { codebookForDataset } from '../../codebook';
import { getDb, type MaieuticDb } from '../../db/db';
import { errorMessage } from '../../db/errors';
import { getDataset } from '../../db/repositories/datasets';
import type { DialogueRow } from '../../db/repositories/dialogues';
import { countExportable, loadExportItems, type ExportCounts, type ExportScope } from '../../db/repositories/export';
import { saveTable } from './save-table';
import { rowsToCsv } from './table-csv';
import { reportError } from '../notices/store';
import { flushAll, type FlushOutcome } from '../review/flush-all';
import { fileNameStem, todayStamp } from './file-names';

export type ExportFormat = 'sid-jsonl' | 'long-csv';

export interface SavedFile {
  path: string;
  bytes: number;
  dialogues: number;
  turns: number;
}

type SaveStatus = 'idle' | 'working' | 'saved' | 'canceled' | 'error';

export interface ExportState {
  scope: ExportScope;
  format: ExportFormat;
  counts: ExportCounts | null;
  countsDatasetId: string | null;
  status: SaveStatus;
  saved: SavedFile | null;
  error: string | null;
  tableCsvStatus: SaveStatus;
  tableCsvPath: string | null;
  setScope(scope: ExportScope): void;
  setFormat(format: ExportFormat): void;
  loadCounts(datasetId: string): Promise<void>;
  exportDataset(datasetId: string): Promise<void>;
  saveTableCsv(rows: readonly DialogueRow[], datasetName: string): Promise<void>;
}

/**
 * `flushPendingWork` runs before every read of the expert layer: an export started right after
 * an edit (from the menu, while the last write is still queued) must contain that edit.
 */
export function createExportStore(database: () => MaieuticDb = getDb, flushPendingWork: () => Promise<FlushOutcome> = flushAll) {
  return create<ExportState>()((set, get) => ({
    scope: 'all',
    format: 'sid-jsonl',
    counts: null,
    countsDatasetId: null,
    status: 'idle',
    saved: null,
    error: null,
    tableCsvStatus: 'idle',
    tableCsvPath: null,
    setScope(scope) {
      set({ scope, status: 'idle', saved: null, error: null });
    },
    setFormat(format) {
      set({ format, status: 'idle', saved: null, error: null });
    },
    async loadCounts(datasetId) {
      if (get().countsDatasetId !== datasetId) set({ counts: null, countsDatasetId: datasetId, status: 'idle', saved: null, error: null });
      try {
        await flushPendingWork();
        const counts = await countExportable(database(), datasetId);
        if (get().countsDatasetId === datasetId) set({ counts });
      } catch (error) {
        reportError(error, 'notice.context.export');
      }
    },
    async exportDataset(datasetId) {
      const { scope, format } = get();
      set({ status: 'working', saved: null, error: null });
      try {
        const flush = await flushPendingWork();
        if (!flush.flushed) throw new Error(`The export would miss review work that is not saved. ${flush.error ?? ''}`.trim());
        const db = database();
        const dataset = await getDataset(db, datasetId);
        if (!dataset) throw new Error('The data set no longer exists.');
        const items = await loadExportItems(db, { datasetId, scope });
        const { codebook } = codebookForDataset(dataset.codebookId);
        // Nothing above or below awaits inside a Dexie transaction: the read finished before the IPC call.
        const content = format === 'sid-jsonl' ? toSidJsonl(items, codebook, {}) : toLongCsv(items, codebook);
        const extension = format === 'sid-jsonl' ? 'jsonl' : 'csv';
        const suffix = `${scope === 'verified' ? 'verified' : 'all'}${format === 'long-csv' ? '-long' : ''}`;
        const result = await invoke('files.saveExport', {
          defaultName: `${fileNameStem(dataset.name)}-${suffix}-${todayStamp()}.${extension}`,
          content,
          kind: extension,
        });
        if (result.canceled || result.path === null) return set({ status: 'canceled' });
        set({
          status: 'saved',
          saved: {
            path: result.path,
            bytes: result.bytes,
            dialogues: items.length,
            turns: items.reduce((sum, item) => sum + item.turns.length, 0),
          },
        });
      } catch (error) {
        set({ status: 'error', error: errorMessage(error) });
        reportError(error, 'notice.context.export');
      }
    },
    async saveTableCsv(rows, datasetName) {
      await saveTable(
        'csv',
        { defaultName: `${fileNameStem(datasetName)}-table-${todayStamp()}.csv`, fileKind: 'csv', content: () => rowsToCsv(rows) },
        (save) => set({ tableCsvStatus: save.status, tableCsvPath: save.path }),
      );
    },
  }));
}

export const useExportStore = createExportStore();
