/**
 * pairwiseResult over job payloads, worked by hand: per judge, the two orders of a pair and
 * sample are one comparison; consistent ones (the same model both times) are counted as wins or
 * ties, the others make the position-inconsistency rate.
 */
import { describe, expect, it } from 'vitest';
import { judgedPayload, modelVerdict, pairVerdictsByJudge, pairwiseItemId, pairwiseItemIds, pairwiseResult, parsePairwiseItemId, type PairOrder, type PositionVerdict } from '../../../../shared/judge';

function payload(connectionId: string, pairId: string, order: PairOrder, verdict: PositionVerdict | null, sample = 0) {
  const base = { pairId, order, dialogueA: `a-${pairId}`, dialogueB: `b-${pairId}`, connectionId, judgeModel: connectionId, sample, rubricSet: { id: 's', version: '1', hash: 'h' }, prompt: { version: '1', language: 'en' as const, reasoningFirst: false, hash: 'p' }, tokens: { input: 1, output: 1 }, cached: false, call: {} as never };
  return verdict === null ? { ...base, status: 'failed' as const, reasons: ['no JSON'] } : judgedPayload(base, verdict, 'r');
}

describe('pairwise counting over payloads', () => {
  it('maps verdicts back to models and counts by hand', () => {
    expect(judgedPayload(payload('j', 'p', 'ba', 'first') as never, 'first', 'r').winner).toBe('B');
    expect([modelVerdict('ab', 'first'), modelVerdict('ab', 'second'), modelVerdict('ba', 'first'), modelVerdict('ba', 'second'), modelVerdict('ba', 'tie')]).toEqual(['A', 'B', 'B', 'A', 'tie']);
    const payloads = [
      // j1: p1 A both times; p2 B both times; p3 tie both times; p4 "first" both times (inconsistent, position bias);
      // p5 A then tie (inconsistent, not position bias); p6 one order failed (incomplete); p1 sample 1: B both times
      payload('j1', 'p1', 'ab', 'first'), payload('j1', 'p1', 'ba', 'second'),
      payload('j1', 'p2', 'ab', 'second'), payload('j1', 'p2', 'ba', 'first'),
      payload('j1', 'p3', 'ab', 'tie'), payload('j1', 'p3', 'ba', 'tie'),
      payload('j1', 'p4', 'ab', 'first'), payload('j1', 'p4', 'ba', 'first'),
      payload('j1', 'p5', 'ab', 'first'), payload('j1', 'p5', 'ba', 'tie'),
      payload('j1', 'p6', 'ab', 'first'), payload('j1', 'p6', 'ba', null),
      payload('j1', 'p1', 'ab', 'second', 1), payload('j1', 'p1', 'ba', 'first', 1),
      // a line written twice is read once
      payload('j1', 'p1', 'ab', 'second'),
      // j2: only one order of p1
      payload('j2', 'p1', 'ab', 'first'),
    ];
    const { byJudge, duplicates } = pairVerdictsByJudge(payloads.map((p) => ({ judge: p.connectionId, pairId: p.pairId, order: p.order, sample: p.sample, verdict: p.status === 'valid' ? p.verdict : null })));
    expect(duplicates).toBe(1);
    expect([...byJudge.keys()]).toEqual(['j1', 'j2']);
    // judged 6 (p1, p1#1, p2, p3, p4, p5); consistent 4: A 1, B 2, tie 1; winRateA (1 + 0.5) / 4; inconsistent 2 of 6
    expect(pairwiseResult(byJudge.get('j1')!)).toEqual({ judged: 6, incomplete: 1, consistent: 4, inconsistent: 2, winsA: 1, winsB: 2, ties: 1, positionInconsistencyRate: 2 / 6, winRateA: 0.375, firstPositionFavoured: 1 });
    expect(byJudge.get('j1')!.map((pair) => pair.pair)).toContain('p1#1');
    expect(pairwiseResult(byJudge.get('j2')!)).toMatchObject({ judged: 0, incomplete: 1, positionInconsistencyRate: null, winRateA: null });
  });

  it('names items by order and pair, and reads them back', () => {
    expect(pairwiseItemIds([{ id: 't1-s1' }, { id: 'a:b' }])).toEqual(['ab:t1-s1', 'ba:t1-s1', 'ab:a:b', 'ba:a:b']);
    expect(parsePairwiseItemId(pairwiseItemId('a:b', 'ba'))).toEqual({ pairId: 'a:b', order: 'ba' });
    for (const bad of ['t1-s1', 'ab:', 'xy:p', 'abp']) expect(parsePairwiseItemId(bad), bad).toBeNull();
  });
});
