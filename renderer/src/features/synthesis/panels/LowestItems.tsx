import { useMemo } from 'react';
import type { SynthesisRoundPayload } from '../../../../../shared/synthesis/synthesis-job';
import { inBoth, points } from './format';
import { DEFAULT_LOWEST_LIMIT, lowestItems } from './lowest-items';
import { useSynthesisPanelText } from './strings';
import './panels.css';

/**
 * The answers that score lowest in the round, on the chosen metric or overall, with the test
 * item, the answer and the judge's reasons: what a revision of the metric has to account for.
 * Every text is model output, shown as text.
 */
export function LowestItems(props: { payload: SynthesisRoundPayload; metricId: string | null; limit?: number }) {
  const { payload, metricId, limit = DEFAULT_LOWEST_LIMIT } = props;
  const { t, lang } = useSynthesisPanelText();
  const listed = useMemo(() => lowestItems(payload, metricId, limit), [payload, metricId, limit]);
  const names = new Map(payload.metrics.map((metric) => [metric.id, inBoth(metric.name, lang)]));
  const nameOf = (id: string) => names.get(id)?.shown ?? id;
  return (
    <section className="synthesis-panel" data-testid="synthesis-lowest" data-metric={metricId ?? ''} aria-labelledby="synthesis-lowest-title">
      <h3 id="synthesis-lowest-title">{t('lowestTitle')}</h3>
      <p className="muted small">{metricId === null ? t('lowestOverall') : t('lowestForMetric', { metric: `${nameOf(metricId)} (${metricId})` })}</p>
      {listed.length === 0 ? (
        <p className="muted" data-testid="synthesis-lowest-none">
          {t('lowestNone')}
        </p>
      ) : (
        <ol className="synthesis-lowest">
          {listed.map((entry) => (
            <li key={entry.answerId} data-testid="synthesis-lowest-item" data-answer={entry.answerId} data-score={entry.score}>
              <div className="synthesis-lowest-head">
                <strong>{metricId === null ? t('lowestMean', { score: points(entry.score), n: entry.scores.length }) : t('lowestScore', { score: points(entry.score) })}</strong>
                <span>{t('lowestAnswer', { id: entry.answerId })}</span>
                {entry.itemId && <span>{t('lowestItem', { id: entry.itemId })}</span>}
                {entry.anchor && (
                  <span className="synthesis-badge synthesis-badge-lock" title={t('anchorHint')} data-testid="synthesis-lowest-anchor">
                    {t('anchor')}
                  </span>
                )}
              </div>
              <p className="synthesis-text">{entry.itemText ?? t('lowestMissingItem')}</p>
              {entry.answerText !== null && <blockquote className="synthesis-quote">{entry.answerText}</blockquote>}
              <h4 className="small">{t('lowestRationale')}</h4>
              <ul className="synthesis-rationale">
                {entry.scores.map((score, index) => (
                  <li key={`${score.metric}|${index}`}>
                    {metricId === null && `${nameOf(score.metric)}: `}
                    {points(score.score)} — {score.rationale ?? t('lowestNoRationale')}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
