import { describe, expect, it } from 'vitest';
import { countItemOutcome, emptyProgress, type JobItemOutcome } from '../../../../shared/jobs';
import { seededRandom } from '../../../../shared/metrics/random';

describe('emptyProgress', () => {
  it('starts cost at 0 when priced and null when not', () => {
    expect(emptyProgress(7, true)).toEqual({ done: 0, total: 7, failed: 0, cached: 0, tokens: { input: 0, output: 0 }, cost: 0, rate: null, eta: null });
    expect(emptyProgress(7, false).cost).toBeNull();
  });
});

describe('countItemOutcome', () => {
  it('counts failed and cached items inside done', () => {
    let progress = emptyProgress(3, true);
    progress = countItemOutcome(progress, { ok: true, payload: null, cached: false, tokens: { input: 100, output: 20 }, cost: 0.5 });
    progress = countItemOutcome(progress, { ok: true, payload: null, cached: true, tokens: { input: 0, output: 0 }, cost: 0 });
    progress = countItemOutcome(progress, { ok: false, reason: 'bad JSON', tokens: { input: 90, output: 30 }, cost: 0.25 });
    expect(progress).toEqual({ done: 3, total: 3, failed: 1, cached: 1, tokens: { input: 190, output: 50 }, cost: 0.75, rate: null, eta: null });
  });

  it('turns cost null for good once one cost is unknown', () => {
    let progress = countItemOutcome(emptyProgress(3, true), { ok: true, payload: null, cached: false, tokens: { input: 1, output: 1 }, cost: null });
    expect(progress.cost).toBeNull();
    progress = countItemOutcome(progress, { ok: true, payload: null, cached: false, tokens: { input: 1, output: 1 }, cost: 2 });
    expect(progress.cost).toBeNull();
  });

  it('leaves rate and eta to the estimator', () => {
    const progress = countItemOutcome({ ...emptyProgress(2, false), rate: 5, eta: 12 }, { ok: false, reason: 'x', tokens: { input: 0, output: 0 }, cost: null });
    expect([progress.rate, progress.eta]).toEqual([5, 12]);
  });

  it('agrees with a plain tally over seeded runs', () => {
    const random = seededRandom(20261202);
    for (let run = 0; run < 50; run++) {
      const total = 1 + Math.floor(random() * 40);
      const priced = random() < 0.7;
      let progress = emptyProgress(total, priced);
      const tally = { failed: 0, cached: 0, input: 0, output: 0, cost: 0 };
      for (let index = 0; index < total; index++) {
        const tokens = { input: Math.floor(random() * 5000), output: Math.floor(random() * 800) };
        const cost = priced ? Math.round(random() * 1000) / 1000 : null;
        const roll = random();
        const outcome: JobItemOutcome = roll < 0.2 ? { ok: false, reason: 'x', tokens, cost } : { ok: true, payload: index, cached: roll > 0.8, tokens, cost };
        if (!outcome.ok) tally.failed++;
        if (outcome.ok && outcome.cached) tally.cached++;
        tally.input += tokens.input;
        tally.output += tokens.output;
        tally.cost += cost ?? 0;
        progress = countItemOutcome(progress, outcome);
      }
      expect(progress).toMatchObject({ done: total, total, failed: tally.failed, cached: tally.cached, tokens: { input: tally.input, output: tally.output } });
      if (priced) expect(progress.cost).toBeCloseTo(tally.cost, 9);
      else expect(progress.cost).toBeNull();
    }
  });
});
