import { describe, expect, it } from 'vitest';
import { checkAnswer, finalNumber } from '../../../../shared/scenario';

/**
 * Answers in GSM8K's format (a worked solution ending "#### <number>", as in the data set's
 * `answer` field) and in the forms models write their final answers in. Written for this test
 * after that format; not copied from the data set.
 */
const TABLE: [answer: string, reference: string, correct: boolean, extracted: string | null][] = [
  ['In May she sold 48 / 2 = 24 clips. Altogether 48 + 24 = 72 clips.\n#### 72', '#### 72', true, '72'],
  ['12 / 60 = 0.2 per minute, 0.2 x 50 = 10.\n#### 10', 'She earned $10. #### 10', true, '10'],
  ['The answer is $1,234.50.', '#### 1234.5', true, '1,234.50'],
  ['The answer is $1,234.50', '#### 1234.05', false, '1,234.50'],
  ['So each friend gets 3/4 of a pizza. #### 3/4', '#### 0.75', true, '3/4'],
  ['She needs 1 1/2 cups of flour. The answer is 1 1/2.', '#### 1.5', true, '1 1/2'],
  ['The temperature dropped to -5 degrees. #### -5', '#### -5', true, '-5'],
  ['The temperature changed by 5 degrees. #### 5', '#### -5', false, '5'],
  ['The balance is −20 dollars, so the answer is −20.', '#### -20', true, '−20'],
  ['The discount is 25%.', '#### 25', true, '25'],
  ['He runs 3 sprints 3 times a week, 60 m each: 3 * 3 * 60 = 540 meters.\n#### 540', '#### 540', true, '540'],
  ['Final answer: 18 eggs.', '#### 18', true, '18'],
  ['Janet makes 9 * 2 = $18 every day. The answer is 18.', '#### 18', true, '18'],
  ['It takes 2 + 1 = 3 bolts in total.', '#### 3', true, '3'],
  ['The profit is $70,000. #### 70,000', '#### 70000', true, '70,000'],
  ['\\boxed{160}', '#### 160', true, '160'],
  ['So the total is \\boxed{45} minutes, not 50.', '#### 45', true, '45'],
  ['答案是 36 元。', '#### 36', true, '36'],
  ['He has 5 apples left. The answer is 5.', '#### 6', false, '5'],
  ['Each box holds 0.5 kg, so 8 boxes hold 4 kg.', '#### 4', true, '4'],
  ['The answer is .5 hours.', '#### 0.5', true, '.5'],
  ['I do not know how to solve this.', '#### 12', false, null],
  ['There were 1,000 people on day 1 and 2,500 on day 2. #### 3,500', '#### 3500', true, '3,500'],
  ['The answer is 42.', '#### 42.0', true, '42'],
  ['After 3 hours he is 120 km away; the answer is 120 km.', '#### 120', true, '120'],
];

describe('numeric answer check (GSM8K style)', () => {
  it.each(TABLE)('%s → %s', (answer, reference, correct, extracted) => {
    expect(checkAnswer({ kind: 'numeric' }, answer, reference)).toEqual({ correct, extracted });
  });

  it('holds at least 20 answers', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(20);
  });

  it('prefers the #### marker over a later number, and the last marker over earlier ones', () => {
    expect(finalNumber('#### 7\n(checked in 2 steps)')?.value).toBe(7);
    expect(finalNumber('First try #### 6. Correction: #### 8')?.value).toBe(8);
  });

  it('refuses a reference with no number', () => {
    expect(() => checkAnswer({ kind: 'numeric' }, '#### 3', 'three')).toThrow(/no number/);
  });
});

describe('exact and regex answer checks', () => {
  it('compares exactly after trimming and NFC', () => {
    expect(checkAnswer({ kind: 'exact' }, '  Paris \n', 'Paris')).toEqual({ correct: true, extracted: 'Paris' });
    expect(checkAnswer({ kind: 'exact' }, 'Cafe\u0301', 'Café')).toMatchObject({ correct: true });
    expect(checkAnswer({ kind: 'exact' }, 'paris', 'Paris')).toMatchObject({ correct: false });
  });

  it('matches the scenario regular expression with its flags', () => {
    const spec = { kind: 'regex' as const, pattern: '#### *72\\b', flags: 'i' };
    expect(checkAnswer(spec, 'so #### 72', '')).toEqual({ correct: true, extracted: '#### 72' });
    expect(checkAnswer(spec, 'so #### 720', '')).toEqual({ correct: false, extracted: null });
    expect(checkAnswer({ kind: 'regex', pattern: 'ANSWER: B', flags: 'gi' }, 'answer: b', '')).toMatchObject({ correct: true });
  });
});
