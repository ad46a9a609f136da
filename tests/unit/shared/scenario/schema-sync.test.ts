/**
 * The JSON Schema (shared/scenario/schema.ts) and the parser agree both ways: every key the schema
 * allows appears in a file the parser accepts, and a key the schema does not allow is refused at
 * every level of the format.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMap, parseDocument, YAMLMap } from 'yaml';
import { describe, expect, it } from 'vitest';
import { checkSchema, type JsonSchemaNode, parseScenarioYaml, SCENARIO_SCHEMA } from '../../../../shared/scenario';
import { REPO_ROOT } from '../../../support/repo-paths';
import { TEMPLATE_FILES, templateText } from './support';

const FIXTURES = ['every-key.yaml', 'tasks-from-csv.yaml'];
const fixtureText = (file: string) => readFileSync(join(REPO_ROOT, 'tests', 'fixtures', 'scenarios', file), 'utf8');
const ALL_TEXTS: [string, string][] = [...TEMPLATE_FILES.map((file) => [file, templateText(file)] as [string, string]), ...FIXTURES.map((file) => [file, fixtureText(file)] as [string, string])];

/** Key paths a schema allows: `roles.teacher.sampling.seed`, `[]` for list items, `*` for patterned keys. */
function schemaPaths(schema: JsonSchemaNode, prefix = ''): string[] {
  const paths: string[] = [];
  for (const branch of schema.anyOf ?? []) paths.push(...schemaPaths(branch, prefix));
  for (const [key, child] of Object.entries(schema.properties ?? {})) paths.push(`${prefix}${key}`, ...schemaPaths(child, `${prefix}${key}.`));
  for (const child of Object.values(schema.patternProperties ?? {})) paths.push(`${prefix}*`, ...schemaPaths(child, `${prefix}*.`));
  if (schema.items) paths.push(...schemaPaths(schema.items, `${prefix}[].`));
  return paths;
}

/** The same paths as found in a value, each concrete key also written as `*` so patterned keys match. */
function valuePaths(value: unknown, prefixes: string[] = ['']): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => valuePaths(item, prefixes.map((prefix) => `${prefix}[].`)));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const here = prefixes.flatMap((prefix) => [`${prefix}${key}`, `${prefix}*`]);
    return [...here, ...valuePaths(child, here.map((path) => `${path}.`))];
  });
}

describe('scenario schema and parser', () => {
  it('accepts the templates and fixtures, which also pass the schema on their own', () => {
    for (const [file, text] of ALL_TEXTS) {
      const result = parseScenarioYaml(text, file);
      expect(result.ok ? [] : result.problems.map((problem) => problem.text), file).toEqual([]);
      expect(checkSchema(SCENARIO_SCHEMA, parseDocument(text).toJS()), file).toEqual([]);
    }
  });

  it('accepts every key the schema allows: each one is used by an accepted file', () => {
    const used = new Set(ALL_TEXTS.flatMap(([, text]) => valuePaths(parseDocument(text).toJS())));
    const allowed = [...new Set(schemaPaths(SCENARIO_SCHEMA))];
    expect(allowed.length).toBeGreaterThan(60);
    expect(allowed.filter((path) => !used.has(path))).toEqual([]);
  });

  it('refuses a key the schema does not allow, at every mapping of an accepted file', () => {
    let tried = 0;
    for (const [file, text] of ALL_TEXTS) {
      const doc = parseDocument(text);
      const maps: YAMLMap[] = [];
      const collect = (node: unknown) => {
        if (isMap(node)) {
          maps.push(node);
          node.items.forEach((pair) => collect(pair.value));
        } else if (node && typeof node === 'object' && 'items' in node) (node as { items: unknown[] }).items.forEach(collect);
      };
      collect(doc.contents);
      for (let index = 0; index < maps.length; index++) {
        const copy = parseDocument(text);
        const copies: YAMLMap[] = [];
        const again = (node: unknown) => {
          if (isMap(node)) {
            copies.push(node);
            node.items.forEach((pair) => again(pair.value));
          } else if (node && typeof node === 'object' && 'items' in node) (node as { items: unknown[] }).items.forEach(again);
        };
        again(copy.contents);
        copies[index].set('not a key!', 'x');
        const result = parseScenarioYaml(copy.toString(), file);
        expect(result.ok, `${file}: mapping ${index}`).toBe(false);
        if (!result.ok) expect(result.problems.some((problem) => problem.path.endsWith('not a key!')), `${file}: mapping ${index}: ${result.problems.map((problem) => problem.text).join('; ')}`).toBe(true);
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(40);
  });
});
