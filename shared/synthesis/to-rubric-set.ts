import type { Rubric, RubricSet } from '../judge/types';
import type { DraftMetric, SynthesisSpec } from './types';

/** The version string of round `version`'s rubric set: the spec's version, then the round. */
export function roundRubricVersion(spec: SynthesisSpec, version: number): string {
  return `${spec.version}+r${version}`;
}

/**
 * A round's metrics as a rubric set in the judge's format (shared/judge), which parseRubricSet
 * accepts and the judge scores with: one rubric per metric, its id the metric's, its dimension
 * the seed dimension's name (the judge format has the dimension as text), its definition the
 * description, one positive and one negative example, the spec's range, no score anchors.
 */
export function metricsToRubricSet(spec: SynthesisSpec, metrics: readonly DraftMetric[], version: number): RubricSet {
  const dimensions = new Map(spec.dimensions.map((dimension) => [dimension.id, dimension]));
  const rubrics: Rubric[] = metrics.map((metric) => {
    const dimension = dimensions.get(metric.dimension);
    if (!dimension) throw new Error(`${metric.id}: ${metric.dimension} is not a dimension of ${spec.id}`);
    return {
      id: metric.id,
      name: { ...metric.name },
      dimension: { ...dimension.name },
      weight: metric.weight,
      definition: { ...metric.description },
      range: { ...spec.range },
      anchors: [],
      positiveExamples: [{ ...metric.positiveExample }],
      negativeExamples: [{ ...metric.negativeExample }],
    };
  });
  return { id: spec.id, version: roundRubricVersion(spec, version), name: { ...spec.name }, description: { ...spec.scenario }, rubrics };
}
