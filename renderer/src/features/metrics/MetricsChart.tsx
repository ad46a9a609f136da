import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { METRIC_IDS, METRIC_NAMES, type GroupScore } from '../../../../shared/metrics';
import type { MetricsTextApi } from './strings';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Colour-blind-safe (Okabe–Ito), one per teacher model; repeats past eight models. */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];

/** The seven indicators and TotalScore × 100, in percent, one bar per teacher model. */
export function chartSeries(groups: readonly GroupScore[]): { labels: string[]; series: { group: string; values: (number | null)[] }[] } {
  const labels = [...METRIC_IDS.map((id) => METRIC_NAMES[id].short), 'TotalScore ×100'];
  const series = groups.map((group) => ({
    group: group.group,
    values: [...METRIC_IDS.map((id) => group.means[id]), group.means.TotalScore].map((value) => (value === null ? null : Math.round(value * 1000) / 10)),
  }));
  return { labels, series };
}

/** Bars per metric comparing the teacher models (Chart.js on a canvas; the table above holds the same numbers for screen readers). */
export function MetricsChart({ groups, text }: { groups: readonly GroupScore[]; text: MetricsTextApi }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { labels, series } = chartSeries(groups);
  const key = JSON.stringify(series);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
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
        scales: { y: { min: 0, max: 100, ticks: { callback: (value) => `${value}%` } } },
        plugins: { legend: { position: 'bottom' }, tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${item.formattedValue}%` } } },
      },
    });
    return () => chart.destroy();
    // `key` stands for the plotted numbers: redraw when they change, not on every render.
  }, [key]);

  return (
    <figure className="metrics-chart" data-testid="metrics-chart" data-series={key}>
      <figcaption>{text.t('chartTitle')}</figcaption>
      <div className="metrics-chart-canvas">
        <canvas ref={canvasRef} role="img" aria-label={text.t('chartLabel')} />
      </div>
    </figure>
  );
}
