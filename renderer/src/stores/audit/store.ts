/** The audit view: a data set's edit log as rows, the filters, and "Export CSV" of the rows shown. */
import { create } from 'zustand';
import { auditCsv, auditRow, filterAuditRows, type AuditFilter, type AuditRow } from '../../../../shared/audit/rows';
import type { Codebook, LabelLanguage } from '../../../../shared/codebook/types';
import { codebookForDataset } from '../../codebook';
import { getDb, type MaieuticDb } from '../../db/db';
import { loadAuditData } from '../../db/repositories/audit';
import { errorMessage } from '../../db/errors';
import { fileNameStem, todayStamp } from '../export/file-names';
import { saveTable, type TableSave } from '../export/save-table';

export interface AuditState {
  datasetId: string | null;
  status: 'idle' | 'loading' | 'ready' | 'missing' | 'error';
  error: string | null;
  datasetName: string;
  codebook: Codebook | null;
  lang: LabelLanguage;
  /** every entry of the data set as a row, newest first */
  rows: AuditRow[];
  filter: AuditFilter;
  save: TableSave<'csv'> | null;
  load(datasetId: string, lang: LabelLanguage): Promise<void>;
  setFilter(filter: AuditFilter): void;
  exportCsv(): Promise<void>;
}

export function createAuditStore(database: () => MaieuticDb = getDb) {
  return create<AuditState>()((set, get) => ({
    datasetId: null,
    status: 'idle',
    error: null,
    datasetName: '',
    codebook: null,
    lang: 'en',
    rows: [],
    filter: {},
    save: null,
    async load(datasetId, lang) {
      const same = get().datasetId === datasetId;
      set({ datasetId, lang, status: 'loading', error: null, ...(same ? {} : { filter: {}, save: null }) });
      try {
        const data = await loadAuditData(database(), datasetId);
        if (get().datasetId !== datasetId) return;
        if (!data) return set({ status: 'missing', rows: [] });
        const codebook = codebookForDataset({ codebookId: data.codebookId, codebookHash: data.codebookHash }).codebook;
        const context = { codebook, lang, dialogueNameOf: (id: string) => data.dialogueNames[id], layerNameOf: (id: string) => data.layerNames[id] };
        set({ status: 'ready', datasetName: data.datasetName, codebook, rows: data.entries.map((entry) => auditRow(entry, context)) });
      } catch (error) {
        if (get().datasetId === datasetId) set({ status: 'error', error: errorMessage(error) });
      }
    },
    setFilter(filter) {
      set({ filter });
    },
    async exportCsv() {
      const { rows, filter, datasetName, codebook, lang } = get();
      const shown = filterAuditRows(rows, filter);
      await saveTable('csv', { defaultName: `${fileNameStem(datasetName)}-audit-${todayStamp()}.csv`, fileKind: 'csv', content: () => auditCsv(shown, datasetName, { codebook, lang }) }, (save) => set({ save }));
    },
  }));
}

export const useAuditStore = createAuditStore();
