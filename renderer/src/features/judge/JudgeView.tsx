import { useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useAppStore } from '../../stores/app/store';
import { shownTable, useJudgeStore } from '../../stores/judge/store';
import { rubricText } from '../rubrics/strings';
import { CalibrationSection } from './CalibrationSection';
import { DrillDown } from './DrillDown';
import { JudgeHeader } from './JudgeHeader';
import { PairwiseSection } from './PairwiseSection';
import { RunComparison } from './RunComparison';
import { RunJudgesControl } from './RunJudgesControl';
import { useJudgeText } from './strings';
import { TableOneSection } from './TableOneSection';
import './judge.css';

/**
 * The Judge view: a data set's judge runs and the chosen run's report. Each section is its own
 * component (JudgeHeader, TableOneSection, CalibrationSection, DrillDown, RunComparison); this
 * file only lays them out.
 */
export function JudgeView({ datasetId }: { datasetId: string }) {
  const text = useJudgeText();
  const { t, lang } = text;
  const state = useJudgeStore(
    useShallow((s) => ({ status: s.status, error: s.error, runs: s.runs, runId: s.runId, report: s.report, reportStatus: s.reportStatus, reportError: s.reportError, judge: s.judge, panel: s.panel, panelMethod: s.panelMethod, values: s.values })),
  );
  const [confirmDelete, setConfirmDelete] = useState(false);

  useEffect(() => {
    void useJudgeStore.getState().load(datasetId);
  }, [datasetId]);

  const view = useMemo(() => shownTable(state, lang, t('overall'))?.view ?? null, [state.report, state.judge, state.panel, state.panelMethod, state.values, lang, t]);
  const run = state.runs.find((candidate) => candidate.id === state.runId) ?? null;

  return (
    <div className="judge-view" data-testid="judge-view" data-status={state.status} data-report={state.reportStatus} data-computed-in={state.report?.computedIn ?? ''}>
      <JudgeHeader
        datasetId={datasetId}
        run={run}
        text={text}
        onDelete={() => setConfirmDelete(true)}
        actions={
          <>
            <RunJudgesControl datasetId={datasetId} />
            <button type="button" className="quiet" data-testid="judge-rubric-sets" onClick={() => useAppStore.getState().openRubricSets('judge')}>
              {rubricText(lang, 'openButton')}
            </button>
          </>
        }
      />

      {state.status === 'loading' && state.runs.length === 0 && <p>{t('loading')}</p>}
      {state.status === 'error' && <p role="alert">{t('failed', { message: state.error ?? '' })}</p>}
      {state.status === 'ready' && state.runs.length === 0 && (
        <section className="judge-empty" data-testid="judge-empty">
          <h2>{t('emptyTitle')}</h2>
          <p>{t('emptyBody')}</p>
        </section>
      )}

      {run && (
        <p className="judge-run-summary" data-testid="judge-run-summary">
          {t('runSummary', { lines: run.lines, judges: run.judges.length, samples: run.samples, failed: run.failed, set: run.rubricSet.id, version: run.rubricSet.version })}
        </p>
      )}
      {state.reportStatus === 'computing' && <p role="status">{t('computing')}</p>}
      {state.reportStatus === 'error' && <p role="alert">{t('failed', { message: state.reportError ?? '' })}</p>}

      {/* while the run is computed again (expert scores changed) its last figures stay on screen */}
      {run?.mode === 'pairwise' && <PairwiseSection run={run} />}
      {run?.mode !== 'pairwise' && state.report && view && state.report.run.id === state.runId && state.reportStatus !== 'error' && (
        <>
          <TableOneSection view={view} report={state.report} text={text} />
          <CalibrationSection report={state.report} text={text} />
          <DrillDown report={state.report} judge={state.judge ?? ''} text={text} />
        </>
      )}
      <RunComparison datasetId={datasetId} text={text} />

      <ConfirmDialog
        open={confirmDelete && run !== null}
        title={t('deleteRun')}
        confirmLabel={t('deleteRun')}
        cancelLabel={lang === 'zh' ? '取消' : 'Cancel'}
        destructive
        onConfirm={() => {
          setConfirmDelete(false);
          if (run) void useJudgeStore.getState().deleteRun(run.id);
        }}
        onCancel={() => setConfirmDelete(false)}
      >
        <p>{t('deleteConfirm', { name: run?.name ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}
