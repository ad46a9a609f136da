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
import type { FieldValues } from '../../../../shared/model/dataset';
import { loadLayerValues, loadReviewLayers, type TurnInfo } from './load-layers';
import { availablePair, chosenLayerId, DEFAULT_RATER_PAIR, raterColumnKey, raterSource, type LayerOption, type RaterPair } from './rater-choice';
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
  /** the raters the user chose: A (matrix rows) and B (columns) */
  raters: RaterPair;
  /** the raters the shown report compares (lags `raters` while a new choice is computed) */
  reportRaters: RaterPair;
  /** the data set's attached annotation layers, oldest first */
  layers: readonly LayerOption[];
  load(datasetId: string): Promise<void>;
  /** compares another pair; a pair naming one source twice is ignored */
  setRaters(raters: RaterPair): Promise<void>;
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
    raters: DEFAULT_RATER_PAIR,
    reportRaters: DEFAULT_RATER_PAIR,
    layers: [],
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
        ...(switching
          ? { report: null, turnInfo: new Map(), group: ALL_GROUP, selectedKey: null, datasetName: '', raters: DEFAULT_RATER_PAIR, reportRaters: DEFAULT_RATER_PAIR, layers: [] }
          : {}),
      });
      try {
        const flush = await flushPendingWork();
        if (!flush.flushed) throw new Error(`Review work is not saved yet, so agreement would miss it. ${flush.error ?? ''}`.trim());
        const layers = await loadReviewLayers(database(), datasetId);
        if (sequence !== loadSequence) return;
        if (!layers) return set({ status: 'missing' });
        const raters = availablePair(get().raters, layers.layers);
        const valuesOf = new Map<string, Record<string, FieldValues>>();
        for (const layerId of raters.map(chosenLayerId)) {
          if (layerId !== null) valuesOf.set(layerId, await loadLayerValues(database(), layerId));
        }
        if (sequence !== loadSequence) return;
        const { codebook } = codebookForDataset(layers.codebookId);
        const input = {
          codebook,
          turns: layers.turns,
          fieldReviews: layers.fieldReviews,
          perGroup: true,
          raters: [raterSource(raters[0], valuesOf), raterSource(raters[1], valuesOf)] as const,
        };
        const report = await client.compute(input, (progress) => {
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
          layers: layers.layers,
          raters,
          reportRaters: raters,
          group: groups.includes(group) ? group : ALL_GROUP,
          selectedKey: selectedKey ?? firstWithMatrix?.key ?? null,
        });
      } catch (error) {
        if (sequence !== loadSequence) return;
        set({ status: 'error', error: errorMessage(error) });
        reportError(error, 'notice.context.agreement');
      }
    },
    async setRaters(raters) {
      const { datasetId } = get();
      if (raters[0] === raters[1]) return;
      set({ raters });
      if (datasetId !== null) await get().load(datasetId);
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
      const { report, datasetName, reportRaters, layers } = get();
      if (!report) return;
      set({ save: { kind, status: 'working', path: null } });
      try {
        const content = kind === 'csv' ? agreementCsv(report, [raterColumnKey(reportRaters[0], layers), raterColumnKey(reportRaters[1], layers)]) : agreementMarkdown(report, words);
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
