import type { JsonSchemaNode } from '../scenario/schema';
import { SYNTHESIS_FORMAT } from './types';

/**
 * The JSON Schema of a synthesis spec (resources/synthesis/*.yaml), walked by the scenario
 * parser's checkSchema: keys, types and ranges. The rules across fields (weights summing to 1,
 * unique ids, min below max, metric counts) are checked after it, in parse-spec.ts.
 */
const text = (description: string): JsonSchemaNode => ({ type: 'string', minLength: 1, description });
const bilingual = (description: string): JsonSchemaNode => ({
  type: 'object', description, properties: { en: text('English'), zh: text('中文') }, required: ['en', 'zh'], additionalProperties: false,
});
const count = (description: string, maximum: number): JsonSchemaNode => ({ type: 'integer', minimum: 1, maximum, description });
const share = (description: string): JsonSchemaNode => ({ type: 'number', minimum: 0, maximum: 1, description });

export const MAX_DIMENSIONS = 20;
/** parseRubricSet takes at most 100 rubrics */
export const MAX_METRICS = 100;
export const MAX_TEST_ITEMS = 1_000;
export const MAX_ANCHORS = 200;
export const MAX_SYNTHESIS_ROUNDS = 50;

export const SYNTHESIS_SPEC_SCHEMA: JsonSchemaNode = {
  type: 'object',
  properties: {
    format: { type: 'string', const: SYNTHESIS_FORMAT },
    id: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$', description: 'the rubric set id' },
    version: text('the spec version; round r of it is version <version>+r<r>'),
    name: bilingual('the rubric set name'),
    scenario: bilingual('the scenario the rubric is for'),
    dimensions: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          id: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,15}$', description: 'metric ids are <id>-<n>' },
          name: bilingual('the dimension name'),
          weight: { type: 'number', description: '> 0; the weights sum to 1' },
          description: bilingual('what the dimension covers, for the drafter'),
        },
        required: ['id', 'name', 'weight'],
        additionalProperties: false,
      },
    },
    metrics_per_dimension: count('metrics drafted per dimension (or metrics_total)', MAX_METRICS),
    metrics_total: count('metrics drafted in all, each dimension at least one (or metrics_per_dimension)', MAX_METRICS),
    test_items: count('test items answered each round', MAX_TEST_ITEMS),
    anchors: count('frozen answers re-scored every round', MAX_ANCHORS),
    models: {
      type: 'object',
      properties: { drafter: text('connection that drafts and revises metrics'), generator: text('connection that answers the test items'), judge: text('connection that scores') },
      required: ['drafter', 'generator', 'judge'],
      additionalProperties: false,
    },
    range: {
      type: 'object',
      properties: { min: { type: 'integer', minimum: -100, maximum: 100 }, max: { type: 'integer', minimum: -100, maximum: 100 } },
      required: ['min', 'max'],
      additionalProperties: false,
    },
    thresholds: {
      type: 'object',
      properties: {
        floor_share: share('share at the floor from which a metric is too strict (0.5)'),
        ceiling_share: share('share at the ceiling from which a metric is too lenient (0.5)'),
        min_sd: { type: 'number', minimum: 0, description: 'SD across answers below which a metric is weak (range width / 8)' },
        drift: { type: 'number', minimum: 0, description: 'mean absolute anchor score change warned of (range width / 8)' },
      },
      additionalProperties: false,
    },
    stopping: {
      type: 'object',
      properties: {
        max_rounds: count('revision rounds at most (5)', MAX_SYNTHESIS_ROUNDS),
        min_gain: share('least rise of the share of fine metrics that counts as a gain (0.05)'),
        patience: count('rounds without gain before stopping (2)', MAX_SYNTHESIS_ROUNDS),
      },
      additionalProperties: false,
    },
  },
  required: ['format', 'id', 'version', 'name', 'scenario', 'dimensions', 'test_items', 'anchors', 'models'],
  additionalProperties: false,
};
