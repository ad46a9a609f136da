import { describe, expect, it } from 'vitest';
import { DEFAULT_IMPORT_LIMITS } from '../../../../shared/import/file-rules';
import { budgetSeconds } from '../../../../shared/import/parse-time-budget';
import { skipBeforeReading } from '../../../../shared/import/skip-reasons';

describe('skipBeforeReading', () => {
  const limits = { ...DEFAULT_IMPORT_LIMITS, maxFileBytes: 1024, maxTotalBytes: 2048 };

  it('gives each refusal its code and the values its sentence names, with the English reason of file-rules', () => {
    expect(skipBeforeReading('a.jsonl', 10, 0, limits)).toBeNull();
    expect(skipBeforeReading('scores.xlsx', 10, 0, limits)).toEqual({ code: 'excel-workbook', reason: expect.stringContaining('CSV UTF-8') });
    expect(skipBeforeReading('paper.pdf', 10, 0, limits)).toEqual({ code: 'unsupported-type', reason: expect.stringContaining('(.pdf)'), values: { extension: '.pdf' } });
    expect(skipBeforeReading('README', 10, 0, limits)).toMatchObject({ code: 'unsupported-type', values: { extension: '—' } });
    expect(skipBeforeReading('big.jsonl', 2048, 0, limits)).toEqual({ code: 'too-large', reason: 'too large (2 KB; the import limit is 1 KB)', values: { size: '2 KB', limit: '1 KB' } });
    expect(skipBeforeReading('b.jsonl', 1000, 1500, limits)).toEqual({ code: 'total-exceeded', reason: expect.stringContaining('would exceed 2 KB'), values: { limit: '2 KB' } });
  });
});

describe('budgetSeconds', () => {
  it('names the budget in seconds, with one decimal only when needed', () => {
    expect(budgetSeconds(60_000)).toBe('60');
    expect(budgetSeconds(1_500)).toBe('1.5');
  });
});
