import { useEffect, useMemo, useRef, useState } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import type { RunComparison as Comparison } from '../../../../shared/judge/run-comparison';
import type { RubricSet } from '../../../../shared/judge/types';
import { useComparisonStore } from '../../stores/judge/comparison-store';
import { formatDifference, seriesLabel } from '../../stores/judge/comparison-export';
import { useJudgeStore } from '../../stores/judge/store';
import { formatMean } from '../../stores/judge/table-export';
import { fixed, stat } from './format';
import type { JudgeTextApi } from './strings';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Okabe–Ito, one per series (as the Table I chart colours teacher models). */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];

/** Two or more runs of the data set on the same rubric-set version, side by side. */
export function RunComparison({ datasetId, text }: { datasetId: string; text: JudgeTextApi }) {
  const { t } = text;
  const allRuns = useJudgeStore((s) => s.runs);
  // score runs only: a pairwise run has verdicts, not rubric means, to set beside them
  const runs = useMemo(() => allRuns.filter((run) => run.mode !== 'pairwise'), [allRuns]);
  const state = useComparisonStore();
  useEffect(() => useComparisonStore.getState().reset(), [datasetId]);
  // a chosen run deleted: its figures must not stay on screen
  const stale = state.runIds.some((id) => !runs.some((run) => run.id === id));
  useEffect(() => {
    if (stale) useComparisonStore.getState().reset();
  }, [stale]);
  if (runs.length === 0) return null;
  return (
    <section className="judge-section" data-testid="judge-comparison" data-status={state.status}>
      <h2>{t('compareTitle')}</h2>
      {runs.length < 2 ? (
        <p className="judge-intro">{t('compareOne')}</p>
      ) : (
        <>
          <p className="judge-intro">{t('compareHint')}</p>
          <fieldset className="judge-compare-runs">
            <legend className="visually-hidden">{t('compareTitle')}</legend>
            {runs.map((run) => {
              const order = state.runIds.indexOf(run.id);
              return (
                <label key={run.id} className="judge-compare-run">
                  <input type="checkbox" data-testid="compare-run" data-run={run.name} checked={order >= 0} onChange={() => void state.toggle(run, runs)} />
                  {order >= 0 && <span className="judge-compare-order">{order + 1}</span>}
                  {run.name} · {run.createdAt.slice(0, 16).replace('T', ' ')} · {run.rubricSet.id} v{run.rubricSet.version}
                </label>
              );
            })}
          </fieldset>
          {state.status === 'computing' && <p role="status">{t('compareComputing')}</p>}
          {(state.status === 'refused' || state.status === 'error') && (
            <p role="alert" className="judge-refused" data-testid="compare-refused">
              {t('compareRefused', { message: state.message ?? '' })}
            </p>
          )}
          {state.outcome?.kind === 'done' && <ComparisonResult comparison={state.outcome.comparison} set={state.outcome.set} text={text} />}
        </>
      )}
    </section>
  );
}

