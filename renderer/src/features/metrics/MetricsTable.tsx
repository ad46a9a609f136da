import { formatInterval, formatScore, METRIC_NAMES, SCORE_KEYS, type GroupScore, type ScoreKey } from '../../../../shared/metrics';
import type { MetricRunRow } from '../../../../shared/model/metric-run';
import { metricTooltip } from './MetricsLegend';
import { baselineGroup, metricChange } from './run-compare';
import { groupName, runTitle } from './run-names';
import { METRIC_GLOSSARY } from './metric-glossary';
import type { MetricsTextApi } from './strings';

interface MetricsTableProps {
  run: MetricRunRow;
  /** a run to compare with: its means are shown as differences, unless none differs (said once above the table) */
  baseline: MetricRunRow | null;
  text: MetricsTextApi;
}

/** One cell's line under the mean comparing it with the compared run's; calm words when there is nothing to subtract. */
function DeltaLine({ metric, group, base, baseTitle, text }: { metric: ScoreKey; group: GroupScore; base: GroupScore | null; baseTitle: string; text: MetricsTextApi }) {
  const { t } = text;
  if (!base) {
    return (
      <div className="metrics-delta muted" data-testid="metrics-delta" data-change="not-in-baseline">
        {t('deltaNotInBaseline', { run: baseTitle })}
      </div>
    );
  }
  const change = metricChange(metric, group.means[metric], base.means[metric]);
  if (change.kind === 'none') return null;
  if (change.kind === 'same') {
    return (
      <div className="metrics-delta muted" data-testid="metrics-delta" data-change="same">
        {t('deltaSame')}
      </div>
    );
  }
  const baseValue = formatScore(metric, base.means[metric]);
  return (
    <div className={`metrics-delta${change.kind === 'incomparable' ? ' muted' : ''}`} data-testid="metrics-delta" data-change={change.kind}>
      {change.kind === 'changed' ? t('delta', { delta: change.text, run: baseTitle, base: baseValue }) : t('deltaIncomparable', { run: baseTitle, base: baseValue })}
    </div>
  );
}

/** The paper's Table II: rows metrics, columns teacher models and all dialogues. */
export function MetricsTable({ run, baseline, text }: MetricsTableProps) {
  const { t, lang } = text;
  const columns: { group: GroupScore; overall: boolean }[] = [...run.groups.map((group) => ({ group, overall: false })), { group: run.overall, overall: true }];
  const ciTitle = t('ciTitle', { resamples: run.settings.bootstrap.resamples, seed: run.settings.bootstrap.seed });
  // the number alone keeps cells short; the line above the table names the run in full
  const baseTitle = baseline ? runTitle({ sequence: baseline.sequence }, lang) : '';
  return (
    <table className="data-table metrics-table" data-testid="metrics-table">
      <thead>
        <tr>
          <th scope="col">{t('metric')}</th>
          {columns.map(({ group, overall }) => (
            <th key={overall ? '\u0000all' : group.group} scope="col" className="numeric" data-testid="metrics-column" data-group={overall ? '' : group.group}>
              <span className="metrics-model">{groupName(group.group, lang, overall)}</span> <span className="muted metrics-column-n">({t('nDialogues', { n: group.dialogues })})</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {SCORE_KEYS.map((key) => (
          <tr key={key} data-testid="metrics-row" data-metric={key} className={key === 'TotalScore' ? 'metrics-total' : undefined}>
            <th scope="row" title={metricTooltip(key, lang)} data-testid="metrics-row-header">
              <abbr className="metrics-acronym">{METRIC_NAMES[key].short}</abbr> <span className="muted metrics-what">{METRIC_GLOSSARY[key].name[lang]}</span>
            </th>
            {columns.map(({ group, overall }) => (
              <td
                key={overall ? '\u0000all' : group.group}
                className="numeric"
                data-testid="metrics-cell"
                data-group={overall ? '' : group.group}
                data-mean={group.means[key] ?? ''}
                data-n={group.n[key]}
              >
                <div className="metrics-mean">{formatScore(key, group.means[key])}</div>
                <div className="metrics-ci muted" title={ciTitle}>
                  {formatInterval(key, group.ci95[key])}
                  {group.n[key] !== group.dialogues ? ` n=${group.n[key]}` : ''}
                </div>
                {baseline && <DeltaLine metric={key} group={group} base={baselineGroup(baseline, group, overall)} baseTitle={baseTitle} text={text} />}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
