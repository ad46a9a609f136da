import { describe, expect, it } from 'vitest';
import { afterRound, bestRound, metricsToRevise, roundObjective } from '../../../../shared/synthesis';
import { diagnostic, round } from './support';

const STOP = { maxRounds: 5, minGain: 0.05, patience: 2 };

describe('round objective', () => {
  it('is the share of fine metrics, with the mean discrimination beside it', () => {
    const objective = roundObjective([diagnostic('A', 'fine', 1), diagnostic('B', 'fine', 2), diagnostic('C', 'weak', 0), diagnostic('D', 'too-strict', 0)]);
    expect(objective).toEqual({ fineShare: 0.5, meanDiscrimination: 0.75 });
  });
});

describe('loop decisions', () => {
  it('continues after the draft, revising the non-fine, non-locked metrics', () => {
    const draft = round(0, ['fine', 'weak', 'too-strict', 'too-lenient'], { locked: ['M3'] });
    expect(metricsToRevise(draft)).toEqual(['M2', 'M4']);
    expect(afterRound([draft], STOP)).toEqual({ action: 'continue', reason: 'first-round', rollbackTo: null, revise: ['M2', 'M4'] });
  });

  it('rolls back to the best round when the last is worse, and revises from it', () => {
    const rounds = [round(0, ['fine', 'fine', 'weak', 'weak']), round(1, ['fine', 'weak', 'weak', 'weak'])];
    expect(bestRound(rounds)?.version).toBe(0);
    expect(afterRound(rounds, STOP)).toEqual({ action: 'continue', reason: 'within-patience', rollbackTo: 0, revise: ['M3', 'M4'] });
  });

  it('stops for no gain after `patience` rounds below minGain; a tie keeps the earlier round', () => {
    const rounds = [round(0, ['fine', 'fine', 'weak', 'weak']), round(1, ['fine', 'weak', 'weak', 'weak']), round(2, ['fine', 'fine', 'weak', 'weak'])];
    expect(bestRound(rounds)?.version).toBe(0);
    expect(afterRound(rounds, STOP)).toMatchObject({ action: 'stop', reason: 'no-gain', rollbackTo: null });
  });

  it('counts 2/5 → 3/5 as a gain of exactly 0.2 (no rounding loss)', () => {
    const rounds = [round(0, ['fine', 'fine', 'weak', 'weak', 'weak']), round(1, ['fine', 'fine', 'fine', 'weak', 'weak'])];
    expect(afterRound(rounds, { maxRounds: 5, minGain: 0.2, patience: 1 })).toMatchObject({ action: 'continue', reason: 'gained' });
  });

  it('stops at maxRounds revisions, when all are fine, and when only locked metrics are left', () => {
    expect(afterRound([round(0, ['fine', 'weak']), round(1, ['fine', 'weak'])], { ...STOP, maxRounds: 1 })).toMatchObject({ action: 'stop', reason: 'max-rounds' });
    expect(afterRound([round(0, ['fine', 'weak']), round(1, ['fine', 'fine'])], STOP)).toMatchObject({ action: 'stop', reason: 'all-fine', rollbackTo: null });
    expect(afterRound([round(0, ['fine', 'weak'], { locked: ['M2'] })], STOP)).toMatchObject({ action: 'stop', reason: 'nothing-to-revise' });
  });

  it('does not keep a round whose anchors drifted beyond the threshold', () => {
    const rounds = [round(0, ['fine', 'weak']), round(1, ['fine', 'fine'], { drifted: true })];
    expect(bestRound(rounds)?.version).toBe(0);
    expect(afterRound(rounds, STOP)).toMatchObject({ action: 'continue', rollbackTo: 0, revise: ['M2'] });
  });
});
