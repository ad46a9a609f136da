/**
 * The objective metrics end to end on the bundled sample: an empty state, a run on the LLM
 * layer whose Table II, chart and per-dialogue scores match the same computation on the sample
 * files read here from disk, a drill-down into review with the turns behind SD marked, a strict
 * 3C run compared with the first, the exports read back, and a run deleted. Hand-worked values
 * of every metric are in the unit tests (tests/unit/shared/metrics); this checks the app's path
 * from IndexedDB to the screen and the files.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { expect, test } from './fixtures/app';
import { MetricsPage } from './pages/metrics';
import { ReviewPage } from './pages/review';
import { openSample, SAMPLE_DIR } from './support-sample';

const KEYS = ['SD', 'SV', 'IKT', 'BP', 'SC', 'L3_GR', '3C', 'TotalScore'] as const;
type Key = (typeof KEYS)[number];
type Scores = Record<Key, number | null>;
interface CliMetrics {
  dialogues: ({ id: string; group: string } & Scores)[];
  groups: ({ group: string; dialogues: number; vacuous3C: number } & Scores)[];
}

/** The same sample scored by the command line (`metrics --json`) straight from the files on disk. */
function cliMetrics(...options: string[]): CliMetrics {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'electron/cli/main.ts', 'metrics', SAMPLE_DIR, '--json', ...options], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return JSON.parse(output) as CliMetrics;
}

const countOf = (result: CliMetrics, group: string, key: Key) => result.dialogues.filter((dialogue) => dialogue.group === group && dialogue[key] !== null).length;

