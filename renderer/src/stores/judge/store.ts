/**
 * The Judge view: a data set's judge runs, "Import judge results…" (a results JSONL file through
 * files.openImport), the chosen run's report (Table I, calibration; computed in the judge
 * worker), the judge shown, and the table's CSV / Markdown export.
 */
import { create } from 'zustand';
import { invoke } from '../../api/client';
import type { LabelLanguage } from '../../../../shared/codebook/types';
import type { JudgeRunRow } from '../../../../shared/model/judge';
import type { SourceFile } from '../../../../shared/model/dataset';
import { getDb, type MaieuticDb } from '../../db/db';
import { errorMessage } from '../../db/errors';
import { deleteJudgeRun, ensureSidRubricSet, importJudgeResults, listJudgeRuns, type JudgeImportReport } from '../../db/repositories/judge';
import { saveTable, type TableSave } from '../export/save-table';
import { todayStamp } from '../export/file-names';
import { useJobsStore } from '../jobs/store';
import { judgeClient, type JudgeClient } from './judge-client';
import type { JudgeReport, JudgeReportOutcome } from './run-judge';
import { setTeacherFamilies } from '../../db/repositories/rubric-sets';
import type { PanelMethod } from '../../../../shared/judge/aggregate';
import { useConnectionsStore } from '../connections/store';
import { useExpertScoresStore } from './expert-store';
import { scatterCsv } from './scatter';
import { panelView, tableOneCsv, tableOneMarkdown, tableOneView, type TableOneView } from './table-export';

export type JudgeImportOutcome =
  | { kind: 'none' }
  | { kind: 'working' }
  | { kind: 'imported'; report: JudgeImportReport }
  | { kind: 'refused'; message: string };

export interface JudgeState {
  datasetId: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  runs: JudgeRunRow[];
  runId: string | null;
  report: JudgeReport | null;
  reportStatus: 'idle' | 'computing' | 'ready' | 'error';
  reportError: string | null;
  /** the judge Table I shows (a run may hold several) */
  judge: string | null;
  /** Table I shows the panel of all the run's judges instead of one (runs with several judges) */
  panel: boolean;
  panelMethod: PanelMethod;
  /** Table I of the sampled integer scores, or of G-Eval's expected scores where the run has logprobs */
  values: 'score' | 'expected';
  scatterSave: TableSave<'csv'> | null;
  familiesSave: { status: 'working' | 'saved' | 'error'; message?: string } | null;
  importOutcome: JudgeImportOutcome;
  save: TableSave<'csv' | 'md'> | null;
  load(datasetId: string): Promise<void>;
  selectRun(runId: string | null): Promise<void>;
  /** recomputes the chosen run's report (after expert scores changed) */
  refresh(): Promise<void>;
  selectJudge(judge: string): void;
  selectPanel(): void;
  setPanelMethod(method: PanelMethod): void;
  setValues(values: 'score' | 'expected'): void;
  /** saves the teacher models' families the expert confirmed, then recomputes the report */
  saveTeacherFamilies(families: Record<string, string>): Promise<void>;
  exportScatter(judge: string, rubric: string): Promise<void>;
  pickImport(datasetId: string): Promise<void>;
  importFile(datasetId: string, file: SourceFile): Promise<void>;
  deleteRun(runId: string): Promise<void>;
  exportTable(kind: 'csv' | 'md', lang: LabelLanguage, words: { overall: string; title: string }): Promise<void>;
}

/** Families of the connections, under each connection's name and model (results name a judge by either). */
async function connectionFamilies(): Promise<Record<string, string>> {
  const connections = useConnectionsStore.getState();
  if (!connections.loaded) await connections.load();
  const families: Record<string, string> = {};
  for (const connection of useConnectionsStore.getState().connections) {
    if (!connection.family) continue;
    families[connection.model] ??= connection.family;
    families[connection.name] = connection.family;
  }
  return families;
}

/** The table the view shows: one judge's, or the panel's. */
export function shownTable(state: Pick<JudgeState, 'report' | 'judge' | 'panel' | 'panelMethod' | 'values'>, lang: LabelLanguage, overall: string): { view: TableOneView; label: string } | null {
  const { report, judge } = state;
  if (!report) return null;
  // the expected scores are one judge's (the panel aggregates the sampled scores)
  if (state.values === 'expected' && report.expectedTable && judge && !state.panel) return { view: tableOneView(report.expectedTable, report.set, judge, lang, overall), label: `${judge} (expected)` };
  if (state.panel && report.panel) return { view: panelView(report.panel[state.panelMethod], report.set, lang, overall), label: `panel (${state.panelMethod})` };
  return judge ? { view: tableOneView(report.table, report.set, judge, lang, overall), label: judge } : null;
}

