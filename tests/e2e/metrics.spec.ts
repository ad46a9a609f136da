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
import type { Page, TestInfo } from '@playwright/test';
import { saveShot } from './support-shots';
import { expect, test } from './fixtures/app';
import type { DatasetsPage } from './pages/datasets';
import { MetricsPage } from './pages/metrics';
import { ReviewPage } from './pages/review';
import { StartPage } from './pages/start';
import { keyOfLabel, labelForSidValue } from './support-codebook';
import { openDialogueByKeyboard, openSample, readSampleDialogues, SAMPLE_DIR, type SampleDialogue } from './support-sample';

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
  // and the CSP lets WebAssembly compile, so the bootstrap runs its SIMD loop here as in the CLI
  expect(await app.page.evaluate(() => WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])) && new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])) instanceof WebAssembly.Module)).toBe(true);
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

  // Review opened from Metrics goes back to Metrics (button and Esc), where the dialogue just
  // opened is marked and in view in the per-dialogue table.
  const openedRow = metrics.page.locator(`[data-testid="metrics-dialogue-row"][data-dialogue-id="${dialogueId}"]`);
  await expect(app.page.getByTestId('review-back')).toHaveAttribute('data-return-view', 'metrics');
  await expect(app.page.getByTestId('review-back')).toContainText('Back to metrics');
  await app.page.getByTestId('review-back').click();
  await expect(metrics.root).toHaveAttribute('data-state', 'ready');
  await expect(openedRow).toHaveAttribute('aria-current', 'true');
  await expect(openedRow).toBeInViewport();
  await openedRow.getByTestId('metrics-open-dialogue').click();
  await review.waitForReady(dialogueId);
  await review.pressKey('Escape');
  await expect(metrics.root).toHaveAttribute('data-state', 'ready');

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
  // SD did not change: said calmly, never "±0.0 pp"; 3C did, so the table shows differences
  await expect(metrics.cell('SD', models[0]).getByTestId('metrics-delta')).toHaveText('no change');
  await expect(metrics.cell('SD', models[0]).getByTestId('metrics-delta')).toHaveAttribute('data-change', 'same');
  await expect(metrics.table).not.toContainText('0.0 pp');
  await expect(metrics.cell('TotalScore', models[0]).getByTestId('metrics-delta')).toHaveAttribute('data-change', 'changed');
  await expect(metrics.cell('TotalScore', models[0]).getByTestId('metrics-delta')).toContainText('(Run 1: ');
  await expect(metrics.deltaExplained).toContainText('minus the mean of Run 1');
  await expect(metrics.noChange).toHaveCount(0);
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

/** Each metric's full name and definition as the view must show them (English; the Chinese are checked for presence). */
const EXPLAINED: Record<Key, { acronym: string; name: string; definition: RegExp }> = {
  SD: { acronym: 'SD', name: 'Strategy density', definition: /at least one teaching strategy/ },
  SV: { acronym: 'SV', name: 'Strategy variety', definition: /different teaching strategies .* divided by 8/ },
  IKT: { acronym: 'IKT', name: 'Interdisciplinary knowledge transfer', definition: /another discipline/ },
  BP: { acronym: 'BP', name: 'Bloom progression', definition: /lowest and the highest Bloom level .* divided by 5/ },
  SC: { acronym: 'SC', name: 'Structure completeness', definition: /four key intents .* divided by 4/ },
  L3_GR: { acronym: 'L3 GR', name: 'L3 guidance rate', definition: /guidance level L3/ },
  '3C': { acronym: '3C', name: 'Cognitive correction rate', definition: /incorrect answers, the share whose next student turn/ },
  TotalScore: { acronym: 'TotalScore', name: 'Total score', definition: /weights shown under the table/ },
};

async function switchLanguage(page: Page, to: 'en' | 'zh'): Promise<void> {
  const toggle = page.getByTestId('nav-language');
  // the toggle offers the other language
  if ((await toggle.textContent())?.trim() === (to === 'zh' ? '中文' : 'EN')) await toggle.click();
  await expect(toggle).toHaveText(to === 'zh' ? 'EN' : '中文');
}

