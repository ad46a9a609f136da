import { create } from 'zustand';
import { ALL_GROUP, type LayerAgreementReport } from '../../../../shared/agreement/review-layers';
import { invoke } from '../../api/client';
import { codebookForDataset } from '../../codebook';
import { getDb, type MaieuticDb } from '../../db/db';
import { errorMessage } from '../../db/errors';
import { fileNameStem, todayStamp } from '../export/file-names';
import { reportError } from '../notices/store';
import { flushAll, type FlushOutcome } from '../review/flush-all';
import { agreementClient, type AgreementClient, type AgreementProgress } from './agreement-client';
import { loadReviewLayers, type TurnInfo } from './load-layers';
import { agreementCsv, agreementMarkdown, type TableWords } from './table-export';

export type TableFileKind = 'csv' | 'md';

type LoadStatus = 'idle' | 'loading' | 'ready' | 'missing' | 'error';
type SaveStatus = 'idle' | 'working' | 'saved' | 'canceled' | 'error';

export interface ConfusionCell {
  row: number;
  column: number;
}

export interface AgreementState {
  datasetId: string | null;
  datasetName: string;
  codebookId: string | null;
  status: LoadStatus;
  progress: AgreementProgress | null;
  /** false when the report was computed on the main thread */
  usedWorker: boolean;
  report: LayerAgreementReport | null;
  turnInfo: ReadonlyMap<string, TurnInfo>;
  error: string | null;
  /** ALL_GROUP or a teacher model */
  group: string;
  /** the row whose confusion matrix is shown */
  selectedKey: string | null;
  selectedCell: ConfusionCell | null;
  save: { kind: TableFileKind; status: SaveStatus; path: string | null } | null;
  load(datasetId: string): Promise<void>;
  setGroup(group: string): void;
  selectRow(key: string): void;
  selectCell(cell: ConfusionCell | null): void;
  saveTable(kind: TableFileKind, words: TableWords): Promise<void>;
}

/**
 * The agreement view's state. `flushPendingWork` runs before the layers are read, so a value
 * corrected a moment ago in review is part of the numbers.
 */
export function createAgreementStore(
  database: () => MaieuticDb = getDb,
  client: Pick<AgreementClient, 'compute' | 'usesWorker'> = agreementClient,
  flushPendingWork: () => Promise<FlushOutcome> = flushAll,
) {
  let loadSequence = 0;
  return create<AgreementState>()((set, get) => ({
    datasetId: null,
    datasetName: '',
    codebookId: null,
    status: 'idle',
    progress: null,
    usedWorker: true,
    report: null,
    turnInfo: new Map(),
    error: null,
    group: ALL_GROUP,
    selectedKey: null,
    selectedCell: null,
    save: null,
    async load(datasetId) {
      const sequence = ++loadSequence;
      const switching = get().datasetId !== datasetId;
      set({
        datasetId,
        status: 'loading',
        progress: null,
        error: null,
        save: null,
        selectedCell: null,
        ...(switching ? { report: null, turnInfo: new Map(), group: ALL_GROUP, selectedKey: null, datasetName: '' } : {}),
      });
      try {
        const flush = await flushPendingWork();
        if (!flush.flushed) throw new Error(`Review work is not saved yet, so agreement would miss it. ${flush.error ?? ''}`.trim());
        const layers = await loadReviewLayers(database(), datasetId);
        if (sequence !== loadSequence) return;
        if (!layers) return set({ status: 'missing' });
        const { codebook } = codebookForDataset(layers.codebookId);
        const report = await client.compute({ codebook, turns: layers.turns, fieldReviews: layers.fieldReviews, perGroup: true }, (progress) => {
          if (sequence === loadSequence) set({ progress });
        });
        if (sequence !== loadSequence) return;
        const groups = report.groups.map((group) => group.group);
        const firstWithMatrix = report.groups[0]?.rows.find((row) => row.confusion !== null && row.items > 0) ?? report.groups[0]?.rows.find((row) => row.confusion !== null);
        const { selectedKey, group } = get();
        set({
          status: 'ready',
          report,
          usedWorker: client.usesWorker,
          turnInfo: layers.turnInfo,
          datasetName: layers.datasetName,
          codebookId: layers.codebookId,
          group: groups.includes(group) ? group : ALL_GROUP,
          selectedKey: selectedKey ?? firstWithMatrix?.key ?? null,
        });
      } catch (error) {
        if (sequence !== loadSequence) return;
        set({ status: 'error', error: errorMessage(error) });
        reportError(error, 'notice.context.agreement');
      }
    },
    setGroup(group) {
      set({ group, selectedCell: null });
    },
    selectRow(key) {
      if (get().selectedKey !== key) set({ selectedKey: key, selectedCell: null });
    },
    selectCell(cell) {
      set({ selectedCell: cell });
    },
    async saveTable(kind, words) {
      const { report, datasetName } = get();
      if (!report) return;
      set({ save: { kind, status: 'working', path: null } });
      try {
        const content = kind === 'csv' ? agreementCsv(report) : agreementMarkdown(report, words);
        const result = await invoke('files.saveExport', { defaultName: `${fileNameStem(datasetName)}-agreement-${todayStamp()}.${kind}`, content, kind });
        if (result.canceled || result.path === null) return set({ save: { kind, status: 'canceled', path: null } });
        set({ save: { kind, status: 'saved', path: result.path } });
      } catch (error) {
        set({ save: { kind, status: 'error', path: null } });
        reportError(error, 'notice.context.export');
      }
    },
  }));
}

export const useAgreementStore = createAgreementStore();
