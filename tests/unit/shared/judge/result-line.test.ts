import { describe, expect, it } from 'vitest';
import { judgeDialogueId, parseExpertsCsv, readResultLine, SID_RUBRIC_SET } from '../../../../shared/judge';

const IDS = ['X-SRG', 'M-RCC', 'X-MSR', 'IRA', 'TCF'];
const valid = { dialogue: '7-3-1', group: 'GPT-4o', judge: 'deepseek-chat', sample: 0, status: 'valid', scores: IDS.map((rubric) => ({ rubric, score: 4, rationale: 'ok', expected: 4.2 })) };

describe('readResultLine', () => {
  it('reads a valid line and a failed one', () => {
    expect(readResultLine(SID_RUBRIC_SET, valid)).toEqual({ ok: true, line: valid });
    expect(readResultLine(SID_RUBRIC_SET, { ...valid, status: 'failed', scores: [], reason: 'out of range' })).toMatchObject({ ok: true, line: { status: 'failed', scores: [], reason: 'out of range' } });
    expect(judgeDialogueId(7, 3, 1)).toBe('7-3-1');
  });

  it('lists what is wrong: types, a missing or repeated rubric, a score out of range, scores on a failed line', () => {
    const check = readResultLine(SID_RUBRIC_SET, { ...valid, sample: -1, judge: '', extra: 1, scores: [...valid.scores.slice(1), { ...valid.scores[1] }, { rubric: 'TCF', score: 9, rationale: '' }] });
    expect(check).toEqual({ ok: false, problems: ['"extra" is not a key of a results line', '"judge" must be a non-empty string', '"sample" must be a whole number from 0', 'scores[4]: M-RCC is scored twice', 'scores[5]: TCF is scored twice', 'no score for X-SRG'] });
    expect(readResultLine(SID_RUBRIC_SET, { ...valid, status: 'failed' })).toEqual({ ok: false, problems: ['a failed line holds no scores'] });
    expect(readResultLine(SID_RUBRIC_SET, { ...valid, scores: valid.scores.map((entry) => ({ ...entry, score: 0 })) }).ok).toBe(false);
    expect(readResultLine(SID_RUBRIC_SET, { ...valid, rubricSet: { id: 'sid' } })).toEqual({ ok: false, problems: ['"rubricSet" must be {"id", "version", "hash"} (strings)'] });
  });
});

describe('parseExpertsCsv', () => {
  it('reads dialogue,rubric,rater,score in any column order, with an optional group and quoted fields', () => {
    const text = '\ufeffrater,score,dialogue,rubric,group\r\n"Li, Wei",4,7-3-1,X-SRG,GPT-4o\r\n\r\nZhang,5,7-3-1,TCF,\n"Wang ""W""",3,7-3-1,IRA,\n';
    expect(parseExpertsCsv(text, SID_RUBRIC_SET)).toEqual({
      scores: [
        { dialogue: '7-3-1', rubric: 'X-SRG', rater: 'Li, Wei', score: 4, group: 'GPT-4o' },
        { dialogue: '7-3-1', rubric: 'TCF', rater: 'Zhang', score: 5 },
        { dialogue: '7-3-1', rubric: 'IRA', rater: 'Wang "W"', score: 3 },
      ],
      problems: [],
    });
  });

  it('names each bad line: a missing header column, an unknown rubric, a score off the scale, a rater twice, an open quote', () => {
    expect(parseExpertsCsv('dialogue,rubric,score\n', SID_RUBRIC_SET).problems).toEqual([{ line: 1, message: 'the header lacks rater (it needs dialogue,rubric,rater,score, optionally group)' }]);
    const { problems } = parseExpertsCsv('dialogue,rubric,rater,score\n1-1-1,CTRA,a,3\n1-1-1,IRA,a,6\n1-1-1,IRA,a,3\n1-1-1,IRA,a,2\n"1-1-1,IRA,a,2\n1-1-1,IRA,,2\n', SID_RUBRIC_SET);
    expect(problems.map((problem) => problem.line)).toEqual([2, 3, 5, 6, 7]);
    expect(problems[2].message).toBe('a already scored IRA of 1-1-1 on line 4');
    expect(problems[4].message).toBe('no rater');
  });
});
