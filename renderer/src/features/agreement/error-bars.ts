/**
 * Error bars for the κ chart, drawn by a small Chart.js plugin (Chart.js has no error bars of
 * its own, and a dependency for one whisker per bar is not worth it). The geometry is a pure
 * function so it can be checked without a canvas.
 */
import type { Chart, Plugin } from 'chart.js';

export interface ErrorBarSegment {
  x: number;
  /** pixel y of the upper bound (smaller: canvas y grows downwards) */
  top: number;
  /** pixel y of the lower bound */
  bottom: number;
  /** half the width of the caps */
  halfCap: number;
}

/** One segment per bar that has an interval; `toPixel` maps a value to the y axis. */
export function errorBarSegments(bars: readonly { x: number; width: number }[], intervals: readonly (readonly [number, number] | null)[], toPixel: (value: number) => number): ErrorBarSegment[] {
  return bars.flatMap((bar, index) => {
    const interval = intervals[index];
    if (!interval) return [];
    const [low, high] = interval;
    return [{ x: bar.x, top: toPixel(high), bottom: toPixel(low), halfCap: Math.max(3, Math.min(10, bar.width * 0.2)) }];
  });
}

export const ERROR_BAR_COLOUR = '#111827';

/**
 * Draws `intervals[i]` over bar i of the first dataset, and writes the drawn segments (CSS
 * pixels of the canvas) to `canvas.dataset.errorBars`, which the end-to-end test reads to look
 * for the ink.
 */
export function errorBarPlugin(intervals: readonly (readonly [number, number] | null)[]): Plugin<'bar'> {
  return {
    id: 'agreementErrorBars',
    afterDatasetsDraw(chart: Chart<'bar'>) {
      const scale = chart.scales.y;
      const meta = chart.getDatasetMeta(0);
      const bars = meta.data.map((element) => {
        const { x, width } = element.getProps(['x', 'width'], true) as { x: number; width: number };
        return { x, width };
      });
      const segments = errorBarSegments(bars, intervals, (value) => scale.getPixelForValue(value));
      const { ctx } = chart;
      ctx.save();
      ctx.strokeStyle = ERROR_BAR_COLOUR;
      ctx.lineWidth = 2;
      for (const { x, top, bottom, halfCap } of segments) {
        ctx.beginPath();
        ctx.moveTo(x, top);
        ctx.lineTo(x, bottom);
        ctx.moveTo(x - halfCap, top);
        ctx.lineTo(x + halfCap, top);
        ctx.moveTo(x - halfCap, bottom);
        ctx.lineTo(x + halfCap, bottom);
        ctx.stroke();
      }
      ctx.restore();
      chart.canvas.dataset.errorBars = JSON.stringify(segments.map((segment) => ({ x: Math.round(segment.x), top: Math.round(segment.top), bottom: Math.round(segment.bottom) })));
    },
  };
}
