import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip, type Plugin } from 'chart.js';
import { percent1, VERDICTS, type FieldResult } from '../../../../shared/spot-check';
import { errorBarsPlugin } from '../../components/charts/error-bars';
import type { SpotCheckTextApi } from './strings';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

const PASS_COLOUR = 'rgba(0, 158, 115, 0.75)';
const FAIL_COLOUR = 'rgba(213, 94, 0, 0.75)';
/** Okabe–Ito sky blue, lighter: a field with no verdict yet is drawn apart from both */
const INSUFFICIENT_COLOUR = 'rgba(86, 180, 233, 0.55)';
const VERDICT_COLOURS = { pass: PASS_COLOUR, fail: FAIL_COLOUR, insufficient: INSUFFICIENT_COLOUR } as const;
const ERROR_BAR_COLOUR = '#111827';
const THRESHOLD_COLOUR = '#b91c1c';

/** A dashed horizontal line at the threshold, drawn over the bars. */
function thresholdLine(threshold: number): Plugin<'bar'> {
  return {
    id: 'maieuticThreshold',
    afterDatasetsDraw(chart) {
      const y = chart.scales.y.getPixelForValue(threshold);
      const { left, right } = chart.chartArea;
      const { ctx } = chart;
      ctx.save();
      ctx.strokeStyle = THRESHOLD_COLOUR;
      ctx.lineWidth = 2;
      ctx.setLineDash([6, 4]);
      ctx.beginPath();
      ctx.moveTo(left, y);
      ctx.lineTo(right, y);
      ctx.stroke();
      ctx.restore();
    },
  };
}

/** Each reviewed field's error rate with its 95% Wilson interval, against the threshold (the table holds the same numbers). */
export function IntervalChart({ rows, names, threshold, text }: { rows: readonly FieldResult[]; names: readonly string[]; threshold: number; text: SpotCheckTextApi }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const shown = rows.map((row, at) => ({ row, name: names[at] })).filter(({ row }) => row.n > 0);
  const key = JSON.stringify([shown.map(({ row, name }) => [name, row.rate, row.low, row.high, row.verdict]), threshold]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || shown.length === 0) return;
    const font = { family: getComputedStyle(canvas).fontFamily, size: 13 };
    const top = Math.min(1, Math.ceil(Math.max(threshold, ...shown.map(({ row }) => row.high)) * 10 + 1e-9) / 10);
    const chart = new Chart(canvas, {
      type: 'bar',
      data: {
        labels: shown.map(({ name }) => name),
        datasets: [{ data: shown.map(({ row }) => row.rate ?? 0), backgroundColor: shown.map(({ row }) => VERDICT_COLOURS[row.verdict]), maxBarThickness: 56 }],
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: {
          y: { min: 0, max: top, ticks: { font, callback: (value) => `${Math.round(Number(value) * 100)}%` } },
          x: { ticks: { font } },
        },
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { label: (item) => `${percent1(shown[item.dataIndex].row.rate)} (${percent1(shown[item.dataIndex].row.low)} – ${percent1(shown[item.dataIndex].row.high)})` } },
        },
      },
      plugins: [errorBarsPlugin([shown.map(({ row }) => [row.low, row.high] as const)], { color: ERROR_BAR_COLOUR, lineWidth: 2 }), thresholdLine(threshold)],
    });
    return () => chart.destroy();
    // `key` stands for the plotted numbers and names
  }, [key]);

  if (shown.length === 0) return null;
  return (
    <figure className="sc-chart" data-testid="spot-check-chart" data-bars={key}>
      <figcaption>{text.t('chartTitle')}</figcaption>
      <ul className="sc-chart-legend" data-testid="spot-check-chart-legend">
        {VERDICTS.map((verdict) => (
          <li key={verdict}>
            <span className="sc-swatch" style={{ background: VERDICT_COLOURS[verdict] }} aria-hidden="true" />
            {text.t(verdict === 'insufficient' ? 'insufficientShort' : verdict)}
          </li>
        ))}
      </ul>
      <div className="sc-chart-canvas">
        <canvas ref={canvasRef} role="img" aria-label={text.t('chartLabel')} />
      </div>
    </figure>
  );
}
