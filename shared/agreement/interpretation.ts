/**
 * Landis & Koch (1977) bands for kappa-type values, in words. Their table reads
 * "< 0.00 poor, 0.00–0.20 slight, 0.21–0.40 fair, 0.41–0.60 moderate, 0.61–0.80 substantial,
 * 0.81–1.00 almost perfect"; on a continuous scale each band includes its upper bound:
 * [0, 0.20] slight, (0.20, 0.40] fair, … A value within 1e−12 of a bound counts as the bound,
 * so floating-point noise (0.6000000000000001) cannot move a value up a band. The bands are a
 * convention, not a test; Krippendorff instead asks α ≥ 0.800 (≥ 0.667 for tentative conclusions).
 */

export type LandisKochBand = 'poor' | 'slight' | 'fair' | 'moderate' | 'substantial' | 'almost_perfect';

export const LANDIS_KOCH_WORDS: Record<LandisKochBand, { en: string; zh: string }> = {
  poor: { en: 'poor', zh: '差' },
  slight: { en: 'slight', zh: '轻微一致' },
  fair: { en: 'fair', zh: '一般一致' },
  moderate: { en: 'moderate', zh: '中等一致' },
  substantial: { en: 'substantial', zh: '高度一致' },
  almost_perfect: { en: 'almost perfect', zh: '几乎完全一致' },
};

const UPPER_BOUNDS: readonly [number, LandisKochBand][] = [
  [0.2, 'slight'],
  [0.4, 'fair'],
  [0.6, 'moderate'],
  [0.8, 'substantial'],
];

const NOISE = 1e-12;

export function landisKochBand(value: number | null): LandisKochBand | null {
  if (value === null || !Number.isFinite(value)) return null;
  if (value < -NOISE) return 'poor';
  for (const [bound, band] of UPPER_BOUNDS) if (value <= bound + NOISE) return band;
  return 'almost_perfect';
}

/** The band in both languages, e.g. `{ en: 'moderate', zh: '中等一致' }`, or null for an undefined value. */
export function landisKochWords(value: number | null): { en: string; zh: string } | null {
  const band = landisKochBand(value);
  return band === null ? null : LANDIS_KOCH_WORDS[band];
}
