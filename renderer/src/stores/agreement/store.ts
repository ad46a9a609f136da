import { create } from 'zustand';
import type { LayerPanelReport } from '../../../../shared/agreement/layer-panel';
import { ALL_GROUP, cellTurnIds, type LayerAgreementReport } from '../../../../shared/agreement/review-layers';
import type { Codebook } from '../../../../shared/codebook/types';
import { codebookForDataset } from '../../codebook';
import { getDb, type MaieuticDb } from '../../db/db';
import { getDataset } from '../../db/repositories/datasets';
import { errorMessage } from '../../db/errors';
import { fileNameStem, todayStamp } from '../export/file-names';
import { saveTable, type TableSave } from '../export/save-table';
import { reportError } from '../notices/store';
import { flushAll, type FlushOutcome } from '../review/flush-all';
import { agreementClient, type AgreementClient, type AgreementProgress } from './agreement-client';
import { loadTurnInfo, type TurnInfo } from './load-layers';
import { DEFAULT_RATER_PAIR, raterColumnKey, type LayerOption, type RaterChoice, type RaterPair } from './rater-choice';
import { panelCsv, panelMarkdown, type PanelWords } from './panel-export';
import { agreementCsv, agreementMarkdown, type TableWords } from './table-export';

export type TableFileKind = 'csv' | 'md';
/** How many of a cell's turns the list shows (and reads); the rest are counted. */
export const CELL_TURNS_SHOWN = 200;
export type OrdinalWeights = 'linear' | 'quadratic';

type LoadStatus = 'idle' | 'loading' | 'ready' | 'missing' | 'error';

export interface ConfusionCell {
  row: number;
  column: number;
}

