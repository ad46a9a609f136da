import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizedWeights, parseRubricSet, RubricSetError, rubricSetHash, rubricSetToJson, SID_RUBRIC_IDS, SID_RUBRIC_SET, weightedOverall } from '../../../../shared/judge';
import { testRubricSet } from './support';

function problemsOf(json: unknown): string[] {
  try {
    parseRubricSet(json, 'my-rubrics.json');
  } catch (error) {
    expect(error).toBeInstanceOf(RubricSetError);
    expect((error as Error).message).toContain('my-rubrics.json');
    return (error as RubricSetError).problems;
  }
  throw new Error('expected the set to be refused');
}

describe('the built-in SID rubric set', () => {
  it('has exactly X-SRG, M-RCC, X-MSR, IRA, TCF in that order, each 1–5 with a definition and five anchors in Chinese and English', () => {
    expect(SID_RUBRIC_SET.rubrics.map((rubric) => rubric.id)).toEqual(['X-SRG', 'M-RCC', 'X-MSR', 'IRA', 'TCF']);
    expect([...SID_RUBRIC_IDS]).toEqual(SID_RUBRIC_SET.rubrics.map((rubric) => rubric.id));
    for (const rubric of SID_RUBRIC_SET.rubrics) {
      expect(rubric.range).toEqual({ min: 1, max: 5 });
      for (const text of [rubric.name, rubric.definition, ...rubric.anchors.map((anchor) => anchor.description)]) {
        expect(text.zh.trim()).not.toBe('');
        expect(text.en.trim()).not.toBe('');
        expect(text.zh).toMatch(/[\u4e00-\u9fff]/);
        expect(text.en).toMatch(/^[\x20-\x7e–→]+$/);
      }
      expect(rubric.anchors.map((anchor) => anchor.score)).toEqual([1, 2, 3, 4, 5]);
    }
  });

  it('weighs the five rubrics equally', () => {
    expect(Object.values(normalizedWeights(SID_RUBRIC_SET))).toEqual([0.2, 0.2, 0.2, 0.2, 0.2]);
  });
});

describe('parseRubricSet', () => {
  const valid = () => JSON.parse(readFileSync(new URL('../../../../resources/rubrics/sid.json', import.meta.url), 'utf8'));

  it('collects every problem with its JSON path instead of stopping at the first', () => {
    const json = valid();
    json.rubrics[0].id = 'bad id';
    json.rubrics[1].range = { min: 5, max: 1 };
    json.rubrics[2].anchors[0].score = 9;
    json.rubrics[3].anchors[1].score = 1;
    json.rubrics[4].weight = -1;
    json.rubrics[4].name.zh = '';
    json.rubrics[2].anchor = [];
    json.rubrics.push({ ...json.rubrics[0], id: 'TCF' });
    const problems = problemsOf(json);
    expect(problems).toEqual(expect.arrayContaining([
      expect.stringMatching(/^\$\.rubrics\[0\]\.id "bad id" must be/),
      '$.rubrics[1].range: min (5) must be below max (1)',
      "$.rubrics[2].anchors[0].score 9 lies outside the rubric's range 1–5",
      '$.rubrics[3].anchors[1].score 1 is anchored twice',
      '$.rubrics[4].weight must be a number ≥ 0 (is -1)',
      '$.rubrics[4].name.zh must be a non-empty string (is "")',
      expect.stringMatching(/^\$\.rubrics\[2\]\.anchor is not a known key/),
      '$.rubrics[5].id "TCF" appears twice',
    ]));
    expect(problems).toHaveLength(8);
  });

  it('refuses a file that is not an object, an empty list, all-zero weights and a name every object has', () => {
    expect(problemsOf([])).toEqual(['$ must be one JSON object (is a list)']);
    expect(problemsOf({ id: 'x', version: '1', name: { zh: 'x', en: 'x' }, rubrics: [] })).toContain('$.rubrics must be a non-empty list (is a list)');
    const rubric = (id: string) => ({ id, name: { zh: id, en: id }, definition: { zh: id, en: id }, weight: 0 });
    expect(problemsOf({ id: 'x', version: '1', name: { zh: 'x', en: 'x' }, rubrics: [rubric('A'), rubric('B')] })).toEqual([
      '$.rubrics: every weight is 0; at least one rubric needs a weight above 0 for the overall score',
    ]);
    expect(problemsOf({ id: 'x', version: '1', name: { zh: 'x', en: 'x' }, rubrics: [{ ...rubric('constructor'), weight: 1 }] })[0]).toMatch(/every JavaScript object already has/);
  });

  it('gives rubrics without a range the set range, itself 1–5 by default, and weight 1', () => {
    const set = parseRubricSet({ id: 'x', version: '1', name: { zh: 'x', en: 'x' }, rubrics: [{ id: 'A', name: { zh: 'a', en: 'a' }, definition: { zh: 'a', en: 'a' } }] });
    expect(set.rubrics[0]).toMatchObject({ range: { min: 1, max: 5 }, weight: 1, anchors: [], positiveExamples: [], negativeExamples: [] });
    expect(testRubricSet(['A'], { min: 0, max: 10 }).rubrics[0].range).toEqual({ min: 0, max: 10 });
  });

  it('exports what it reads: parse(export(set)) is the set, and the file round-trips through JSON text', () => {
    const exported = JSON.parse(JSON.stringify(rubricSetToJson(SID_RUBRIC_SET)));
    expect(parseRubricSet(exported)).toEqual(SID_RUBRIC_SET);
    const custom = valid();
    custom.rubrics[0].positiveExamples = [{ zh: '你觉得呢？', en: 'What do you think?' }];
    custom.rubrics[0].negativeExamples = [{ zh: '答案是 5。', en: 'The answer is 5.' }];
    const set = parseRubricSet(custom);
    expect(parseRubricSet(JSON.parse(JSON.stringify(rubricSetToJson(set))))).toEqual(set);
  });
});

