import { describe, expect, it } from 'vitest';
import type { Codebook } from '../../../../shared/codebook';
import {
  ANSWER_SCHEMA_NAME,
  answerSchema,
  askedFields,
  checkAnswer,
  type JsonSchema,
  nextResponseFormat,
  refusesResponseFormat,
  RESPONSE_FORMAT_LADDER,
  responseFormatParameter,
} from '../../../../shared/llm';
import { answerFromPre, conforms, CUSTOM_CODEBOOK, SID_CODEBOOK, sampleDialogues, turnsOf } from './support';

function turnProperties(schema: JsonSchema): Record<string, JsonSchema> {
  return ((schema.properties as Record<string, JsonSchema>).turns.items as JsonSchema).properties as Record<string, JsonSchema>;
}

/** Every object in the schema as OpenAI's strict mode wants it: all properties required, no others allowed. */
function strictObjects(schema: unknown, found: string[] = []): string[] {
  const pending: unknown[] = [schema];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) pending.push(...node);
    else if (typeof node === 'object' && node !== null) {
      const record = node as Record<string, unknown>;
      if (record.type === 'object') {
        const keys = Object.keys(record.properties as object).sort();
        if (record.additionalProperties !== false || JSON.stringify([...(record.required as string[])].sort()) !== JSON.stringify(keys)) found.push(keys.join(','));
      }
      pending.push(...Object.values(record));
    }
  }
  return found;
}

function schemaCases(codebook: Codebook) {
  const schema = answerSchema(codebook);
  const properties = turnProperties(schema);
  return { schema, properties };
}

describe('answerSchema', () => {
  it('asks for one object with a list of turns, each with its number and every asked field', () => {
    const { schema, properties } = schemaCases(SID_CODEBOOK);
    expect(Object.keys(properties)).toEqual(['turn', 'teacher_intent', 'teaching_strategy', 'discipline', 'discipline_transfer', 'student_cognition_state', 'teacher_guidance_level', 'cognitive_level']);
    expect(properties.turn).toMatchObject({ type: 'integer' });
    expect(schema.required).toEqual(['turns']);
    expect(strictObjects(schema)).toEqual([]);
  });

  it('takes the codes of each field from the codebook', () => {
    const { properties } = schemaCases(SID_CODEBOOK);
    for (const { field, shape } of askedFields(SID_CODEBOOK)) {
      const [value, none] = properties[field.id].anyOf as JsonSchema[];
      expect(none).toEqual({ type: 'null' });
      const codes = field.labels.map((label) => label.code);
      if (shape === 'boolean') expect(value).toEqual({ type: 'boolean' });
      else if (shape === 'labels') expect(value).toEqual({ type: 'array', items: field.openVocabulary ? { type: 'string' } : { type: 'string', enum: codes } });
      else expect(value).toEqual({ type: 'string', enum: codes });
    }
    expect((properties.discipline.anyOf as JsonSchema[])[0]).toEqual({ type: 'array', items: { type: 'string' } });
  });

  it('matches a custom codebook', () => {
    const { schema, properties } = schemaCases(CUSTOM_CODEBOOK);
    expect(Object.keys(properties)).toEqual(['turn', 'move', 'topics', 'on_task', 'depth']);
    expect((properties.move.anyOf as JsonSchema[])[0]).toEqual({ type: 'string', enum: ['revoice', 'press', 'wait'] });
    expect((properties.depth.anyOf as JsonSchema[])[0]).toEqual({ type: 'string', enum: ['d1', 'd2', 'd3'] });
    expect((properties.on_task.anyOf as JsonSchema[])[0]).toEqual({ type: 'boolean' });
    expect(strictObjects(schema)).toEqual([]);
  });

  it('accepts the answers checkAnswer accepts, and refuses wrong shapes', () => {
    const { schema } = schemaCases(SID_CODEBOOK);
    for (const dialogue of sampleDialogues()) {
      const window = { start: 0, end: dialogue.turns.length };
      const answer = answerFromPre(SID_CODEBOOK, dialogue, window);
      expect(checkAnswer({ codebook: SID_CODEBOOK, turns: turnsOf(dialogue), window, answer }).ok).toBe(true);
      expect(conforms(schema, answer)).toBe(true);
    }
    const good = { turns: [{ turn: 1, teacher_intent: 'guide_reasoning', teaching_strategy: ['provide_hints'], discipline: ['生物'], discipline_transfer: false, student_cognition_state: null, teacher_guidance_level: 'L2', cognitive_level: 'apply' }] };
    expect(conforms(schema, good)).toBe(true);
    const variants: Record<string, unknown>[] = [
      { teacher_intent: '引导推理' },
      { teacher_intent: ['guide_reasoning'] },
      { teaching_strategy: 'provide_hints' },
      { discipline_transfer: 'no' },
      { turn: 1.5 },
      { extra: 1 },
    ];
    for (const variant of variants) expect(conforms(schema, { turns: [{ ...good.turns[0], ...variant }] }), JSON.stringify(variant)).toBe(false);
    const { cognitive_level: _left, ...withoutOne } = good.turns[0];
    expect(conforms(schema, { turns: [withoutOne] })).toBe(false);
    expect(conforms(schema, { ...good, note: 'x' })).toBe(false);
  });
});

describe('the response_format ladder', () => {
  it('goes json_schema, json_object, prompt only, then nothing', () => {
    expect(RESPONSE_FORMAT_LADDER).toEqual(['json_schema', 'json_object', 'prompt_only']);
    expect(nextResponseFormat('json_schema')).toBe('json_object');
    expect(nextResponseFormat('json_object')).toBe('prompt_only');
    expect(nextResponseFormat('prompt_only')).toBeNull();
  });

  it('builds the request parameter for each mode', () => {
    const schema = answerSchema(SID_CODEBOOK);
    expect(responseFormatParameter('json_schema', schema)).toEqual({ type: 'json_schema', json_schema: { name: ANSWER_SCHEMA_NAME, strict: true, schema } });
    expect(ANSWER_SCHEMA_NAME).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(responseFormatParameter('json_object', schema)).toEqual({ type: 'json_object' });
    expect(responseFormatParameter('prompt_only', schema)).toBeUndefined();
  });

  it('tells a refused format from other errors', () => {
    expect(refusesResponseFormat(400, 'This response_format type is unavailable now')).toBe(true);
    expect(refusesResponseFormat(400, "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.")).toBe(true);
    expect(refusesResponseFormat(422, 'guided_json is not supported by this backend')).toBe(true);
    expect(refusesResponseFormat(400, 'Structured outputs are not available for this model')).toBe(true);
    expect(refusesResponseFormat(400, 'max_tokens is too large: 5000. This model supports at most 4096 completion tokens')).toBe(false);
    expect(refusesResponseFormat(401, 'response_format needs a valid key')).toBe(false);
    expect(refusesResponseFormat(500, 'json_schema backend crashed')).toBe(false);
  });
});
