import { checkSchema, type SchemaProblem } from '../scenario/check-schema';
import { readYamlMapping, type LocatedProblem } from '../scenario/yaml-file';
import { defaultThresholds } from './diagnostics';
import { MAX_METRICS, SYNTHESIS_SPEC_SCHEMA } from './spec-schema';
import { type MetricCount, SYNTHESIS_FORMAT, type SynthesisSpec } from './types';

/** One problem of a spec file, where it is: `text` reads `spec.yaml:7:13: dimensions[1].weight: …`. */
export type SpecProblem = LocatedProblem;

export type ParseSpecResult = { ok: true; spec: SynthesisSpec } | { ok: false; problems: SpecProblem[] };

/** Weights are decimals a person types (0.3 + 0.4 + 0.2 + 0.1): equal to 1 up to rounding. */
export const WEIGHT_SUM_TOLERANCE = 1e-9;
export const DEFAULT_STOPPING = { maxRounds: 5, minGain: 0.05, patience: 2 } as const;

/* eslint-disable @typescript-eslint/no-explicit-any -- the value has passed the schema check: its shape is known */
type Checked = any;

/**
 * The rules across fields, each checked once the fields it reads have passed the schema, so a
 * misspelt key elsewhere does not hide a weight sum: every problem shows at once.
 */
function crossFieldProblems(value: Checked, schemaProblems: readonly SchemaProblem[]): SchemaProblem[] {
  const valid = (...keys: string[]) => !schemaProblems.some((problem) => (problem.path.length === 0 ? keys.some((key) => problem.message === `${key} is missing`) : keys.includes(String(problem.path[0]))));
  const problems: SchemaProblem[] = [];
  if (!valid('dimensions')) return problems;
  const dimensions = value.dimensions as { id: string; weight: number }[];
  dimensions.forEach((d, index) => {
    if (!(d.weight > 0)) problems.push({ path: ['dimensions', index, 'weight'], message: `must be above 0 (is ${d.weight})` });
    if (dimensions.findIndex((other) => other.id === d.id) !== index) problems.push({ path: ['dimensions', index, 'id'], message: `${d.id} is given twice` });
  });
  const sum = dimensions.reduce((total, d) => total + d.weight, 0);
  if (Math.abs(sum - 1) > WEIGHT_SUM_TOLERANCE) problems.push({ path: ['dimensions'], message: `the weights sum to ${Number(sum.toPrecision(12))}, not 1` });
  const perDimension = value.metrics_per_dimension;
  const total = value.metrics_total;
  if (valid('metrics_per_dimension', 'metrics_total')) {
    if ((perDimension === undefined) === (total === undefined)) problems.push({ path: [], message: 'give either metrics_per_dimension or metrics_total (one of them)' });
    else if (perDimension !== undefined && perDimension * dimensions.length > MAX_METRICS) problems.push({ path: ['metrics_per_dimension'], message: `${perDimension} × ${dimensions.length} dimensions is more than the ${MAX_METRICS} rubrics a set holds` });
    else if (total !== undefined && total < dimensions.length) problems.push({ path: ['metrics_total'], message: `${total} metrics cannot give each of the ${dimensions.length} dimensions one` });
  }
  if (valid('range') && value.range && value.range.min >= value.range.max) problems.push({ path: ['range'], message: `min (${value.range.min}) must be below max (${value.range.max})` });
  return problems;
}

function buildSpec(value: Checked): SynthesisSpec {
  const dimensions = (value.dimensions as Checked[]).map((d) => ({ id: d.id as string, name: d.name, weight: d.weight as number, description: d.description ?? { en: '', zh: '' } }));
  const metricCount: MetricCount = value.metrics_per_dimension !== undefined ? { perDimension: value.metrics_per_dimension } : { total: value.metrics_total };
  const range = value.range ?? { min: 1, max: 5 };
  const defaults = defaultThresholds(range);
  const t = value.thresholds ?? {};
  const s = value.stopping ?? {};
  return {
    format: SYNTHESIS_FORMAT,
    id: value.id,
    version: String(value.version),
    name: value.name,
    scenario: value.scenario,
    dimensions,
    metricCount,
    testItems: value.test_items,
    anchors: value.anchors,
    models: { ...value.models },
    range: { min: range.min, max: range.max },
    thresholds: { floorShare: t.floor_share ?? defaults.floorShare, ceilingShare: t.ceiling_share ?? defaults.ceilingShare, minSd: t.min_sd ?? defaults.minSd, drift: t.drift ?? defaults.minSd },
    stopping: { maxRounds: s.max_rounds ?? DEFAULT_STOPPING.maxRounds, minGain: s.min_gain ?? DEFAULT_STOPPING.minGain, patience: s.patience ?? DEFAULT_STOPPING.patience },
  };
}

/**
 * A synthesis spec read and checked: every problem at once, each as `file:line:column: path:
 * message`, unknown keys refused. The structure is checked against SYNTHESIS_SPEC_SCHEMA with the
 * scenario parser's checker and located with its YAML positions.
 */
export function parseSynthesisSpec(text: string, file: string): ParseSpecResult {
  const read = readYamlMapping(text, file, { kind: 'spec', notMapping: () => 'a synthesis spec is a mapping of keys (format, id, dimensions, models…)' });
  if (!read.ok) return read;
  const schemaProblems = checkSchema(SYNTHESIS_SPEC_SCHEMA, read.value);
  const problems = [...schemaProblems, ...crossFieldProblems(read.value, schemaProblems)];
  if (problems.length === 0) return { ok: true, spec: buildSpec(read.value) };
  return { ok: false, problems: read.place(problems) };
}
