import { describe, expect, it } from 'vitest';
import { checkPairwiseAnswer, readPairwiseAnswer } from '../../../../shared/judge';

describe('pairwise answers', () => {
  it('reads a verdict, also fenced, after <think> or in prose, naming what was tolerated', () => {
    expect(readPairwiseAnswer('{"verdict": "second", "rationale": "B asks better questions"}')).toEqual({ ok: true, verdict: 'second', rationale: 'B asks better questions', tolerated: [] });
    const fenced = readPairwiseAnswer('<think>hmm, "first"?</think>\nHere:\n```json\n{"rationale": "even", "verdict": "tie",}\n```');
    expect(fenced).toMatchObject({ ok: true, verdict: 'tie', rationale: 'even' });
    expect(fenced.ok && fenced.tolerated).toEqual(expect.arrayContaining(['think-block', 'code-fence', 'trailing-commas']));
  });

  it('refuses what is no verdict, with every reason', () => {
    const cases: [string, RegExp][] = [
      ['{"verdict": "fir', /./],
      ['{"verdict": "A", "rationale": "x"}', /the verdict is "A", not "first", "second" or "tie"/],
      ['{"verdict": "First", "rationale": "x"}', /the verdict is "First"/],
      ['{"verdict": "first"}', /the rationale is nothing, not a text/],
      ['{"verdict": "first", "rationale": "x", "score": 3}', /"score" beside/],
      ['[{"verdict": "first"}]', /./],
      ['', /./],
    ];
    for (const [text, reason] of cases) {
      const read = readPairwiseAnswer(text);
      expect(read.ok, text).toBe(false);
      expect(!read.ok && read.reason, text).toMatch(reason);
    }
    const both = checkPairwiseAnswer({ verdict: 2, rationale: null });
    expect(!both.ok && both.problems).toHaveLength(2);
    expect(checkPairwiseAnswer('first').ok).toBe(false);
  });
});
