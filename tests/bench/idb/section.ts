import { writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { startStaticServer } from '../../support/static-server';
import { makeTempDir } from '../../support/temp-dir';
import { median, round } from '../bench-math';
import type { BenchSection } from '../sections';
import type { IdbBenchLayout, IdbBenchResult } from './browser-entry';

const SIZES = [2_000, 20_000] as const;
const REPEATS = 3;
/** the app's layout first, then the v4 one-row-per-turn reference it is compared with */
const LAYOUTS: readonly IdbBenchLayout[] = ['packed', 'v4-rows'];

/** issue 9's targets for the app's layout */
const STORE_2K_TARGET_MS = 1_000;
const READ_20K_TARGET_MS = 1_500;
/** per-dialogue store time at 20,000 over that at 2,000: 1 is linear; up to this counts as linear */
const LINEARITY_TARGET = 1.2;

interface SizeFigures {
  dialogues: number;
  turns: number;
  parseMedianMs: number;
  storeMedianMs: number;
  storeRunsMs: number[];
  readAllTurnsMedianMs: number;
  readRunsMs: number[];
}

function figuresOf(runs: IdbBenchResult[]): SizeFigures {
  return {
    dialogues: runs[0].dialogues,
    turns: runs[0].turns,
    parseMedianMs: round(median(runs.map((run) => run.parseMs))),
    storeMedianMs: round(median(runs.map((run) => run.storeMs))),
    storeRunsMs: runs.map((run) => round(run.storeMs)),
    readAllTurnsMedianMs: round(median(runs.map((run) => run.readAllTurnsMs))),
    readRunsMs: runs.map((run) => round(run.readAllTurnsMs)),
  };
}

const linearity = (small: SizeFigures, large: SizeFigures) => round(large.storeMedianMs / small.storeMedianMs / (large.dialogues / small.dialogues), 2);

/**
 * Bundles browser-entry.ts with Vite, serves it on loopback and times IndexedDB writes and reads
 * in Debian Chromium: the app's repositories (turn blocks, schema v6) and, alternated run by run so both
 * see the same load, the v4 one-row-per-turn reference. Each figure prints beside its target
 * and the reference's figure.
 */
export const indexedDbSection: BenchSection = {
  name: 'indexedDbInChromium',
  async run() {
    const loadAtStart = round(loadavg()[0], 2);
    const dir = await makeTempDir('maieutic-bench-');
    const server = await startStaticServer(dir.path);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    try {
      await build({
        configFile: false,
        logLevel: 'silent',
        build: {
          outDir: dir.path,
          emptyOutDir: false,
          minify: true,
          lib: { entry: join(import.meta.dirname, 'browser-entry.ts'), formats: ['es'], fileName: () => 'bench.js' },
        },
      });
      await writeFile(join(dir.path, 'index.html'), '<!doctype html><meta charset="utf-8"><script type="module" src="./bench.js"></script>');
      const page = await browser.newPage();
      await page.goto(server.url);
      await page.waitForFunction(() => 'runIdbBench' in window);
      const figures: Record<IdbBenchLayout, SizeFigures[]> = { packed: [], 'v4-rows': [] };
      for (const dialogues of SIZES) {
        const runs: Record<IdbBenchLayout, IdbBenchResult[]> = { packed: [], 'v4-rows': [] };
        for (let i = 0; i < REPEATS; i++) {
          for (const layout of LAYOUTS) {
            runs[layout].push(
              await page.evaluate(
                ([n, which]) => (window as unknown as { runIdbBench(n: number, layout: IdbBenchLayout): Promise<IdbBenchResult> }).runIdbBench(n, which),
                [dialogues, layout] as const,
              ),
            );
          }
        }
        for (const layout of LAYOUTS) figures[layout].push(figuresOf(runs[layout]));
      }
      const [small, large] = figures.packed;
      const [smallV4, largeV4] = figures['v4-rows'];
      const compared = (what: string, ms: number, targetMs: number, v4Ms: number, targetNote = '') => ({
        what,
        ms,
        target: `< ${targetMs} ms${targetNote}`,
        meetsTarget: ms < targetMs,
        v4RowsMs: v4Ms,
        timesFasterThanV4: round(v4Ms / ms, 2),
      });
      return {
        chromium: browser.version(),
        cores: availableParallelism(),
        loadAverage1m: { atStart: loadAtStart, atEnd: round(loadavg()[0], 2) },
        figures: [
          compared(`store ${small.dialogues} dialogues`, small.storeMedianMs, STORE_2K_TARGET_MS, smallV4.storeMedianMs),
          compared(`read all turns of ${large.dialogues} dialogues`, large.readAllTurnsMedianMs, READ_20K_TARGET_MS, largeV4.readAllTurnsMedianMs),
          {
            what: `store linearity (per-dialogue time at ${large.dialogues} over ${small.dialogues}; 1 = linear)`,
            value: linearity(small, large),
            target: `<= ${LINEARITY_TARGET}`,
            meetsTarget: linearity(small, large) <= LINEARITY_TARGET,
            v4Rows: linearity(smallV4, largeV4),
          },
          compared(`store ${large.dialogues} dialogues`, large.storeMedianMs, Math.round((STORE_2K_TARGET_MS * large.dialogues) / small.dialogues), largeV4.storeMedianMs, ' (the 2,000 target scaled linearly)'),
          compared(`read all turns of ${small.dialogues} dialogues`, small.readAllTurnsMedianMs, Math.round((READ_20K_TARGET_MS * small.dialogues) / large.dialogues), smallV4.readAllTurnsMedianMs, ' (the 20,000 target scaled linearly)'),
        ],
        sizes: figures.packed,
        v4RowsSizes: figures['v4-rows'],
      };
    } finally {
      await browser.close();
      await server.close();
      await dir.remove();
    }
  },
};