test('metrics of the sample: Table II, chart, drill-down into review, strict 3C compared, exports, runs', async ({ app }) => {
  const expected = cliMetrics();
  const models = expected.groups.map((group) => group.group);
  expect(models).toHaveLength(3);

  await openSample(app);
  const metrics = new MetricsPage(app.page);
  await metrics.open();
  // Nothing computed yet: the view says what to do; nothing is verified, so the LLM layer is chosen.
  await expect(metrics.empty).toBeVisible();
  await expect(metrics.layerSelect).toHaveValue('llm');

  const firstRun = await metrics.compute();
  // computed off the UI thread (the CSP allows the module worker)
  await expect(metrics.root).toHaveAttribute('data-computed-in', 'worker');
  for (const group of expected.groups) {
    for (const key of KEYS) {
      const cell = metrics.cell(key, group.group);
      expect(Number(await cell.getAttribute('data-mean'))).toBeCloseTo(group[key] ?? Number.NaN, 12);
      await expect(cell).toHaveAttribute('data-n', String(countOf(expected, group.group, key)));
    }
    // as the paper prints them: percent with one decimal, TotalScore with four
    await expect(metrics.cell('SD', group.group).locator('.metrics-mean')).toHaveText(`${((group.SD ?? 0) * 100).toFixed(1)}%`);
    await expect(metrics.cell('TotalScore', group.group).locator('.metrics-mean')).toHaveText((group.TotalScore ?? 0).toFixed(4));
  }
  const vacuous = expected.groups.reduce((sum, group) => sum + group.vacuous3C, 0);
  await expect(metrics.cell('TotalScore', '')).toHaveAttribute('data-n', String(expected.dialogues.length));
  await expect(metrics.note).toContainText(`${vacuous}`);
  // The chart plots the same means, in percent.
  const series = JSON.parse((await metrics.chart.getAttribute('data-series')) ?? '[]') as { group: string; values: number[] }[];
  expect(series.map((entry) => entry.group)).toEqual(models);
  expect(series[0].values[0]).toBe(Math.round((expected.groups[0].SD ?? 0) * 1000) / 10);
  await expect(metrics.chart.locator('canvas')).toBeVisible();

  // Per dialogue: sorted by SD ascending, the first row opens in review with its SD turns marked.
  await expect(metrics.page.getByTestId('metrics-dialogues')).toHaveAttribute('data-row-count', String(expected.dialogues.length));
  await metrics.drillMetric.selectOption('SD');
  // choosing the metric sorts by it, lowest first
  await expect(metrics.page.getByTestId('metrics-sort-SD').locator('..')).toHaveAttribute('aria-sort', 'ascending');
  const lowest = Math.min(...expected.dialogues.map((dialogue) => dialogue.SD ?? 1));
  expect(Number(await metrics.dialogueRows.first().getAttribute('data-score'))).toBeCloseTo(lowest, 12);
  const dialogueId = (await metrics.dialogueRows.first().getAttribute('data-dialogue-id')) ?? '';
  await metrics.dialogueRows.first().getByTestId('metrics-open-dialogue').click();
  const review = new ReviewPage(app.page);
  await review.waitForReady(dialogueId);
  const sdTurns = await app.page.locator('[data-testid="chat-turn"][data-highlighted="true"]').count();
  const teacherTurns = await app.page.locator('[data-testid="chat-turn"][data-speaker="teacher"]').count();
  // SD = marked teacher turns / teacher turns, the figure in the table
  expect(sdTurns / teacherTurns).toBeCloseTo(lowest, 12);
  expect(sdTurns).toBeGreaterThan(0);
  await expect(app.page.getByTestId('review-highlight')).toHaveAttribute('data-count', String(sdTurns));
  if (process.env.SCREENSHOTS) await app.page.screenshot({ path: '/tmp/review-highlight.png' });

  // A strict-3C run, compared with the first: 3C and TotalScore change, the others do not.
  await metrics.open();
  await metrics.threeCSelect.selectOption('strict');
  await metrics.compute();
  await expect(metrics.runs).toHaveCount(2);
  const strict = cliMetrics('--strict-3c');
  expect(Number(await metrics.cell('3C', models[0]).getAttribute('data-mean'))).toBeCloseTo(strict.groups[0]['3C'] ?? Number.NaN, 12);
  await expect(metrics.cell('3C', models[0])).toHaveAttribute('data-n', String(countOf(strict, models[0], '3C')));
  await expect(metrics.note).toContainText(String(vacuous));
  await metrics.compareSelect.selectOption(firstRun);
  await expect(metrics.cell('SD', models[0]).getByTestId('metrics-delta')).toContainText('±0.0 pp');
  await expect(metrics.cell('TotalScore', models[0]).getByTestId('metrics-delta')).toBeVisible();
  if (process.env.SCREENSHOTS) await app.page.screenshot({ path: '/tmp/metrics.png', fullPage: true });

  // Exports: the table as CSV (full precision with the settings), Markdown, and per dialogue.
  const csvPath = join(app.tempDir, 'metrics.csv');
  app.dialogs.nextSavePath(csvPath);
  expect(await metrics.save('csv')).toBe(csvPath);
  const table = Papa.parse<Record<string, string>>(readFileSync(csvPath, 'utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
  const row = table.find((record) => record.group === models[0] && record.metric === '3C');
  expect(Number(row?.mean)).toBeCloseTo(strict.groups[0]['3C'] ?? Number.NaN, 12);
  expect(row).toMatchObject({ three_c: 'strict', layer: 'llm', n: String(countOf(strict, models[0], '3C')) });
  const mdPath = join(app.tempDir, 'metrics.md');
  app.dialogs.nextSavePath(mdPath);
  await metrics.save('md');
  const markdown = readFileSync(mdPath, 'utf8');
  expect(markdown).toContain(`| ${models[0]} (n=${strict.groups[0].dialogues})`);
  expect(markdown).toMatch(/^\| TotalScore \| \d\.\d{4} /m);
  const perDialoguePath = join(app.tempDir, 'dialogues.csv');
  app.dialogs.nextSavePath(perDialoguePath);
  await metrics.save('dialogues');
  const perDialogue = Papa.parse<Record<string, string>>(readFileSync(perDialoguePath, 'utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
  expect(perDialogue).toHaveLength(expected.dialogues.length);

  // Runs persist: after leaving and coming back both are listed; deleting one leaves the other.
  await app.page.getByTestId('nav-dataset').click();
  await metrics.open();
  await expect(metrics.runs).toHaveCount(2);
  await metrics.runs.filter({ has: app.page.getByTestId('metrics-run-show') }).getByTestId('metrics-run-delete').click();
  await expect(metrics.runs).toHaveCount(1);
});
