import { describe, expect, it } from 'vitest';
import { MISSING_REASONS, noMissing } from '../../../../shared/layers/missing-reasons';
import { missingDetail } from '../../../../renderer/src/features/agreement/missing-words';
import { agreementText } from '../../../../renderer/src/features/agreement/strings';

const t = (lang: 'en' | 'zh') => (key: Parameters<typeof agreementText>[1], params?: Record<string, string | number>) => agreementText(lang, key, params);

describe('the Missing cell tooltip', () => {
  const row = { missingLlm: { ...noMissing(), 'no-value': 1, 'not-in-codebook': 2 }, missingExpert: noMissing() };

  it('gives each rater its count and, where there are any, the reasons in the core order', () => {
    expect(missingDetail(row, ['LLM', 'Expert'], t('en'))).toBe('LLM missing 3 (1 no value, 2 value not in the codebook), Expert missing 0');
    expect(missingDetail(row, ['LLM', '专家'], t('zh'))).toBe('LLM 缺失 3（没有值 1、值不在编码本中 2），专家 缺失 0');
  });

  it('has words for every missing reason in both languages', () => {
    for (const reason of MISSING_REASONS) {
      const one = { missingLlm: { ...noMissing(), [reason]: 1 }, missingExpert: noMissing() };
      for (const lang of ['en', 'zh'] as const) expect(missingDetail(one, ['a', 'b'], t(lang))).not.toContain('missingReason.');
    }
  });
});
