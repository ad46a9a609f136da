import { describe, expect, it } from 'vitest';
import { parseSynthesisSpec } from '../../../../shared/synthesis';
import { templateSpec, templateText } from './support';

const problems = (text: string) => {
  const result = parseSynthesisSpec(text, 'spec.yaml');
  if (result.ok) throw new Error('expected problems');
  return result.problems.map((problem) => problem.text);
};

const line = (text: string, needle: string | RegExp) => text.split('\n').findIndex((l) => (typeof needle === 'string' ? l.includes(needle) : needle.test(l))) + 1;

describe('parseSynthesisSpec', () => {
  it('reads the Elmes+ SceneGen template with the paper\'s four dimensions', () => {
    const spec = templateSpec();
    expect(spec.dimensions.map((d) => [d.id, d.name.en, d.weight])).toEqual([
      ['PER', 'Personalization', 0.3], ['TMP', 'Teaching Method Professionalism', 0.4], ['CS', 'Creativity Stimulation', 0.2], ['VI', 'Values Integration', 0.1],
    ]);
    expect(spec).toMatchObject({ metricCount: { perDimension: 3 }, testItems: 20, anchors: 8, range: { min: 1, max: 5 }, models: { drafter: 'drafter', generator: 'teacher', judge: 'judge' } });
    expect(spec.thresholds).toEqual({ floorShare: 0.5, ceilingShare: 0.5, minSd: 0.5, drift: 0.5 });
    expect(spec.stopping).toEqual({ maxRounds: 5, minGain: 0.05, patience: 2 });
  });

  it('fills defaults from the range when thresholds and stopping are left out', () => {
    const text = templateText().replace(/thresholds:[\s\S]*$/, '').replace('range: { min: 1, max: 5 }', 'range: { min: 0, max: 10 }');
    const result = parseSynthesisSpec(text, 'spec.yaml');
    if (!result.ok) throw new Error(result.problems[0].text);
    expect(result.spec.thresholds).toEqual({ floorShare: 0.5, ceilingShare: 0.5, minSd: 1.25, drift: 1.25 });
    expect(result.spec.stopping).toEqual({ maxRounds: 5, minGain: 0.05, patience: 2 });
  });

  it('refuses weights that do not sum to 1, and a weight not above 0, every problem at once', () => {
    const text = templateText().replace('weight: 0.1', 'weight: 0').replace('weight: 0.2', 'weight: 0.25');
    expect(problems(text)).toEqual([
      `spec.yaml:${line(text, 'dimensions:') + 1}:3: dimensions: the weights sum to 0.95, not 1`,
      `spec.yaml:${line(text, /weight: 0$/)}:13: dimensions[3].weight: must be above 0 (is 0)`,
    ]);
  });

  it('takes 0.3 + 0.4 + 0.2 + 0.1 as 1 (floating-point sum 0.9999999999999999)', () => {
    expect(0.3 + 0.4 + 0.2 + 0.1).not.toBe(1);
    expect(parseSynthesisSpec(templateText(), 'spec.yaml').ok).toBe(true);
  });

  it('refuses unknown keys where they are, and both or neither metric counts', () => {
    const text = templateText().replace('anchors: 8', 'anchors: 8\nanchor_count: 8').replace('  drafter: drafter', '  drafter: drafter\n  reviser: r');
    expect(problems(text)).toEqual([
      expect.stringMatching(new RegExp(`^spec.yaml:${line(text, 'anchor_count')}:1: anchor_count: unknown key`)),
      expect.stringMatching(new RegExp(`^spec.yaml:${line(text, 'reviser')}:3: models.reviser: unknown key`)),
    ]);
    expect(problems(templateText().replace('metrics_per_dimension: 3', 'metrics_per_dimension: 3\nmetrics_total: 12'))).toEqual([expect.stringContaining('give either metrics_per_dimension or metrics_total')]);
    expect(problems(templateText().replace('metrics_per_dimension: 3', 'metrics_total: 3'))).toEqual([expect.stringContaining('metrics_total: 3 metrics cannot give each of the 4 dimensions one')]);
  });

  it('reports YAML syntax errors with their position', () => {
    expect(problems('format: [\n')[0]).toMatch(/^spec\.yaml:\d+:\d+: /);
  });
});

describe('parseSynthesisSpec, problems of both kinds', () => {
  it('reports a misspelt key and a weight sum together', () => {
    const text = templateText().replace('weight: 0.1', 'weight: 0.2').replace('anchors: 8', 'anchor: 8');
    expect(problems(text).map((problem) => problem.replace(/^spec\.yaml:\d+:\d+: /, ''))).toEqual([
      'anchors is missing',
      'dimensions: the weights sum to 1.1, not 1',
      'anchor: unknown key (known: format, id, version, name, scenario, dimensions, metrics_per_dimension, metrics_total, test_items, anchors, models, range, thresholds, stopping)',
    ]);
  });
});
