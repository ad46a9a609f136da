import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DraftMetric, type MetricDiagnostic, parseSynthesisSpec, type Round, roundObjective, type SynthesisSpec, type Verdict } from '../../../../shared/synthesis';
import { RESOURCES_DIR } from '../../../support/repo-paths';

export function templateText(): string {
  return readFileSync(join(RESOURCES_DIR, 'synthesis', 'elmes-scenegen.yaml'), 'utf8');
}

export function templateSpec(): SynthesisSpec {
  const result = parseSynthesisSpec(templateText(), 'elmes-scenegen.yaml');
  if (!result.ok) throw new Error(result.problems.map((problem) => problem.text).join('\n'));
  return result.spec;
}

const text = (en: string) => ({ en, zh: `中文 ${en}` });

export function metric(id: string, dimension: string, weight: number): DraftMetric {
  return { id, name: text(`name ${id}`), dimension, weight, description: text(`description ${id}`), positiveExample: text(`good ${id}`), negativeExample: text(`bad ${id}`) };
}

export function diagnostic(metricId: string, verdict: Verdict, acrossAnswers = 1): MetricDiagnostic {
  return {
    metric: metricId, n: 4, answers: 4, mean: 3, sd: acrossAnswers, floorShare: 0, ceilingShare: 0,
    discrimination: { acrossAnswers, betweenGroups: null }, verdict, reason: '', thresholds: { floorShare: 0.5, ceilingShare: 0.5, minSd: 0.5 },
  };
}

/** A round whose metrics M1…Mn have the verdicts given. */
export function round(version: number, verdicts: Verdict[], options: { locked?: string[]; drifted?: boolean } = {}): Round {
  const diagnostics = verdicts.map((verdict, index) => diagnostic(`M${index + 1}`, verdict));
  const comparison = { metrics: [], overall: { pairs: 1, meanAbsoluteDifference: 0, meanSignedDifference: 0 }, threshold: 0.5, beyondThreshold: options.drifted === true, warning: null };
  return {
    version,
    metrics: verdicts.map((_, index) => metric(`M${index + 1}`, 'D', 1 / verdicts.length)),
    diagnostics,
    drift: version === 0 ? null : { sinceFirst: comparison, sincePrevious: null },
    objective: roundObjective(diagnostics),
    locked: options.locked ?? [],
    expertEdits: [],
  };
}
