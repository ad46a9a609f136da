import { availableParallelism, loadavg } from 'node:os';
import { DEFAULT_CODEBOOK } from '../../shared/codebook';
import { checkSourceFile, parseSourceFile } from '../../shared/import';
import { cliDataSection } from './cli-data-section';
import { parseLinesMs } from './floor';
import { agreementSection } from './agreement-section';
import { agreementViewSection } from './agreement-view-section';
import { cliSection } from './cli-section';
import { metricsSection } from './metrics-section';
import { consistencySection } from './consistency-section';
import { median, round } from './bench-math';
import { generateSidJsonl } from './generate';
import { indexedDbSection } from './idb/section';
import { peersSection } from './peers/section';
import { llmSection } from './llm/section';
import { judgeSection } from './judge-section';
import { generateSection } from './generation/section';
import { scenarioPlanSection } from './scenario-plan-section';

/**
 * One part of the benchmark report. `npm run bench` runs every section in order and prints
 * their results under their names in one JSON object. Add a section (for example an
 * IndexedDB-in-Chromium write/read test) by pushing onto `benchSections`.
 */
export interface BenchSection {
  name: string;
  run(): Promise<unknown>;
}

const SIZES = [2_000, 20_000] as const;
const REPEATS = 3;

/** issue 9's target for reading a file the way validate does, as a multiple of the floor */
const PARSE_TARGET = 1.5;

/**
 * parse + validate + align of one generated SID JSONL file per size, median of 3 runs, in this
 * process: parseSourceFile (the app's parse worker: all dialogues built) and checkSourceFile
 * (validate: each dialogue dropped once checked), each beside the floor, JSON.parse of every line
 * of the same text (tests/bench/floor.ts), with the ratio and its target.
 */
export const parseSection: BenchSection = {
  name: 'parse',
  async run() {
    const results = [];
    for (const dialogues of SIZES) {
      const text = generateSidJsonl({ dialogues, seed: 7 });
      const file = { name: 'bench/GPT-4o-interdis_topic_1.jsonl', text };
      const options = { codebook: DEFAULT_CODEBOOK };
      parseSourceFile(file, options); // warm-up: JIT and memo caches
      parseLinesMs(text);
      const runs: number[] = [];
      const checkRuns: number[] = [];
      const floorRuns: number[] = [];
      let turns = 0;
      for (let i = 0; i < REPEATS; i++) {
        floorRuns.push(parseLinesMs(text));
        let start = performance.now();
        const parsed = parseSourceFile(file, options);
        runs.push(performance.now() - start);
        turns = parsed.counts.turns;
        start = performance.now();
        checkSourceFile(file, options);
        checkRuns.push(performance.now() - start);
      }
      const ms = median(runs);
      const floorMs = median(floorRuns);
      results.push({
        dialogues,
        turns,
        megabytes: round(Buffer.byteLength(text, 'utf8') / 1e6, 2),
        medianMs: round(ms),
        runsMs: runs.map((run) => round(run)),
        dialoguesPerSecond: Math.round(dialogues / (ms / 1000)),
        checkMs: round(median(checkRuns)),
        floorMs: round(floorMs),
        ratio: round(ms / floorMs, 2),
        checkRatio: round(median(checkRuns) / floorMs, 2),
        targetRatio: PARSE_TARGET,
      });
    }
    const [small, large] = results;
    // 1.0 means time grows exactly with size; above 1 means worse than linear
    const linearity = round(large.medianMs / small.medianMs / (large.dialogues / small.dialogues), 2);
    return { cores: availableParallelism(), sizes: results, linearity };
  },
};

export const benchSections: BenchSection[] = [parseSection, indexedDbSection, agreementSection, agreementViewSection, metricsSection, consistencySection, cliSection, cliDataSection, peersSection, llmSection, judgeSection, generateSection, scenarioPlanSection];

export function environment() {
  // the 1-minute load average at start: figures taken on a busy machine are noisy
  return { cores: availableParallelism(), node: process.version, loadAverage1m: Math.round(loadavg()[0] * 100) / 100 };
}
