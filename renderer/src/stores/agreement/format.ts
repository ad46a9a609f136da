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

export function formatInterval(ci: readonly [number, number] | null): string {
  return ci === null ? NONE : `[${formatCoefficient(ci[0])}, ${formatCoefficient(ci[1])}]`;
}
