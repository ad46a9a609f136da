import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import type { PairwiseSummaryRow } from '../../../../shared/judge/pairwise-summary';
import { usePairwiseText } from './pairwise-strings';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Okabe–Ito, colour-blind-safe: A as the metrics chart's first model, B its second, ties grey, inconsistent vermilion. */
const COLORS = { winsA: '#0072B2', ties: '#999999', winsB: '#E69F00', inconsistent: '#D55E00' } as const;
const SEGMENTS = ['winsA', 'ties', 'winsB', 'inconsistent'] as const;

/** One horizontal bar per judge (and the panel): A wins, ties, B wins and inconsistent pairs stacked, in pairs. */
export function PairwiseChart({ rows, panelLabel }: { rows: readonly PairwiseSummaryRow[]; panelLabel: string }) {
  const { t, lang } = usePairwiseText();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const labels = rows.map((row) => row.judge ?? panelLabel);
  const series = SEGMENTS.map((segment) => ({ segment, values: rows.map((row) => row[segment]) }));
  const key = JSON.stringify({ labels, series });
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const font = { family: getComputedStyle(canvas).fontFamily, size: 13 };
    const chart = new Chart(canvas, {
      type: 'bar',
      data: { labels, datasets: series.map((entry) => ({ label: t(entry.segment), data: entry.values, backgroundColor: COLORS[entry.segment] })) },
      options: {
        indexAxis: 'y',
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: { x: { stacked: true, beginAtZero: true, ticks: { font, precision: 0 } }, y: { stacked: true, ticks: { font } } },
        plugins: { legend: { position: 'bottom', labels: { font } }, tooltip: { titleFont: font, bodyFont: font } },
      },
    });
    return () => chart.destroy();
    // `key` stands for the plotted numbers and `lang` for the words
  }, [key, lang]);
  return (
    <figure className="judge-chart pairwise-chart" data-testid="pairwise-chart" data-series={key}>
      <figcaption>{t('chartTitle')}</figcaption>
      <div className="judge-chart-canvas" style={{ height: `${Math.max(140, 60 + rows.length * 44)}px` }}>
        <canvas ref={canvasRef} role="img" aria-label={t('chartLabel')} />
      </div>
    </figure>
  );
}
