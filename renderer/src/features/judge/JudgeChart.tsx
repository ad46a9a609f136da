import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Filler, Legend, LinearScale, LineElement, PointElement, RadarController, RadialLinearScale, Tooltip } from 'chart.js';
import { studentTQuantile } from '../../../../shared/judge/student-t';
import { errorBarsPlugin } from '../../components/charts/error-bars';
import type { TableOneView } from '../../stores/judge/table-export';
import type { JudgeTextApi } from './strings';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip, RadarController, RadialLinearScale, PointElement, LineElement, Filler);

/** Colour-blind-safe (Okabe–Ito), one per teacher model, as the metrics chart. */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];
const ERROR_BAR_COLOR = '#222222';

/** The 95% interval of a mean: mean ± t₀.₉₇₅(n − 1)·sd/√n; null for n < 2. */
export function meanInterval(mean: number | null, sd: number | null, n: number): [number, number] | null {
  if (mean === null || sd === null || n < 2) return null;
  const half = studentTQuantile(0.975, n - 1) * (sd / Math.sqrt(n));
  return [mean - half, mean + half];
}

/** Bars per rubric (and the overall) comparing the teacher models, with the 95% interval of each mean. */
export function JudgeBarChart({ view, range, text }: { view: TableOneView; range: { min: number; max: number }; text: JudgeTextApi }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { t, lang } = text;
  const labels = view.rows.map((row) => (row.id === 'overall' ? t('overall') : row.id));
  const yMin = Math.max(0, range.min - 1);
  // drawn within the axis (with two dialogues t₀.₉₇₅(1) = 12.7 makes an interval far wider than the scale); the table keeps the numbers
  const clamp = (interval: [number, number] | null): [number, number] | null => (interval ? [Math.max(yMin, interval[0]), Math.min(range.max, interval[1])] : null);
  const series = view.groups.map((group, g) => ({
    group,
    values: view.rows.map((row) => (row.cells[g].mean === null ? null : Math.round(row.cells[g].mean! * 100) / 100)),
    intervals: view.rows.map((row) => clamp(meanInterval(row.cells[g].mean, row.cells[g].sd, row.cells[g].n))),
  }));
  const key = JSON.stringify(series);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const font = { family: getComputedStyle(canvas).fontFamily, size: 13 };
    const chart = new Chart(canvas, {
      type: 'bar',
      data: { labels, datasets: series.map((entry, index) => ({ label: entry.group, data: entry.values, backgroundColor: PALETTE[index % PALETTE.length] })) },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: { x: { ticks: { font } }, y: { min: yMin, max: range.max, ticks: { font } } },
        plugins: { legend: { position: 'bottom', labels: { font } }, tooltip: { titleFont: font, bodyFont: font } },
      },
      plugins: [errorBarsPlugin(series.map((entry) => entry.intervals), { color: ERROR_BAR_COLOR })],
    });
    return () => chart.destroy();
    // `key` stands for the plotted numbers and `lang` for the words
  }, [key, lang]);
  return (
    <figure className="judge-chart" data-testid="judge-chart" data-series={key}>
      <figcaption>{t('chartTitle')}</figcaption>
      <div className="judge-chart-canvas">
        <canvas ref={canvasRef} role="img" aria-label={t('chartLabel')} />
      </div>
    </figure>
  );
}

/** One radar per teacher model: its mean per rubric on the rubric range. */
export function JudgeRadar({ view, group, index, range, text }: { view: TableOneView; group: string; index: number; range: { min: number; max: number }; text: JudgeTextApi }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rows = view.rows.filter((row) => row.id !== 'overall');
  const values = rows.map((row) => row.cells[index].mean);
  const key = JSON.stringify([group, values]);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const font = { family: getComputedStyle(canvas).fontFamily, size: 12 };
    const colour = PALETTE[index % PALETTE.length];
    const chart = new Chart(canvas, {
      type: 'radar',
      data: { labels: rows.map((row) => row.id), datasets: [{ label: group, data: values, borderColor: colour, backgroundColor: `${colour}33`, fill: true, pointRadius: 3 }] },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: { r: { min: range.min, max: range.max, ticks: { stepSize: 1, font }, pointLabels: { font } } },
        plugins: { legend: { display: false } },
      },
    });
    return () => chart.destroy();
  }, [key]);
  return (
    <figure className="judge-radar" data-testid="judge-radar" data-group={group}>
      <figcaption>{text.t('radarTitle', { group })}</figcaption>
      <div className="judge-radar-canvas">
        <canvas ref={canvasRef} role="img" aria-label={text.t('radarTitle', { group })} />
      </div>
    </figure>
  );
}
