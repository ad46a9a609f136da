import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { startStaticServer } from '../../support/static-server';
import { makeTempDir } from '../../support/temp-dir';
import type { BenchSection } from '../sections';
import type { IdbBenchResult } from './browser-entry';

const SIZES = [2_000, 20_000] as const;
const REPEATS = 3;

const round = (value: number) => Math.round(value * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Bundles browser-entry.ts with Vite, serves it on loopback and times IndexedDB writes in Debian Chromium. */
export const indexedDbSection: BenchSection = {
  name: 'indexedDbInChromium',
  async run() {
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
      const sizes = [];
      for (const dialogues of SIZES) {
        const runs: IdbBenchResult[] = [];
        for (let i = 0; i < REPEATS; i++) {
          runs.push(await page.evaluate((n) => (window as unknown as { runIdbBench(n: number): Promise<IdbBenchResult> }).runIdbBench(n), dialogues));
        }
        sizes.push({
          dialogues,
          turns: runs[0].turns,
          parseMedianMs: round(median(runs.map((run) => run.parseMs))),
          storeMedianMs: round(median(runs.map((run) => run.storeMs))),
          storeRunsMs: runs.map((run) => round(run.storeMs)),
          readAllTurnsMedianMs: round(median(runs.map((run) => run.readAllTurnsMs))),
        });
      }
      const [small, large] = sizes;
      // 1.0 means store time grows exactly with size; above 1 means worse than linear
      const storeLinearity = Math.round((large.storeMedianMs / small.storeMedianMs / (large.dialogues / small.dialogues)) * 100) / 100;
      return { chromium: browser.version(), sizes, storeLinearity };
    } finally {
      await browser.close();
      await server.close();
      await dir.remove();
    }
  },
};