test('every metric and interval explains itself in both languages, and the chart carries the intervals as error bars', async ({ app }) => {
  await openSample(app);
  const metrics = new MetricsPage(app.page);
  await metrics.open();
  await switchLanguage(app.page, 'en');
  await metrics.compute();
  const seed = await app.page.getByTestId('metrics-seed').inputValue();

  // Beside each acronym: its full name in the row, name and definition as the row's tooltip and in the legend under the table.
  await expect(metrics.legendEntries).toHaveCount(KEYS.length);
  for (const key of KEYS) {
    const { acronym, name, definition } = EXPLAINED[key];
    const header = metrics.table.locator(`[data-testid="metrics-row"][data-metric="${key}"] [data-testid="metrics-row-header"]`);
    await expect(header).toContainText(acronym);
    await expect(header).toContainText(name);
    expect(await header.getAttribute('title')).toMatch(new RegExp(`^${acronym} — ${name}: .*${definition.source}`));
    const entry = metrics.legend.locator(`[data-testid="metrics-legend-entry"][data-metric="${key}"]`);
    await expect(entry).toBeVisible();
    await expect(entry.locator('dt')).toHaveText(`${acronym} ${name}`);
    await expect(entry.locator('dd')).toHaveText(definition);
    // the per-dialogue table's acronym headers carry the same tooltip
    expect(await app.page.getByTestId(`metrics-sort-${key}`).locator('abbr').getAttribute('title')).toMatch(definition);
  }
  // The bootstrap interval in words, with this run's resamples and seed.
  await expect(metrics.bootstrapExplained).toBeVisible();
  await expect(metrics.bootstrapExplained).toContainText('95% percentile bootstrap interval over dialogues');
  await expect(metrics.bootstrapExplained).toContainText('with replacement, 2,000 times');
  await expect(metrics.bootstrapExplained).toContainText(`seed ${seed}`);
  await expect(metrics.chart.locator('figcaption')).toContainText('error bars: 95% bootstrap interval');

  // One error bar per bar with an interval, from the interval's low end to its high end, drawn on the canvas.
  const series = JSON.parse((await metrics.chart.getAttribute('data-series')) ?? '[]') as { values: (number | null)[]; intervals: ([number, number] | null)[] }[];
  const withInterval = series.flatMap((entry, dataset) => entry.intervals.flatMap((interval, index) => (interval ? [{ dataset, index, interval }] : [])));
  expect(withInterval.length).toBeGreaterThan(20);
  const bars = await metrics.errorBars();
  expect(bars.map(({ dataset, index }) => [dataset, index])).toEqual(withInterval.map(({ dataset, index }) => [dataset, index]));
  for (const bar of bars) {
    const { interval } = withInterval.find(({ dataset, index }) => dataset === bar.dataset && index === bar.index)!;
    // a longer interval is a longer bar (the scale is 0–100 % either way)
    if (interval[1] - interval[0] > 1) expect(bar.yLow - bar.yHigh).toBeGreaterThan(1);
  }
  const tallest = bars.reduce((best, bar) => (bar.yLow - bar.yHigh > best.yLow - best.yHigh ? bar : best));
  // the whisker's colour at the middle of the tallest error bar and at its top cap (the darkest pixel near each point)
  const darkest = await metrics.chart.locator('canvas').evaluate((canvas: HTMLCanvasElement, points: { x: number; y: number }[]) => {
    const context = canvas.getContext('2d')!;
    const scale = canvas.width / canvas.clientWidth;
    return points.map(({ x, y }) => {
      const data = context.getImageData(Math.round(x * scale) - 2, Math.round(y * scale) - 2, 5, 5).data;
      let min = 255;
      // the canvas is transparent where nothing is drawn: composite each pixel over white, as the page shows it
      const over = (channel: number, alpha: number) => (channel * alpha + 255 * (255 - alpha)) / 255;
      for (let offset = 0; offset < data.length; offset += 4) {
        const alpha = data[offset + 3];
        min = Math.min(min, Math.max(over(data[offset], alpha), over(data[offset + 1], alpha), over(data[offset + 2], alpha)));
      }
      return min;
    });
  }, [{ x: tallest.x, y: (tallest.yLow + tallest.yHigh) / 2 }, { x: tallest.x + tallest.halfCap - 1, y: tallest.yHigh }]);
  // #222222 blended over its background: far darker than any bar colour's brightest channel (#0072B2 → 178)
  for (const value of darkest) expect(value).toBeLessThan(110);

  // The same explanations in Chinese.
  await switchLanguage(app.page, 'zh');
  await expect(metrics.legend).toContainText('这些指标和数字的含义');
  await expect(metrics.legend.locator('[data-metric="SD"] dt')).toHaveText('SD 策略密度');
  await expect(metrics.legend.locator('[data-metric="3C"] dd')).toContainText('错误回答');
  expect(await metrics.table.locator('[data-metric="SV"] [data-testid="metrics-row-header"]').getAttribute('title')).toMatch(/^SV — 策略多样性：.*除以 8/);
  await expect(metrics.bootstrapExplained).toContainText('有放回地随机重抽 2,000 次');
  await expect(metrics.bootstrapExplained).toContainText(`（${seed}）`);
  await expect(metrics.chart.locator('figcaption')).toContainText('误差线：95% 自助法区间');
});

