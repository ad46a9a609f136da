/**
 * How agreement numbers are written, on screen and in the exported tables alike, so the view
 * and a pasted table never disagree. Undefined values are an em dash, never NaN or 0.
 */
export const NONE = '—';

/** 2/3 → "66.7%" */
export function formatPercent(value: number | null): string {
  return value === null ? NONE : `${(value * 100).toFixed(1)}%`;
}

/** kappa-type values to three decimals, with a real minus sign */
export function formatCoefficient(value: number | null): string {
  if (value === null) return NONE;
  const text = value.toFixed(3);
  return text.startsWith('-') ? `−${text.slice(1)}` : text;
}

/**
 * The asymptotic (Wald) interval as SAS and statsmodels compute it can reach past ±1 on small
 * samples, where kappa cannot go: shown truncated to [−1, 1] (the CSV and the CLI keep the raw
 * bounds).
 */
export function formatInterval(ci: readonly [number, number] | null): string {
  const shown = truncatedInterval(ci);
  return shown === null ? NONE : `[${formatCoefficient(shown[0])}, ${formatCoefficient(shown[1])}]`;
}

/** The interval as the view shows it (table and chart alike): truncated to [−1, 1]. */
export function truncatedInterval(ci: readonly [number, number] | null): [number, number] | null {
  if (ci === null) return null;
  const clip = (bound: number) => Math.max(-1, Math.min(1, bound));
  return [clip(ci[0]), clip(ci[1])];
}

export const INTERVAL_NOTE = '95% CI: asymptotic (Wald) interval, truncated to [−1, 1].';
