/** The template shows every key the spec schema allows (but the alternative metrics_total), so it documents the whole format. */
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { type JsonSchemaNode } from '../../../../shared/scenario';
import { SYNTHESIS_SPEC_SCHEMA } from '../../../../shared/synthesis';
import { templateText } from './support';

function schemaPaths(schema: JsonSchemaNode, prefix = ''): string[] {
  if (schema.type === 'array' && schema.items) return schemaPaths(schema.items, `${prefix}[]`);
  if (schema.type !== 'object' || !schema.properties) return [prefix];
  return Object.entries(schema.properties).flatMap(([key, child]) => schemaPaths(child, prefix ? `${prefix}.${key}` : key));
}

function valuePaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => valuePaths(item, `${prefix}[]`));
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => valuePaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('spec schema and template', () => {
  it('the template uses every key of the schema but metrics_total, and no other', () => {
    const used = new Set(valuePaths(parse(templateText())));
    const allowed = schemaPaths(SYNTHESIS_SPEC_SCHEMA);
    expect(allowed.filter((path) => !used.has(path))).toEqual(['metrics_total']);
    expect([...used].filter((path) => !allowed.includes(path))).toEqual([]);
  });
});
