import { useEffect, useRef } from 'react';
import { Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip, type PointStyle } from 'chart.js';
import type { RoundSummary } from './rounds-summary';
import type { SynthesisPanelTextApi } from './strings';

Chart.register(LineController, LineElement, PointElement, LinearScale, Legend, Tooltip);

/** Okabe–Ito, as the judge, metrics and generation charts. */
const FINE_COLOUR = '#0072B2';
const DISCRIMINATION_COLOUR = '#E69F00';

/** The best round as a star and a rolled-back one as a cross, so the marks do not rest on colour alone (the table says it in words too). */
function markOf(line: RoundSummary): { style: PointStyle; radius: number } {
  if (line.best) return { style: 'star', radius: 9 };
  if (line.rolledBackTo !== null) return { style: 'crossRot', radius: 8 };
  return { style: 'circle', radius: 3 };
}

/** Share of fine metrics (left axis, 0–100 %) and mean discrimination (right axis, score points) per finished round. */
export function RoundsChart({ lines, text }: { lines: readonly RoundSummary[]; text: SynthesisPanelTextApi }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { t, lang } = text;
  const done = lines.filter((line) => line.state === 'done');
  const series = done.map((line) => ({ round: line.round, fine: line.fineShare ?? 0, discrimination: line.meanDiscrimination ?? 0, ...markOf(line) }));
  const key = JSON.stringify(series);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const font = { family: getComputedStyle(canvas).fontFamily, size: 13 };
    const styles = series.map((point) => point.style);
    const radii = series.map((point) => point.radius);
    const chart = new Chart(canvas, {
      type: 'line',
      data: {
        datasets: [
          { label: t('roundsChartFine'), data: series.map((point) => ({ x: point.round, y: point.fine })), yAxisID: 'y', borderColor: FINE_COLOUR, backgroundColor: FINE_COLOUR, borderWidth: 2, pointStyle: styles, pointRadius: radii, pointHoverRadius: radii.map((radius) => radius + 2) },
          {
            label: t('roundsChartDiscrimination'),
            data: series.map((point) => ({ x: point.round, y: point.discrimination })),
            yAxisID: 'y1',
            borderColor: DISCRIMINATION_COLOUR,
            backgroundColor: DISCRIMINATION_COLOUR,
            borderWidth: 2,
            borderDash: [6, 4],
            pointStyle: styles,
            pointRadius: radii,
          },
        ],
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        parsing: false,
        layout: { padding: { top: 10, right: 8 } },
        scales: {
          x: { type: 'linear', ticks: { stepSize: 1, precision: 0, font }, title: { display: true, text: t('roundsChartRound'), font } },
          y: { min: 0, max: 1, position: 'left', ticks: { font, callback: (value) => `${Math.round(Number(value) * 100)}%` }, title: { display: true, text: t('roundsChartFine'), font } },
          y1: { min: 0, position: 'right', grid: { drawOnChartArea: false }, ticks: { font }, title: { display: true, text: t('roundsChartDiscriminationAxis'), font } },
        },
        plugins: {
          legend: { position: 'bottom', labels: { font, usePointStyle: false } },
          tooltip: {
            titleFont: font,
            bodyFont: font,
            callbacks: {
              title: (items) => `${t('roundsChartRound')} ${items[0]?.parsed.x ?? ''}`,
              label: (item) => (item.datasetIndex === 0 ? `${item.dataset.label}: ${Math.round((item.parsed.y ?? 0) * 100)}%` : `${item.dataset.label}: ${(item.parsed.y ?? 0).toFixed(2)}`),
            },
          },
        },
      },
    });
    return () => chart.destroy();
    // `key` stands for the plotted numbers and marks, `lang` for the words
  }, [key, lang]);
  return (
    <figure className="synthesis-rounds-chart" data-testid="synthesis-rounds-chart" data-series={key}>
      <div className="synthesis-chart-canvas">
        <canvas ref={canvasRef} role="img" aria-label={t('roundsChartLabel')} />
      </div>
      <figcaption className="muted small">{t('roundsChartKey')}</figcaption>
    </figure>
  );
}
