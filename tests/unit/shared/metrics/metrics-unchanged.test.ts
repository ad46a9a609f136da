/**
 * The metrics report (every dialogue's scores, each group's means, counts and intervals, the
 * overall column) of seeded data sets, as JSON, hashed: the digests were recorded with the code
 * before issue 9's speed work (the blocked bootstrap, the overall column taken from a single
 * group), so any change in what the report holds fails here.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { contentHash, parseSourceFile } from '../../../../shared/import';
import { computeMetrics, DEFAULT_SETTINGS, metricTurnFromValues, type MetricDialogue, type MetricsSettings } from '../../../../shared/metrics';
import { variedSidJsonl } from '../../../support/varied-sid-jsonl';

function dataSet(seed: number, groups: number): MetricDialogue[] {
  const parsed = parseSourceFile({ name: 'GPT-4o/x.jsonl', text: variedSidJsonl(400, seed, { errors: false }) }, { codebook: DEFAULT_CODEBOOK });
  return parsed.dialogues.map((dialogue, index) => ({
    id: dialogue.externalId,
    group: `model-${index % groups}`,
    turns: dialogue.turns.map((turn) => metricTurnFromValues(turn.speaker, turn.pre)),
  }));
}

const CASES = [
  [3, 1, 500, 'vacuous-one', '9fd4b6b49592480b'],
  [1, 2, 300, 'vacuous-one', '79b68243f4c388c9'],
  [2, 3, 200, 'strict', '12454bab5adabadb'],
  [1, 20240601, 2000, 'strict', '5c856b7d20f32580'],
] as const;

const settingsOf = (seed: number, resamples: number, threeC: MetricsSettings['threeC']): MetricsSettings => ({ ...DEFAULT_SETTINGS, threeC, bootstrap: { seed, resamples } });

describe('computeMetrics reports what it reported before the speed work', () => {
  it.each(CASES)('%i group(s), seed %i, %i resamples, 3C %s', (groups, seed, resamples, threeC, digest) => {
    const report = computeMetrics(dataSet(seed, groups), settingsOf(seed, resamples, threeC));
    expect(contentHash(JSON.stringify(report))).toBe(digest);
  });

  it('without overall intervals (the CLI) the groups and the overall means are the same, the overall intervals null', () => {
    for (const [groups, seed, resamples, threeC] of CASES) {
      const dialogues = dataSet(seed, groups);
      const full = computeMetrics(dialogues, settingsOf(seed, resamples, threeC));
      const cli = computeMetrics(dialogues, settingsOf(seed, resamples, threeC), { overallIntervals: false });
      expect(cli.groups).toEqual(full.groups);
      expect(cli.dialogues).toEqual(full.dialogues);
      expect({ ...cli.overall, ci95: full.overall.ci95 }).toEqual(full.overall);
      expect(Object.values(cli.overall.ci95).every((interval) => interval === null)).toBe(true);
      expect(Object.values(full.overall.ci95).some((interval) => interval !== null)).toBe(true);
    }
  });

  it('the overall column of a single group shares no object with the group', () => {
    const report = computeMetrics(dataSet(2, 1), settingsOf(2, 100, 'vacuous-one'));
    expect(report.overall.group).toBe('all');
    expect(report.overall.means).not.toBe(report.groups[0].means);
    expect(report.overall.ci95.SD).not.toBe(report.groups[0].ci95.SD);
    expect(report.overall.ci95).toEqual(report.groups[0].ci95);
  });
});
