import { ANSWER_SCHEMA_NAME, type JsonSchema } from './answer-schema';

/**
 * How strongly the endpoint is asked for JSON: a schema it enforces, any JSON object, or only
 * the prompt's instructions (with tolerant extraction). Tried in this order; an endpoint that
 * refuses a mode is asked with the next one.
 */
export const RESPONSE_FORMAT_LADDER = ['json_schema', 'json_object', 'prompt_only'] as const;
export type ResponseFormatMode = (typeof RESPONSE_FORMAT_LADDER)[number];

/** The mode to try after `refused` was refused, or null when none is left. */
export function nextResponseFormat(refused: ResponseFormatMode): ResponseFormatMode | null {
  const index = RESPONSE_FORMAT_LADDER.indexOf(refused);
  return RESPONSE_FORMAT_LADDER[index + 1] ?? null;
}

export type ResponseFormatParameter =
  | { type: 'json_schema'; json_schema: { name: string; strict: true; schema: JsonSchema } }
  | { type: 'json_object' };

/** The request's `response_format`; undefined for prompt-only, where the parameter is left out. */
export function responseFormatParameter(mode: ResponseFormatMode, schema: JsonSchema): ResponseFormatParameter | undefined {
  if (mode === 'json_schema') return { type: 'json_schema', json_schema: { name: ANSWER_SCHEMA_NAME, strict: true, schema } };
  if (mode === 'json_object') return { type: 'json_object' };
  return undefined;
}

const FORMAT_WORDS = /response_format|response format|json_schema|json schema|json_object|structured output|guided_json|guided decoding/i;

/**
 * Whether an endpoint's error refuses the response format (so the next mode is worth a try)
 * rather than the request as a whole: a 400 or 422 whose message names the format. Servers word
 * it their own way ("response_format type is unavailable", "json_schema is not supported").
 */
export function refusesResponseFormat(status: number, message: string): boolean {
  return (status === 400 || status === 422) && FORMAT_WORDS.test(message.slice(0, 2000));
}