export function createJudgeStore(
  database: () => MaieuticDb = getDb,
  client: Pick<JudgeClient, 'compute'> = judgeClient,
  judgeFamilies: () => Promise<Record<string, string>> = connectionFamilies,
) {
  return create<JudgeState>()((set, get) => ({
    datasetId: null,
    status: 'idle',
    error: null,
    runs: [],
    runId: null,
    report: null,
    reportStatus: 'idle',
    reportError: null,
    judge: null,
    panel: false,
    panelMethod: 'mean',
    values: 'score',
    familiesSave: null,
    scatterSave: null,
    importOutcome: { kind: 'none' },
    save: null,

    async load(datasetId) {
      const same = get().datasetId === datasetId;
      set({ datasetId, status: 'loading', error: null, ...(same ? {} : { runs: [], runId: null, report: null, reportStatus: 'idle', judge: null, panel: false, familiesSave: null, importOutcome: { kind: 'none' }, save: null }) });
      try {
        await ensureSidRubricSet(database());
        const runs = await listJudgeRuns(database(), datasetId);
        if (get().datasetId !== datasetId) return;
        set({ status: 'ready', runs });
        const keep = runs.find((run) => run.id === get().runId);
        await get().selectRun(keep?.id ?? runs[0]?.id ?? null);
      } catch (error) {
        if (get().datasetId === datasetId) set({ status: 'error', error: errorMessage(error) });
      }
    },

    async selectRun(runId) {
      // a pairwise run has no scores to tabulate: its section reads its verdicts itself
      const pairwise = get().runs.find((run) => run.id === runId)?.mode === 'pairwise';
      set({ runId, reportError: null, ...(runId === null || pairwise ? { report: null, reportStatus: 'idle' } : { reportStatus: 'computing' }) });
      if (runId === null || pairwise) return;
      let outcome: JudgeReportOutcome;
      try {
        // a connection that cannot be listed must not stop the report: its judges just have no family
        const families = await judgeFamilies().catch(() => ({}));
        // the expert's last scores, typed in review just before coming here, may still be on their way to the database
        await useExpertScoresStore.getState().settled();
        outcome = await client.compute({ runId, judgeFamilies: families });
      } catch (error) {
        if (get().runId === runId) set({ reportStatus: 'error', reportError: errorMessage(error) });
        return;
      }
      if (get().runId !== runId) return;
      if (outcome.kind === 'missing') return set({ reportStatus: 'error', reportError: outcome.message, report: null });
      const judges = outcome.report.run.judges.map((judge) => judge.name);
      const current = get().judge;
      set({ report: outcome.report, reportStatus: 'ready', judge: current !== null && judges.includes(current) ? current : (judges[0] ?? null), panel: get().panel && outcome.report.panel !== null });
    },

    async refresh() {
      const { runId } = get();
      if (runId) await get().selectRun(runId);
    },

    selectJudge(judge) {
      set({ judge, panel: false });
    },

    selectPanel() {
      if (get().report?.panel) set({ panel: true });
    },

    setPanelMethod(method) {
      set({ panelMethod: method });
    },

    setValues(values) {
      set({ values, ...(values === 'expected' ? { panel: false } : {}) });
    },

    async saveTeacherFamilies(families) {
      const { datasetId } = get();
      if (!datasetId) return;
      set({ familiesSave: { status: 'working' } });
      try {
        await setTeacherFamilies(database(), datasetId, families);
        set({ familiesSave: { status: 'saved' } });
      } catch (error) {
        set({ familiesSave: { status: 'error', message: errorMessage(error) } });
        return;
      }
      await get().refresh();
    },

    async exportScatter(judge, rubric) {
      const { report } = get();
      const entry = report?.points.find((candidate) => candidate.judge === judge && candidate.rubric === rubric);
      if (!report || !entry) return;
      const externalIds = new Map(report.dialogues.map((row) => [row.dialogueId, row.externalId]));
      const stem = `${report.run.name.replace(/\.[^.]+$/, '').replace(/[^\p{L}\p{N}._-]+/gu, '-')}-calibration-${judge.replace(/[^\p{L}\p{N}._-]+/gu, '-')}-${rubric}-${todayStamp()}`;
      await saveTable('csv', { defaultName: `${stem}.csv`, fileKind: 'csv', content: () => scatterCsv(judge, rubric, entry.points, (id) => externalIds.get(id) ?? id) }, (save) => set({ scatterSave: save }));
    },

    async pickImport(datasetId) {
      let files: SourceFile[];
      try {
        const result = await invoke('files.openImport', { mode: 'files' });
        if (result.canceled) return;
        files = result.files;
        if (files.length !== 1) {
          const skipped = result.skipped.map((file) => `${file.name}: ${file.reason}`).join('\n');
          set({ importOutcome: { kind: 'refused', message: files.length === 0 && skipped ? skipped : 'Choose one judge results file (.jsonl).' } });
          return;
        }
      } catch (error) {
        set({ importOutcome: { kind: 'refused', message: errorMessage(error) } });
        return;
      }
      await get().importFile(datasetId, files[0]);
    },

    async importFile(datasetId, file) {
      set({ importOutcome: { kind: 'working' } });
      try {
        const report = await importJudgeResults(database(), { datasetId, file: file.name, text: file.text });
        set({ importOutcome: { kind: 'imported', report }, runId: report.run.id });
        await get().load(datasetId);
      } catch (error) {
        set({ importOutcome: { kind: 'refused', message: errorMessage(error) } });
      }
    },

    async deleteRun(runId) {
      // a run whose job still works: stop it first, its further results would have nowhere to go
      const job = useJobsStore.getState().jobs[runId];
      if (job && (job.status === 'queued' || job.status === 'running' || job.status === 'paused')) await useJobsStore.getState().cancel(runId);
      await deleteJudgeRun(database(), runId);
      const { datasetId } = get();
      if (get().runId === runId) set({ runId: null, report: null, reportStatus: 'idle' });
      if (datasetId) await get().load(datasetId);
    },

    async exportTable(kind, lang, words) {
      const { report } = get();
      const shown = shownTable(get(), lang, words.overall);
      if (!report || !shown) return;
      const { view, label: judge } = shown;
      const stem = `${report.run.name.replace(/\.[^.]+$/, '').replace(/[^\p{L}\p{N}._-]+/gu, '-')}-table-i-${todayStamp()}`;
      await saveTable(
        kind,
        { defaultName: `${stem}.${kind}`, fileKind: kind, content: () => (kind === 'csv' ? tableOneCsv(view, judge) : tableOneMarkdown(view, judge, words.title)) },
        (save) => set({ save }),
      );
    },
  }));
}

export const useJudgeStore = createJudgeStore();
