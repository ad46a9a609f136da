import { create } from 'zustand';
import { DEFAULT_RESAMPLES, DEFAULT_SEED, DEFAULT_WEIGHTS, weightsProblem, type MetricId, type ScoreKey, type ThreeCConvention } from '../../../../shared/metrics';
import { APP_VERSION } from '../../app-version';
import { getDb, type MaieuticDb } from '../../db/db';
import type { MetricLayer, MetricRunRow, MetricScope, ScoredDialogue } from '../../../../shared/model/metric-run';
import { getDataset } from '../../db/repositories/datasets';
import { countDialoguesOf, countVerifiedDialogues } from '../../db/repositories/dialogues';
import { errorMessage } from '../../db/errors';
import { listLayers } from '../../db/repositories/layers';
import { deleteMetricRun, listMetricRuns, metricRunScores, renameMetricRun, saveMetricRun } from '../../db/repositories/metric-runs';
import { fileNameStem, todayStamp } from '../export/file-names';
import { saveTable, type TableSave } from '../export/save-table';
import { reportError } from '../notices/store';
import { flushAll, type FlushOutcome } from '../review/flush-all';
import type { LayerOption } from '../agreement/rater-choice';
import { effectiveScope } from './load-metric-dialogues';
import { metricsClient, type MetricsClient } from './metrics-client';
import { dialoguesCsv, tableCsv, tableMarkdown } from './table-export';

type LoadStatus = 'idle' | 'loading' | 'ready' | 'missing' | 'error';
export type MetricsFileKind = 'csv' | 'md' | 'dialogues';

export interface MetricsChoice {
  layer: MetricLayer;
  /** for the LLM and attached layers: all their dialogues, or only the verified ones */
  scope: MetricScope;
  threeC: ThreeCConvention;
  weights: Record<MetricId, number>;
  seed: number;
  resamples: number;
}

export interface MetricsState {
  datasetId: string | null;
  datasetName: string;
  status: LoadStatus;
  error: string | null;
  layers: readonly LayerOption[];
  /** dialogues marked verified, and all dialogues */
  verifiedDialogues: number;
  totalDialogues: number;
  choice: MetricsChoice;
  /** why the chosen settings cannot be computed (weights), or null */
  problem: string | null;
  /** the last computation found no dialogue on the chosen layer and saved no run */
  nothingToScore: boolean;
  computing: 'reading' | 'computing' | null;
  /** steps of the computation done (reading, scoring, each group's intervals, all dialogues' intervals) */
  progress: { done: number; total: number } | null;
  /** false when the last computation ran on the main thread (no worker could start) */
  usedWorker: boolean;
  runs: readonly MetricRunRow[];
  shownRunId: string | null;
  /** the shown run's per-dialogue scores, read when a run is shown (null while reading) */
  scores: { runId: string; dialogues: ScoredDialogue[] } | null;
  /** a run to compare the shown one with */
  baselineRunId: string | null;
  /** the metric whose turns the drill-down highlights */
  drillMetric: ScoreKey;
  /** the dialogue last opened in review from the per-dialogue table: coming back shows it there */
  openedDialogueId: string | null;
  save: TableSave<MetricsFileKind> | null;
  load(datasetId: string): Promise<void>;
  setLayer(layer: MetricLayer): void;
  setThreeC(convention: ThreeCConvention): void;
  setScope(scope: MetricScope): void;
  setWeight(id: MetricId, weight: number): void;
  resetWeights(): void;
  setSeed(seed: number): void;
  /** scores the data set with the chosen settings, saves the run and shows it */
  compute(): Promise<void>;
  showRun(runId: string): Promise<void>;
  setBaseline(runId: string | null): void;
  deleteRun(runId: string): Promise<void>;
  /** gives the run the reader's own name (blank takes it away); kept with the run */
  renameRun(runId: string, name: string): Promise<void>;
  setDrillMetric(key: ScoreKey): void;
  setOpenedDialogue(dialogueId: string | null): void;
  saveFile(kind: MetricsFileKind, words: Parameters<typeof tableMarkdown>[1]): Promise<void>;
}

