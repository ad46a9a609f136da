/**
 * The parameters of a `jobs.start` of kind `rubric-synthesis`, checked by shape field by field
 * (unknown fields refused) and the spec's YAML text parsed again here; the carried state of
 * round r ≥ 1 (metrics, items, answers, scores, previous rounds) is checked as plain JSON of
 * bounded size, then synthesisParameterProblems checks the hash, the round and the carried
 * metrics against round 0's (no name, dimension or weight changed by an edit).
 */
import {
  MAX_ANSWERS_PER_ITEM, MAX_EXTRA_GENERATORS, MAX_SPEC_SOURCE, parseSynthesisSpec, SYNTHESIS_BOUND_ROLES,
  type SynthesisCarried, type SynthesisJobParameters,
} from '../../../shared/synthesis';
import { expectObject } from './validate';
import { fail, finiteNumber, text } from './validate-llm';

/** The carried state is at most a few thousand answers and scores: a bound on its JSON size. */
const MAX_CARRIED_CHARS = 20_000_000;
const CARRIED_KEYS = ['metrics', 'locked', 'expertEdits', 'testItems', 'answers', 'anchors', 'firstAnchorScores', 'previousAnchorScores', 'rounds'] as const;

type Json = Record<string, unknown>;
const isText = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isBilingual = (value: unknown): boolean => typeof value === 'object' && value !== null && isText((value as Json).zh) && isText((value as Json).en);

/** Every entry of `carried.<key>` an object whose named fields pass their checks. */
function entries(channel: string, list: unknown, key: string, fields: Record<string, (value: unknown) => boolean>): void {
  if (!Array.isArray(list)) fail(channel, `"carried.${key}" must be a list`);
  list.forEach((entry, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) fail(channel, `carried.${key}[${index}] must be an object`);
    for (const [field, check] of Object.entries(fields)) if (!check((entry as Json)[field])) fail(channel, `carried.${key}[${index}].${field} is missing or of the wrong type`);
  });
}

const METRIC_SHAPE = { id: isText, dimension: isText, weight: isNumber, name: isBilingual, description: isBilingual, positiveExample: isBilingual, negativeExample: isBilingual };
const SCORE_SHAPE = { answer: isText, metric: isText, score: isNumber };

function carried(channel: string, value: unknown): SynthesisCarried {
  const record = expectObject(`${channel} carried`, value, [...CARRIED_KEYS]);
  for (const key of CARRIED_KEYS) if (!Array.isArray(record[key])) fail(channel, `"carried.${key}" must be a list`);
  let size: number;
  try {
    size = JSON.stringify(record).length;
  } catch {
    fail(channel, '"carried" must be plain JSON');
  }
  if (size > MAX_CARRIED_CHARS) fail(channel, `"carried" is larger than ${MAX_CARRIED_CHARS.toLocaleString('en-US')} characters`);
  for (const key of ['locked', 'anchors'] as const) if ((record[key] as unknown[]).some((entry) => !isText(entry))) fail(channel, `"carried.${key}" must be a list of strings`);
  entries(channel, record.metrics, 'metrics', METRIC_SHAPE);
  entries(channel, record.testItems, 'testItems', { id: isText, text: isText });
  entries(channel, record.answers, 'answers', { id: isText, itemId: isText, text: isText });
  entries(channel, record.firstAnchorScores, 'firstAnchorScores', SCORE_SHAPE);
  entries(channel, record.previousAnchorScores, 'previousAnchorScores', SCORE_SHAPE);
  entries(channel, record.expertEdits, 'expertEdits', { by: isText, changes: Array.isArray });
  const objective = (value: unknown) => typeof value === 'object' && value !== null && isNumber((value as Json).fineShare) && isNumber((value as Json).meanDiscrimination);
  const strings = (value: unknown) => Array.isArray(value) && value.every(isText);
  entries(channel, record.rounds, 'rounds', { version: isNumber, metrics: Array.isArray, diagnostics: Array.isArray, objective, locked: strings, expertEdits: Array.isArray });
  (record.rounds as Json[]).forEach((round, index) => {
    entries(channel, round.metrics, `rounds[${index}].metrics`, METRIC_SHAPE);
    entries(channel, round.diagnostics, `rounds[${index}].diagnostics`, { metric: isText, verdict: isText, n: isNumber, mean: isNumber, floorShare: isNumber, ceilingShare: isNumber, discrimination: (d) => typeof d === 'object' && d !== null && isNumber((d as Json).acrossAnswers) });
  });
  return record as unknown as SynthesisCarried;
}

export function synthesisParameters(channel: string, value: unknown): SynthesisJobParameters {
  const record = expectObject(`${channel} parameters`, value, ['specSource', 'specFile', 'specHash', 'round', 'roleConnections', 'answersPerItem', 'extraGenerators', 'language', 'carried']);
  const specSource = text(channel, record, 'specSource', MAX_SPEC_SOURCE);
  const specFile = text(channel, record, 'specFile', 500);
  const parsed = parseSynthesisSpec(specSource, specFile);
  if (!parsed.ok) fail(channel, `the spec has problems: ${parsed.problems.slice(0, 10).map((problem) => problem.text).join('; ')}`);
  const roles = expectObject(`${channel} roleConnections`, record.roleConnections ?? {}, [...SYNTHESIS_BOUND_ROLES]);
  const roleConnections: SynthesisJobParameters['roleConnections'] = {};
  for (const role of SYNTHESIS_BOUND_ROLES) if (roles[role] !== undefined) roleConnections[role] = text(channel, roles, role, 128);
  const parameters: SynthesisJobParameters = { specSource, specFile, specHash: text(channel, record, 'specHash', 128), round: finiteNumber(channel, record, 'round'), roleConnections };
  if (record.answersPerItem !== undefined) {
    const answers = finiteNumber(channel, record, 'answersPerItem');
    if (answers > MAX_ANSWERS_PER_ITEM) fail(channel, `"answersPerItem" must be at most ${MAX_ANSWERS_PER_ITEM}`);
    parameters.answersPerItem = answers;
  }
  if (record.extraGenerators !== undefined) {
    const list = record.extraGenerators;
    if (!Array.isArray(list) || list.length > MAX_EXTRA_GENERATORS || list.some((id) => !isText(id) || id.length === 0 || id.length > 128)) {
      fail(channel, `"extraGenerators" must be a list of at most ${MAX_EXTRA_GENERATORS} connection ids`);
    }
    parameters.extraGenerators = [...(list as string[])];
  }
  if (record.language !== undefined) {
    if (record.language !== 'zh' && record.language !== 'en') fail(channel, '"language" must be zh or en');
    parameters.language = record.language;
  }
  if (record.carried !== undefined) parameters.carried = carried(channel, record.carried);
  return parameters;
}
