import type { Codebook } from '../codebook/types';
import { type AskedField, askedFields, TURN_KEY } from './asked-fields';

/** A JSON Schema as plain data (the subset OpenAI's strict structured outputs accept). */
export type JsonSchema = { [key: string]: JsonSchemaValue };
type JsonSchemaValue = string | number | boolean | null | JsonSchemaValue[] | { [key: string]: JsonSchemaValue };

/** `response_format.json_schema.name`: letters, digits, _ and - only. */
export const ANSWER_SCHEMA_NAME = 'pre_annotation_turns';

function orNull(schema: JsonSchema): JsonSchema {
  return { anyOf: [schema, { type: 'null' }] };
}

/**
 * Codes only in the schema: in strict mode that is all a model can write. An open vocabulary
 * takes any text, since the codebook's list is not all it may hold (the prompt lists the codes).
 */
function labelSchema({ field }: AskedField): JsonSchema {
  return field.openVocabulary ? { type: 'string' } : { type: 'string', enum: field.labels.map((label) => label.code) };
}

function valueSchema(asked: AskedField): JsonSchema {
  const description = `${asked.field.name.en || asked.field.id}; null where it does not apply to the turn's speaker`;
  if (asked.shape === 'boolean') return { ...orNull({ type: 'boolean' }), description };
  if (asked.shape === 'labels') return { ...orNull({ type: 'array', items: labelSchema(asked) }), description };
  return { ...orNull(labelSchema(asked)), description };
}

/**
 * The one object a model answers: `{ "turns": [ { "turn": n, "<field id>": value, … } ] }` with
 * every asked field of the codebook. Every key is required and no other allowed, as strict mode
 * wants; which fields apply to which turn is for checkAnswer, which also enforces the turn count
 * a schema shared by every dialogue cannot.
 */
export function answerSchema(codebook: Codebook): JsonSchema {
  const asked = askedFields(codebook);
  const properties: JsonSchema = { [TURN_KEY]: { type: 'integer', description: "the turn's number as the prompt shows it" } };
  for (const field of asked) properties[field.field.id] = valueSchema(field);
  return {
    type: 'object',
    properties: {
      turns: {
        type: 'array',
        description: 'one entry per turn, in order',
        items: { type: 'object', properties, required: [TURN_KEY, ...asked.map((field) => field.field.id)], additionalProperties: false },
      },
    },
    required: ['turns'],
    additionalProperties: false,
  };
}
