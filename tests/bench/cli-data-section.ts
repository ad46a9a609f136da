import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { buildCli, BUILT_CLI, isBuiltCliCurrent } from '../../scripts/cli/launch.mjs';
import { makeTempDir } from '../support/temp-dir';
import { round } from './bench-math';
import { processBench } from './floor';
import { generateSidJsonl } from './generate';
import type { BenchSection } from './sections';

const DIALOGUES = 20_000;
const REPEATS = 5;
/** issue 9's targets, as multiples of the floor (read + JSON.parse of every line, a whole node process) */
const VALIDATE_TARGET = 1.5;
const VALIDATE_PEAK_TARGET = 1.5;
const METRICS_TARGET = 3;

/**
 * `validate` and `metrics` (default bootstrap: 2,000 resamples) on 20,000 generated SID
 * dialogues in one JSON Lines file, each as a whole CLI process (node out/cli/main.js, as
 * `npm run -s cli --` runs it, without npm's own start-up), alternated with the floor process
 * on the same file: medians of 5 of wall and CPU time (every thread), their ratios to the floor
 * beside the target, and peak RSS beside the floor's.
 */
export const cliDataSection: BenchSection = {
  name: 'cli-data',
  async run() {
    if (!isBuiltCliCurrent() && (await buildCli()) !== 0) throw new Error('The CLI could not be built.');
    const temp = await makeTempDir('maieutic-bench-');
    try {
      const folder = join(temp.path, 'GPT-4o');
      mkdirSync(folder);
      const file = join(folder, 'GPT-4o-interdis_topic_1.jsonl');
      writeFileSync(file, generateSidJsonl({ dialogues: DIALOGUES, seed: 7 }));
      const bench = processBench(temp.path);
      const validate = bench.againstFloor([BUILT_CLI, 'validate', file], file, REPEATS, VALIDATE_TARGET);
      const metrics = bench.againstFloor([BUILT_CLI, 'metrics', file], file, REPEATS, METRICS_TARGET);
      return {
        cores: availableParallelism(),
        loadAverage1m: round(loadavg()[0], 2),
        dialogues: DIALOGUES,
        megabytes: round(statSync(file).size / 1e6, 1),
        validate: { ...validate, peakTargetRatio: VALIDATE_PEAK_TARGET, peakWithinTarget: validate.peakRatio <= VALIDATE_PEAK_TARGET },
        metricsWithBootstrap: metrics,
      };
    } finally {
      await temp.remove();
    }
  },
};
