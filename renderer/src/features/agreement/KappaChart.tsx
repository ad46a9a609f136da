import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import type { LayerAgreementGroup, LayerAgreementRow } from '../../../../shared/agreement/review-layers';
import type { Codebook, LabelLanguage } from '../../../../shared/codebook/types';
import { formatCoefficient, formatInterval, truncatedInterval } from '../../stores/agreement/format';
import { errorBarsPlugin } from '../../components/charts/error-bars';

import { MIN_AGREEMENT_ITEMS } from '../../../../shared/agreement/evidence';
import { isTooFew } from './coefficient-words';
import { rowName } from './row-names';

const ERROR_BAR_COLOUR = '#111827';
import type { AgreementTextApi } from './strings';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

const BAR_COLOUR = 'rgba(0, 114, 178, 0.75)';

export interface KappaBar {
  key: string;
  name: string;
  kappa: number;
  /** the 95% CI as the table shows it (truncated to [−1, 1]); null when there is none */
  interval: [number, number] | null;
}

/**
 * One bar per field with a single κ (a label-set field's own row has none), from the same rows
 * as the table; fields whose κ is undefined are named apart rather than drawn as 0.
 */
export function kappaBars(rows: readonly LayerAgreementRow[], codebook: Codebook, lang: LabelLanguage): { bars: KappaBar[]; undefinedFields: string[]; tooFewFields: string[]; hasSetFields: boolean } {
  const fieldRows = rows.filter((row) => row.code === null);
  const single = fieldRows.filter((row) => row.confusion !== null);
  const unshown = single.filter((row) => row.kappa.value === null);
  return {
    bars: single.flatMap((row) => (row.kappa.value === null ? [] : [{ key: row.key, name: rowName(codebook, row, lang), kappa: row.kappa.value, interval: truncatedInterval(row.kappa.ci95) }])),
    undefinedFields: unshown.filter((row) => !isTooFew(row.kappa)).map((row) => rowName(codebook, row, lang)),
    tooFewFields: unshown.filter((row) => isTooFew(row.kappa)).map((row) => rowName(codebook, row, lang)),
    hasSetFields: fieldRows.some((row) => row.confusion === null),
  };
}

/** The lowest value the axis shows: 0, or the lowest bar or interval bound rounded down to a step of 0.2. */
export function axisMinimum(bars: readonly KappaBar[]): number {
  const lowest = Math.min(0, ...bars.map((bar) => Math.min(bar.kappa, bar.interval?.[0] ?? bar.kappa)));
  // the small epsilon keeps a lowest value of exactly 0 (or −0.4) on its own step rather than one below
  return Math.max(-1, Math.floor(lowest / 0.2 + 1e-9) * 0.2);
}

/** κ per field as bars with the 95% CI as error bars (Chart.js on a canvas; the table holds the same numbers for screen readers). */
export function KappaChart({ group, codebook, text }: { group: LayerAgreementGroup; codebook: Codebook; text: AgreementTextApi }) {
  const { t, lang } = text;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { bars, undefinedFields, tooFewFields, hasSetFields } = kappaBars(group.rows, codebook, lang);
  const key = JSON.stringify(bars);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || bars.length === 0) return;
    // the app's font (Latin first, then CJK), at the size of the text around the chart
    const font = { family: getComputedStyle(canvas).fontFamily, size: 13 };
    const chart = new Chart(canvas, {
      type: 'bar',
      data: { labels: bars.map((bar) => bar.name), datasets: [{ label: 'κ', data: bars.map((bar) => bar.kappa), backgroundColor: BAR_COLOUR, maxBarThickness: 56 }] },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: {
          y: {
            min: axisMinimum(bars),
            max: 1,
            title: { display: true, text: 'κ', font },
            // 0.2 steps: one decimal; a −0 of floating point is written 0
            ticks: { font, stepSize: 0.2, callback: (value) => formatCoefficient(Math.round(Number(value) * 10) / 10 || 0).slice(0, -2) },
          },
          x: { ticks: { font } },
        },
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { label: (item) => `κ ${formatCoefficient(bars[item.dataIndex].kappa)}, 95% CI ${formatInterval(bars[item.dataIndex].interval)}` } },
        },
      },
      plugins: [
        errorBarsPlugin([bars.map((bar) => bar.interval)], {
          color: ERROR_BAR_COLOUR,
          lineWidth: 2,
          // the drawn segments in canvas pixels: the end-to-end test looks for the ink there
          onDrawn: (segments) => {
            canvas.dataset.errorBars = JSON.stringify(segments.map((segment) => ({ x: Math.round(segment.x), top: Math.round(segment.yHigh), bottom: Math.round(segment.yLow) })));
          },
        }),
      ],
    });
    return () => chart.destroy();
    // `key` stands for the plotted numbers and names: redraw when they change, not on every render.
  }, [key]);

  return (
    <figure className="kappa-chart" data-testid="agreement-kappa-chart" data-bars={key}>
      <figcaption>{t('chartTitle')}</figcaption>
      {bars.length === 0 ? (
        <p className="muted">{t('chartNone')}</p>
      ) : (
        <div className="kappa-chart-canvas">
          <canvas ref={canvasRef} data-testid="agreement-kappa-canvas" role="img" aria-label={t('chartLabel')} />
        </div>
      )}
      {tooFewFields.length > 0 && (
        <p className="muted" data-testid="agreement-chart-too-few">
          {t('chartTooFew', { min: MIN_AGREEMENT_ITEMS, fields: tooFewFields.join(lang === 'zh' ? '、' : ', ') })}
        </p>
      )}
      {undefinedFields.length > 0 && <p className="muted">{t('chartUndefined', { fields: undefinedFields.join(lang === 'zh' ? '、' : ', ') })}</p>}
      {hasSetFields && <p className="muted">{t('chartSetNote')}</p>}
    </figure>
  );
}
