import { useEffect, useMemo, useRef, useState } from 'react';
import { Chart, LinearScale, LineController, LineElement, PointElement, ScatterController, Tooltip } from 'chart.js';
import type { JudgeReport } from '../../stores/judge/run-judge';
import { JITTER, scatterPoints } from '../../stores/judge/scatter';
import { useJudgeStore } from '../../stores/judge/store';
import { fixed, stat } from './format';
import type { JudgeTextApi } from './strings';

Chart.register(ScatterController, LineController, LineElement, PointElement, LinearScale, Tooltip);

const POINT_COLOR = 'rgba(0, 114, 178, 0.7)';
const IDENTITY_COLOR = '#888888';

/**
 * One judge × rubric of the calibration: every dialogue both scored, expert value on x, judge
 * value on y, the y = x line. The judge and rubric are chosen with selects (keyboard as any
 * form control); the caption repeats n, Pearson and the bias of the table's row.
 */
export function CalibrationScatter({ report, text }: { report: JudgeReport; text: JudgeTextApi }) {
  const { t, lang } = text;
  const entries = report.points;
  const judges = [...new Set(entries.map((entry) => entry.judge))];
  const [choice, setChoice] = useState<{ judge: string; rubric: string }>({ judge: judges[0] ?? '', rubric: entries[0]?.rubric ?? '' });
  const entry = entries.find((candidate) => candidate.judge === choice.judge && candidate.rubric === choice.rubric) ?? entries[0];
  const row = entry ? report.calibration.rows.find((candidate) => candidate.judge === entry.judge && candidate.rubric === entry.rubric) : undefined;
  const rubric = report.set.rubrics.find((candidate) => candidate.id === entry?.rubric);
  const range = rubric?.range ?? { min: 1, max: 5 };
  const points = useMemo(() => (entry ? scatterPoints(entry.points) : []), [entry]);
  const externalIds = useMemo(() => new Map(report.dialogues.map((line) => [line.dialogueId, line.externalId])), [report.dialogues]);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const key = JSON.stringify([entry?.judge, entry?.rubric, points.map((point) => [point.x, point.y])]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !entry) return;
    const font = { family: getComputedStyle(canvas).fontFamily, size: 12 };
    const low = range.min - 0.5;
    const high = range.max + 0.5;
    // ticks on the scale's whole scores only; the half-point margin keeps jittered points inside
    const scoreTicks = (axis: { ticks: { value: number }[] }) => {
      axis.ticks = Array.from({ length: range.max - range.min + 1 }, (_, i) => ({ value: range.min + i }));
    };
    const chart = new Chart(canvas, {
      type: 'scatter',
      data: {
        datasets: [
          { label: t('scatterIdentity'), type: 'line', data: [{ x: low, y: low }, { x: high, y: high }], borderColor: IDENTITY_COLOR, borderDash: [5, 4], borderWidth: 1, pointRadius: 0, fill: false },
          { label: `${entry.judge} · ${entry.rubric}`, data: points.map((point) => ({ x: point.x, y: point.y })), backgroundColor: POINT_COLOR, pointRadius: 4 },
        ],
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: {
          x: { type: 'linear', min: low, max: high, afterBuildTicks: scoreTicks, ticks: { font }, title: { display: true, text: t('scatterExpertAxis'), font } },
          y: { type: 'linear', min: low, max: high, afterBuildTicks: scoreTicks, ticks: { font }, title: { display: true, text: t('scatterJudgeAxis'), font } },
        },
        plugins: {
          legend: { display: false },
          tooltip: {
            // drawn on the canvas as text, never as HTML
            filter: (item) => item.datasetIndex === 1,
            callbacks: {
              label: (item) => {
                const point = points[item.dataIndex];
                return point ? `${externalIds.get(point.dialogue) ?? point.dialogue} (${point.group}): ${fixed(point.expert)} → ${fixed(point.judge)}` : '';
              },
            },
          },
        },
      },
    });
    return () => chart.destroy();
    // `key` stands for the plotted numbers and `lang` for the words
  }, [key, lang]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!entry) return null;
  const caption = t('scatterCaption', {
    judge: entry.judge,
    rubric: rubric ? `${rubric.id} ${rubric.name[lang]}` : entry.rubric,
    n: entry.points.length,
    pearson: row ? stat(row.pearson) : '—',
    bias: fixed(row?.bias),
    jitter: JITTER.toFixed(2),
  });
  return (
    <figure className="judge-scatter" data-testid="calibration-scatter" data-judge={entry.judge} data-rubric={entry.rubric} data-points={entry.points.length}>
      <div className="judge-scatter-controls">
        {judges.length > 1 && (
          <label>
            {t('scatterJudge')}{' '}
            <select data-testid="scatter-judge" value={entry.judge} onChange={(event) => setChoice({ judge: event.target.value, rubric: entry.rubric })}>
              {judges.map((judge) => (
                <option key={judge} value={judge}>
                  {judge}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          {t('scatterRubric')}{' '}
          <select data-testid="scatter-rubric" value={entry.rubric} onChange={(event) => setChoice({ judge: entry.judge, rubric: event.target.value })}>
            {entries
              .filter((candidate) => candidate.judge === entry.judge)
              .map((candidate) => (
                <option key={candidate.rubric} value={candidate.rubric}>
                  {candidate.rubric}
                </option>
              ))}
          </select>
        </label>
        <button type="button" className="quiet" data-testid="scatter-export" onClick={() => void useJudgeStore.getState().exportScatter(entry.judge, entry.rubric)}>
          {t('scatterExport')}
        </button>
        <ScatterSaveStatus text={text} />
      </div>
      <div className="judge-scatter-canvas">
        <canvas ref={canvasRef} role="img" aria-label={t('scatterLabel', { judge: entry.judge, rubric: entry.rubric, n: entry.points.length })} />
      </div>
      <figcaption data-testid="scatter-caption">{caption}</figcaption>
    </figure>
  );
}

function ScatterSaveStatus({ text }: { text: JudgeTextApi }) {
  const { t } = text;
  const save = useJudgeStore((s) => s.scatterSave);
  if (!save) return null;
  return (
    <span className="judge-save" data-testid="scatter-save" data-status={save.status} role="status">
      {save.status === 'working' ? t('saving') : save.status === 'saved' ? t('saved', { path: save.path ?? '' }) : save.status === 'canceled' ? t('canceled') : t('saveFailed')}
    </span>
  );
}
