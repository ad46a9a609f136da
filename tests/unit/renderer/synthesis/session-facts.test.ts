import { describe, expect, it } from 'vitest';
import { bestOf, nextStep, roundRecords, roundsLeft, sessionSpec } from '../../../../renderer/src/features/synthesis/session-facts';
import type { SynthesisRoundRow, SynthesisSessionRow } from '../../../../shared/model/synthesis';
import type { SynthesisRoundPayload } from '../../../../shared/synthesis/synthesis-job';
import { round, templateText } from '../../shared/synthesis/support';

/** Only what the view reads of a payload: the round's record and the best round it names. */
function payloadOf(version: number, best: number, verdicts: Parameters<typeof round>[1]): SynthesisRoundPayload {
  return { round: version, record: round(version, verdicts), best } as unknown as SynthesisRoundPayload;
}

function row(version: number, payload: SynthesisRoundPayload | null, failure: string | null = null): SynthesisRoundRow {
  return { id: `s|${version}`, sessionId: 's', round: version, jobId: `job-${version}`, carried: null, payload, failure, createdAt: '2026-12-03T00:00:00.000Z' };
}

function session(patch: Partial<SynthesisSessionRow> = {}): SynthesisSessionRow {
  return {
    id: 's', title: 'Pilot', spec: { id: 'elmes-scenegen', version: '1', hash: 'h' }, specSource: templateText(), specFile: 'elmes-scenegen.yaml',
    connections: { drafter: 'a', generator: 'b', judge: 'c' }, connectionLabels: { drafter: { name: 'a', model: 'a' }, generator: { name: 'b', model: 'b' }, judge: { name: 'c', model: 'c' } },
    answersPerItem: 1, language: 'en', status: 'between-rounds', stop: null, working: { basedOn: 0, metrics: [], locked: [], edits: [] }, savedRubricSets: [], createdAt: '', updatedAt: '', ...patch,
  };
}

describe('the synthesis view’s reading of a session', () => {
  const spec = sessionSpec(session());
  const rounds = [row(1, payloadOf(1, 0, ['weak', 'weak'])), row(0, payloadOf(0, 0, ['fine', 'weak']))];

  it('takes the best round the last finished payload names (a worse round rolled back), records in round order', () => {
    expect(bestOf(rounds)?.version).toBe(0);
    expect(bestOf([...rounds, row(2, null)])?.version).toBe(0);
    expect(roundRecords(rounds).map((record) => record.version)).toEqual([0, 1]);
    expect(bestOf([])).toBeNull();
  });

  it('counts the revision rounds the spec still allows after the last one', () => {
    expect(spec?.stopping.maxRounds).toBe(5);
    expect(roundsLeft(spec, rounds)).toBe(4);
    expect(roundsLeft(spec, [row(5, null)])).toBe(0);
  });

  it('waits for a running round, retries a failed one, continues while rounds remain, offers another round after the loop stopped, and nothing once the educator stopped it', () => {
    expect(nextStep(session({ status: 'running' }), [...rounds, row(2, null)], spec)).toBe('running');
    expect(nextStep(session(), [...rounds, row(2, null)], spec)).toBe('running');
    expect(nextStep(session(), [...rounds, row(2, null, 'the judge failed')], spec)).toBe('retry');
    expect(nextStep(session(), rounds, spec)).toBe('continue');
    // the loop's stop is advice: another round can still be run; the educator's stop is final
    expect(nextStep(session({ status: 'stopped', stop: { reason: 'all-fine', at: '' } }), rounds, spec)).toBe('another');
    expect(nextStep(session({ status: 'stopped', stop: { reason: 'no-gain', at: '' } }), rounds, spec)).toBe('another');
    expect(nextStep(session({ status: 'stopped', stop: { reason: 'educator', at: '' } }), rounds, spec)).toBe('done');
    // past the spec's max_rounds only by the educator's choice, and never past the app's limit of 50
    expect(nextStep(session(), [row(5, payloadOf(5, 0, ['fine']))], spec)).toBe('another');
    expect(nextStep(session({ status: 'stopped', stop: { reason: 'max-rounds', at: '' } }), [row(50, payloadOf(50, 0, ['weak']))], spec)).toBe('done');
  });
});
