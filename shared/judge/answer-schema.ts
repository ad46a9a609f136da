import type { JsonSchema } from '../llm/answer-schema';
import type { ResponseFormatMode } from '../llm/response-format';
import type { RubricSet } from './types';

/** `response_format.json_schema.name` of a judge answer: letters, digits, _ and - only. */
export const JUDGE_SCHEMA_NAME = 'judge_scores';

export interface JudgeAnswerOptions {
  /**
   * Reasoning before score: each entry lists `rationale` before `score`, in the schema (strict
   * structured outputs write keys in the schema's order) and in the prompt, so the model argues
   * first and scores after. Off: `score` first, the rationale justifies it afterwards.
   */
  reasoningFirst: boolean;
}

/** The key order of one score entry under the reasoning switch. */
export function entryKeys(options: JudgeAnswerOptions): readonly ['rubric', 'rationale', 'score'] | readonly ['rubric', 'score', 'rationale'] {
  return options.reasoningFirst ? (['rubric', 'rationale', 'score'] as const) : (['rubric', 'score', 'rationale'] as const);
}

/**
 * The one object a judge answers: `{ "scores": [ { "rubric": "<id>", "score": <int>, "rationale": "<text>" } ] }`.
 * Strict mode wants every key required and no other allowed; the rubric ids are an enum. A
 * schema shared by all rubrics cannot tie each rubric to its own range, nor require each rubric
 * exactly once: checkJudgeAnswer enforces both (the score's bounds here are the widest range of
 * the set, which is what `minimum`/`maximum` allow without per-rubric branches).
 */
export function judgeAnswerSchema(set: RubricSet, options: JudgeAnswerOptions): JsonSchema {
  const min = Math.min(...set.rubrics.map((rubric) => rubric.range.min));
  const max = Math.max(...set.rubrics.map((rubric) => rubric.range.max));
  const fields: JsonSchema = {
    rubric: { type: 'string', enum: set.rubrics.map((rubric) => rubric.id), description: "the rubric's id" },
    score: { type: 'integer', minimum: min, maximum: max, description: "a whole number within the rubric's range" },
    rationale: { type: 'string', description: options.reasoningFirst ? 'the reasoning that leads to the score, written before it' : 'a short justification of the score' },
  };
  const keys = entryKeys(options);
  const properties: JsonSchema = {};
  for (const key of keys) properties[key] = fields[key];
  return {
    type: 'object',
    properties: {
      scores: {
        type: 'array',
        description: 'one entry per rubric, each rubric exactly once, in the order the rubrics are listed',
        items: { type: 'object', properties, required: [...keys], additionalProperties: false },
      },
    },
    required: ['scores'],
    additionalProperties: false,
  };
}

export type JudgeResponseFormat =
  | { type: 'json_schema'; json_schema: { name: string; strict: true; schema: JsonSchema } }
  | { type: 'json_object' };

/**
 * The request's `response_format` on the same ladder as pre-annotation (json_schema, then
 * json_object, then the prompt only, where the parameter is left out; shared/llm
 * nextResponseFormat and refusesResponseFormat decide the fallback).
 */
export function judgeResponseFormat(mode: ResponseFormatMode, schema: JsonSchema): JudgeResponseFormat | undefined {
  if (mode === 'json_schema') return { type: 'json_schema', json_schema: { name: JUDGE_SCHEMA_NAME, strict: true, schema } };
  if (mode === 'json_object') return { type: 'json_object' };
  return undefined;
}
