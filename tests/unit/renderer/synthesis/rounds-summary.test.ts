import { describe, expect, it } from 'vitest';
import { roundSummaries, steppedRound } from '../../../../renderer/src/features/synthesis/panels/rounds-summary';
import { comparison, payload, roundRow } from './fixtures';

describe('roundSummaries', () => {
  it('orders rounds, counts fine metrics and revisions, marks the best and a rolled-back round', () => {
    const first = payload(0, ['fine', 'weak', 'too-strict']);
    const second = payload(1, ['weak', 'weak', 'too-strict'], {
      revisions: [
        { metric: 'p-2', status: 'revised', problems: [] },
        { metric: 'p-3', status: 'refused', problems: ['weight changed'] },
        { metric: 'p-1', status: 'unchanged', problems: [] },
        { metric: 'p-4', status: 'revised', problems: [] },
      ],
      decision: { action: 'continue', reason: 'within-patience', rollbackTo: 0, revise: ['p-2', 'p-3'] },
      best: 0,
    });
    const lines = roundSummaries([roundRow(1, second), roundRow(0, first)], 0);
    expect(lines.map((line) => [line.round, line.state, line.fine, line.total, line.best, line.rolledBackTo])).toEqual([
      [0, 'done', 1, 3, true, null],
      [1, 'done', 0, 3, false, 0],
    ]);
    expect(lines[0].revisions).toBeNull();
    expect(lines[1].revisions).toEqual({ revised: 2, unchanged: 1, refused: 1 });
    expect(lines[1].decision?.reason).toBe('within-patience');
  });

  it('does not call a round rolled back when its decision names the round itself', () => {
    const own = payload(2, ['fine'], { decision: { action: 'stop', reason: 'all-fine', rollbackTo: 2, revise: [] } });
    expect(roundSummaries([roundRow(2, own)], 2)[0].rolledBackTo).toBeNull();
  });

  it('warns of drift since round 0 or since the previous round', () => {
    const sinceFirst = payload(1, ['fine'], { drift: { sinceFirst: comparison(0.9), sincePrevious: null } });
    const sincePrevious = payload(2, ['fine'], { drift: { sinceFirst: comparison(0.1), sincePrevious: comparison(0.7) } });
    const calm = payload(3, ['fine'], { drift: { sinceFirst: comparison(0.1), sincePrevious: comparison(0.2) } });
    expect(roundSummaries([roundRow(1, sinceFirst), roundRow(2, sincePrevious), roundRow(3, calm), roundRow(0, payload(0, ['fine']))], null).map((line) => line.driftWarned)).toEqual([false, true, true, false]);
  });

  it('tells a running round from a failed one', () => {
    const lines = roundSummaries([roundRow(0, payload(0, ['fine'])), roundRow(1, 'the judge timed out'), roundRow(2, null)], 0);
    expect(lines.slice(1).map((line) => [line.state, line.failure, line.fineShare])).toEqual([
      ['failed', 'the judge timed out', null],
      ['running', null, null],
    ]);
  });
});

describe('steppedRound', () => {
  it('moves one round up or down, stopping at the ends, and starts at an end when nothing is chosen', () => {
    expect(steppedRound([0, 1, 2], 1, 1)).toBe(2);
    expect(steppedRound([0, 1, 2], 2, 1)).toBe(2);
    expect(steppedRound([0, 1, 2], 0, -1)).toBe(0);
    expect(steppedRound([0, 1, 2], null, 1)).toBe(0);
    expect(steppedRound([0, 1, 2], null, -1)).toBe(2);
    expect(steppedRound([], null, 1)).toBeNull();
  });
});
