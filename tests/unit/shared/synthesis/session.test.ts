/**
 * The loop between round jobs (shared/synthesis/session.ts): what the next round starts from
 * (the best round's metrics, the locks kept), the carried state built from it, whether the
 * working metrics hold unscored edits, and the result rubric set's version.
 */
import { describe, expect, it } from 'vitest';
import { afterRound, bestRound, type DraftMetric, type MetricScore, type Round, type SynthesisCarried, type SynthesisRoundPayload, type Verdict } from '../../../../shared/synthesis';
import { hasUnscoredEdits, nextCarried, resultRubricSet, rolledBack, workingAfterRound } from '../../../../shared/synthesis/session';
import { diagnostic, metric, templateSpec } from './support';

const STOP = { maxRounds: 5, minGain: 0.05, patience: 2 };
const IDS = ['PER-1', 'TMP-1', 'CS-1', 'VI-1'];
const WEIGHTS = [0.3, 0.4, 0.2, 0.1];

/** Round `version` of the template's four metrics, each description naming the round that wrote it. */
function roundOf(version: number, verdicts: Verdict[], locked: string[] = []): Round {
  const metrics: DraftMetric[] = IDS.map((id, index) => ({ ...metric(id, id.split('-')[0], WEIGHTS[index]), description: { en: `${id} as of round ${version}`, zh: `${id} 第${version}轮` } }));
  const diagnostics = verdicts.map((verdict, index) => diagnostic(IDS[index], verdict));
  const fine = verdicts.filter((verdict) => verdict === 'fine').length / verdicts.length;
  return { version, metrics, diagnostics, drift: null, objective: { fineShare: fine, meanDiscrimination: 1 }, locked, expertEdits: [] };
}

const anchorScores = (version: number): MetricScore[] => IDS.map((id) => ({ answer: 'T1-a1', metric: id, score: 1 + version }));

/** The payload a round's job would give after `before`, as the runner builds its decision. */
function payloadOf(before: readonly Round[], record: Round): SynthesisRoundPayload {
  const rounds = [...before, record];
  return {
    round: record.version, spec: { id: 'elmes-scenegen', version: '1', hash: 'h' }, metrics: record.metrics, rubricSet: resultRubricSet(templateSpec(), record),
    testItems: [{ id: 'T1', text: 'Item 1' }], answers: [{ id: 'T1-a1', itemId: 'T1', text: 'answer' }], anchors: ['T1-a1'],
    scores: anchorScores(record.version), anchorScores: anchorScores(record.version), diagnostics: record.diagnostics, drift: record.drift, objective: record.objective,
    revisions: record.version === 0 ? null : [], record, decision: afterRound(rounds, STOP), best: bestRound(rounds)?.version ?? record.version,
    tokens: { input: 0, output: 0 }, cached: false,
  };
}

describe('the working metrics after a round', () => {
  const draft = roundOf(0, ['fine', 'fine', 'weak', 'weak'], ['VI-1']);
  const worse = roundOf(1, ['fine', 'weak', 'weak', 'weak'], ['VI-1']);

  it('are the best round\'s after a worse round (the rollback), with the locks kept', () => {
    const payload = payloadOf([draft], worse);
    expect(payload.best).toBe(0);
    const working = workingAfterRound([draft], payload);
    expect(working.basedOn).toBe(0);
    expect(working.metrics).toEqual(draft.metrics);
    expect(working.metrics[0].description.en).toBe('PER-1 as of round 0');
    expect(working.locked).toEqual(['VI-1']);
    expect(working.edits).toEqual([]);
    expect(rolledBack(payload)).toBe(true);
    // copies down to the texts: editing the working metrics, even a text in place, leaves the round's record as it was
    working.metrics[0].description = { en: 'edited', zh: '改过' };
    working.metrics[1].positiveExample.en = 'edited in place';
    working.locked.push('PER-1');
    expect(draft.metrics[0].description.en).toBe('PER-1 as of round 0');
    expect(draft.metrics[1].positiveExample.en).not.toBe('edited in place');
    expect(payload.record.locked).toEqual(['VI-1']);
  });

  it('are this round\'s after a better one, and nothing is rolled back', () => {
    const better = roundOf(1, ['fine', 'fine', 'fine', 'weak']);
    const payload = payloadOf([draft], better);
    const working = workingAfterRound([draft], payload);
    expect(working.basedOn).toBe(1);
    expect(working.metrics[0].description.en).toBe('PER-1 as of round 1');
    expect(rolledBack(payload)).toBe(false);
    expect(rolledBack(payloadOf([], draft))).toBe(false);
  });
});

