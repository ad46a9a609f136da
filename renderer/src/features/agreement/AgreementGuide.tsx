import { MIN_AGREEMENT_ITEMS } from '../../../../shared/agreement/evidence';
import { LANDIS_KOCH_WORDS, type LandisKochBand } from '../../../../shared/agreement/interpretation';
import type { AgreementStringKey, AgreementTextApi } from './strings';

/** The legend's terms, in the table's column order: the column header's key and its one-line meaning. */
const LEGEND: readonly (readonly [AgreementStringKey, AgreementStringKey])[] = [
  ['n', 'legend.n'],
  ['missing', 'legend.missing'],
  ['excluded', 'legend.notApplicable'],
  ['accuracy', 'legend.percent'],
  ['kappa', 'legend.kappa'],
  ['ci', 'legend.ci'],
  ['band', 'legend.band'],
];

/** Landis & Koch's table as they print it (interpretation.ts holds the bounds the app applies). */
const BAND_RANGES: readonly (readonly [string, LandisKochBand])[] = [
  ['< 0.00', 'poor'],
  ['0.00–0.20', 'slight'],
  ['0.21–0.40', 'fair'],
  ['0.41–0.60', 'moderate'],
  ['0.61–0.80', 'substantial'],
  ['0.81–1.00', 'almost_perfect'],
];

const EXPLANATIONS: readonly AgreementStringKey[] = ['explain.n', 'explain.missing', 'explain.notApplicable', 'explain.percent', 'explain.kappa', 'explain.minimum', 'explain.undefined', 'explain.ci', 'explain.degenerate'];

/** A short legend of the table's columns, always visible, and the longer "What is this?" panel beside it. */
export function AgreementGuide({ text }: { text: AgreementTextApi }) {
  const { t, lang } = text;
  return (
    <div className="agreement-guide">
      <dl className="agreement-legend" data-testid="agreement-legend" aria-label={t('legendTitle')}>
        {LEGEND.map(([term, meaning]) => (
          <div key={term} data-testid="agreement-legend-item" data-term={term}>
            <dt>{t(term)}</dt>
            <dd>{t(meaning)}</dd>
          </div>
        ))}
      </dl>
      <details className="agreement-explainer" data-testid="agreement-explainer">
        <summary>{t('whatIsThis')}</summary>
        {EXPLANATIONS.map((key) => (
          <p key={key} data-testid="agreement-explanation" data-topic={key}>
            {t(key, { min: MIN_AGREEMENT_ITEMS })}
          </p>
        ))}
        <p>{t('explain.bands')}</p>
        <table className="band-table" data-testid="agreement-band-table">
          <thead>
            <tr>
              <th scope="col">{t('bandRange')}</th>
              <th scope="col">{t('bandName')}</th>
            </tr>
          </thead>
          <tbody>
            {BAND_RANGES.map(([range, band]) => (
              <tr key={band} data-band={band}>
                <td className="numeric">{range}</td>
                <td>{LANDIS_KOCH_WORDS[band][lang]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
