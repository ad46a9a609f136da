import { DEFAULT_CODEBOOK } from '../../shared/codebook';
import { parseSourceFile } from '../../shared/import';
import { computeMetrics, DEFAULT_SETTINGS, metricTurnFromValues, type MetricDialogue } from '../../shared/metrics';
import { median, round } from './bench-math';
import { generateSidJsonl } from './generate';
import type { BenchSection } from './sections';

const SIZES = [2_000, 20_000] as const;
const REPEATS = 5;
const GROUPS = ['DeepSeek-V3', 'GPT-4o', 'Qwen2.5-72B'];

/** Generated SID dialogues on the LLM layer, spread over three teacher models. */
function dialoguesOf(count: number): MetricDialogue[] {
  const parsed = parseSourceFile({ name: 'bench/x.jsonl', text: generateSidJsonl({ dialogues: count, seed: 7 }) }, { codebook: DEFAULT_CODEBOOK });
  return parsed.dialogues.map((dialogue, index) => ({ id: dialogue.externalId, group: GROUPS[index % GROUPS.length], turns: dialogue.turns.map((turn) => metricTurnFromValues(turn.speaker, turn.pre)) }));
}

function timed(run: () => void): number {
  const runs: number[] = [];
  run(); // warm-up: JIT
  for (let i = 0; i < REPEATS; i++) {
    const start = performance.now();
    run();
    runs.push(performance.now() - start);
  }
  return round(median(runs));
}

/**
 * The objective metrics in Node, median of 5 (ms): `scoreMs` every dialogue scored and averaged
 * per teacher model without intervals (what "metrics for N dialogues" measures), `withBootstrapMs` the same plus the
 * 95% intervals with the default 2,000 resamples, as the metrics view computes them in its worker.
 */
export const metricsSection: BenchSection = {
  name: 'metrics',
  async run() {
    const results = [];
    for (const size of SIZES) {
      const dialogues = dialoguesOf(size);
      const turns = dialogues.reduce((sum, dialogue) => sum + dialogue.turns.length, 0);
      const scoreMs = timed(() => computeMetrics(dialogues, { ...DEFAULT_SETTINGS, bootstrap: { ...DEFAULT_SETTINGS.bootstrap, resamples: 0 } }));
      const withBootstrapMs = timed(() => computeMetrics(dialogues, DEFAULT_SETTINGS));
      results.push({ dialogues: size, turns, scoreMs, withBootstrapMs, resamples: DEFAULT_SETTINGS.bootstrap.resamples });
    }
    return { sizes: results };
  },
};
