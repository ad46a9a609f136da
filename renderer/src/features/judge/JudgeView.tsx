import { useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { CalibrationRow, SelfPreferenceRow, Statistic } from '../../../../shared/judge/calibration';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useAppStore } from '../../stores/app/store';
import { useJudgeStore } from '../../stores/judge/store';
import type { JudgeReport } from '../../stores/judge/run-judge';
import { formatMean, tableOneView, type TableOneView } from '../../stores/judge/table-export';
import { JudgeBarChart, JudgeRadar } from './JudgeChart';
import { rubricText } from '../rubrics/strings';
import { RunJudgesControl } from './RunJudgesControl';
import { PairwiseSection } from './PairwiseSection';
import { useJudgeText, type JudgeTextApi } from './strings';
import './judge.css';

const DRILL_LIMIT = 200;

const fixed = (value: number | null | undefined, digits = 2) => (value === null || value === undefined ? '—' : value.toFixed(digits));
const stat = (value: Statistic) => (value.value === null ? '—' : value.value.toFixed(3));

export function JudgeView({ datasetId }: { datasetId: string }) {
  const text = useJudgeText();
  const { t, lang } = text;
  const state = useJudgeStore(
    useShallow((s) => ({
      status: s.status,
      error: s.error,
      runs: s.runs,
      runId: s.runId,
      report: s.report,
      reportStatus: s.reportStatus,
      reportError: s.reportError,
      judge: s.judge,
      importOutcome: s.importOutcome,
      save: s.save,
    })),
  );
  const actions = useJudgeStore.getState();
  const [confirmDelete, setConfirmDelete] = useState(false);

  useEffect(() => {
    void useJudgeStore.getState().load(datasetId);
  }, [datasetId]);

  const view = useMemo(
    () => (state.report && state.judge ? tableOneView(state.report.table, state.report.set, state.judge, lang, t('overall')) : null),
    [state.report, state.judge, lang, t],
  );
  const run = state.runs.find((candidate) => candidate.id === state.runId) ?? null;

  return (
    <div className="judge-view" data-testid="judge-view" data-status={state.status} data-report={state.reportStatus} data-computed-in={state.report?.computedIn ?? ''}>
      <header className="judge-header">
        <h1>{t('title')}</h1>
        <p className="judge-intro">{t('intro')}</p>
        <div className="judge-actions">
          <button type="button" data-testid="judge-import" onClick={() => void actions.pickImport(datasetId)} disabled={state.importOutcome.kind === 'working'}>
            {t('importButton')}
          </button>
          <RunJudgesControl datasetId={datasetId} />
          <button type="button" className="quiet" data-testid="judge-rubric-sets" onClick={() => useAppStore.getState().openRubricSets('judge')}>
            {rubricText(lang, 'openButton')}
          </button>
          {state.runs.length > 0 && (
            <label>
              {t('run')}{' '}
              <select data-testid="judge-run-select" value={state.runId ?? ''} onChange={(event) => void actions.selectRun(event.target.value || null)}>
                {state.runs.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name} · {candidate.createdAt.slice(0, 16).replace('T', ' ')}
                  </option>
                ))}
              </select>
            </label>
          )}
          {run && (
            <button type="button" className="quiet" data-testid="judge-delete-run" onClick={() => setConfirmDelete(true)}>
              {t('deleteRun')}
            </button>
          )}
        </div>
        <ImportOutcome text={text} />
      </header>

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
          <section className="judge-section">
            <div className="judge-table-head">
              <h2>{t('tableTitle')}</h2>
              {state.report.run.judges.length > 1 && (
                <label>
                  {t('judge')}{' '}
                  <select data-testid="judge-judge-select" value={state.judge ?? ''} onChange={(event) => actions.selectJudge(event.target.value)}>
                    {state.report.run.judges.map((judge) => (
                      <option key={judge.name} value={judge.name}>
                        {judge.name}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <button type="button" className="quiet" data-testid="judge-export-csv" onClick={() => void actions.exportTable('csv', lang, { overall: t('overall'), title: t('rubric') })}>
                {t('exportCsv')}
              </button>
              <button type="button" className="quiet" data-testid="judge-export-md" onClick={() => void actions.exportTable('md', lang, { overall: t('overall'), title: t('rubric') })}>
                {t('exportMd')}
              </button>
              {state.save && (
                <span className="judge-save" data-testid="judge-save" data-status={state.save.status} role="status">
                  {state.save.status === 'working' ? t('saving') : state.save.status === 'saved' ? t('saved', { path: state.save.path ?? '' }) : state.save.status === 'canceled' ? t('canceled') : t('saveFailed')}
                </span>
              )}
            </div>
            <TableOne view={view} report={state.report} text={text} />
            <JudgeBarChart view={view} range={state.report.set.rubrics[0]?.range ?? { min: 1, max: 5 }} text={text} />
            <div className="judge-radars">
              {view.groups.map((group, index) => (
                <JudgeRadar key={group} view={view} group={group} index={index} range={state.report!.set.rubrics[0]?.range ?? { min: 1, max: 5 }} text={text} />
              ))}
            </div>
          </section>
          <Calibration report={state.report} text={text} />
          <DrillDown report={state.report} judge={state.judge ?? ''} text={text} />
        </>
      )}

      <ConfirmDialog
        open={confirmDelete && run !== null}
        title={t('deleteRun')}
        confirmLabel={t('deleteRun')}
        cancelLabel={lang === 'zh' ? '取消' : 'Cancel'}
        destructive
        onConfirm={() => {
          setConfirmDelete(false);
          if (run) void actions.deleteRun(run.id);
        }}
        onCancel={() => setConfirmDelete(false)}
      >
        <p>{t('deleteConfirm', { name: run?.name ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}

function ImportOutcome({ text }: { text: JudgeTextApi }) {
  const outcome = useJudgeStore((s) => s.importOutcome);
  const { t } = text;
  if (outcome.kind === 'none') return null;
  if (outcome.kind === 'working') return <p role="status">{t('importWorking')}</p>;
  if (outcome.kind === 'refused') {
    return (
      <div className="judge-outcome judge-refused" data-testid="judge-import-outcome" data-kind="refused" role="alert">
        <p>{t('importRefused')}</p>
        <pre>{outcome.message}</pre>
      </div>
    );
  }
  const { report } = outcome;
  return (
    <div className="judge-outcome" data-testid="judge-import-outcome" data-kind="imported" data-stored={report.stored} data-unmatched={report.unmatchedCount} role="status">
      <p>{t('imported', { stored: report.stored, file: report.run.sourceFile ?? report.run.name })}</p>
      {report.unmatchedCount > 0 && (
        <>
          <p>{t('importedUnmatched', { n: report.unmatchedCount })}</p>
          <ul className="judge-unmatched">
            {report.unmatched.slice(0, 10).map((line) => (
              <li key={line.line} data-testid="judge-unmatched-line" data-line={line.line}>
                {report.run.sourceFile}:{line.line} — {line.group} {line.dialogue}
              </li>
            ))}
          </ul>
        </>
      )}
      {report.duplicateLines > 0 && <p>{t('importedDuplicates', { n: report.duplicateLines })}</p>}
    </div>
  );
}

function TableOne({ view, report, text }: { view: TableOneView; report: JudgeReport; text: JudgeTextApi }) {
  const { t, lang } = text;
  return (
    <div className="judge-table-scroll">
      <table className="judge-table" data-testid="judge-table">
        <caption>{t('tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('rubric')}</th>
            {view.groups.map((group) => (
              <th key={group} scope="col">
                {group}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.rows.map((row) => {
            const rubric = report.set.rubrics.find((candidate) => candidate.id === row.id);
            return (
              <tr key={row.id} className={row.id === 'overall' ? 'judge-overall' : undefined}>
                <th scope="row" title={rubric ? rubric.definition[lang] : undefined}>
                  {row.id === 'overall' ? t('overall') : <>{row.id} <span className="judge-rubric-name">{rubric?.name[lang]}</span></>}
                </th>
                {row.cells.map((cell, index) => (
                  <td
                    key={view.groups[index]}
                    data-testid="judge-cell"
                    data-rubric={row.id}
                    data-group={view.groups[index]}
                    data-mean={cell.mean ?? ''}
                    data-sd={cell.sd ?? ''}
                    data-n={cell.n}
                  >
                    <span className="judge-mean">{formatMean(cell.mean)}</span>
                    <span className="judge-nsd">{t('nSd', { n: cell.n, sd: formatMean(cell.sd) })}</span>
                    {cell.failed > 0 && <span className="judge-failed">{t('failedCount', { n: cell.failed })}</span>}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Calibration({ report, text }: { report: JudgeReport; text: JudgeTextApi }) {
  const { t } = text;
  const calibration = report.calibration;
  return (
    <section className="judge-section" data-testid="judge-calibration">
      <h2>{t('calibrationTitle')}</h2>
      {!calibration ? (
        <p className="judge-empty" data-testid="calibration-empty">
          {t('calibrationEmpty')}
        </p>
      ) : (
        <>
          <p className="judge-intro">{t('calibrationCaption')}</p>
          <p data-testid="calibration-raters">{t('calibrationRaters', { names: report.expertRaters.join(', ') })}</p>
          <div className="judge-table-scroll">
            <table className="judge-table judge-calibration-table">
              <thead>
                <tr>
                  <th scope="col">{t('judge')}</th>
                  <th scope="col">{t('rubric')}</th>
                  <th scope="col">{t('colN')}</th>
                  <th scope="col">{t('colPearson')}</th>
                  <th scope="col">{t('colSpearman')}</th>
                  <th scope="col">{t('colKendall')}</th>
                  <th scope="col">{t('colQwk')}</th>
                  <th scope="col">{t('colBias')}</th>
                  <th scope="col">{t('colVariance')}</th>
                </tr>
              </thead>
              <tbody>
                {calibration.rows.map((row) => (
                  <CalibrationLine key={`${row.judge}|${row.rubric}`} row={row} />
                ))}
              </tbody>
            </table>
          </div>
          {calibration.judgePairs.length > 0 && (
            <div className="judge-table-scroll">
              <h3>{t('pairsTitle')}</h3>
              <table className="judge-table" data-testid="judge-pairs">
                <thead>
                  <tr>
                    <th scope="col">{t('judge')} A</th>
                    <th scope="col">{t('judge')} B</th>
                    <th scope="col">{t('rubric')}</th>
                    <th scope="col">{t('colN')}</th>
                    <th scope="col">{t('colPearson')}</th>
                    <th scope="col">{t('colKendall')}</th>
                    <th scope="col">{t('colQwk')}</th>
                    <th scope="col">{t('pairsDifference')}</th>
                  </tr>
                </thead>
                <tbody>
                  {calibration.judgePairs.map((row) => (
                    <tr key={`${row.judgeA}|${row.judgeB}|${row.rubric}`}>
                      <td>{row.judgeA}</td>
                      <td>{row.judgeB}</td>
                      <td>{row.rubric}</td>
                      <td>{row.n}</td>
                      <td title={row.pearson.reason ?? undefined}>{stat(row.pearson)}</td>
                      <td title={row.kendall.reason ?? undefined}>{stat(row.kendall)}</td>
                      <td title={row.qwk.reason ?? undefined}>{stat(row.qwk)}</td>
                      <td>{fixed(row.meanDifference)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {calibration.selfPreference.filter((row) => row.flagged).map((row) => (
            <SelfPreference key={`${row.judge}|${row.rubric}`} row={row} text={text} />
          ))}
        </>
      )}
    </section>
  );
}

function CalibrationLine({ row }: { row: CalibrationRow }) {
  const title = (value: Statistic) => value.reason ?? undefined;
  return (
    <tr data-testid="calibration-row" data-judge={row.judge} data-rubric={row.rubric} data-n={row.n} data-bias={row.bias ?? ''}>
      <td>{row.judge}</td>
      <td>{row.rubric}</td>
      <td>{row.n}</td>
      <td title={title(row.pearson)}>{stat(row.pearson)}</td>
      <td title={title(row.spearman)}>{stat(row.spearman)}</td>
      <td title={title(row.kendall)}>{stat(row.kendall)}</td>
      <td title={title(row.qwk)}>
        {stat(row.qwk)} {row.qwkN > 0 ? `(n=${row.qwkN})` : ''}
      </td>
      <td>
        {fixed(row.bias)} {row.biasCi95 ? `[${fixed(row.biasCi95[0])}, ${fixed(row.biasCi95[1])}]` : ''}
      </td>
      <td>
        {fixed(row.judgeVariance)} / {fixed(row.expertVariance)}
      </td>
    </tr>
  );
}

function SelfPreference({ row, text }: { row: SelfPreferenceRow; text: JudgeTextApi }) {
  return (
    <p className="judge-flag" data-testid="self-preference">
      {text.t('selfPreference', { judge: row.judge, family: row.family, difference: fixed(row.difference), low: fixed(row.ci95?.[0]), high: fixed(row.ci95?.[1]) })}
    </p>
  );
}

function DrillDown({ report, judge, text }: { report: JudgeReport; judge: string; text: JudgeTextApi }) {
  const { t } = text;
  const [group, setGroup] = useState('');
  const openDialogue = useAppStore((s) => s.openDialogue);
  const groups = [...new Set(report.dialogues.map((row) => row.group))];
  const rows = report.dialogues.filter((row) => row.judge === judge && (group === '' || row.group === group));
  const shown = rows.slice(0, DRILL_LIMIT);
  return (
    <section className="judge-section" data-testid="judge-drilldown">
      <h2>{t('drillTitle')}</h2>
      <p className="judge-intro">{t('drillHint')}</p>
      <label>
        {t('drillGroup')}{' '}
        <select value={group} onChange={(event) => setGroup(event.target.value)} data-testid="judge-drill-group">
          <option value="">{t('drillAll')}</option>
          {groups.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {rows.length > shown.length && <p>{t('drillShown', { shown: shown.length, total: rows.length })}</p>}
      <div className="judge-table-scroll">
        <table className="judge-table">
          <thead>
            <tr>
              <th scope="col">{t('drillDialogue')}</th>
              <th scope="col">{t('drillGroup')}</th>
              {report.set.rubrics.map((rubric) => (
                <th key={rubric.id} scope="col">
                  {rubric.id}
                </th>
              ))}
              <th scope="col">{t('overall')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={`${row.dialogueId}|${row.judge}`} data-testid="judge-dialogue" data-dialogue-id={row.dialogueId}>
                <td>
                  <button type="button" className="link" onClick={() => openDialogue(row.dialogueId, 'judge')}>
                    {row.externalId}
                  </button>
                </td>
                <td>{row.group}</td>
                {row.means.map((mean, index) => (
                  <td key={index}>{formatMean(mean)}</td>
                ))}
                <td className="judge-failed">{row.failed > 0 ? t('failedCount', { n: row.failed }) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
