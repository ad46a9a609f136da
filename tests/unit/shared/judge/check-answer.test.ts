import { describe, expect, it } from 'vitest';
import { readJudgeAnswer, SID_RUBRIC_SET } from '../../../../shared/judge';
import { testRubricSet } from './support';

const ids = ['X-SRG', 'M-RCC', 'X-MSR', 'IRA', 'TCF'];
const entries = (scores: number[]) => ids.map((rubric, index) => ({ rubric, score: scores[index], rationale: `r${index}` }));
const text = (value: unknown) => JSON.stringify(value);

function codes(answer: string) {
  const check = readJudgeAnswer(SID_RUBRIC_SET, answer);
  if (check.ok) throw new Error('expected a failure');
  return check.problems.map((problem) => [problem.code, problem.rubric]);
}

describe('readJudgeAnswer', () => {
  it('returns every rubric once, in the set order, whatever order the judge answered in and whichever key came first', () => {
    const answer = entries([5, 4, 3, 2, 1]).reverse().map(({ rubric, score, rationale }, index) => (index % 2 ? { rubric, rationale, score } : { rubric, score, rationale }));
    const check = readJudgeAnswer(SID_RUBRIC_SET, text({ scores: answer }));
    expect(check).toEqual({ ok: true, scores: entries([5, 4, 3, 2, 1]), tolerated: [] });
  });

  it('tolerates a ```json fence as pre-annotation does, and says so', () => {
    const check = readJudgeAnswer(SID_RUBRIC_SET, `Here you are:\n\`\`\`json\n${text({ scores: entries([3, 3, 3, 3, 3]) })}\n\`\`\``);
    expect(check.ok && check.tolerated).toEqual(['code-fence']);
  });

  it('names missing, duplicate, unknown, out-of-range and non-integer rubrics, all at once', () => {
    const scores = [
      { rubric: 'X-SRG', score: 6, rationale: '' },
      { rubric: 'M-RCC', score: 3.5, rationale: '' },
      { rubric: 'X-MSR', score: '4', rationale: '' },
      { rubric: 'X-MSR', score: 4, rationale: '' },
      { rubric: 'CTRA', score: 4, rationale: '' },
      { rubric: 'IRA', score: 0, rationale: '' },
    ];
    expect(codes(text({ scores }))).toEqual([
      ['out-of-range', 'X-SRG'],
      ['non-integer', 'M-RCC'],
      ['non-integer', 'X-MSR'],
      ['duplicate-rubric', 'X-MSR'],
      ['unknown-rubric', 'CTRA'],
      ['out-of-range', 'IRA'],
      ['missing-rubric', 'TCF'],
    ]);
  });

  it('fails malformed JSON, a missing list, extra keys and a missing rationale with the reason', () => {
    const cut = readJudgeAnswer(SID_RUBRIC_SET, '{"scores": [{"rubric": "X-SRG", "score": 4');
    expect(cut).toMatchObject({ ok: false, problems: [{ code: 'malformed-json' }] });
    expect(!cut.ok && cut.reason).toMatch(/not closed/);
    expect(codes('no json here')).toEqual([['malformed-json', undefined]]);
    expect(codes(text({ score: 4 }))).toEqual([['no-scores', undefined]]);
    expect(codes(text({ scores: entries([4, 4, 4, 4, 4]), overall: 4 }))).toEqual([['unexpected-key', undefined]]);
    const noRationale = entries([4, 4, 4, 4, 4]).map(({ rubric, score }) => ({ rubric, score, reason: 'x' }));
    expect(codes(text({ scores: noRationale })).slice(0, 2)).toEqual([['unexpected-key', 'X-SRG'], ['missing-rationale', 'X-SRG']]);
  });

  it("checks each rubric against its own range", () => {
    const set = testRubricSet(['A', 'B']);
    set.rubrics[1].range = { min: 0, max: 10 };
    expect(readJudgeAnswer(set, text({ scores: [{ rubric: 'A', score: 5, rationale: '' }, { rubric: 'B', score: 9, rationale: '' }] })).ok).toBe(true);
    const check = readJudgeAnswer(set, text({ scores: [{ rubric: 'A', score: 9, rationale: '' }, { rubric: 'B', score: 9, rationale: '' }] }));
    expect(!check.ok && check.problems.map((problem) => problem.message)).toEqual(['A: the score 9 lies outside 1–5']);
  });
});
