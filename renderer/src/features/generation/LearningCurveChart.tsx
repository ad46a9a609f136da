import { useEffect, useRef } from 'react';
import { CategoryScale, Chart, Filler, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import type { LearningCurve } from '../../stores/generation/outputs';
import type { GenerationTextApi } from './strings';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Filler, Legend, Tooltip);

/** Colour-blind-safe (Okabe–Ito), as the judge and metrics charts. */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];

export const curveLabel = (curve: Pick<LearningCurve, 'studentModel' | 'strategy'>) => `${curve.studentModel || '—'} · ${curve.strategy || '—'}`;

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** Pass@k by student turn, a line per (student model, strategy) with its interval as a shaded band (drawn within 0–1; the table keeps the numbers). */
export function LearningCurveChart({ curves, text }: { curves: readonly LearningCurve[]; text: GenerationTextApi }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { t, lang } = text;
  const key = JSON.stringify(curves);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const font = { family: getComputedStyle(canvas).fontFamily, size: 13 };
    const datasets = curves.flatMap((curve, index) => {
      const colour = PALETTE[index % PALETTE.length];
      const at = (pick: (point: LearningCurve['points'][number]) => number) => curve.points.map((point) => ({ x: point.roleTurn, y: clamp(pick(point)) }));
      // the band: the high edge, then the low edge filled up to it ('-1'); neither is in the legend
      return [
        { label: `${curveLabel(curve)} high`, data: at((point) => point.high), borderWidth: 0, pointRadius: 0, fill: false, borderColor: 'transparent', backgroundColor: 'transparent' },
        { label: `${curveLabel(curve)} low`, data: at((point) => point.low), borderWidth: 0, pointRadius: 0, fill: '-1' as const, borderColor: 'transparent', backgroundColor: `${colour}2e` },
        { label: curveLabel(curve), data: at((point) => point.mean), borderColor: colour, backgroundColor: colour, borderWidth: 2, pointRadius: 3, fill: false, clip: 6 },
      ];
    });
    const chart = new Chart(canvas, {
      type: 'line',
      data: { datasets },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        parsing: false,
        // a point at Pass@k = 1 sits on the axis' edge: room for its marker instead of half of it
        layout: { padding: { top: 8, right: 8 } },
        scales: {
          x: { type: 'linear', ticks: { stepSize: 1, precision: 0, font }, title: { display: true, text: t('colRoleTurn'), font } },
          y: { min: 0, max: 1, ticks: { font }, title: { display: true, text: `Pass@${curves[0]?.k ?? ''}`, font } },
        },
        plugins: {
          legend: { position: 'bottom', labels: { font, filter: (item) => (item.datasetIndex ?? 0) % 3 === 2 } },
          tooltip: { titleFont: font, bodyFont: font, filter: (item) => item.datasetIndex % 3 === 2 },
        },
      },
    });
    return () => chart.destroy();
    // `key` stands for the plotted numbers and `lang` for the words
  }, [key, lang]);
  return (
    <figure className="generation-curve-chart" data-testid="generation-curve-chart" data-series={key}>
      <div className="generation-chart-canvas">
        <canvas ref={canvasRef} role="img" aria-label={t('chartLabel')} />
      </div>
    </figure>
  );
}