describe('the next round\'s carried state', () => {
  it('carries the working metrics, locks and edits; round 0\'s anchors stay the first, this round\'s become the previous', () => {
    const draft = roundOf(0, ['fine', 'weak', 'weak', 'weak']);
    const first = payloadOf([], draft);
    const working = workingAfterRound([], first);
    working.metrics[1] = { ...working.metrics[1], description: { en: 'an educator\'s text', zh: '教师的文字' } };
    working.locked = ['TMP-1'];
    working.edits = [{ by: 'Ms Li', changes: [{ metric: 'TMP-1', field: 'description', before: draft.metrics[1].description, after: working.metrics[1].description }] }];
    const carried: SynthesisCarried = nextCarried(undefined, first, working);
    expect(carried.metrics[1].description.en).toBe('an educator\'s text');
    expect(carried.locked).toEqual(['TMP-1']);
    expect(carried.expertEdits).toEqual(working.edits);
    expect(carried.rounds.map((round) => round.version)).toEqual([0]);
    expect(carried.testItems).toEqual(first.testItems);
    expect(carried.answers).toEqual(first.answers);
    expect(carried.anchors).toEqual(['T1-a1']);
    expect(carried.firstAnchorScores).toEqual(anchorScores(0));

    // copies: a later edit of the working state does not reach the carried one
    working.metrics[1].description = { en: 'changed after', zh: '之后改的' };
    working.edits[0].changes.push({ metric: 'PER-1', field: 'description', before: 'a', after: 'b' });
    expect(carried.metrics[1].description.en).toBe('an educator\'s text');
    expect(carried.expertEdits[0].changes).toHaveLength(1);

    const second = payloadOf(carried.rounds, { ...roundOf(1, ['fine', 'fine', 'weak', 'weak']), locked: ['TMP-1'] });
    const next = nextCarried(carried, second, workingAfterRound(carried.rounds, second));
    expect(next.rounds.map((round) => round.version)).toEqual([0, 1]);
    expect(next.firstAnchorScores).toEqual(anchorScores(0));
    expect(next.previousAnchorScores).toEqual(anchorScores(1));
    expect(next.locked).toEqual(['TMP-1']);
  });

  it('hasUnscoredEdits tells working metrics edited since their round from unedited ones', () => {
    const draft = roundOf(0, ['fine', 'weak', 'weak', 'weak']);
    const working = workingAfterRound([], payloadOf([], draft));
    expect(hasUnscoredEdits([draft], working)).toBe(false);
    working.metrics[2] = { ...working.metrics[2], positiveExample: { en: 'a better example', zh: '更好的例子' } };
    expect(hasUnscoredEdits([draft], working)).toBe(true);
    // no round to compare with: nothing can be said to be unscored
    expect(hasUnscoredEdits([], working)).toBe(false);
  });
});

describe('the result rubric set', () => {
  const spec = templateSpec();
  const best = roundOf(2, ['fine', 'fine', 'fine', 'weak']);

  it('is the best round\'s metrics, version <spec version>+r<best>', () => {
    const set = resultRubricSet(spec, best);
    expect(set.version).toBe('1+r2');
    expect(set.rubrics.map((rubric) => [rubric.id, rubric.weight, rubric.definition.en])).toEqual(IDS.map((id, index) => [id, WEIGHTS[index], `${id} as of round 2`]));
  });

  it('with unscored edits, holds the edited metrics and says how many edits: +r<best>.e<n>', () => {
    const edited = best.metrics.map((m, index) => (index === 0 ? { ...m, description: { en: 'edited PER', zh: '改过的' } } : m));
    const set = resultRubricSet(spec, best, { metrics: edited, edits: 2 });
    expect(set.version).toBe('1+r2.e2');
    expect(set.rubrics[0].definition.en).toBe('edited PER');
    expect(resultRubricSet(spec, best, { metrics: best.metrics, edits: 0 }).version).toBe('1+r2');
  });
});
