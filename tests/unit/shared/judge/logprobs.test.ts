import { describe, expect, it } from 'vitest';
import { expectedScore, scoreTokenAlternatives } from '../../../../shared/judge';

const range = { min: 1, max: 5 };

describe('expectedScore (G-Eval)', () => {
  it('weights the allowed scores by probability, renormalised over them only; "4" and " 4" add up', () => {
    // p: "4" 0.5, " 4" 0.1, "5" 0.2, "3" 0.1; "\n" 0.05 and "6" 0.05 are not allowed scores
    // mass 0.9; expected (4·0.6 + 5·0.2 + 3·0.1) / 0.9 = 3.7 / 0.9 = 4.111…
    const result = expectedScore([
      { token: '4', logprob: Math.log(0.5) },
      { token: '5', logprob: Math.log(0.2) },
      { token: ' 4', logprob: Math.log(0.1) },
      { token: '3', logprob: Math.log(0.1) },
      { token: '\n', logprob: Math.log(0.05) },
      { token: '6', logprob: Math.log(0.05) },
    ], range);
    expect(result.value).toBeCloseTo(3.7 / 0.9, 12);
    expect(result.mass).toBeCloseTo(0.9, 12);
    expect(result.probabilities[4]).toBeCloseTo(0.6 / 0.9, 12);
    expect(Object.keys(result.probabilities)).toEqual(['3', '4', '5']);
  });

  it('a single allowed token gives its own score; tokens like "4." or "04" are not scores', () => {
    expect(expectedScore([{ token: '2', logprob: Math.log(0.01) }, { token: '4.', logprob: Math.log(0.9) }, { token: '04', logprob: Math.log(0.05) }], range).value).toBe(2);
  });

  it('is undefined (null) when no allowed score token is among the alternatives', () => {
    expect(expectedScore([{ token: 'four', logprob: -0.1 }, { token: '7', logprob: -2 }], range)).toEqual({ value: null, mass: 0, probabilities: {} });
    expect(expectedScore([], range).value).toBeNull();
  });

  it('works on another range: 0–10 with "10" a single token', () => {
    // p(10) = 0.75, p(0) = 0.25 → 7.5
    expect(expectedScore([{ token: '10', logprob: Math.log(0.75) }, { token: '0', logprob: Math.log(0.25) }], { min: 0, max: 10 }).value).toBeCloseTo(7.5, 12);
  });
});

describe('scoreTokenAlternatives', () => {
  const alternatives = (score: string) => [{ token: score, logprob: Math.log(0.7) }, { token: '3', logprob: Math.log(0.3) }];
  /** Tokens as a tokenizer might cut them; a token that is a score carries alternatives. */
  function content(tokens: string[]) {
    return tokens.map((token) => ({ token, logprob: -0.1, top_logprobs: /^\s*\d+$/.test(token) ? alternatives(token) : [{ token, logprob: -0.1 }] }));
  }

  it('finds each rubric’s score token, whichever key comes first, and not a "score" quoted inside a rationale', () => {
    const tokens = content([
      '{"', 'scores', '":', ' [', '{"', 'rubric', '":', ' "', 'X-SRG', '",', ' "', 'score', '":', ' 4', ',', ' "', 'rationale', '":', ' "', 'he said \\"score\\": 2', '"},',
      ' {"', 'rubric', '":"', 'M-RCC', '","', 'rationale', '":"', 'ok', '","', 'score', '":', '5', '}', ']}',
    ]);
    const found = scoreTokenAlternatives(tokens);
    expect([...found.keys()]).toEqual(['X-SRG', 'M-RCC']);
    expect(found.get('X-SRG')).toEqual(alternatives(' 4'));
    expect(expectedScore(found.get('M-RCC')!, range).value).toBeCloseTo(0.7 * 5 + 0.3 * 3, 12);
  });

  it('gives no entry for a number split over tokens, a token holding more than the number, or a rubric scored twice; skips a <think> block', () => {
    const tokens = content([
      '<think>', '{"rubric": "TCF", "score": 1}', '</think>',
      '{"scores":[', '{"rubric":"IRA","score":', '1', '0', '}', ',', '{"rubric":"TCF","score":', '2', '}', ',', '{"rubric":"TCF","score":', '4', '}', ',', '{"rubric":"X-MSR","score":', '3', '}', ',', '{"rubric":"M-RCC","score":', '4}', ']}',
    ]);
    expect([...scoreTokenAlternatives(tokens).keys()]).toEqual(['X-MSR']);
    expect(scoreTokenAlternatives(content(['no json'])).size).toBe(0);
  });
});
