import { DEFAULT_CODEBOOK } from '../../shared/codebook';
import { parseSourceFile } from '../../shared/import';
import { computeMetrics, DEFAULT_SETTINGS, metricTurnFromValues, type MetricDialogue } from '../../shared/metrics';
import { availableParallelism } from 'node:os';
import { medianRunMs, round } from './bench-math';
import { parseLinesMs } from './floor';
import { generateSidJsonl } from './generate';
import type { BenchSection } from './sections';

const SIZES = [2_000, 20_000] as const;
const REPEATS = 5;
const GROUPS = ['DeepSeek-V3', 'GPT-4o', 'Qwen2.5-72B'];

/** Generated SID dialogues on the LLM layer, spread over three teacher models. */
function dialoguesOf(text: string): MetricDialogue[] {
  const parsed = parseSourceFile({ name: 'bench/x.jsonl', text }, { codebook: DEFAULT_CODEBOOK });
  return parsed.dialogues.map((dialogue, index) => ({ id: dialogue.externalId, group: GROUPS[index % GROUPS.length], turns: dialogue.turns.map((turn) => metricTurnFromValues(turn.speaker, turn.pre)) }));
}

/** issue 9's target for metrics with bootstrap, as a multiple of the floor (the whole CLI run is in the cli-data section) */
const METRICS_TARGET = 3;

const timed = (run: () => void): number => medianRunMs(run, REPEATS);

/**
 * The objective metrics in Node, median of 5 (ms), beside the floor (JSON.parse of every line of
 * the data set's file; the ratio is the metrics' own share, the whole CLI run is in cli-data): `scoreMs` every dialogue scored and averaged
 * per teacher model without intervals (what "metrics for N dialogues" measures), `withBootstrapMs` the same plus the
 * 95% intervals with the default 2,000 resamples, as the metrics view computes them in its worker (overall column included), and without the
 * overall column's intervals, as the CLI computes them.
 */
export const metricsSection: BenchSection = {
  name: 'metrics',
  async run() {
    const results = [];
    for (const size of SIZES) {
      const text = generateSidJsonl({ dialogues: size, seed: 7 });
      const dialogues = dialoguesOf(text);
      const turns = dialogues.reduce((sum, dialogue) => sum + dialogue.turns.length, 0);
      const scoreMs = timed(() => computeMetrics(dialogues, { ...DEFAULT_SETTINGS, bootstrap: { ...DEFAULT_SETTINGS.bootstrap, resamples: 0 } }));
      const withBootstrapMs = timed(() => computeMetrics(dialogues, DEFAULT_SETTINGS));
      const withoutOverallMs = timed(() => computeMetrics(dialogues, DEFAULT_SETTINGS, { overallIntervals: false }));
      const floorMs = timed(() => parseLinesMs(text));
      results.push({
        dialogues: size,
        turns,
        groups: GROUPS.length,
        scoreMs,
        withBootstrapMs,
        withoutOverallIntervalsMs: withoutOverallMs,
        resamples: DEFAULT_SETTINGS.bootstrap.resamples,
        floorMs,
        // the metrics alone against the floor: the import is on top of it (see parse and cli-data)
        ratio: round(withBootstrapMs / floorMs, 2),
        targetRatio: METRICS_TARGET,
      });
    }
    return { cores: availableParallelism(), sizes: results };
  },
};
