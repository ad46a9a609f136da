import { formatInterval, formatScore, METRIC_NAMES, SCORE_KEYS, type GroupScore, type ScoreKey } from '../../../../shared/metrics';
import type { MetricRunRow } from '../../db/db';
import { groupName } from './run-names';
import type { MetricsTextApi } from './strings';

interface MetricsTableProps {
  run: MetricRunRow;
  /** a run to compare with: its means are shown as differences */
  baseline: MetricRunRow | null;
  text: MetricsTextApi;
}

function delta(key: ScoreKey, value: number | null, base: number | null): string | null {
  if (value === null || base === null) return null;
  const difference = value - base;
  const shown = key === 'TotalScore' ? difference.toFixed(4) : `${(difference * 100).toFixed(1)} pp`;
  return difference > 0 ? `+${shown}` : difference < 0 ? `−${shown.slice(1)}` : `±${shown}`;
}

/** The paper's Table II: rows metrics, columns teacher models and all dialogues. */
export function MetricsTable({ run, baseline, text }: MetricsTableProps) {
  const { t, lang } = text;
  const columns: { group: GroupScore; overall: boolean }[] = [...run.groups.map((group) => ({ group, overall: false })), { group: run.overall, overall: true }];
  const baseGroup = (group: string, overall: boolean) => (baseline ? (overall ? baseline.overall : baseline.groups.find((candidate) => candidate.group === group)) : undefined) ?? null;
  const ciTitle = t('ciTitle', { resamples: run.settings.bootstrap.resamples, seed: run.settings.bootstrap.seed });
  return (
    <table className="data-table metrics-table" data-testid="metrics-table">
      <thead>
        <tr>
          <th scope="col">{t('metric')}</th>
          {columns.map(({ group, overall }) => (
            <th key={overall ? '\u0000all' : group.group} scope="col" className="numeric" data-group={overall ? '' : group.group}>
              {groupName(group.group, lang, overall)} <span className="muted">({t('nDialogues', { n: group.dialogues })})</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {SCORE_KEYS.map((key) => (
          <tr key={key} data-testid="metrics-row" data-metric={key} className={key === 'TotalScore' ? 'metrics-total' : undefined}>
            <th scope="row" title={METRIC_NAMES[key][lang]}>
              {METRIC_NAMES[key].short} <span className="muted metrics-what">{METRIC_NAMES[key][lang]}</span>
            </th>
            {columns.map(({ group, overall }) => {
              const base = baseGroup(group.group, overall);
              const difference = base ? delta(key, group.means[key], base.means[key]) : null;
              return (
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
                  {difference && base && (
                    <div className="metrics-delta" data-testid="metrics-delta">
                      {t('delta', { delta: difference, base: formatScore(key, base.means[key]) })}
                    </div>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
