import { create } from 'zustand';
import type { Codebook } from '../../../../shared/codebook/types';
import type { SampleStrata, SampleUnit, SpotCheckRow } from '../../../../shared/model/spot-check';
import { drawSample, reportCsv, reportMarkdown, sampleCandidates, sampleSizeFor, type MarkdownHeadings } from '../../../../shared/spot-check';
import { ACTIVE_CODEBOOK, codebookForDataset } from '../../codebook';
import { getDb, type MaieuticDb } from '../../db/db';
import { getDataset } from '../../db/repositories/datasets';
import { listLayers } from '../../db/repositories/layers';
import { addSpotCheck, deleteSpotCheck, listSpotChecks, loadSpotCheckData, populationCounts, saveSpotCheckThreshold } from '../../db/repositories/spot-checks';
import { errorMessage } from '../../db/errors';
import { fileNameStem, todayStamp } from '../export/file-names';
import { saveTable, type TableSave } from '../export/save-table';
import { reportError } from '../notices/store';
import { flushAll } from '../review/flush-all';
import { fullReviewStops, populationOf, sampleStops } from './build';
import { useQueueStore } from './queue';
import { spotCheckFigures, type SpotCheckFigures } from './results';

export type AmountKind = 'percent' | 'size' | 'margin';
export type ReportKind = 'csv' | 'md';

/** The draw form: what the next sample will be. */
export interface DrawForm {
  unit: SampleUnit;
  amountKind: AmountKind;
  percent: number;
  size: number;
  /** margin of error wanted at 95%, as a percentage (5 = ±5 points) */
  marginPercent: number;
  strata: SampleStrata;
  seed: number;
  /** '' checks the imported pre-annotation */
  layerId: string;
  /** a percentage (10 = 10%) */
  thresholdPercent: number;
}

/** The shown spot-check's figures, tagged with the spot-check they belong to. */
export interface SpotCheckResults extends SpotCheckFigures {
  spotCheckId: string;
}

export interface SpotCheckState {
  datasetId: string | null;
  datasetName: string;
  /** the data set's recorded codebook version: the fields the form offers and the names the results show */
  codebook: Codebook;
  status: 'idle' | 'loading' | 'ready' | 'missing' | 'error';
  error: string | null;
  layers: { id: string; name: string }[];
  /** dialogues and turns of the data set: the populations a sample is drawn from */
  population: { dialogues: number; turns: number };
  rows: SpotCheckRow[];
  shownId: string | null;
  results: SpotCheckResults | null;
  form: DrawForm;
  drawing: boolean;
  save: TableSave<ReportKind> | null;
  load(datasetId: string): Promise<void>;
  setForm(patch: Partial<DrawForm>): void;
  /** the size the form asks for, given the unit's population */
  requestedSize(): number;
  draw(name: string): Promise<void>;
  show(id: string): Promise<void>;
  setThreshold(id: string, thresholdPercent: number): Promise<void>;
  remove(id: string): Promise<void>;
  openQueue(id: string): Promise<void>;
  sendToFullReview(fieldId: string): Promise<number>;
  saveReport(kind: ReportKind, words: { headings: MarkdownHeadings; title: string; details: string[]; names?: ReadonlyMap<string, string> }): Promise<void>;
}

export const randomSeed = (): number => Math.floor(Math.random() * 1_000_000);

const DEFAULT_FORM: Omit<DrawForm, 'seed'> = { unit: 'dialogue', amountKind: 'percent', percent: 20, size: 30, marginPercent: 5, strata: { kind: 'none' }, layerId: '', thresholdPercent: 10 };

