/**
 * The pure pieces in the order the engine will call them: draft answer → rubric set the judge
 * takes → diagnostics of its scores → loop decision → revision answer → next round's set.
 */
import { describe, expect, it } from 'vitest';
import { parseRubricSet, rubricSetToJson } from '../../../../shared/judge';
import {
  afterRound, metricDiagnostics, metricsToRubricSet, type MetricScore, readDraftAnswer, readRevisionAnswer, type Round, roundObjective,
} from '../../../../shared/synthesis';
import { templateSpec } from './support';

const t = (en: string) => ({ en, zh: `中 ${en}` });

describe('one synthesis round, end to end (pure)', () => {
  it('drafts, diagnoses, decides to revise the too-strict metric, and keeps names and weights', () => {
    const spec = templateSpec();
    const entries = spec.dimensions.flatMap((d) => [1, 2, 3].map((n) => ({ dimension: d.id, name: t(`${d.id} metric ${n}`), weight: 1, description: t('d'), positive_example: t('+'), negative_example: t('-') })));
    const draft = readDraftAnswer(JSON.stringify({ metrics: entries }), spec);
    if (!draft.ok) throw new Error(draft.problems.join('\n'));
    expect(draft.value).toHaveLength(12);
    expect(draft.value.reduce((sum, m) => sum + m.weight, 0)).toBeCloseTo(1, 12);
    const set = parseRubricSet(rubricSetToJson(metricsToRubricSet(spec, draft.value, 0)));
    // answers a1…a4 score 2, 4, 2, 4 on every metric but PER-1, which floors them all
    const scores: MetricScore[] = ['a1', 'a2', 'a3', 'a4'].flatMap((answer, i) => set.rubrics.map((rubric) => ({ answer, metric: rubric.id, score: rubric.id === 'PER-1' ? 1 : i % 2 === 0 ? 2 : 4 })));
    const diagnostics = metricDiagnostics(set.rubrics.map((r) => r.id), scores, spec.range, spec.thresholds);
    const round0: Round = { version: 0, metrics: draft.value, diagnostics, drift: null, objective: roundObjective(diagnostics), locked: [], expertEdits: [] };
    expect(round0.objective.fineShare).toBeCloseTo(11 / 12, 12);
    const decision = afterRound([round0], spec.stopping);
    expect(decision).toEqual({ action: 'continue', reason: 'first-round', rollbackTo: null, revise: ['PER-1'] });
    const revised = readRevisionAnswer(JSON.stringify({ revisions: [{ metric: 'PER-1', description: t('gentler'), positive_example: t('+'), negative_example: t('-') }] }), draft.value, decision.revise);
    if (!revised.ok) throw new Error(revised.problems.join('\n'));
    const next = metricsToRubricSet(spec, revised.value.metrics, 1);
    expect(next.rubrics.map((r) => [r.id, r.name, r.weight])).toEqual(set.rubrics.map((r) => [r.id, r.name, r.weight]));
    expect(next.rubrics[0].definition).toEqual(t('gentler'));
  });
});
