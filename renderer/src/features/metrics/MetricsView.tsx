import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { METRIC_NAMES, type ScoreKey } from '../../../../shared/metrics';
import { ProgressBar } from '../../components/ProgressBar';
import { SaveOutcome } from '../../components/SaveOutcome';
import type { ScoredDialogue } from '../../../../shared/model/metric-run';
import { useAppStore } from '../../stores/app/store';
import { useMetricsStore, type MetricsFileKind } from '../../stores/metrics/store';
import { reviewStore } from '../../stores/review/store';
import { DialogueScores } from './DialogueScores';
import { MetricsChart } from './MetricsChart';
import { MetricsLegend } from './MetricsLegend';
import { MetricsTable } from './MetricsTable';
import { sameMeans } from './run-compare';
import { RunList } from './RunList';
import { groupName, runLayerName, runTime, runTitle } from './run-names';
import { SettingsPanel } from './SettingsPanel';
import { useMetricsText } from './strings';
import './metrics.css';

/** The SID objective metrics of the open data set: settings, Table II, a chart, per-dialogue scores and saved runs. */
export function MetricsView({ datasetId }: { datasetId: string }) {
  const text = useMetricsText();
  const { t, lang } = text;
  const goTo = useAppStore((state) => state.goTo);
  const openDialogue = useAppStore((state) => state.openDialogue);
  const state = useMetricsStore(useShallow((store) => store));
  const { load } = state;

  useEffect(() => {
    void load(datasetId);
  }, [datasetId, load]);

  const current = state.datasetId === datasetId;
  const run = current ? (state.runs.find((candidate) => candidate.id === state.shownRunId) ?? null) : null;
  const baseline = run ? (state.runs.find((candidate) => candidate.id === state.baselineRunId && candidate.id !== run.id) ?? null) : null;
  const busy = state.computing !== null;
  /** every mean equals the compared run's: said once above the table, not as "no change" in every cell */
  const unchanged = run !== null && baseline !== null && sameMeans(run, baseline);

  const openScored = (dialogue: ScoredDialogue) => {
    const metric: ScoreKey = state.drillMetric;
    const positions = metric === 'TotalScore' ? [] : dialogue.turnsOf[metric];
    const review = reviewStore.getState();
    review.startSession(dialogue.dialogueId);
    review.highlightTurns(positions.length > 0 ? { dialogueId: dialogue.dialogueId, label: t('highlightLabel', { metric: METRIC_NAMES[metric].short, what: METRIC_NAMES[metric][lang] }), positions } : null);
    if (positions.length > 0) review.goToTurn(positions[0], dialogue.counts.turns);
    state.setOpenedDialogue(dialogue.dialogueId);
    openDialogue(dialogue.dialogueId, 'metrics');
  };

  const save = (kind: MetricsFileKind) =>
    void state.saveFile(kind, {
      title: run ? `${t('title')} — ${runLayerName(run, state.layers, lang)}` : t('title'),
      groupName: (group) => groupName(group, lang),
      metricName: (key) => METRIC_NAMES[key].short,
    });

  const vacuousNote = run
    ? t(run.settings.threeC === 'strict' ? 'threeCNoteStrict' : 'threeCNoteVacuous', { vacuous: run.overall.vacuous3C, dialogues: run.overall.dialogues })
    : '';

  return (
    <section
      className="view metrics-view"
      data-testid="metrics-view"
      data-state={current ? state.status : 'loading'}
      data-run-id={run?.id ?? ''}
      data-computed-in={state.usedWorker ? 'worker' : 'main-thread'}
      aria-busy={busy || state.status === 'loading'}
    >
      <header className="view-header">
        <h1>{t('title')}</h1>
        <button type="button" data-testid="metrics-back" onClick={() => goTo('datasets')}>
          {'←'} {state.datasetName || t('openTable')}
        </button>
      </header>
      <p className="muted">{t('intro')}</p>

      {current && state.status === 'missing' && <p role="alert">{t('missingDataset')}</p>}
      {current && state.status === 'loading' && <p className="muted">{t('loading')}</p>}
      {current && state.error && (
        <p className="error-inline" role="alert" data-testid="metrics-error">
          {t('failed', { message: state.error })}
        </p>
      )}

      {current && state.status === 'ready' && (
        <>
          <SettingsPanel
            choice={state.choice}
            layers={state.layers}
            verifiedDialogues={state.verifiedDialogues}
            totalDialogues={state.totalDialogues}
            problem={state.problem}
            busy={busy}
            text={text}
            onLayer={state.setLayer}
            onThreeC={state.setThreeC}
            onScope={state.setScope}
            onWeight={state.setWeight}
            onResetWeights={state.resetWeights}
            onSeed={state.setSeed}
            onCompute={() => void state.compute()}
          />
          {state.nothingToScore && (
            <p className="notice-inline" role="status" data-testid="metrics-nothing-to-score">
              {t('nothingToScore')}
            </p>
          )}
          {busy && (
            <div className="metrics-progress" data-testid="metrics-progress" aria-live="polite">
              <span>{t(state.computing === 'reading' ? 'reading' : 'computing')}</span>
              <ProgressBar value={state.computing === 'reading' ? 0.05 : 0.1 + 0.9 * (state.progress ? state.progress.done / state.progress.total : 0)} label={t('computing')} />
            </div>
          )}

          {!run && !busy && (
            <div className="empty-state" data-testid="metrics-empty">
              <h2>{t('emptyTitle')}</h2>
              <p>{t('emptyBody')}</p>
            </div>
          )}

          {run && (
            <>
              <p className="muted" data-testid="metrics-run-info">
                {t('runInfo', { run: runTitle(run, lang), layer: run.scope === 'verified' && run.layer.kind !== 'verified' ? t('layerWithScope', { layer: runLayerName(run, state.layers, lang), scope: t('scopeNote') }) : runLayerName(run, state.layers, lang), threeC: t(run.settings.threeC === 'strict' ? 'threeCStrict' : 'threeCVacuous'), time: runTime(run.createdAt), version: run.appVersion, dialogues: run.overall.dialogues })}
              </p>
              {run.overall.dialogues === 0 ? (
                <p className="muted">{t('noDialogues')}</p>
              ) : (
                <>
                  <div className="metrics-compare">
                    <label>
                      {t('compareWith')}{' '}
                      <select data-testid="metrics-compare" value={baseline?.id ?? ''} onChange={(event) => state.setBaseline(event.target.value === '' ? null : event.target.value)}>
                        <option value="">{t('compareNone')}</option>
                        {state.runs
                          .filter((candidate) => candidate.id !== run.id)
                          .map((candidate) => (
                            <option key={candidate.id} value={candidate.id}>
                              {runTitle(candidate, lang)} · {runTime(candidate.createdAt)} · {runLayerName(candidate, state.layers, lang)}
                            </option>
                          ))}
                      </select>
                    </label>
                    <span className="button-row">
                      <button type="button" data-testid="metrics-save-csv" disabled={state.save?.status === 'working'} onClick={() => save('csv')}>
                        {t('saveCsv')}
                      </button>
                      <button type="button" data-testid="metrics-save-md" disabled={state.save?.status === 'working'} onClick={() => save('md')}>
                        {t('saveMarkdown')}
                      </button>
                      <button type="button" data-testid="metrics-save-dialogues" disabled={state.save?.status === 'working'} onClick={() => save('dialogues')}>
                        {t('saveDialogues')}
                      </button>
                    </span>
                  </div>
                  <SaveOutcome save={state.save} testId="metrics-save-result" words={{ saved: (path) => t('saved', { path }), canceled: t('canceled'), failed: t('saveFailed') }} />
                  {baseline && baseline.overall.dialogues !== run.overall.dialogues && (
                    <p className="notice-inline" data-testid="metrics-compare-differs">
                      {t('compareDiffers', { base: baseline.overall.dialogues, shown: run.overall.dialogues })}
                    </p>
                  )}
                  {baseline && (
                    <p className={unchanged ? 'notice-inline' : 'muted'} data-testid={unchanged ? 'metrics-no-change' : 'metrics-delta-explained'}>
                      {t(unchanged ? 'noChange' : 'deltaExplained', { run: runTitle(baseline, lang) })}
                    </p>
                  )}
                  <div className="metrics-table-wrap">
                    <MetricsTable run={run} baseline={unchanged ? null : baseline} text={text} />
                  </div>
                  <MetricsLegend bootstrap={run.settings.bootstrap} text={text} />
                  <p className="muted" data-testid="metrics-three-c-note">
                    {vacuousNote}{' '}
                    {run.overall.withUnknownLabels > 0 ? t(run.overall.withUnknownLabels === 1 ? 'unknownNoteOne' : 'unknownNote', { n: run.overall.withUnknownLabels }) : ''}{' '}
                    {run.overall.withoutLabels > 0 ? t(run.overall.withoutLabels === 1 ? 'unlabelledNoteOne' : 'unlabelledNote', { n: run.overall.withoutLabels }) : ''}{' '}
                    {t('weightsNote', { weights: Object.entries(run.settings.weights).map(([id, weight]) => `${METRIC_NAMES[id as ScoreKey].short} ${weight}`).join(', ') })}
                  </p>
                  <MetricsChart groups={run.groups} text={text} />
                  {state.scores?.runId === run.id ? (
                    <DialogueScores dialogues={state.scores.dialogues} metric={state.drillMetric} openedDialogueId={state.openedDialogueId} text={text} onMetric={state.setDrillMetric} onOpen={openScored} />
                  ) : (
                    <p className="muted">{t('loading')}</p>
                  )}
                </>
              )}
            </>
          )}

          {state.runs.length > 0 && (
            <RunList
              runs={state.runs}
              shownRunId={run?.id ?? null}
              baselineRunId={baseline?.id ?? null}
              layers={state.layers}
              text={text}
              onShow={(runId) => void state.showRun(runId)}
              onCompare={state.setBaseline}
              onDelete={(runId) => void state.deleteRun(runId)}
              onRename={(runId, name) => void state.renameRun(runId, name)}
            />
          )}
        </>
      )}
    </section>
  );
}
