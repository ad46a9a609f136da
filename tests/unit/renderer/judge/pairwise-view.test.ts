import { describe, expect, it } from 'vitest';
import { pairDrillRows, pairOutcome } from '../../../../renderer/src/features/judge/pairwise-pairs';
import { pairwiseCsv } from '../../../../renderer/src/stores/judge/pairwise-export';
import { pairwiseSummary } from '../../../../shared/judge/pairwise-summary';
import type { PairwiseVerdictRow } from '../../../../shared/model/pairwise';

const pair = (id: string) => ({ id, a: `a-${id}`, b: `b-${id}`, topicId: '7', studentId: id, repeatId: '1' });
function verdict(pairId: string, order: 'ab' | 'ba', value: 'first' | 'second' | 'tie' | null, judge = 'j'): PairwiseVerdictRow {
  const base = { id: `r|${pairId}|${order}|${judge}|0`, runId: 'r', pairId, order, dialogueA: `a-${pairId}`, dialogueB: `b-${pairId}`, groupA: 'GPT-4o', groupB: 'Qwen', judge, sample: 0 };
  if (value === null) return { ...base, status: 'failed', reason: 'no JSON' };
  const winner = value === 'tie' ? 'tie' : (value === 'first') === (order === 'ab') ? 'A' : 'B';
  return { ...base, status: 'valid', verdict: value, winner, rationale: 'r' };
}

describe('pairwise drill-down and export', () => {
  it('maps both orders back to the models: agreeing is a win or tie, disagreeing inconsistent, a failed or missing order incomplete', () => {
    expect(pairOutcome(verdict('1', 'ab', 'first'), verdict('1', 'ba', 'second'))).toBe('A');
    expect(pairOutcome(verdict('1', 'ab', 'second'), verdict('1', 'ba', 'first'))).toBe('B');
    expect(pairOutcome(verdict('1', 'ab', 'tie'), verdict('1', 'ba', 'tie'))).toBe('tie');
    expect(pairOutcome(verdict('1', 'ab', 'first'), verdict('1', 'ba', 'first'))).toBe('inconsistent');
    expect(pairOutcome(verdict('1', 'ab', 'first'), verdict('1', 'ba', null))).toBe('incomplete');
    expect(pairOutcome(verdict('1', 'ab', 'first'), null)).toBe('incomplete');
  });

  it("lists every pair of the run for the judge, in the run's order, those without verdicts yet incomplete", () => {
    const rows = pairDrillRows([pair('2'), pair('1')], [verdict('1', 'ab', 'first'), verdict('1', 'ba', 'second'), verdict('1', 'ab', 'second', 'other')], ['j']);
    expect(rows.map((row) => [row.pair.id, row.outcome])).toEqual([['2', 'incomplete'], ['1', 'A']]);
  });

  it('writes the summary as CSV with the interval and the panel row', () => {
    const summary = pairwiseSummary([
      { judge: 'x', pairId: '1', order: 'ab', sample: 0, verdict: 'first' },
      { judge: 'x', pairId: '1', order: 'ba', sample: 0, verdict: 'second' },
      // second position favoured both times: inconsistent, but not for the first position
      { judge: 'y', pairId: '1', order: 'ab', sample: 0, verdict: 'second' },
      { judge: 'y', pairId: '1', order: 'ba', sample: 0, verdict: 'second' },
    ]);
    const lines = pairwiseCsv(summary, { groupA: 'GPT-4o', groupB: 'Qwen, 72B' }, 'Panel').trim().split('\n');
    expect(lines[0]).toBe('judge,groupA,groupB,judged,incomplete,consistent,inconsistent,winsA,winsB,ties,winRateA,winRateA_low95,winRateA_high95,positionInconsistencyRate,firstPositionFavoured');
    // one consistent win of one: Wilson [0.2065, 1]
    expect(lines[1]).toBe('x,GPT-4o,"Qwen, 72B",1,0,1,0,1,0,0,1.0000,0.2065,1.0000,0.0000,0');
    expect(lines[2]).toBe('y,GPT-4o,"Qwen, 72B",1,0,0,1,0,0,0,,,,1.0000,0');
    expect(lines[3]).toBe('Panel,GPT-4o,"Qwen, 72B",2,0,1,1,1,0,0,1.0000,0.2065,1.0000,0.5000,0');
  });
});
