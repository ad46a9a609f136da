import { describe, expect, it, vi } from 'vitest';
import type { JudgeRunRow } from '../../../../shared/model/judge';
import { createComparisonStore } from '../../../../renderer/src/stores/judge/comparison-store';
import type { JudgeComparisonOutcome } from '../../../../renderer/src/stores/judge/run-comparison';

const run = (id: string, hash: string): JudgeRunRow => ({
  id,
  datasetId: 'ds',
  name: `${id}.jsonl`,
  rubricSet: { id: 'sid', version: '1.0.0', hash },
  judges: [{ name: 'j' }],
  settings: {},
  samples: 1,
  createdAt: '2026-12-03T10:00:00.000Z',
  source: 'import',
  lines: 1,
  failed: 0,
  unmatchedCount: 0,
  unmatched: [],
});

describe('run comparison store', () => {
  it('computes only for two or more runs on one rubric-set hash, in the order chosen; refuses others with the reason', async () => {
    const outcome: JudgeComparisonOutcome = { kind: 'refused', message: 'from the worker' };
    const compare = vi.fn(async () => outcome);
    const store = createComparisonStore({ compare });
    const runs = [run('a', 'h1'), run('b', 'h1'), run('c', 'h2')];
    await store.getState().toggle(runs[1], runs);
    expect(store.getState().status).toBe('idle');
    await store.getState().toggle(runs[2], runs);
    expect(store.getState().status).toBe('refused');
    expect(store.getState().message).toMatch(/c\.jsonl.*b\.jsonl/);
    expect(compare).not.toHaveBeenCalled();
    await store.getState().toggle(runs[2], runs);
    await store.getState().toggle(runs[0], runs);
    expect(compare).toHaveBeenCalledWith({ runIds: ['b', 'a'] });
    expect(store.getState()).toMatchObject({ status: 'refused', message: 'from the worker' });
  });
});
