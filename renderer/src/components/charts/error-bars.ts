/**
 * Error bars for Chart.js bar charts (the agreement view's κ per field, the metrics view's means),
 * drawn by a small plugin of our own (Chart.js has none and the charts need no other dependency): for each bar with an interval, a vertical line from its
 * low to its high end with a cap at each end. The geometry is a pure function so it is tested
 * without a canvas; the plugin only strokes what it returns.
 */
import type { Chart, Plugin } from 'chart.js';

/** [low, high] in the chart's value units, per data set and bar; null where a bar has no interval. */
export type BarIntervals = readonly (readonly (readonly [number, number] | null)[])[];

export interface ErrorBarSegment {
  dataset: number;
  index: number;
  /** pixels on the canvas: the bar's centre and the interval's ends (yHigh above yLow) */
  x: number;
  yLow: number;
  yHigh: number;
  /** half the cap's width */
  halfCap: number;
}

export interface BarGeometry {
  x: number;
  width: number;
}

const MAX_HALF_CAP = 6;

/** Where each error bar goes, for the bars as laid out and the scale's value-to-pixel mapping. */
export function errorBarSegments(bars: readonly (readonly BarGeometry[] | null)[], intervals: BarIntervals, toPixel: (value: number) => number): ErrorBarSegment[] {
  const segments: ErrorBarSegment[] = [];
  bars.forEach((dataset, datasetIndex) => {
    dataset?.forEach((bar, index) => {
      const interval = intervals[datasetIndex]?.[index];
      if (!interval || !Number.isFinite(bar.x)) return;
      segments.push({
        dataset: datasetIndex,
        index,
        x: bar.x,
        yLow: toPixel(interval[0]),
        yHigh: toPixel(interval[1]),
        halfCap: Math.max(1, Math.min(MAX_HALF_CAP, bar.width / 4)),
      });
    });
  });
  return segments;
}

/**
 * The plugin for one chart's intervals. `onDrawn` hears the segments after each draw (the view
 * puts them on the canvas element, so an end-to-end test can check the pixels there).
 */
export function errorBarsPlugin(intervals: BarIntervals, options: { color: string; lineWidth?: number; onDrawn?: (segments: ErrorBarSegment[]) => void }): Plugin<'bar'> {
  return {
    id: 'maieuticErrorBars',
    afterDatasetsDraw(chart: Chart<'bar'>) {
      const scale = chart.scales.y;
      const bars = chart.data.datasets.map((_, datasetIndex) =>
        chart.isDatasetVisible(datasetIndex)
          ? chart.getDatasetMeta(datasetIndex).data.map((element) => {
              const { x, width } = element.getProps(['x', 'width'], true) as { x: number; width: number };
              return { x, width };
            })
          : null,
      );
      const segments = errorBarSegments(bars, intervals, (value) => scale.getPixelForValue(value));
      const { ctx } = chart;
      ctx.save();
      ctx.strokeStyle = options.color;
      ctx.lineWidth = options.lineWidth ?? 1.5;
      ctx.beginPath();
      for (const { x, yLow, yHigh, halfCap } of segments) {
        ctx.moveTo(x, yLow);
        ctx.lineTo(x, yHigh);
        ctx.moveTo(x - halfCap, yLow);
        ctx.lineTo(x + halfCap, yLow);
        ctx.moveTo(x - halfCap, yHigh);
        ctx.lineTo(x + halfCap, yHigh);
      }
      ctx.stroke();
      ctx.restore();
      options.onDrawn?.(segments);
    },
  };
}
