import { describe, expect, it } from 'vitest';
import { landisKochBand, landisKochWords } from '../../../../shared/agreement';

describe('Landis & Koch bands', () => {
  it('follows their table: < 0 poor, 0–0.20 slight, 0.21–0.40 fair, 0.41–0.60 moderate, 0.61–0.80 substantial, 0.81–1 almost perfect', () => {
    const cases: [number, string][] = [
      [-0.3, 'poor'],
      [-0.001, 'poor'],
      [0, 'slight'],
      [0.2, 'slight'],
      [0.2001, 'fair'],
      [0.4, 'fair'],
      [0.41, 'moderate'],
      [0.6, 'moderate'],
      [0.61, 'substantial'],
      [0.8, 'substantial'],
      [0.8013, 'almost_perfect'],
      [1, 'almost_perfect'],
    ];
    for (const [value, band] of cases) expect(landisKochBand(value), String(value)).toBe(band);
  });

  it('floating-point noise does not move a value up a band', () => {
    expect(0.1 + 0.2 + 0.3).toBe(0.6000000000000001);
    expect(landisKochBand(0.1 + 0.2 + 0.3)).toBe('moderate');
    expect(landisKochBand(-1e-17)).toBe('slight');
  });

  it('words in English and Chinese; null for an undefined value', () => {
    expect(landisKochWords(0.5)).toEqual({ en: 'moderate', zh: '中等一致' });
    expect(landisKochWords(0.9)).toEqual({ en: 'almost perfect', zh: '几乎完全一致' });
    expect(landisKochWords(-0.2)).toEqual({ en: 'poor', zh: '差' });
    expect(landisKochWords(null)).toBeNull();
  });
});