export interface AgreementState {
  datasetId: string | null;
  datasetName: string;
  codebookId: string | null;
  /** the codebook version the report was computed with (the data set's recorded version); null before one */
  codebook: Codebook | null;
  status: LoadStatus;
  progress: AgreementProgress | null;
  /** false when the report was computed on the main thread */
  usedWorker: boolean;
  report: LayerAgreementReport | null;
  /** what the cell list shows of the turns behind the selected confusion cell (read when a cell is chosen) */
  cellTurnInfo: ReadonlyMap<string, TurnInfo>;
  error: string | null;
  /** ALL_GROUP or a teacher model */
  group: string;
  /** the row whose confusion matrix is shown */
  selectedKey: string | null;
  selectedCell: ConfusionCell | null;
  save: TableSave<TableFileKind> | null;
  /** the raters the user chose: A (matrix rows) and B (columns) */
  raters: RaterPair;
  /** the raters the shown report compares (lags `raters` while a new choice is computed) */
  reportRaters: RaterPair;
  /** the data set's attached annotation layers, oldest first */
  layers: readonly LayerOption[];
  /** every source at once (pairwise kappa, Fleiss and alpha across the panel); null without attached layers */
  panel: LayerPanelReport | null;
  /** the sources the user pooled for Fleiss and alpha; null: the default (the expert and the human layers) */
  panelChoice: readonly RaterChoice[] | null;
  /** the weights of kappa on ordinal fields */
  ordinalWeights: OrdinalWeights;
  /** fields the user chose not to see (tables and exports); every field is computed */
  hiddenFields: readonly string[];
  setFieldShown(fieldId: string, shown: boolean): void;
  /** label-set fields whose per-code rows are shown (collapsed by default: a dozen codes would bury the other fields) */
  expandedFields: readonly string[];
  setFieldExpanded(fieldId: string, expanded: boolean): void;
  load(datasetId: string): Promise<void>;
  /** compares another pair; a pair naming one source twice is ignored */
  setRaters(raters: RaterPair): Promise<void>;
  setGroup(group: string): void;
  /** pools these sources for Fleiss' kappa and alpha and recomputes */
  setPanel(members: readonly RaterChoice[]): Promise<void>;
  setOrdinalWeights(weights: OrdinalWeights): Promise<void>;
  savePanelTable(kind: TableFileKind, words: PanelWords): Promise<void>;
  selectRow(key: string): void;
  /** shows the turns behind a confusion cell (their text is read then) */
  selectCell(cell: ConfusionCell | null): Promise<void>;
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
  return create<AgreementState>()((set, get) => {
  const saveFile = (kind: TableFileKind, defaultName: string, content: () => string) => saveTable(kind, { defaultName, fileKind: kind, content }, (save) => set({ save }));
  return {
    datasetId: null,
    datasetName: '',
    codebookId: null,
    codebook: null,
    status: 'idle',
    progress: null,
    usedWorker: true,
    report: null,
    cellTurnInfo: new Map(),
    error: null,
    group: ALL_GROUP,
    selectedKey: null,
    selectedCell: null,
    save: null,
    raters: DEFAULT_RATER_PAIR,
    reportRaters: DEFAULT_RATER_PAIR,
    layers: [],
    panel: null,
    panelChoice: null,
    ordinalWeights: 'linear',
    hiddenFields: [],
    setFieldShown(fieldId, shown) {
      const hidden = get().hiddenFields.filter((id) => id !== fieldId);
      set({ hiddenFields: shown ? hidden : [...hidden, fieldId] });
    },
    expandedFields: [],
    setFieldExpanded(fieldId, expanded) {
      const others = get().expandedFields.filter((id) => id !== fieldId);
      set({ expandedFields: expanded ? [...others, fieldId] : others });
    },
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
          ? { report: null, codebook: null, cellTurnInfo: new Map(), group: ALL_GROUP, selectedKey: null, datasetName: '', raters: DEFAULT_RATER_PAIR, reportRaters: DEFAULT_RATER_PAIR, layers: [], panel: null, panelChoice: null }
          : {}),
      });
      try {
        const flush = await flushPendingWork();
        if (!flush.flushed) throw new Error(`Review work is not saved yet, so agreement would miss it. ${flush.error ?? ''}`.trim());
        const dataset = await getDataset(database(), datasetId);
        if (sequence !== loadSequence) return;
        if (!dataset) return set({ status: 'missing' });
        // resolved here: the worker that computes has no codebook registry
        const { codebook } = codebookForDataset(dataset);
        const { raters: chosen, panelChoice, ordinalWeights } = get();
        const outcome = await client.compute({ datasetId, raters: chosen, panelChoice, ordinalWeights, codebook }, (progress) => {
          if (sequence === loadSequence) set({ progress });
        });
        if (sequence !== loadSequence) return;
        if (outcome.kind === 'missing') return set({ status: 'missing' });
        const { report, panel, raters } = outcome;
        const groups = report.groups.map((group) => group.group);
        const firstWithMatrix = report.groups[0]?.rows.find((row) => row.confusion !== null && row.items > 0) ?? report.groups[0]?.rows.find((row) => row.confusion !== null);
        const { selectedKey, group } = get();
        set({
          status: 'ready',
          report,
          panel,
          usedWorker: client.usesWorker,
          cellTurnInfo: new Map(),
          datasetName: outcome.datasetName,
          codebookId: outcome.codebookId,
          codebook,
          layers: outcome.layers,
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
    async setPanel(members) {
      const { datasetId } = get();
      set({ panelChoice: [...members] });
      if (datasetId !== null) await get().load(datasetId);
    },
    async setOrdinalWeights(ordinalWeights) {
      const { datasetId } = get();
      if (get().ordinalWeights === ordinalWeights) return;
      set({ ordinalWeights });
      if (datasetId !== null) await get().load(datasetId);
    },
    setGroup(group) {
      set({ group, selectedCell: null });
    },
    selectRow(key) {
      if (get().selectedKey === key) return;
      // A code picked (in the matrix picker) shows its row: its field's codes unfold.
      const { report, expandedFields } = get();
      const row = report?.groups[0]?.rows.find((candidate) => candidate.key === key);
      const unfold = row && row.code !== null && !expandedFields.includes(row.fieldId) ? { expandedFields: [...expandedFields, row.fieldId] } : {};
      set({ selectedKey: key, selectedCell: null, ...unfold });
    },
    async selectCell(cell) {
      set({ selectedCell: cell });
      const { report, selectedKey, group } = get();
      const row = report?.groups.find((candidate) => candidate.group === group)?.rows.find((candidate) => candidate.key === selectedKey) ?? report?.groups[0]?.rows.find((candidate) => candidate.key === selectedKey);
      if (!cell || !report || !row) return;
      const turnIds = cellTurnIds(report, row, cell.row, cell.column).slice(0, CELL_TURNS_SHOWN);
      try {
        const info = await loadTurnInfo(database(), turnIds);
        if (get().selectedCell === cell) set({ cellTurnInfo: info });
      } catch (error) {
        reportError(error, 'notice.context.agreement');
      }
    },
    async savePanelTable(kind, words) {
      const { panel, datasetName, hiddenFields } = get();
      if (!panel) return;
      const shown = { ...panel, groups: panel.groups.map((group) => ({ ...group, rows: group.rows.filter((row) => !hiddenFields.includes(row.fieldId)) })) };
      await saveFile(kind, `${fileNameStem(datasetName)}-agreement-all-layers-${todayStamp()}.${kind}`, () => (kind === 'csv' ? panelCsv(shown, words) : panelMarkdown(shown, words)));
    },
    async saveTable(kind, words) {
      const { datasetName, reportRaters, layers, hiddenFields } = get();
      const full = get().report;
      if (!full) return;
      const report = { ...full, groups: full.groups.map((group) => ({ ...group, rows: group.rows.filter((row) => !hiddenFields.includes(row.fieldId)) })) };
      await saveFile(kind, `${fileNameStem(datasetName)}-agreement-${todayStamp()}.${kind}`, () =>
        kind === 'csv' ? agreementCsv(report, [raterColumnKey(reportRaters[0], layers), raterColumnKey(reportRaters[1], layers)]) : agreementMarkdown(report, words),
      );
    },
  };
  });
}

export const useAgreementStore = createAgreementStore();