export function createSpotCheckStore(database: () => MaieuticDb = getDb, seedSource: () => number = randomSeed) {
  let sequence = 0;
  return create<SpotCheckState>()((set, get) => {
    async function computeResults(row: SpotCheckRow): Promise<void> {
      const datasetId = get().datasetId;
      if (!datasetId) return;
      const dataset = await getDataset(database(), datasetId);
      const codebook = codebookForDataset(dataset ?? '').codebook;
      const figures = await spotCheckFigures(database(), datasetId, row, codebook);
      if (get().shownId === row.id) set({ results: { spotCheckId: row.id, ...figures } });
    }
    const shownRow = () => get().rows.find((row) => row.id === get().shownId) ?? null;
    return {
      datasetId: null,
      datasetName: '',
      codebook: ACTIVE_CODEBOOK,
      status: 'idle',
      error: null,
      layers: [],
      population: { dialogues: 0, turns: 0 },
      rows: [],
      shownId: null,
      results: null,
      form: { ...DEFAULT_FORM, seed: seedSource() },
      drawing: false,
      save: null,

      async load(datasetId) {
        const mine = ++sequence;
        const switching = get().datasetId !== datasetId;
        set({ datasetId, status: 'loading', error: null, save: null, ...(switching ? { rows: [], shownId: null, results: null, form: { ...DEFAULT_FORM, seed: seedSource() } } : {}) });
        try {
          await flushAll();
          const db = database();
          const dataset = await getDataset(db, datasetId);
          if (!dataset) return set({ status: 'missing' });
          const [rows, layers, population] = await Promise.all([listSpotChecks(db, datasetId), listLayers(db, datasetId), populationCounts(db, datasetId)]);
          if (mine !== sequence) return;
          const shownId = rows.some((row) => row.id === get().shownId) ? get().shownId : (rows[0]?.id ?? null);
          set({ datasetName: dataset.name, codebook: codebookForDataset(dataset).codebook, rows, layers: layers.map((layer) => ({ id: layer.id, name: layer.name })), population, shownId, status: 'ready' });
          const row = shownRow();
          if (row) await computeResults(row);
        } catch (error) {
          if (mine === sequence) set({ status: 'error', error: errorMessage(error) });
        }
      },

      setForm(patch) {
        set({ form: { ...get().form, ...patch } });
      },

      requestedSize() {
        const { form, population } = get();
        const total = form.unit === 'dialogue' ? population.dialogues : population.turns;
        if (form.amountKind === 'size') return Math.max(0, Math.min(total, Math.floor(form.size)));
        if (form.amountKind === 'margin') return form.marginPercent > 0 && form.marginPercent < 100 ? sampleSizeFor({ margin: form.marginPercent / 100, population: total }) : 0;
        return Math.min(total, Math.max(0, Math.ceil(Number(((form.percent / 100) * total).toFixed(9)))));
      },

      async draw(name) {
        const { datasetId, form } = get();
        if (!datasetId || get().drawing) return;
        set({ drawing: true });
        try {
          const db = database();
          const dataset = await getDataset(db, datasetId);
          const codebook = codebookForDataset(dataset ?? '').codebook;
          const layerId = form.layerId === '' ? undefined : form.layerId;
          const data = await loadSpotCheckData(db, datasetId, layerId);
          const candidates = sampleCandidates(populationOf(data, form.strata, codebook), form.unit, form.strata);
          const amount = form.amountKind === 'percent' ? { fraction: form.percent / 100 } : { size: get().requestedSize() };
          const sample = drawSample(candidates, amount, form.seed);
          const row = await addSpotCheck(db, {
            datasetId,
            name: name.trim() || `Spot-check ${get().rows.length + 1}`,
            createdAt: new Date().toISOString(),
            seed: form.seed,
            unit: form.unit,
            ...(form.amountKind === 'percent' ? { fraction: form.percent / 100 } : { size: sample.items.length }),
            strata: form.strata,
            strataCounts: sample.strata,
            items: sample.items,
            ...(layerId ? { suggestionLayerId: layerId } : {}),
            threshold: form.thresholdPercent / 100,
            position: 0,
          });
          set({ rows: [row, ...get().rows], shownId: row.id, results: null, form: { ...form, seed: seedSource() } });
          await computeResults(row);
        } catch (error) {
          reportError(error, 'notice.context.spotCheck');
        } finally {
          set({ drawing: false });
        }
      },

      async show(id) {
        const row = get().rows.find((candidate) => candidate.id === id);
        if (!row) return;
        set({ shownId: id, results: null, save: null });
        try {
          await computeResults(row);
        } catch (error) {
          reportError(error, 'notice.context.spotCheck');
        }
      },

      async setThreshold(id, thresholdPercent) {
        try {
          const updated = await saveSpotCheckThreshold(database(), id, thresholdPercent / 100);
          set({ rows: get().rows.map((row) => (row.id === id ? updated : row)) });
          if (get().shownId === id) await computeResults(updated);
        } catch (error) {
          reportError(error, 'notice.context.spotCheck');
        }
      },

      async remove(id) {
        try {
          await deleteSpotCheck(database(), id);
          const rows = get().rows.filter((row) => row.id !== id);
          const shownId = get().shownId === id ? (rows[0]?.id ?? null) : get().shownId;
          set({ rows, shownId, ...(get().shownId === id ? { results: null } : {}) });
          const row = shownRow();
          if (row && get().results === null) await computeResults(row);
        } catch (error) {
          reportError(error, 'notice.context.spotCheck');
        }
      },

      async openQueue(id) {
        const row = get().rows.find((candidate) => candidate.id === id);
        const datasetId = get().datasetId;
        if (!row || !datasetId) return;
        await useQueueStore.getState().start({ kind: 'sample', spotCheckId: row.id, name: row.name, stops: sampleStops(row), position: row.position }, { datasetId, suggestionLayerId: row.suggestionLayerId ?? null });
      },

      async sendToFullReview(fieldId) {
        const row = shownRow();
        const datasetId = get().datasetId;
        if (!row || !datasetId) return 0;
        try {
          const db = database();
          const dataset = await getDataset(db, datasetId);
          const codebook = codebookForDataset(dataset ?? '').codebook;
          const stops = fullReviewStops(await loadSpotCheckData(db, datasetId, row.suggestionLayerId), fieldId, codebook);
          if (stops.length > 0) await useQueueStore.getState().start({ kind: 'full', fieldId, stops, position: 0 }, { datasetId, suggestionLayerId: row.suggestionLayerId ?? null });
          return stops.length;
        } catch (error) {
          reportError(error, 'notice.context.spotCheck');
          return 0;
        }
      },

      async saveReport(kind, words) {
        const row = shownRow();
        const results = get().results;
        if (!row || !results || results.spotCheckId !== row.id) return;
        const stem = `${fileNameStem(get().datasetName)}-${fileNameStem(row.name)}-${todayStamp()}`;
        await saveTable(
          kind,
          {
            defaultName: `${stem}.${kind}`,
            fileKind: kind === 'csv' ? 'csv' : 'md',
            content: () => (kind === 'csv' ? reportCsv(results.fields, { threshold: row.threshold }) : reportMarkdown(results.fields, { title: words.title, details: words.details, threshold: row.threshold }, words.headings, words.names)),
          },
          (save) => set({ save }),
        );
      },
    };
  });
}

export const useSpotCheckStore = createSpotCheckStore();
