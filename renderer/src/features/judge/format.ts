import type { Statistic } from '../../../../shared/judge/calibration';

/** A number with `digits` decimals, or a dash when there is none. */
export const fixed = (value: number | null | undefined, digits = 2) => (value === null || value === undefined ? '—' : value.toFixed(digits));

/** A statistic to three decimals, or a dash (its reason goes in the cell's title). */
export const stat = (value: Statistic) => (value.value === null ? '—' : value.value.toFixed(3));
