import { describe, expect, it } from 'vitest';
import { SKIP_SENTENCES, overBudgetSentence, skipSentence } from '../../../../renderer/src/features/import/reading-strings';
import { parseBudgetMs } from '../../../../renderer/src/parsing/parse-budget';
import { PARSE_TIME_BUDGET_MS } from '../../../../shared/import/parse-time-budget';

/** The values each producer (shared/import/skip-reasons.ts, regular-file.ts) gives a code's sentence. */
const SAMPLE_VALUES: Record<string, Record<string, string | number>> = {
  'folder-unreadable': { error: 'EACCES' },
  unreadable: { error: 'ENOENT' },
  'link-unfollowable': { error: 'ELOOP' },
  'unsupported-type': { extension: '.pdf' },
  'too-large': { size: '70.0 MB', limit: '64.0 MB' },
  'total-exceeded': { limit: '256.0 MB' },
  'too-many-files': { count: 10_000 },
};

describe('skip sentences', () => {
  it('word every skip code in Chinese and English, with every placeholder filled', () => {
    for (const code of Object.keys(SKIP_SENTENCES)) {
      for (const lang of ['zh', 'en'] as const) {
        const sentence = skipSentence(lang, code, SAMPLE_VALUES[code]);
        expect(sentence, `${code} (${lang})`).not.toMatch(/[{}]/);
        expect(sentence.length).toBeGreaterThan(5);
      }
      expect(skipSentence('zh', code, SAMPLE_VALUES[code]), code).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(skipSentence('zh', 'too-large', SAMPLE_VALUES['too-large'])).toBe('文件过大（70.0 MB；上限为 64.0 MB）。');
    expect(skipSentence('en', 'unsupported-type', { extension: '.pdf' })).toContain('supported: .jsonl .json .csv .tsv .txt');
  });

  it('shows a code it does not know as written', () => {
    expect(skipSentence('zh', 'from-a-newer-main')).toBe('from-a-newer-main');
  });

  it('name the refused file and the budget in both languages', () => {
    expect(overBudgetSentence('en', 'GPT-4o/a.jsonl', 60_000)).toContain('Reading GPT-4o/a.jsonl took longer than the 60 s allowed for one file');
    expect(overBudgetSentence('zh', 'GPT-4o/a.jsonl', 1_500)).toContain('读取 GPT-4o/a.jsonl 超过了每个文件允许的 1.5 秒');
  });
});

describe('parseBudgetMs', () => {
  it('is the shared budget unless the page URL sets a positive one', () => {
    expect(parseBudgetMs('')).toBe(PARSE_TIME_BUDGET_MS);
    expect(parseBudgetMs('?parseBudgetMs=1500')).toBe(1500);
    expect(parseBudgetMs('?parseBudgetMs=0')).toBe(PARSE_TIME_BUDGET_MS);
    expect(parseBudgetMs('?parseBudgetMs=soon')).toBe(PARSE_TIME_BUDGET_MS);
  });
});