describe('rubricSetHash', () => {
  it('is the same for the same content in any key order and changes with any edit', () => {
    const json = rubricSetToJson(SID_RUBRIC_SET);
    const reordered = Object.fromEntries(Object.entries(json).reverse());
    expect(rubricSetHash(parseRubricSet(reordered))).toBe(rubricSetHash(SID_RUBRIC_SET));
    expect(rubricSetHash(SID_RUBRIC_SET)).toMatch(/^[0-9a-f]{16}$/);
    const edited = structuredClone(SID_RUBRIC_SET);
    edited.rubrics[2].anchors[3].description.en += ' ';
    expect(rubricSetHash(edited)).not.toBe(rubricSetHash(SID_RUBRIC_SET));
    const reweighted = structuredClone(SID_RUBRIC_SET);
    reweighted.rubrics[0].weight = 2;
    expect(rubricSetHash(reweighted)).not.toBe(rubricSetHash(SID_RUBRIC_SET));
  });
});

describe('weightedOverall', () => {
  const set = testRubricSet(['A', 'B', 'C'], { weights: [2, 1, 1] });

  it('is Σ w·score with weights normalised to sum 1 (2:1:1 → 0.5, 0.25, 0.25)', () => {
    expect(normalizedWeights(set)).toEqual({ A: 0.5, B: 0.25, C: 0.25 });
    expect(weightedOverall(set, { A: 4, B: 2, C: 5 })).toBe(3.75);
  });

  it('is null unless every rubric has a valid score, weight-0 rubrics included', () => {
    expect(weightedOverall(set, { A: 4, B: 2 })).toBeNull();
    expect(weightedOverall(set, { A: 4, B: 2, C: null })).toBeNull();
    expect(weightedOverall(set, { A: 4, B: 2, C: 6 })).toBeNull();
    expect(weightedOverall(set, { A: 4, B: 2, C: Number.NaN })).toBeNull();
    const zero = testRubricSet(['A', 'B'], { weights: [1, 0] });
    expect(weightedOverall(zero, { A: 4 })).toBeNull();
    expect(weightedOverall(zero, { A: 4, B: 1 })).toBe(4);
  });
});
