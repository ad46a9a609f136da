/**
 * Every reason main sends for a job (an item failed, the job stopped, paused or was interrupted)
 * has words in both languages, and so has every part its words name (what the call was for, how
 * it failed, what an item named): a code added without them fails here.
 */
import { describe, expect, it } from 'vitest';
import { CALL_FAILURE_KINDS, CALL_PURPOSES, JOB_KINDS, JOB_REASON_CODES, jobReason, type JobReason } from '../../../../shared/jobs';
import { reasonSentence } from '../../../../renderer/src/features/jobs/reason-text';
import { JOBS_STRINGS } from '../../../../renderer/src/features/jobs/strings';

const table = JOBS_STRINGS as Record<string, { zh: string; en: string }>;
const HAN = /\p{Script=Han}/u;

function hasWords(key: string): string[] {
  const entry = table[key];
  if (!entry) return [`${key}: no entry`];
  const problems: string[] = [];
  if (!entry.zh.trim()) problems.push(`${key}: no Chinese`);
  else if (!HAN.test(entry.zh)) problems.push(`${key}: the Chinese entry has no Chinese`);
  if (!entry.en.trim()) problems.push(`${key}: no English`);
  else if (HAN.test(entry.en)) problems.push(`${key}: the English entry is Chinese`);
  return problems;
}

/** Every parameter a reason's words may name, filled. */
const FULL: JobReason['params'] = { connection: 'judge-1', attempts: 3, purpose: 'synthesis-draft', kind: 'server', round: 2, role: 'drafter', what: 'dialogue', turns: 60, jobKind: 'judge', limit: 1000, used: 1200 };

describe('the words of job reasons', () => {
  it('every reason code has Chinese and English words', () => {
    expect(JOB_REASON_CODES.flatMap((code) => hasWords(`reason.${code}`))).toEqual([]);
  });

  it('every call purpose, failure kind, thing an item names and job kind has them too', () => {
    const keys = [
      ...CALL_PURPOSES.map((purpose) => `purpose.${purpose}`),
      ...CALL_FAILURE_KINDS.map((kind) => `callKind.${kind}`),
      ...(['dialogue', 'connection', 'pair', 'conversation'] as const).map((what) => `what.${what}`),
      ...JOB_KINDS.map((kind) => `kind_${kind}`),
      'purpose.unknown', 'callKind.unknown', 'reason.unknown', 'role.any', 'role.other',
    ];
    expect(keys.flatMap(hasWords)).toEqual([]);
  });

  it('a reason is one sentence in the reader\'s language, every placeholder filled, whatever it names', () => {
    for (const code of JOB_REASON_CODES) {
      for (const lang of ['zh', 'en'] as const) {
        const sentence = reasonSentence(lang, jobReason(code, FULL))!;
        expect(sentence, `${code} ${lang}`).not.toMatch(/\{\w+\}/);
        if (lang === 'zh') expect(sentence, code).toMatch(HAN);
      }
    }
    for (const purpose of CALL_PURPOSES) {
      expect(reasonSentence('zh', jobReason('answer-unusable', { ...FULL, purpose }))).toContain(table[`purpose.${purpose}`]!.zh);
    }
    for (const kind of CALL_FAILURE_KINDS) {
      expect(reasonSentence('en', jobReason('call-failed', { ...FULL, kind }))).toContain(table[`callKind.${kind}`]!.en);
    }
  });

  it('the draft that could not be read, in both languages', () => {
    const why = jobReason('answer-unusable', { connection: 'drafter', attempts: 5, purpose: 'synthesis-draft', round: 0 });
    expect(reasonSentence('zh', why)).toBe('drafter 给出的量规草稿无法读取：5 次尝试都没有通过检查。');
    expect(reasonSentence('en', why)).toBe('The rubric draft from drafter could not be read: none of 5 attempts passed the check.');
    expect(reasonSentence('zh', undefined)).toBeNull();
  });
});