const DEFAULT_CHOICE: MetricsChoice = { layer: { kind: 'llm' }, scope: 'all', threeC: 'vacuous-one', weights: { ...DEFAULT_WEIGHTS }, seed: DEFAULT_SEED, resamples: DEFAULT_RESAMPLES };

export function sameLayer(a: MetricLayer, b: MetricLayer): boolean {
  return a.kind === b.kind && (a.kind !== 'layer' || (b.kind === 'layer' && a.layerId === b.layerId));
}

export function createMetricsStore(
  database: () => MaieuticDb = getDb,
  client: Pick<MetricsClient, 'compute' | 'usesWorker'> = metricsClient,
  flushPendingWork: () => Promise<FlushOutcome> = flushAll,
) {
  let loadSequence = 0;
  return create<MetricsState>()((set, get) => {
  /** Reads the per-dialogue scores of the run shown, unless they are already there. */
  async function readScores(runId: string | null): Promise<void> {
    if (runId === null) return set({ scores: null });
    if (get().scores?.runId === runId) return;
    set({ scores: null });
    try {
      const dialogues = await metricRunScores(database(), runId);
      if (get().shownRunId === runId) set({ scores: { runId, dialogues } });
    } catch (error) {
      reportError(error, 'notice.context.metrics');
    }
  }
  return {
    datasetId: null,
    datasetName: '',
    status: 'idle',
    error: null,
    layers: [],
    verifiedDialogues: 0,
    totalDialogues: 0,
    choice: DEFAULT_CHOICE,
    problem: null,
    nothingToScore: false,
    computing: null,
    progress: null,
    usedWorker: true,
    runs: [],
    shownRunId: null,
    scores: null,
    baselineRunId: null,
    drillMetric: 'TotalScore',
    openedDialogueId: null,
    save: null,

    async load(datasetId) {
      const sequence = ++loadSequence;
      const switching = get().datasetId !== datasetId;
      set({ datasetId, status: 'loading', error: null, save: null, ...(switching ? { runs: [], shownRunId: null, baselineRunId: null, choice: DEFAULT_CHOICE, problem: null, openedDialogueId: null } : {}) });
      try {
        const db = database();
        const dataset = await getDataset(db, datasetId);
        if (sequence !== loadSequence) return;
        if (!dataset) return set({ status: 'missing' });
        const [layers, runs, totalDialogues, verifiedDialogues] = await Promise.all([
          listLayers(db, datasetId),
          listMetricRuns(db, datasetId),
          countDialoguesOf(db, datasetId),
          countVerifiedDialogues(db, datasetId),
        ]);
        if (sequence !== loadSequence) return;
        const options = layers.map(({ id, name, kind }) => ({ id, name, kind }));
        const { choice } = get();
        // A fresh view scores the verified layer when the expert has verified dialogues, else the LLM's.
        const layer: MetricLayer = switching || (choice.layer.kind === 'layer' && !options.some((option) => choice.layer.kind === 'layer' && option.id === choice.layer.layerId)) ? (verifiedDialogues > 0 ? { kind: 'verified' } : { kind: 'llm' }) : choice.layer;
        const shownRunId = get().shownRunId && runs.some((run) => run.id === get().shownRunId) ? get().shownRunId : (runs[0]?.id ?? null);
        set({ status: 'ready', datasetName: dataset.name, layers: options, runs, totalDialogues, verifiedDialogues, choice: { ...choice, layer }, shownRunId });
        await readScores(shownRunId);
      } catch (error) {
        if (sequence !== loadSequence) return;
        set({ status: 'error', error: errorMessage(error) });
        reportError(error, 'notice.context.metrics');
      }
    },

    setLayer(layer) {
      set({ choice: { ...get().choice, layer }, nothingToScore: false });
    },
    setScope(scope) {
      set({ choice: { ...get().choice, scope }, nothingToScore: false });
    },
    setThreeC(threeC) {
      set({ choice: { ...get().choice, threeC } });
    },
    setWeight(id, weight) {
      const weights = { ...get().choice.weights, [id]: weight };
      set({ choice: { ...get().choice, weights }, problem: weightsProblem(weights) });
    },
    resetWeights() {
      set({ choice: { ...get().choice, weights: { ...DEFAULT_WEIGHTS } }, problem: null });
    },
    setSeed(seed) {
      if (Number.isSafeInteger(seed) && seed >= 0) set({ choice: { ...get().choice, seed } });
    },

    async compute() {
      const { datasetId, choice, layers } = get();
      if (datasetId === null || get().computing) return;
      const problem = weightsProblem(choice.weights);
      if (problem) return set({ problem });
      set({ computing: 'reading', error: null, nothingToScore: false });
      try {
        const flush = await flushPendingWork();
        if (!flush.flushed) throw new Error(`Review work is not saved yet, so the metrics would miss it. ${flush.error ?? ''}`.trim());
        const scope = effectiveScope(choice.layer, choice.scope);
        const settings = { weights: { ...choice.weights }, threeC: choice.threeC, bootstrap: { resamples: choice.resamples, seed: choice.seed } };
        const outcome = await client.compute({ datasetId, layer: choice.layer, scope, settings }, (done, total) => set({ computing: 'computing', progress: { done, total } }));
        // An empty run would only clutter the list: say so instead.
        if (outcome.kind === 'empty') return set({ computing: null, progress: null, nothingToScore: true });
        const { report, dialogueIds } = outcome;
        const layerName = choice.layer.kind === 'layer' ? (layers.find((layer) => choice.layer.kind === 'layer' && layer.id === choice.layer.layerId)?.name ?? '') : '';
        const dialogues = report.dialogues.map((dialogue, index) => ({ ...dialogue, dialogueId: dialogueIds[index] }));
        const run = await saveMetricRun(
          database(),
          {
          datasetId,
          createdAt: new Date().toISOString(),
          appVersion: APP_VERSION,
          layer: choice.layer,
          layerName,
          scope,
          settings,
          groups: report.groups,
          overall: report.overall,
          },
          dialogues,
        );
        if (get().datasetId !== datasetId) return;
        set({ runs: [run, ...get().runs], shownRunId: run.id, scores: { runId: run.id, dialogues }, computing: null, progress: null, usedWorker: client.usesWorker });
      } catch (error) {
        set({ computing: null, progress: null, error: errorMessage(error) });
        reportError(error, 'notice.context.metrics');
      }
    },

    async showRun(runId) {
      set({ shownRunId: runId, baselineRunId: get().baselineRunId === runId ? null : get().baselineRunId });
      await readScores(runId);
    },
    setBaseline(runId) {
      set({ baselineRunId: runId === get().shownRunId ? null : runId });
    },
    async deleteRun(runId) {
      try {
        await deleteMetricRun(database(), runId);
        const runs = get().runs.filter((run) => run.id !== runId);
        const shownRunId = get().shownRunId === runId ? (runs[0]?.id ?? null) : get().shownRunId;
        set({ runs, shownRunId, baselineRunId: get().baselineRunId === runId ? null : get().baselineRunId });
        await readScores(shownRunId);
      } catch (error) {
        reportError(error, 'notice.context.metrics');
      }
    },
    async renameRun(runId, name) {
      try {
        const renamed = await renameMetricRun(database(), runId, name);
        set({ runs: get().runs.map((run) => (run.id === runId ? renamed : run)) });
      } catch (error) {
        reportError(error, 'notice.context.metrics');
      }
    },
    setDrillMetric(drillMetric) {
      set({ drillMetric });
    },
    setOpenedDialogue(openedDialogueId) {
      set({ openedDialogueId });
    },

    async saveFile(kind, words) {
      const { runs, shownRunId, datasetName, scores } = get();
      const run = runs.find((candidate) => candidate.id === shownRunId);
      if (!run) return;
      const suffix = kind === 'dialogues' ? 'metrics-dialogues' : 'metrics';
      const extension = kind === 'md' ? 'md' : 'csv';
      await saveTable(
        kind,
        {
          defaultName: `${fileNameStem(datasetName)}-${suffix}-${todayStamp()}.${extension}`,
          fileKind: extension,
          content: async () => {
            if (kind === 'csv') return tableCsv(run);
            if (kind === 'md') return tableMarkdown(run, words);
            return dialoguesCsv(scores?.runId === run.id ? scores.dialogues : await metricRunScores(database(), run.id));
          },
        },
        (save) => set({ save }),
      );
    },
  };
  });
}

export const useMetricsStore = createMetricsStore();

