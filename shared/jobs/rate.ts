/**
 * Rate and time left, measured over a sliding window of the times items finished. Items answered
 * from the cache finish at once and say nothing about how fast calls go: record only items that
 * made a call. Reset the window when a job resumes, or the pause would count as slowness.
 */

export interface RateWindowOptions {
  /** how many of the latest finish times are kept */
  size: number;
  /** finish times older than this (before `now`) no longer count */
  spanMs: number;
  /** a rate measured over less time than this is noise: reported as not measurable */
  minSpanMs: number;
}

export const DEFAULT_RATE_WINDOW: Readonly<RateWindowOptions> = { size: 50, spanMs: 60_000, minSpanMs: 1_000 };

export interface ProgressFigures {
  /** items per minute, or null */
  rate: number | null;
  /** seconds, or null */
  eta: number | null;
}

const NOT_MEASURABLE: ProgressFigures = { rate: null, eta: null };

/**
 * k finish times from `oldest` up to `now` span k - 1 intervals: the rate is (k - 1) / (now -
 * oldest). Measuring to `now` rather than to the newest finish lets the rate fall while nothing
 * finishes (a long back-off), instead of holding its last value.
 */
export function progressFigures(finishedAt: readonly number[], now: number, remaining: number, options: RateWindowOptions = DEFAULT_RATE_WINDOW): ProgressFigures {
  const since = now - options.spanMs;
  let count = 0;
  let oldest = Infinity;
  for (const at of finishedAt) {
    if (at <= since || at > now) continue;
    count++;
    if (at < oldest) oldest = at;
  }
  const span = now - oldest;
  if (count < 2 || !(span >= options.minSpanMs)) return NOT_MEASURABLE;
  const perMs = (count - 1) / span;
  return { rate: perMs * 60_000, eta: remaining <= 0 ? 0 : remaining / (perMs * 1000) };
}

export interface RateWindow {
  /** an item that made a call finished (at the clock's time unless given) */
  record(at?: number): void;
  figures(remaining: number): ProgressFigures;
  reset(): void;
}

/** The latest `size` finish times in a ring, read with the injected clock. */
export function createRateWindow(clock: () => number, options: RateWindowOptions = DEFAULT_RATE_WINDOW): RateWindow {
  const times: number[] = [];
  let next = 0;
  return {
    record(at = clock()) {
      if (times.length < options.size) times.push(at);
      else times[next] = at;
      next = (next + 1) % options.size;
    },
    figures(remaining) {
      return progressFigures(times, clock(), remaining, options);
    },
    reset() {
      times.length = 0;
      next = 0;
    },
  };
}
