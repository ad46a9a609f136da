import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { METRIC_IDS, METRIC_NAMES, SCORE_KEYS, type GroupScore } from '../../../../shared/metrics';
import { errorBarsPlugin, type ErrorBarSegment } from '../../components/charts/error-bars';
import { METRIC_GLOSSARY } from './metric-glossary';
import type { MetricsTextApi } from './strings';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Colour-blind-safe (Okabe–Ito), one per teacher model; repeats past eight models. */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];
/** The error bars' colour: dark enough to read over every bar colour but black. */
export const ERROR_BAR_COLOR = '#222222';

const percent = (value: number) => Math.round(value * 1000) / 10;

export interface ChartSeries {
  group: string;
  /** the means in percent, one decimal (TotalScore × 100), one per label */
  values: (number | null)[];
  /** the 95% bootstrap intervals in the same unit, unrounded; null where there is none */
  intervals: ([number, number] | null)[];
}

/** The seven indicators and TotalScore × 100, in percent, one bar per teacher model. */
export function chartSeries(groups: readonly GroupScore[]): { labels: string[]; series: ChartSeries[] } {
  const labels = [...METRIC_IDS.map((id) => METRIC_NAMES[id].short), 'TotalScore ×100'];
  const series = groups.map((group) => ({
    group: group.group,
    values: SCORE_KEYS.map((key) => group.means[key]).map((value) => (value === null ? null : percent(value))),
    intervals: SCORE_KEYS.map((key) => group.ci95[key]).map((interval): [number, number] | null => (interval === null ? null : [interval[0] * 100, interval[1] * 100])),
  }));
  return { labels, series };
}

/** The segments as drawn, rounded to the pixel, for the canvas's data-error-bars attribute. */
function drawnSegments(segments: ErrorBarSegment[]): string {
  return JSON.stringify(segments.map(({ dataset, index, x, yLow, yHigh, halfCap }) => ({ dataset, index, x: Math.round(x), yLow: Math.round(yLow), yHigh: Math.round(yHigh), halfCap: Math.round(halfCap) })));
}

/** Bars per metric comparing the teacher models, each with its bootstrap interval as an error bar (Chart.js on a canvas; the table above holds the same numbers for screen readers). */
export function MetricsChart({ groups, text }: { groups: readonly GroupScore[]; text: MetricsTextApi }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { t, lang } = text;
  const { labels, series } = chartSeries(groups);
  const key = JSON.stringify(series);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // The page's own type (Latin first, then CJK) rather than Chart.js's Helvetica default.
    const font = { family: getComputedStyle(canvas).fontFamily, size: 13 };
    const chart = new Chart(canvas, {
      type: 'bar',
      data: {
        labels,
        datasets: series.map((entry, index) => ({ label: entry.group, data: entry.values, backgroundColor: PALETTE[index % PALETTE.length] })),
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: { x: { ticks: { font } }, y: { min: 0, max: 100, ticks: { font, callback: (value) => `${value}%` } } },
        plugins: {
          legend: { position: 'bottom', labels: { font } },
          tooltip: {
            titleFont: font,
            bodyFont: font,
            callbacks: {
              title: (items) => (items[0] ? `${labels[items[0].dataIndex]} — ${METRIC_GLOSSARY[SCORE_KEYS[items[0].dataIndex]].name[lang]}` : ''),
              label: (item) => {
                const interval = series[item.datasetIndex]?.intervals[item.dataIndex];
                const shown = interval ? ` (${t('chartTooltipInterval', { interval: `${interval[0].toFixed(1)}–${interval[1].toFixed(1)}%` })})` : '';
                return `${item.dataset.label}: ${item.formattedValue}%${shown}`;
              },
            },
          },
        },
      },
      plugins: [errorBarsPlugin(series.map((entry) => entry.intervals), { color: ERROR_BAR_COLOR, onDrawn: (segments) => canvas.setAttribute('data-error-bars', drawnSegments(segments)) })],
    });
    return () => chart.destroy();
    // `key` stands for the plotted numbers and `lang` for the tooltip's words: redraw when they change, not on every render.
  }, [key, lang]);

  return (
    <figure className="metrics-chart" data-testid="metrics-chart" data-series={key}>
      <figcaption>{t('chartTitle')}</figcaption>
      <div className="metrics-chart-canvas">
        <canvas ref={canvasRef} role="img" aria-label={t('chartLabel')} />
      </div>
    </figure>
  );
}
