import { useEffect, useState } from 'react';
import { formatNumber } from '../../i18n';
import { useAppStore } from '../../stores/app/store';
import { useGenerationLauncher } from '../../stores/generation/launcher';
import { useGenerationRunsStore } from '../../stores/generation/runs-store';
import { useJobsStore } from '../../stores/jobs/store';
import { RunDetail } from './RunDetail';
import { useGenerationText } from './strings';
import './generation.css';

/** Every generation run (no data set needed): start a new one from a saved scenario version, open one to use its results. */
export function GenerationRunsView() {
  const text = useGenerationText();
  const { t, lang } = text;
  const { runs, versions, error, openRunId, load, openRun } = useGenerationRunsStore();
  const launch = useGenerationLauncher((state) => state.open);
  const datasetId = useAppStore((state) => state.datasetId);
  const goTo = useAppStore((state) => state.goTo);
  const jobs = useJobsStore((state) => state.jobs);
  const [versionId, setVersionId] = useState('');
  // the runs' jobs report items as they are stored: reread then, so counts and results keep up
  // (every generation job, listed or not: a run started from this view is recorded after it was read)
  const progressKey = Object.values(jobs)
    .filter((job) => job.kind === 'generation')
    .map((job) => `${job.id}:${job.progress.done}:${job.status}`)
    .join('|');

  useEffect(() => {
    // the item behind a progress step is stored after the step is shown: read once it is
    void useJobsStore.getState().idle().then(load);
  }, [progressKey]);

  const open = runs?.find((entry) => entry.run.id === openRunId) ?? null;
  const working = (id: string) => jobs[id]?.status === 'running' || jobs[id]?.status === 'queued';

  return (
    <section className="view generation-view" data-testid="generation-view">
      <div className="button-row">
        <button type="button" className="quiet" data-testid="generation-back" onClick={() => goTo(datasetId ? 'datasets' : 'start')}>
          {t('back')}
        </button>
      </div>
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      {versions.length === 0 ? (
        <p className="muted" data-testid="generation-no-scenarios">{t('noScenarios')}</p>
      ) : (
        <div className="button-row">
          <label className="stacked-field">
            <span>{t('newRun')}</span>
            <select data-testid="generation-scenario-version" value={versionId} onChange={(event) => setVersionId(event.target.value)}>
              <option value="">{t('chooseScenario')}</option>
              {versions.map((version) => (
                <option key={version.id} value={version.id}>
                  {version.scenarioId} v{version.version} · {version.hash.slice(0, 8)} · {version.createdAt.slice(0, 10)}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="primary" data-testid="generation-new-run" disabled={versionId === ''} onClick={() => launch({ scenarioVersionId: versionId })}>
            {t('newRunStart')}
          </button>
        </div>
      )}
      {error && <p className="error-inline" role="alert">{t('failed', { message: error })}</p>}
      {runs === null ? (
        <p className="muted">{t('loading')}</p>
      ) : runs.length === 0 ? (
        <div className="empty-state" data-testid="generation-empty">
          <h2>{t('emptyTitle')}</h2>
          <p>{t('emptyBody')}</p>
        </div>
      ) : (
        <div className="generation-table-scroll">
          <table className="generation-table" data-testid="generation-runs">
            <thead>
              <tr>
                <th scope="col">{t('colRun')}</th>
                <th scope="col">{t('colScenario')}</th>
                <th scope="col">{t('colTeachers')}</th>
                <th scope="col">{t('colDone')}</th>
                <th scope="col">{t('colKept')}</th>
                <th scope="col">{t('colDropped')}</th>
                <th scope="col">{t('colFailed')}</th>
                <th scope="col">{t('colDate')}</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {runs.map(({ run, counts }) => (
                <tr key={run.id} aria-selected={run.id === openRunId} data-testid="generation-run-row">
                  <td>{run.title}</td>
                  <td>
                    {run.scenario.id} v{run.scenario.version}
                  </td>
                  <td>{run.teachers.map((teacher) => teacher.model).join(', ')}</td>
                  <td>
                    {formatNumber(lang, counts.done)}/{formatNumber(lang, counts.total)}
                  </td>
                  <td>{formatNumber(lang, counts.kept)}</td>
                  <td>{formatNumber(lang, counts.dropped)}</td>
                  <td>{formatNumber(lang, counts.failed)}</td>
                  <td>{run.createdAt.slice(0, 16).replace('T', ' ')}</td>
                  <td>
                    <button type="button" data-testid="generation-open-run" onClick={() => void openRun(run.id)}>
                      {t('open')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open && <RunDetail entry={open} working={working(open.run.id)} text={text} />}
    </section>
  );
}
