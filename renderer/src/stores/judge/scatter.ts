/**
 * A calibration scatter's points: expert value on x, judge value on y. Dialogues with exactly the
 * same pair would hide one another, so those (only those) are moved by a small jitter that is a
 * function of the dialogue id: the same picture on every redraw and every machine. The CSV keeps
 * the exact values.
 */
import type { CalibrationPoint } from '../../../../shared/judge/calibration-points';
import { csvCell } from '../export/table-cells';

/** The largest jitter on either axis, in score points; stated in the chart's caption. */
export const JITTER = 0.15;

/** FNV-1a (32 bit) over the string's UTF-16 code units (the same as over bytes for ASCII). */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const unitHash = (text: string) => fnv1a32(text) / 2 ** 32;

/** The jitter of one dialogue on one axis: in [−amplitude, amplitude), fixed by the key. */
export function jitterOf(key: string, axis: 'x' | 'y', amplitude = JITTER): number {
  return (2 * unitHash(`${key}\u0000${axis}`) - 1) * amplitude;
}

export interface ScatterPoint extends CalibrationPoint {
  /** where it is drawn */
  x: number;
  y: number;
  jittered: boolean;
}

/** The drawn positions: a point sharing its (expert, judge) pair with another is jittered, every other point is drawn where it is. */
export function scatterPoints(points: readonly CalibrationPoint[], amplitude = JITTER): ScatterPoint[] {
  const counts = new Map<string, number>();
  const pairKey = (point: CalibrationPoint) => `${point.expert}|${point.judge}`;
  for (const point of points) counts.set(pairKey(point), (counts.get(pairKey(point)) ?? 0) + 1);
  return points.map((point) => {
    const tied = (counts.get(pairKey(point)) ?? 0) > 1;
    const key = `${point.group}\u0000${point.dialogue}`;
    return { ...point, x: tied ? point.expert + jitterOf(key, 'x', amplitude) : point.expert, y: tied ? point.judge + jitterOf(key, 'y', amplitude) : point.judge, jittered: tied };
  });
}

/** The points as CSV: exact values, no jitter; `dialogue` is the id the table shows. */
export function scatterCsv(judge: string, rubric: string, points: readonly CalibrationPoint[], externalId: (dialogue: string) => string): string {
  const rows: (string | number)[][] = [['judge', 'rubric', 'group', 'dialogue', 'expert', 'judge_value']];
  for (const point of points) rows.push([judge, rubric, point.group, externalId(point.dialogue), point.expert, point.judge]);
  return `${rows.map((cells) => cells.map(csvCell).join(',')).join('\n')}\n`;
}
