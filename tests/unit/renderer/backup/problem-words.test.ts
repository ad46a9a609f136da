/**
 * Every problem a refused restore names has words in Chinese and English, and so has every kind of
 * row it may say the file lacks: a code added without them fails here.
 */
import { describe, expect, it } from 'vitest';
import { RESTORE_PROBLEM_CODES, type RestoreProblem } from '../../../../renderer/src/db/backup/restore-check';
import { REFERENCE_KINDS } from '../../../../renderer/src/db/repositories/row-checks';
import { problemSentence, problemWhere } from '../../../../renderer/src/features/backups/problem-text';

const HAN = /\p{Script=Han}/u;
const FULL = { max: 200, min: 1, allowed: 'ok, empty', expected: 'a|b', field: 'id', kind: 'dialogue', key: 'src:1', stored: 2, turnCount: 3, limit: 100, table: 'layers', name: 'isAdmin' };

describe('the words of a refused restore', () => {
  it('every problem code reads as a sentence in both languages, every placeholder filled', () => {
    for (const code of RESTORE_PROBLEM_CODES) {
      const problem: RestoreProblem = { table: 'fieldReviews', row: 3, id: 'src:1#0|speaker', field: 'turnId', code, params: FULL, detail: 'x' };
      const zh = problemSentence('zh', problem);
      const en = problemSentence('en', problem);
      expect(zh, code).toMatch(HAN);
      expect(en, code).not.toMatch(HAN);
      expect(`${zh} ${en}`, code).not.toMatch(/\{\w+\}|problem\./);
    }
  });

  it('names every kind of row in both languages, and where the problem is', () => {
    for (const kind of REFERENCE_KINDS) {
      const problem: RestoreProblem = { table: 'layerValues', row: 1, id: 'x', field: 'layerId', code: 'unknown-reference', params: { kind, key: 'k' }, detail: '' };
      expect(problemSentence('zh', problem), kind).toMatch(HAN);
      expect(problemSentence('en', problem), kind).toMatch(/^names the [a-z ]+ k, which the file does not hold\.$/);
    }
    const problem: RestoreProblem = { table: 'datasets', row: 1, id: 'dataset-0', field: 'codebookId', code: 'not-text', params: {}, detail: 'must be text (is number 12345)' };
    expect(problemWhere('zh', problem)).toBe('表 datasets 第 1 行（dataset-0） · 字段 codebookId');
    expect(problemWhere('en', problem)).toBe('table datasets, row 1 (dataset-0) · field codebookId');
    expect(problemSentence('zh', problem)).toBe('必须是文本。');
  });
});