function ComparisonResult({ comparison, set, text }: { comparison: Comparison; set: RubricSet; text: JudgeTextApi }) {
  const { t, lang } = text;
  const save = useComparisonStore((s) => s.save);
  const names = comparison.series.map(seriesLabel);
  const labelOf = (key: string) => {
    const series = comparison.series.find((entry) => entry.key === key);
    return series ? seriesLabel(series) : key;
  };
  const rubricName = (id: string) => (id === 'overall' ? t('overall') : id);
  return (
    <>
      <div className="judge-table-head">
        <button type="button" className="quiet" data-testid="compare-export-csv" onClick={() => void useComparisonStore.getState().exportComparison('csv', { overall: t('overall') })}>
          {t('exportCsv')}
        </button>
        <button type="button" className="quiet" data-testid="compare-export-md" onClick={() => void useComparisonStore.getState().exportComparison('md', { overall: t('overall') })}>
          {t('exportMd')}
        </button>
        {save && (
          <span className="judge-save" data-testid="compare-save" data-status={save.status} role="status">
            {save.status === 'working' ? t('saving') : save.status === 'saved' ? t('saved', { path: save.path ?? '' }) : save.status === 'canceled' ? t('canceled') : t('saveFailed')}
          </span>
        )}
      </div>
      <ComparisonChart comparison={comparison} set={set} text={text} />
      <div className="judge-table-scroll">
        <table className="judge-table" data-testid="compare-table">
          <thead>
            <tr>
              <th scope="col">{t('compareGroup')}</th>
              <th scope="col" className="judge-left">
                {t('rubric')}
              </th>
              {names.map((name) => (
                <th key={name} scope="col" className="judge-compare-head">
                  {name}
                </th>
              ))}
              {comparison.contrasts.map((contrast) => (
                <th key={`d-${contrast.series}`} scope="col" className="judge-compare-head" title={t('compareMinus', { name: names[contrast.series], baseline: names[contrast.baseline] })}>
                  Δ {names[contrast.series]}
                  <span className="judge-nsd">− {names[contrast.baseline]}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {comparison.rows.map((row, index) => (
              <tr key={`${row.group}|${row.rubric}`} className={row.rubric === 'overall' ? 'judge-overall' : undefined}>
                {(index === 0 || comparison.rows[index - 1].group !== row.group) && (
                  <th scope="rowgroup" className="judge-compare-group" rowSpan={comparison.rows.filter((candidate) => candidate.group === row.group).length}>
                    {row.group}
                  </th>
                )}
                <td className="judge-left" title={set.rubrics.find((rubric) => rubric.id === row.rubric)?.name[lang]}>
                  {rubricName(row.rubric)}
                </td>
                {row.cells.map((cell, s) => (
                  <td key={s} data-testid="compare-cell" data-group={row.group} data-rubric={row.rubric} data-series={s} data-mean={cell.mean ?? ''}>
                    <span className="judge-mean">{formatMean(cell.mean)}</span>
                    <span className="judge-nsd">{t('nSd', { n: cell.n, sd: formatMean(cell.sd) })}</span>
                  </td>
                ))}
                {row.differences.map((difference, c) => (
                  <td key={`d${c}`} data-testid="compare-difference" data-group={row.group} data-rubric={row.rubric} data-series={comparison.contrasts[c].series} data-baseline={comparison.contrasts[c].baseline} data-difference={difference ?? ''}>
                    {formatDifference(difference)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>{t('compareAgreement')}</h3>
      <div className="judge-table-scroll">
        <table className="judge-table" data-testid="compare-agreement">
          <thead>
            <tr>
              <th scope="col">{t('compareSeriesA')}</th>
              <th scope="col">{t('compareSeriesB')}</th>
              <th scope="col">{t('rubric')}</th>
              <th scope="col">{t('colN')}</th>
              <th scope="col">{t('colPearson')}</th>
              <th scope="col">{t('colQwk')}</th>
              <th scope="col">{t('compareMeanDifference')}</th>
            </tr>
          </thead>
          <tbody>
            {comparison.agreement.map((pair) => (
              <tr key={`${pair.judgeA}|${pair.judgeB}|${pair.rubric}`} data-testid="compare-agreement-row" data-rubric={pair.rubric} data-n={pair.n} data-pearson={pair.pearson.value ?? ''}>
                <td className="judge-left">{labelOf(pair.judgeA)}</td>
                <td className="judge-left">{labelOf(pair.judgeB)}</td>
                <td>{pair.rubric}</td>
                <td>{pair.n}</td>
                <td title={pair.pearson.reason ?? undefined}>{stat(pair.pearson)}</td>
                <td title={pair.qwk.reason ?? undefined}>{stat(pair.qwk)}</td>
                <td>{fixed(pair.meanDifference)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Grouped bars: a group per teacher model, a bar per series, for the rubric chosen (the overall by default). */
function ComparisonChart({ comparison, set, text }: { comparison: Comparison; set: RubricSet; text: JudgeTextApi }) {
  const { t, lang } = text;
  const [rubric, setRubric] = useState('overall');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const range = set.rubrics[0]?.range ?? { min: 1, max: 5 };
  const rows = comparison.groups.map((group) => comparison.rows.find((row) => row.group === group && row.rubric === rubric));
  const series = comparison.series.map((entry, s) => ({ label: seriesLabel(entry), values: rows.map((row) => (row?.cells[s].mean == null ? null : Math.round(row.cells[s].mean! * 100) / 100)) }));
  const key = JSON.stringify([comparison.groups, series]);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const font = { family: getComputedStyle(canvas).fontFamily, size: 13 };
    const chart = new Chart(canvas, {
      type: 'bar',
      data: { labels: comparison.groups, datasets: series.map((entry, index) => ({ label: entry.label, data: entry.values, backgroundColor: PALETTE[index % PALETTE.length] })) },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: { x: { ticks: { font } }, y: { min: Math.max(0, range.min - 1), max: range.max, ticks: { font } } },
        plugins: { legend: { position: 'bottom', labels: { font } }, tooltip: { titleFont: font, bodyFont: font } },
      },
    });
    return () => chart.destroy();
  }, [key, lang]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <figure className="judge-chart" data-testid="compare-chart" data-series={key}>
      <figcaption>
        <label>
          {t('compareChartRubric')}{' '}
          <select data-testid="compare-chart-rubric" className="judge-compare-chart-select" value={rubric} onChange={(event) => setRubric(event.target.value)}>
            <option value="overall">{t('overall')}</option>
            {set.rubrics.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.id} {entry.name[lang]}
              </option>
            ))}
          </select>
        </label>
      </figcaption>
      <div className="judge-chart-canvas">
        <canvas ref={canvasRef} role="img" aria-label={t('compareChartLabel')} />
      </div>
    </figure>
  );
}
