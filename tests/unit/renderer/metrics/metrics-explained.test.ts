/**
 * The words and marks that explain the metrics view's numbers: each metric's name and definition
 * (and that they say what shared/metrics divides by), the comparison of two runs ("no change"
 * rather than ±0.0 pp), and where the chart's error bars go.
 */
import { describe, expect, it } from 'vitest';
import { BP_DENOMINATOR, SC_INTENTS, SCORE_KEYS, SV_DENOMINATOR, type GroupScore, type ScoreKey } from '../../../../shared/metrics';
import type { MetricRunRow } from '../../../../shared/model/metric-run';
import { errorBarSegments } from '../../../../renderer/src/components/charts/error-bars';
import { chartSeries } from '../../../../renderer/src/features/metrics/MetricsChart';
import { METRIC_GLOSSARY } from '../../../../renderer/src/features/metrics/metric-glossary';
import { metricTooltip } from '../../../../renderer/src/features/metrics/MetricsLegend';
import { metricChange, sameMeans } from '../../../../renderer/src/features/metrics/run-compare';
import { runTitle } from '../../../../renderer/src/features/metrics/run-names';

function group(name: string, means: Partial<Record<ScoreKey, number | null>>, ci: [number, number] | null = [0.1, 0.9]): GroupScore {
  const all = Object.fromEntries(SCORE_KEYS.map((key) => [key, means[key] === undefined ? 0.5 : means[key]])) as Record<ScoreKey, number | null>;
  return {
    group: name,
    dialogues: 4,
    means: all,
    ci95: Object.fromEntries(SCORE_KEYS.map((key) => [key, ci])) as GroupScore['ci95'],
    n: Object.fromEntries(SCORE_KEYS.map((key) => [key, 4])) as GroupScore['n'],
    vacuous3C: 0,
    withUnknownLabels: 0,
    withoutLabels: 0,
  } as GroupScore;
}

function run(groups: GroupScore[], overall: GroupScore, sequence = 1): MetricRunRow {
  return { id: `r${sequence}`, datasetId: 'ds', createdAt: '2026-12-01T10:00:00.000Z', appVersion: '0.1.0', layer: { kind: 'llm' }, layerName: '', scope: 'all', settings: { weights: {} as never, threeC: 'vacuous-one', bootstrap: { resamples: 2000, seed: 1 } }, groups, overall, sequence };
}

describe('metric glossary', () => {
  it('names and defines every metric in both languages, beside the acronym', () => {
    for (const key of SCORE_KEYS) {
      for (const lang of ['en', 'zh'] as const) {
        expect(METRIC_GLOSSARY[key].name[lang].trim()).not.toBe('');
        expect(METRIC_GLOSSARY[key].definition[lang].length).toBeGreaterThan(15);
      }
    }
    expect(METRIC_GLOSSARY.SD.name.en).toBe('Strategy density');
    expect(metricTooltip('L3_GR', 'en')).toMatch(/^L3 GR — L3 guidance rate: Share of the teacher’s turns at guidance level L3/);
    expect(metricTooltip('3C', 'zh')).toMatch(/^3C — 认知纠正率：|^3C — 认知纠正率: /);
  });

  it('says the denominators shared/metrics divides by', () => {
    for (const lang of ['en', 'zh'] as const) {
      expect(METRIC_GLOSSARY.SV.definition[lang]).toContain(String(SV_DENOMINATOR));
      expect(METRIC_GLOSSARY.BP.definition[lang]).toContain(String(BP_DENOMINATOR));
      expect(METRIC_GLOSSARY.SC.definition[lang]).toContain(String(SC_INTENTS.length));
    }
  });
});

describe('comparing two runs', () => {
  it('calls an equal mean "same", never ±0.0, and says when a change is below the table’s precision', () => {
    expect(metricChange('SD', 0.5, 0.5)).toEqual({ kind: 'same' });
    expect(metricChange('SD', 0.1 + 0.2, 0.3)).toEqual({ kind: 'same' });
    expect(metricChange('SD', 0.52345, 0.5)).toMatchObject({ kind: 'changed', text: '+2.3 pp' });
    expect(metricChange('SD', 0.5, 0.52345)).toMatchObject({ kind: 'changed', text: '−2.3 pp' });
    expect(metricChange('SD', 0.5002, 0.5)).toMatchObject({ kind: 'changed', text: '+<0.1 pp' });
    expect(metricChange('TotalScore', 0.7186, 0.7531)).toMatchObject({ kind: 'changed', text: '−0.0345' });
    expect(metricChange('TotalScore', 0.70001, 0.7)).toMatchObject({ kind: 'changed', text: '+<0.0001' });
    expect(metricChange('3C', null, 0.9)).toEqual({ kind: 'incomparable' });
    expect(metricChange('3C', null, null)).toEqual({ kind: 'none' });
  });

  it('sees when no mean of the table changed, over the same teacher models', () => {
    const base = run([group('A', {}), group('B', { '3C': null })], group('', {}), 1);
    const same = run([group('B', { '3C': null }), group('A', {})], group('', {}), 2);
    expect(sameMeans(same, base)).toBe(true);
    expect(sameMeans(run([group('A', {}), group('B', { '3C': 0.9 })], group('', {}), 2), base)).toBe(false);
    expect(sameMeans(run([group('A', {}), group('B', { '3C': null })], group('', { SV: 0.51 }), 2), base)).toBe(false);
    expect(sameMeans(run([group('A', {})], group('', {}), 2), base)).toBe(false);
  });

  it('tells runs apart by number and name', () => {
    expect(runTitle({ sequence: 3 }, 'en')).toBe('Run 3');
    expect(runTitle({ sequence: 3, name: 'before the second pass' }, 'en')).toBe('Run 3 “before the second pass”');
    expect(runTitle({ sequence: 3 }, 'zh')).toBe('第 3 次计算');
    expect(runTitle({ sequence: 3, name: '第二轮之前' }, 'zh')).toBe('第 3 次计算“第二轮之前”');
  });
});

describe('error bars', () => {
  it('put each bar’s interval in percent on its bar, from low to high, with caps', () => {
    const { series } = chartSeries([group('A', { SD: 0.5 }, [0.25, 0.75])]);
    expect(series[0].intervals[0]).toEqual([25, 75]);
    // a scale of 0–100 % over 200 px, top at 0
    const segments = errorBarSegments([[{ x: 40, width: 20 }, { x: 80, width: 40 }]], [[[25, 75], null]], (value) => 200 - value * 2);
    expect(segments).toEqual([{ dataset: 0, index: 0, x: 40, yLow: 150, yHigh: 50, halfCap: 5 }]);
  });

  it('draws none for a hidden data set or a bar without an interval', () => {
    expect(errorBarSegments([null, [{ x: 10, width: 8 }]], [[[1, 2]], [null]], (value) => value)).toEqual([]);
    const { series } = chartSeries([group('A', {}, null)]);
    expect(series[0].intervals.every((interval) => interval === null)).toBe(true);
  });
});