test('comparing runs: "no change" said once, runs told apart by number and by the name the reader gives, kept', async ({ app }) => {
  const datasets = await openSample(app);
  const datasetName = (await datasets.name.textContent()) ?? '';
  const metrics = new MetricsPage(app.page);
  await metrics.open();
  await switchLanguage(app.page, 'en');
  const first = await metrics.compute();
  const second = await metrics.compute();
  // made within the same minute, with the same settings: the number tells them apart
  await expect(metrics.run(first).getByTestId('metrics-run-number')).toHaveText('Run 1');
  await expect(metrics.run(second).getByTestId('metrics-run-number')).toHaveText('Run 2');
  await expect(metrics.runInfo).toHaveText(/^Run 2: /);

  // Nothing changed: one line says so, and no cell repeats it.
  await metrics.compareSelect.selectOption(first);
  await expect(metrics.noChange).toHaveText('No change from Run 1: every mean in the table is the same.');
  await expect(metrics.deltas).toHaveCount(0);
  await expect(metrics.table).not.toContainText('pp');

  // A name the reader gives is kept with the run and shown wherever the run is named.
  await metrics.nameRun(first, 'LLM baseline');
  await expect(metrics.noChange).toHaveText('No change from Run 1 “LLM baseline”: every mean in the table is the same.');
  await expect(metrics.compareSelect.locator(`option[value="${first}"]`)).toHaveText(/^Run 1 “LLM baseline” · /);
  // Escape in the name box keeps the saved name and stays in the view
  await metrics.run(first).getByTestId('metrics-run-rename').click();
  const name = metrics.run(first).getByTestId('metrics-run-name');
  await expect(name).toBeFocused();
  await name.fill('typo');
  await name.press('Escape');
  await expect(metrics.run(first).getByTestId('metrics-run-title-name')).toHaveText('LLM baseline');
  await expect(metrics.root).toBeVisible();

  await app.reload();
  await new StartPage(app.page).openDataset(datasetName);
  await metrics.open();
  await expect(metrics.run(first).getByTestId('metrics-run-title-name')).toHaveText('LLM baseline');
  await expect(metrics.run(second).getByTestId('metrics-run-title-name')).toHaveCount(0);
  await expect(metrics.runs.getByTestId('metrics-run-number')).toHaveText(['Run 2', 'Run 1']);
});

/** Accepts every pre-annotation of the dialogue and verifies every turn and the dialogue, correcting one teacher turn's guidance level first. */
async function verifyDialogue(datasets: DatasetsPage, dialogue: SampleDialogue, firstOfSession: boolean): Promise<void> {
  const review = await openDialogueByKeyboard(datasets, dialogue.teacherModel, dialogue.externalId);
  const teacherTurn = dialogue.record.dialogue.findIndex((turn) => turn.role === '教师');
  for (let turn = 0; turn < dialogue.record.dialogue.length; turn += 1) {
    await expect(review.currentTurn).toHaveAttribute('data-turn-index', String(turn));
    await review.pressKey('Shift+A');
    if (firstOfSession && turn === 0) await review.enterReviewerName('Li Na 李娜');
    await review.waitForSaved();
    if (turn === teacherTurn) {
      const pre = labelForSidValue('teacher_guidance_level', dialogue.record.annotations[turn].teacher_guidance_level).code;
      await review.goToField('teacher_guidance_level');
      await review.pressKey(String(keyOfLabel('teacher_guidance_level', pre === 'L3' ? 'L1' : 'L3')));
      await review.expectDecision('teacher_guidance_level', 'changed');
    }
    // A field with no usable pre-annotation (the sample has a few) needs a value before the turn
    // can be verified: the refusal puts the cursor on it, and label 1 gives it one.
    for (let attempt = 0; attempt < 9; attempt += 1) {
      await review.pressKey('v');
      const refused = review.page.locator('[data-testid="review-notice"][data-kind="verify-refused"]');
      const verifiedNow = review.turns.locator('[data-badge="verified"]').nth(turn);
      await expect(refused.or(verifiedNow).first()).toBeVisible();
      if (!(await refused.isVisible())) break;
      await review.pressKey('1');
      await review.waitForSaved();
    }
    await expect(review.turns.locator('[data-badge="verified"]')).toHaveCount(turn + 1);
  }
  await review.waitForSaved();
  await review.pressKey('Shift+V');
  // a field the sample leaves empty cannot be accepted: the view asks once more before verifying
  const verified = review.page.locator('[data-testid="review-view"][data-status="verified"]');
  await expect(verified.or(review.verifyDialogueWarning).first()).toBeVisible();
  if (await review.verifyDialogueWarning.isVisible()) await review.pressKey('Shift+V');
  await expect(review.root).toHaveAttribute('data-status', 'verified');
  await review.waitForSaved();
  await review.pressKey('Escape');
  await datasets.waitForRows();
}

