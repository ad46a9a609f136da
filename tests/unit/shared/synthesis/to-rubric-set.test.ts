import { describe, expect, it } from 'vitest';
import { parseRubricSet, rubricSetHash, rubricSetToJson } from '../../../../shared/judge';
import { metricsToRubricSet } from '../../../../shared/synthesis';
import { metric, templateSpec } from './support';

const METRICS = [metric('PER-1', 'PER', 0.1), metric('PER-2', 'PER', 0.2), metric('TMP-1', 'TMP', 0.4), metric('CS-1', 'CS', 0.2), metric('VI-1', 'VI', 0.1)];

describe('metricsToRubricSet', () => {
  it('gives a rubric set parseRubricSet accepts unchanged, names, dimensions and weights carried', () => {
    const set = metricsToRubricSet(templateSpec(), METRICS, 2);
    expect(parseRubricSet(rubricSetToJson(set), 'round 2')).toEqual(set);
    expect(set).toMatchObject({ id: 'elmes-scenegen', version: '1+r2' });
    expect(set.rubrics.map((rubric) => [rubric.id, rubric.name.en, rubric.dimension.en, rubric.weight])).toEqual([
      ['PER-1', 'name PER-1', 'Personalization', 0.1], ['PER-2', 'name PER-2', 'Personalization', 0.2], ['TMP-1', 'name TMP-1', 'Teaching Method Professionalism', 0.4],
      ['CS-1', 'name CS-1', 'Creativity Stimulation', 0.2], ['VI-1', 'name VI-1', 'Values Integration', 0.1],
    ]);
    expect(set.rubrics[0]).toMatchObject({ definition: METRICS[0].description, range: { min: 1, max: 5 }, positiveExamples: [METRICS[0].positiveExample], negativeExamples: [METRICS[0].negativeExample] });
  });

  it('has a stable hash: the same metrics hash alike, a revised description does not', () => {
    const spec = templateSpec();
    const hash = rubricSetHash(metricsToRubricSet(spec, METRICS, 1));
    expect(rubricSetHash(metricsToRubricSet(spec, METRICS.map((m) => ({ ...m })), 1))).toBe(hash);
    expect(rubricSetHash(parseRubricSet(rubricSetToJson(metricsToRubricSet(spec, METRICS, 1))))).toBe(hash);
    const revised = [{ ...METRICS[0], description: { en: 'new', zh: '新' } }, ...METRICS.slice(1)];
    expect(rubricSetHash(metricsToRubricSet(spec, revised, 1))).not.toBe(hash);
  });

  it('refuses a metric of a dimension the spec does not have', () => {
    expect(() => metricsToRubricSet(templateSpec(), [metric('XX-1', 'XX', 1)], 0)).toThrow('XX-1: XX is not a dimension of elmes-scenegen');
  });
});
