/**
 * The import's 64-level nesting rule on config files (issue 30 point 9): a scenario nested
 * 100,000 flow levels or 5,000 block levels, a synthesis spec as deep, a rubric set or codebook
 * nested 50,000 levels are refused with the import's words and their line, not "Maximum call stack
 * size exceeded"; the measure on YAML's syntax tree agrees with the import's measure of the value.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { yamlNestingBeyond } from '../../../../shared/config-files';
import { CodebookImportError, readCodebookFiles } from '../../../../shared/codebook/read-codebook-files';
import { MAX_JSON_NESTING, nestsDeeperThan } from '../../../../shared/import/json-records';
import { readRubricSetText } from '../../../../shared/judge';
import { parseScenarioYaml } from '../../../../shared/scenario';
import { parseSynthesisSpec } from '../../../../shared/synthesis';

const WORDS = `lists and objects are nested more than ${MAX_JSON_NESTING} levels deep`;
const flow = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const block = (levels: number) => Array.from({ length: levels }, (_, level) => `${' '.repeat(level)}k:`).join('\n') + ' 1\n';
const nestedJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('deep nesting in config files', () => {
  it.each([
    ['100,000 flow levels', `format: maieutic-scenario/1\nid: x\ntasks: ${flow(100_000)}\n`, 3],
    // the mapping under flow: is level 2 on line 3, so level 65 opens on line 66
    ['5,000 block levels', `format: maieutic-scenario/1\nflow:\n${block(5_000).replace(/^/gm, '  ')}`, 66],
  ])('refuses a scenario nested %s with the import’s words, at its line', (_, text, line) => {
    const result = parseScenarioYaml(text, 'deep.yaml');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0].text).toMatch(new RegExp(`^deep\\.yaml:${line}:\\d+: ${WORDS} \\(column \\d+\\); Maieutic reads at most 64 levels, so this scenario is not read$`));
    expect(result.problems[0].text).not.toContain('call stack');
  });

  it('refuses a synthesis spec nested 100,000 levels the same way', () => {
    const result = parseSynthesisSpec(`format: maieutic-synthesis/1\nmetrics: ${flow(100_000)}\n`, 'spec.yaml');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((problem) => problem.text)).toEqual([expect.stringMatching(new RegExp(`^spec\\.yaml:2:\\d+: ${WORDS}.*so this spec is not read$`))]);
  });

  it('refuses a rubric set and a codebook nested 50,000 levels, naming the line', () => {
    const rubrics = readRubricSetText(`{\n"rubrics": ${nestedJson(50_000)}}`, 'deep.json');
    expect(rubrics).toEqual({ ok: false, problems: [{ line: 2, message: expect.stringMatching(new RegExp(`^${WORDS} \\(column \\d+\\); .*so this rubric set is not read$`)) }] });
    const codebook = { name: 'deep.json', text: `{"fields": ${nestedJson(50_000)}}` };
    expect(() => readCodebookFiles(codebook, null)).toThrow(CodebookImportError);
    expect(() => readCodebookFiles(codebook, null)).toThrow(new RegExp(`\\$ \\(line 1\\): ${WORDS}`));
  });

  it('reads exactly 64 levels and refuses 65, in flow and block style alike', () => {
    // the document's mapping is level 1: `a:` holding 63 more levels is 64 in all
    expect(yamlNestingBeyond(`a: ${flow(63)}\n`)).toBe(-1);
    expect(yamlNestingBeyond(`a: ${flow(64)}\n`)).toBeGreaterThan(0);
    expect(yamlNestingBeyond(block(64))).toBe(-1);
    expect(yamlNestingBeyond(block(65))).toBeGreaterThan(0);
  });

  it('agrees with the import’s measure of the value on any YAML document, flow or block', () => {
    const value = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.integer(), fc.string({ maxLength: 3 }), fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(fc.string({ minLength: 1, maxLength: 2 }), tie('node'), { maxKeys: 3 })),
    })).node;
    fc.assert(
      fc.property(value, fc.integer({ min: 1, max: 6 }), fc.boolean(), (node, limit, asFlow) => {
        const text = asFlow ? `${JSON.stringify(node)}\n` : stringify(node);
        expect(yamlNestingBeyond(text, limit) !== -1).toBe(nestsDeeperThan(node, limit));
      }),
      { numRuns: 400 },
    );
  });
});
