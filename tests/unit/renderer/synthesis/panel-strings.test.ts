import { describe, expect, it } from 'vitest';
import { SYNTHESIS_PANEL_STRINGS } from '../../../../renderer/src/features/synthesis/panels/strings';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the synthesis panels’ words', () => {
  it('have both languages for every key, with the same placeholders in each', () => {
    for (const [key, entry] of Object.entries(SYNTHESIS_PANEL_STRINGS)) {
      expect(entry.zh.trim(), key).not.toBe('');
      expect(entry.en.trim(), key).not.toBe('');
      expect(placeholders(entry.zh), key).toEqual(placeholders(entry.en));
    }
  });
});
