import type { JsonSchemaNode } from './schema';

export type ValuePath = readonly (string | number)[];

/** A problem at `path`; `atKey` when it is the key itself that is wrong (an unknown key). */
export interface SchemaProblem {
  path: ValuePath;
  message: string;
  atKey?: boolean;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return 'text';
  return `a ${typeof value}`;
}

function matchesType(schema: JsonSchemaNode, value: unknown): boolean {
  switch (schema.type) {
    case undefined: return true;
    case 'object': return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array': return Array.isArray(value);
    case 'string': return typeof value === 'string';
    case 'integer': return typeof value === 'number' && Number.isInteger(value);
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'boolean': return typeof value === 'boolean';
  }
}

const EXPECTED: Record<NonNullable<JsonSchemaNode['type']>, string> = {
  object: 'a mapping', array: 'a list', string: 'text', integer: 'a whole number', number: 'a number', boolean: 'true or false',
};

function describeSchema(schema: JsonSchemaNode): string {
  if (schema.anyOf) return schema.anyOf.map(describeSchema).join(' or ');
  if (schema.type === 'array' && schema.items?.type) return `a list of ${EXPECTED[schema.items.type].replace(/^an? /, '')}`;
  return schema.type ? EXPECTED[schema.type] : 'a value';
}

/**
 * Every problem of `value` against the subset of JSON Schema that schema.ts uses, all at once.
 * Unknown keys are problems: a misspelt key must never be ignored silently.
 */
export function checkSchema(schema: JsonSchemaNode, value: unknown, path: ValuePath = []): SchemaProblem[] {
  if (schema.anyOf) {
    return schema.anyOf.some((branch) => checkSchema(branch, value, path).length === 0) ? [] : [{ path, message: `must be ${describeSchema(schema)}, not ${typeName(value)}` }];
  }
  if (!matchesType(schema, value)) return [{ path, message: `must be ${describeSchema(schema)}, not ${typeName(value)}` }];
  const problems: SchemaProblem[] = [];
  if (typeof value === 'string') {
    if (schema.const !== undefined && value !== schema.const) problems.push({ path, message: `must be ${JSON.stringify(schema.const)}` });
    if (schema.minLength !== undefined && value.trim().length < schema.minLength) problems.push({ path, message: 'must not be empty' });
    if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value)) problems.push({ path, message: `${JSON.stringify(value)} does not have the form ${schema.pattern}` });
  }
  if (schema.enum && !schema.enum.includes(value as string | number)) problems.push({ path, message: `${JSON.stringify(value)} is not one of ${schema.enum.join(', ')}` });
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) problems.push({ path, message: `must be at least ${schema.minimum}` });
    if (schema.maximum !== undefined && value > schema.maximum) problems.push({ path, message: `must be at most ${schema.maximum}` });
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) problems.push({ path, message: `must hold at least ${schema.minItems} entr${schema.minItems === 1 ? 'y' : 'ies'}` });
    if (schema.items) value.forEach((item, index) => problems.push(...checkSchema(schema.items as JsonSchemaNode, item, [...path, index])));
  }
  if (schema.type === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!Object.hasOwn(record, key)) problems.push({ path, message: `${key} is missing` });
    for (const [key, item] of Object.entries(record)) {
      const named = schema.properties?.[key];
      const patterned = Object.entries(schema.patternProperties ?? {}).find(([pattern]) => new RegExp(pattern).test(key))?.[1];
      const itemSchema = named ?? patterned ?? (schema.additionalProperties === false ? undefined : schema.additionalProperties);
      if (!itemSchema) {
        const known = Object.keys(schema.properties ?? {});
        problems.push({ path: [...path, key], atKey: true, message: known.length > 0 ? `unknown key (known: ${known.join(', ')})` : 'is not a valid name' });
      } else problems.push(...checkSchema(itemSchema, item, [...path, key]));
    }
  }
  return problems;
}
