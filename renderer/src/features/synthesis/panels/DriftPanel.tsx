import type { AnchorDrift, DraftMetric, DriftComparison } from '../../../../../shared/synthesis/types';
import { driftWarning, inBoth, points } from './format';
import { useSynthesisPanelText, type SynthesisPanelTextApi } from './strings';
import './panels.css';

/** A signed difference with its sign, so more lenient (+) and stricter (−) read at a glance. */
const signed = (value: number) => (value > 0 ? `+${points(value)}` : value < 0 ? `−${points(-value)}` : points(0));

function Side({ comparison, title, testId, metrics, text }: { comparison: DriftComparison; title: string; testId: string; metrics: readonly DraftMetric[]; text: SynthesisPanelTextApi }) {
  const { t, lang } = text;
  const byId = new Map(metrics.map((metric) => [metric.id, metric]));
  const nameOf = (id: string) => {
    const metric = byId.get(id);
    return metric ? inBoth(metric.name, lang).shown : id;
  };
  const warning = driftWarning(lang, comparison, nameOf);
  return (
    <div className="synthesis-drift-side" data-testid={testId} data-beyond={comparison.beyondThreshold}>
      <h4>{title}</h4>
      {warning ? (
        <p className="synthesis-warning" role="note" data-testid="synthesis-drift-warning">
          ⚠ {warning}
        </p>
      ) : (
        <p className="muted small">{t('driftWithin', { threshold: points(comparison.threshold) })}</p>
      )}
      <div className="synthesis-table-scroll">
        <table className="synthesis-table">
          <caption>{t('driftCaption', { threshold: points(comparison.threshold) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('colMetric')}</th>
              <th scope="col" className="numeric">
                {t('colPairs')}
              </th>
              <th scope="col" className="numeric">
                {t('colMad')}
              </th>
              <th scope="col" className="numeric">
                {t('colSigned')}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className={comparison.overall.meanAbsoluteDifference > comparison.threshold ? 'synthesis-beyond' : undefined} data-testid="synthesis-drift-overall">
              <th scope="row">{t('driftOverall')}</th>
              <td className="numeric">{comparison.overall.pairs}</td>
              <td className="numeric">{points(comparison.overall.meanAbsoluteDifference)}</td>
              <td className="numeric">{signed(comparison.overall.meanSignedDifference)}</td>
            </tr>
            {comparison.metrics.map((drift) => {
              const metric = byId.get(drift.metric);
              const name = metric ? inBoth(metric.name, lang) : null;
              const beyond = drift.meanAbsoluteDifference > comparison.threshold;
              return (
                <tr key={drift.metric} className={beyond ? 'synthesis-beyond' : undefined} data-testid="synthesis-drift-metric" data-metric={drift.metric} data-beyond={beyond}>
                  <th scope="row" title={name?.other}>
                    {name?.shown ?? drift.metric}
                    {beyond && ' ⚠'}
                    <span className="synthesis-other">{drift.metric}</span>
                  </th>
                  <td className="numeric">{drift.pairs}</td>
                  <td className="numeric">{drift.pairs === 0 ? '—' : points(drift.meanAbsoluteDifference)}</td>
                  <td className="numeric">{drift.pairs === 0 ? '—' : signed(drift.meanSignedDifference)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** How far the frozen anchors' scores moved: since round 0 and since the previous round, overall and per metric. */
export function DriftPanel(props: { drift: AnchorDrift | null; metrics: readonly DraftMetric[] }) {
  const { drift, metrics } = props;
  const text = useSynthesisPanelText();
  const { t } = text;
  return (
    <section className="synthesis-panel" data-testid="synthesis-drift" aria-labelledby="synthesis-drift-title">
      <h3 id="synthesis-drift-title">{t('driftTitle')}</h3>
      {drift === null ? (
        <p className="muted" data-testid="synthesis-drift-none">
          {t('driftNone')}
        </p>
      ) : (
        <>
          <Side comparison={drift.sinceFirst} title={t('driftSinceFirst')} testId="synthesis-drift-first" metrics={metrics} text={text} />
          {drift.sincePrevious ? (
            <Side comparison={drift.sincePrevious} title={t('driftSincePrevious')} testId="synthesis-drift-previous" metrics={metrics} text={text} />
          ) : (
            <p className="muted small">{t('driftNoPrevious')}</p>
          )}
        </>
      )}
    </section>
  );
}
