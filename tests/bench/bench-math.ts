import type { FieldDef } from '../../shared/codebook';
import { seededRandom } from '../../shared/metrics/random';

/** The project's seeded generator (mulberry32), so every run measures the same synthetic data. */
export const random = seededRandom;

/** A label of the field drawn at random; a label-set field gets a second label 40% of the time. */
export function drawCodes(field: FieldDef, next: () => number): string[] {
  const codes = field.labels.map((label) => label.code);
  const first = codes[Math.floor(next() * codes.length)];
  if (field.type !== 'set' || next() < 0.6) return [first];
  const second = codes[Math.floor(next() * codes.length)];
  return second === first ? [first] : [first, second];
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Median wall time (ms) of `repeats` runs after one warm-up run (JIT). */
export function medianRunMs(run: () => void, repeats = 5): number {
  const runs: number[] = [];
  run();
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    run();
    runs.push(performance.now() - start);
  }
  return round(median(runs));
}
