import { METRIC_NAMES, SCORE_KEYS, type ScoreKey } from '../../../../shared/metrics';
import type { LabelLanguage } from '../../../../shared/codebook/types';
import type { MetricsSettings } from '../../../../shared/metrics';
import { METRIC_GLOSSARY } from './metric-glossary';
import type { MetricsTextApi } from './strings';

/** "Strategy density: share of the teacher's turns …", the acronym's tooltip wherever it stands alone. */
export function metricTooltip(key: ScoreKey, lang: LabelLanguage): string {
  const { name, definition } = METRIC_GLOSSARY[key];
  return `${METRIC_NAMES[key].short} — ${name[lang]}${lang === 'zh' ? '：' : ': '}${definition[lang]}`;
}

/**
 * Under Table II, always visible: each acronym's full name and definition, what a cell holds,
 * and what the bootstrap interval is, with the run's own resamples and seed.
 */
export function MetricsLegend({ bootstrap, text }: { bootstrap: MetricsSettings['bootstrap']; text: MetricsTextApi }) {
  const { t, lang } = text;
  return (
    <section className="metrics-legend" aria-labelledby="metrics-legend-title" data-testid="metrics-legend">
      <h2 id="metrics-legend-title">{t('legendTitle')}</h2>
      <dl className="metrics-glossary">
        {SCORE_KEYS.map((key) => (
          <div key={key} className="metrics-glossary-entry" data-testid="metrics-legend-entry" data-metric={key}>
            <dt>
              <abbr className="metrics-acronym">{METRIC_NAMES[key].short}</abbr> {METRIC_GLOSSARY[key].name[lang]}
            </dt>
            <dd>{METRIC_GLOSSARY[key].definition[lang]}</dd>
          </div>
        ))}
      </dl>
      <p>{t('legendCell')}</p>
      <p data-testid="metrics-bootstrap-explained">
        <strong>{t('bootstrapTitle')}</strong>
        {lang === 'zh' ? '' : ' '}
        {t('bootstrapBody', { resamples: bootstrap.resamples.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US'), seed: bootstrap.seed })}
      </p>
    </section>
  );
}