/** The elements whose text is cut (scrollWidth beyond clientWidth): column headers, model names, run rows, buttons, per-dialogue cells. */
async function cutElements(page: Page): Promise<string[]> {
  return page.getByTestId('metrics-view').evaluate((view) => {
    const selectors = ['button', 'th', 'td', '.metrics-legend dt', 'figcaption', '[data-testid="metrics-run-info"]'];
    return [...view.querySelectorAll<HTMLElement>(selectors.join(','))]
      .filter((element) => element.clientWidth > 0 && element.scrollWidth > element.clientWidth)
      .map((element) => `${element.tagName.toLowerCase()}${element.dataset.testid ? `[${element.dataset.testid}]` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}" ${element.scrollWidth} > ${element.clientWidth}`);
  });
}

async function shootView(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const main = page.locator('.app-main');
  const height = await main.evaluate((element) => element.scrollHeight);
  const step = (page.viewportSize()?.height ?? 900) - 80;
  for (let top = 0, part = 0; top < height; top += step, part += 1) {
    await main.evaluate((element, y) => element.scrollTo(0, y), top);
    await saveShot(page, `${name}-${part}`, testInfo);
  }
  await main.evaluate((element) => element.scrollTo(0, 0));
}

test('nothing is cut at 1440×900 and 1280×800 in either language, on runs of verified dialogues compared', async ({ app }, testInfo) => {
  const datasets = await openSample(app);
  // a few dialogues verified, from two teacher models, each with one guidance level corrected
  const sample = readSampleDialogues();
  const models = [...new Set(sample.map((dialogue) => dialogue.teacherModel))];
  const chosen = [sample.filter((dialogue) => dialogue.teacherModel === models[0])[0], sample.filter((dialogue) => dialogue.teacherModel === models[0])[1], sample.filter((dialogue) => dialogue.teacherModel === models[1])[0]];
  for (const [index, dialogue] of chosen.entries()) await verifyDialogue(datasets, dialogue, index === 0);

  const metrics = new MetricsPage(app.page);
  await metrics.open();
  await expect(metrics.layerSelect).toHaveValue('verified');
  const verified = await metrics.compute();
  await expect(metrics.cell('TotalScore', '')).toHaveAttribute('data-n', String(chosen.length));
  // the LLM's values on the same dialogues, named, compared with the expert's
  await metrics.layerSelect.selectOption('llm');
  await app.page.getByTestId('metrics-scope').selectOption('verified');
  const llm = await metrics.compute();
  await metrics.nameRun(llm, 'LLM on the verified dialogues');
  await metrics.nameRun(verified, 'Expert-checked');
  await metrics.compareSelect.selectOption(verified);
  await expect(metrics.deltas.and(app.page.locator('[data-change="changed"]')).first()).toBeVisible();

  for (const viewport of [{ width: 1440, height: 900 }, { width: 1280, height: 800 }]) {
    await app.page.setViewportSize(viewport);
    for (const lang of ['en', 'zh'] as const) {
      await switchLanguage(app.page, lang);
      await expect(metrics.legend).toBeVisible();
      expect(await cutElements(app.page), `${lang} at ${viewport.width}×${viewport.height}`).toEqual([]);
      // the model names in the column headers and the per-dialogue rows, whole
      for (const model of models.slice(0, 2)) await expect(metrics.table.locator(`[data-testid="metrics-column"][data-group="${model}"]`)).toContainText(model);
      await shootView(app.page, testInfo, `metrics-${lang}-${viewport.width}`);
    }
  }
});
