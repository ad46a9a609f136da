/**
 * A spot-check end to end: ten dialogues imported from a SID file, a 30% sample of dialogues
 * drawn with seed 7 (3 dialogues, the same 3 for the same seed), the sample walked with the review
 * queue's keys (] next), the teacher intent corrected on two of them and accepted on one; the
 * results then say n = 3, errors = 2 and the Wilson 95% interval worked by hand:
 * p = 2/3, z = 1.959963984540054 → 20.8% – 93.9% (0.2077 – 0.9385), a fail at 10% and a pass at
 * 95%. The CSV report is read back; after a reload the queue resumes at the third item; and
 * "Send to full review" queues the 7 dialogues whose intent nobody reviewed. Last, the command line
 * (`spot-check --json`) finds the same n, errors and bounds in the app's own SID export.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures/app';
import { DatasetsPage } from './pages/datasets';
import { ExportPage } from './pages/export';
import { ImportPage } from './pages/import';
import { ReviewPage } from './pages/review';
import { SpotCheckPage } from './pages/spot-check';
import { StartPage } from './pages/start';
import { readStoredRows } from './support-idb';
import { saveShot } from './support-shots';
import { jsonlText, sidRecord, writeInputFile } from './support-sid-files';

const REVIEWER = 'Wang Li 王丽';

function records() {
  return Array.from({ length: 10 }, (_, index) =>
    sidRecord({ topicId: index + 1, studentId: 1, repeatId: 1 }, [
      { role: '学生', content: `第 ${index + 1} 题我不会。` },
      { role: '教师', content: `我们先看第 ${index + 1} 题的条件，你注意到了什么？` },
    ]),
  );
}

test('spot-check: draw with a seed, walk the queue by keyboard, verdicts with Wilson bounds, CSV report, resume after reload, full review', async ({ app }, testInfo) => {
  test.setTimeout(120_000);
  const { page } = app;
  const path = await writeInputFile(join(app.tempDir, 'GPT-4o', 'spot.jsonl'), jsonlText(records()));
  app.dialogs.nextFiles([path]);
  await new StartPage(page).importFiles();
  const wizard = new ImportPage(page);
  await wizard.waitForReport();
  await wizard.setTeacherModel('spot.jsonl', 'GPT-4o');
  await wizard.intoNewDataset('Spot data');
  await wizard.confirm();
  await new DatasetsPage(page).waitForRows();

  const spot = new SpotCheckPage(page);
  await spot.open();
  // nothing drawn yet: the view says what to do
  await expect(spot.empty).toContainText('Draw the sample');
  await saveShot(page, 'spot-check-empty-en', testInfo);
  await spot.control('percent').fill('30');
  await expect(spot.control('will-draw')).toHaveText('Will draw 3');
  await spot.drawDialogues({ percent: 30, seed: 7 });
  const firstItems = await spot.results.getAttribute('data-spot-check-id');
  await expect(spot.control('reviewed')).toContainText('Nothing in the sample is reviewed yet');
  // the same seed draws the same dialogues
  const sampled = async (id: string | null) => {
    const row = (await readStoredRows<{ id: string; items: { dialogueId: string }[]; position: number }>(page, 'spotChecks')).find((candidate) => candidate.id === id);
    if (!row) throw new Error(`No spot-check ${id} is stored`);
    return row;
  };
  await spot.drawDialogues({ percent: 30, seed: 7 });
  const secondId = await spot.results.getAttribute('data-spot-check-id');
  expect((await sampled(secondId)).items.map((item) => item.dialogueId)).toEqual((await sampled(firstItems)).items.map((item) => item.dialogueId));
  const sample = (await sampled(secondId)).items.map((item) => item.dialogueId);
  expect(sample).toHaveLength(3);

  // the newest spot-check is shown; walk its sample
  await spot.items.first().getByTestId('spot-check-open-queue').click();
  const review = new ReviewPage(page);
  await review.waitForReady(sample[0]);
  await expect(spot.queueLabel).toHaveText('Sample “Spot-check 2”: 1 of 3');
  await saveShot(page, 'spot-check-queue-en', testInfo);

  /** On the dialogue shown: the teacher turn's intent corrected to the first label (1) or accepted (a). */
  const judgeIntent = async (key: '1' | 'a', first: boolean) => {
    await review.pressKey('j');
    await expect(review.currentTurn).toHaveAttribute('data-turn-index', '1');
    await review.goToField('teacher_intent');
    await review.pressKey(key);
    if (first) await review.enterReviewerName(REVIEWER);
    await review.expectDecision('teacher_intent', key === '1' ? 'changed' : 'accepted');
    await review.waitForSaved();
  };
  await judgeIntent('1', true);
  // review's own next-dialogue key stays inside the sample, and the queue follows it
  await review.pressKey('n');
  await review.waitForReady(sample[1]);
  await expect(review.dialoguePosition).toContainText('2 of 3');
  await expect(spot.queueLabel).toHaveText('Sample “Spot-check 2”: 2 of 3');
  await judgeIntent('a', false);
  await review.pressKey(']');
  await review.waitForReady(sample[2]);
  await expect(spot.queueLabel).toHaveText('Sample “Spot-check 2”: 3 of 3');
  await judgeIntent('1', false);
  // at the end: ] says so and stays
  await review.pressKey(']');
  await expect(page.getByTestId('review-queue-edge')).toHaveText('This is the last item of the queue.');
  await page.getByTestId('review-queue-done').click();

  // the verdict: 2 wrong of 3, Wilson 0.2077 – 0.9385, a fail at the default 10%
  await expect(spot.root).toHaveAttribute('data-state', 'ready');
  const intent = spot.row('teacher_intent');
  await expect(intent.getByTestId('spot-check-n')).toHaveText('3');
  await expect(intent.getByTestId('spot-check-errors')).toHaveText('2');
  await expect(intent.getByTestId('spot-check-rate')).toHaveText('66.7%');
  await expect(intent.getByTestId('spot-check-interval')).toHaveText('20.8% – 93.9%');
  // L 0.2077 > 10%: a fail on only three values
  await expect(intent).toHaveAttribute('data-verdict', 'fail');
  await expect(intent.getByTestId('spot-check-verdict')).toHaveText('fail');
  // nobody reviewed the Bloom level: no verdict either way, "0 of the 35 needed" (n0 at 10%: z²·0.9/0.1 = 34.57 → 35)
  const level = spot.row('cognitive_level');
  await expect(level.getByTestId('spot-check-rate')).toHaveText('not reviewed');
  await expect(level).toHaveAttribute('data-verdict', 'insufficient');
  await expect(level.getByTestId('spot-check-verdict')).toHaveText('not enough reviewed yet');
  await expect(level.getByTestId('spot-check-needed')).toHaveText('0 of the 35 needed');
  await expect(level.getByTestId('spot-check-no-llm')).toHaveText('0');
  // no "Send to full review" without a fail; the sample (3 dialogues, 6 turns) cannot reach 35: it says so
  await expect(level.getByTestId('spot-check-full-review')).toHaveCount(0);
  await expect(spot.control('sample-too-small')).toContainText('Bloom level (6)');
  await expect(spot.control('sample-too-small')).not.toContainText('Teacher intent');
  await expect(spot.control('sample-too-small')).toContainText('Each needs 35: draw a larger sample.');
  await expect(spot.control('verdict-note')).toContainText('needs 35 reviewed values with an LLM value for a verdict');
  await expect(spot.control('chart-legend')).toContainText('not enough reviewed yet');
  await expect(spot.control('reviewed')).toContainText('3 of 6 sampled turns reviewed');
  await expect(page.getByTestId('spot-check-chart')).toBeVisible();
  // tall enough for the whole results panel in the screenshots
  await page.setViewportSize({ width: 1280, height: 1300 });
  await saveShot(spot.results, 'spot-check-results-en', testInfo);

  // the CSV report, read back
  const csvPath = join(app.tempDir, 'spot-check.csv');
  app.dialogs.nextSavePath(csvPath);
  await spot.control('export-csv').click();
  await expect(spot.control('saved')).toContainText(csvPath);
  const csv = readFileSync(csvPath, 'utf8').split('\r\n');
  expect(csv[0]).toBe('field,n,errors,rate,low,high,estimate,estimate_low,estimate_high,threshold,verdict,no_llm_value,needed');
  expect(csv).toContain('teacher_intent,3,2,0.6667,0.2077,0.9385,0.6667,0.2077,0.9385,0.1000,fail,0,35');
  expect(csv).toContain('student_cognition_state,0,0,,0.0000,1.0000,,0.0000,1.0000,0.1000,insufficient,0,35');
  const markdownPath = join(app.tempDir, 'spot-check.md');
  app.dialogs.nextSavePath(markdownPath);
  await spot.control('export-md').click();
  await expect(spot.control('saved')).toContainText(markdownPath);
  const markdown = readFileSync(markdownPath, 'utf8');
  expect(markdown).toContain('# Spot-check report: Spot-check 2');
  expect(markdown).toContain('| Teacher intent (teacher_intent) | 3 | 2 | 0 | 66.7% | 20.8% – 93.9% | 66.7% (20.8% – 93.9%) | fail |');
  expect(markdown).toContain('| Bloom level (cognitive_level) | 0 | 0 | 0 | – | 0.0% – 100.0% | – | not enough reviewed yet (0 of the 35 needed) |');

  // a threshold of 95% passes the same field (upper bound 93.9% < 95%)
  await spot.control('result-threshold').fill('95');
  await spot.control('result-threshold').blur();
  await expect(intent).toHaveAttribute('data-verdict', 'pass');

  // Chinese
  await page.getByTestId('nav-language').click();
  await expect(intent.getByTestId('spot-check-verdict')).toHaveText('通过');
  // at 95% a single clean value passes (n0 = 1: z²·0.05/0.95 = 0.20)
  await expect(level.getByTestId('spot-check-verdict')).toHaveText('审阅不足');
  await expect(level.getByTestId('spot-check-needed')).toHaveText('已审 0 / 需 1');
  await saveShot(spot.results, 'spot-check-results-zh', testInfo);
  await page.getByTestId('spot-check-view').evaluate((element) => element.scrollIntoView());
  await saveShot(page, 'spot-check-view-zh', testInfo);
  await page.getByTestId('nav-language').click();
  // the language is shown once it is stored: reloading before then would find Chinese still stored
  await expect(page.getByTestId('nav-language')).toHaveText('中文');

  // after a reload the sample resumes at its third item
  await app.reload();
  await new StartPage(page).openDataset('Spot data');
  await spot.open();
  const resume = spot.items.first().getByTestId('spot-check-open-queue');
  await expect(resume).toHaveText('Resume the review (3 of 3)');
  expect((await sampled(secondId)).position).toBe(2);
  await resume.click();
  await review.waitForReady(sample[2]);
  await expect(spot.queueLabel).toHaveText('Sample “Spot-check 2”: 3 of 3');
  await review.pressKey('Escape');
  await expect(spot.root).toHaveAttribute('data-state', 'ready');

  // back at 10%, teacher intent fails again; send it to full review: the 7 dialogues nobody reviewed
  await spot.control('result-threshold').fill('10');
  await spot.control('result-threshold').blur();
  await expect(intent).toHaveAttribute('data-verdict', 'fail');
  await intent.getByTestId('spot-check-full-review').click();
  await review.waitForReady();
  await expect(spot.queueBar).toHaveAttribute('data-kind', 'full');
  await expect(spot.queueLabel).toHaveText('Full review: Teacher intent 1 of 7 (turn 2)');
  expect(sample).not.toContain(await review.dialogueId());
  await expect(review.currentTurn).toHaveAttribute('data-turn-index', '1');
  await expect(review.currentFieldRow).toHaveAttribute('data-field-id', 'teacher_intent');
  await page.getByTestId('nav-language').click();
  await expect(spot.queueLabel).toHaveText('全面复查 教师意图：第 1 / 7 段（第 2 轮）');
  await saveShot(page, 'spot-check-full-review-zh', testInfo);

  // the command line finds the same figures in the app's own SID export
  await review.pressKey('Escape');
  await expect(spot.root).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('nav-export').click();
  const exporter = new ExportPage(page);
  await exporter.choose('all', 'sid-jsonl');
  const jsonlPath = join(app.tempDir, 'export.jsonl');
  app.dialogs.nextSavePath(jsonlPath);
  expect(await exporter.saveUntilAsked()).toBeGreaterThan(0);
  expect(await exporter.confirm()).toBe(jsonlPath);
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'electron/cli/main.ts', 'spot-check', jsonlPath, '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const fromCli = (JSON.parse(output) as { fields: { field: string; n: number; errors: number; low: number; high: number; verdict: string }[] }).fields.find((row) => row.field === 'teacher_intent')!;
  expect([fromCli.n, fromCli.errors, fromCli.verdict]).toEqual([3, 2, 'fail']);
  const levelFromCli = (JSON.parse(output) as { fields: { field: string; verdict: string; needed: number }[] }).fields.find((row) => row.field === 'cognitive_level')!;
  expect([levelFromCli.verdict, levelFromCli.needed]).toEqual(['insufficient', 35]);
  expect(fromCli.low).toBeCloseTo(0.2077, 4);
  expect(fromCli.high).toBeCloseTo(0.9385, 4);
});

test('spot-check of a layer that has no values for the sampled turns: "no LLM value", never an error; no verdict without evidence (human pace, both languages)', async ({ app }, testInfo) => {
  test.setTimeout(120_000);
  const { page } = app;
  const all = records();
  const path = await writeInputFile(join(app.tempDir, 'GPT-4o', 'spot.jsonl'), jsonlText(all));
  app.dialogs.nextFiles([path]);
  await new StartPage(page).importFiles();
  const wizard = new ImportPage(page);
  await wizard.waitForReport();
  await wizard.setTeacherModel('spot.jsonl', 'GPT-4o');
  await wizard.intoNewDataset('Layer data');
  await wizard.confirm();
  const datasets = new DatasetsPage(page);
  await datasets.waitForRows();
  const datasetId = (await datasets.root.getAttribute('data-dataset-id')) ?? '';

  // the sample seed 7 draws (the same whichever labels are checked: the draw reads no label without strata)
  const spot = new SpotCheckPage(page);
  await spot.open();
  await spot.drawDialogues({ percent: 30, seed: 7 });
  const drawn = (await readStoredRows<{ items: { dialogueId: string }[] }>(page, 'spotChecks'))[0].items.map((item) => item.dialogueId);
  const sampledLines = new Set(drawn.map((id) => Number(id.slice(id.lastIndexOf(':') + 1))));
  expect(sampledLines.size).toBe(3);

  // another model's labels for the seven dialogues outside the sample only, attached as a layer
  const layerPath = await writeInputFile(join(app.tempDir, 'GPT-4o', 'model-b.jsonl'), jsonlText(all.filter((_, at) => !sampledLines.has(at + 1))));
  await page.getByTestId('nav-dataset').click();
  await datasets.waitForRows();
  app.dialogs.nextFiles([layerPath]);
  await datasets.importFilesButton.click();
  await wizard.waitForReport();
  await wizard.intoExistingDataset(datasetId);
  await wizard.attachAsLayer('Model B', 'llm');
  await wizard.confirm();

  await spot.open();
  await spot.control('layer').selectOption({ label: 'Layer “Model B”' });
  await spot.drawDialogues({ percent: 30, seed: 7 });
  expect((await readStoredRows<{ items: { dialogueId: string }[]; suggestionLayerId?: string }>(page, 'spotChecks')).find((row) => row.suggestionLayerId)?.items.map((item) => item.dialogueId)).toEqual(drawn);

  // the expert labels the intent of the three sampled teacher turns, at a person's pace
  await spot.items.first().getByTestId('spot-check-open-queue').click();
  const review = new ReviewPage(page);
  const human = async (key: string) => {
    await review.pressKey(key);
    await page.waitForTimeout(300);
  };
  for (const [at, dialogueId] of drawn.entries()) {
    await review.waitForReady(dialogueId);
    await human('j');
    await expect(review.currentTurn).toHaveAttribute('data-turn-index', '1');
    await review.goToField('teacher_intent');
    await human('1');
    if (at === 0) await review.enterReviewerName(REVIEWER);
    // the checked layer has no value here, so the expert's label is their own, not a change of one
    await review.expectDecision('teacher_intent', 'labelled');
    await review.waitForSaved();
    if (at < drawn.length - 1) await human(']');
  }
  await page.getByTestId('review-queue-done').click();
  await expect(spot.root).toHaveAttribute('data-state', 'ready');

  // Model B has no value on any reviewed turn: nothing to count, so no error and no fail
  const intent = spot.row('teacher_intent');
  await expect(intent.getByTestId('spot-check-n')).toHaveText('0');
  await expect(intent.getByTestId('spot-check-errors')).toHaveText('0');
  await expect(intent.getByTestId('spot-check-no-llm')).toHaveText('3');
  await expect(intent.getByTestId('spot-check-rate')).toHaveText('no LLM value');
  await expect(intent).toHaveAttribute('data-verdict', 'insufficient');
  await expect(intent.getByTestId('spot-check-verdict')).toHaveText('not enough reviewed yet');
  await expect(intent.getByTestId('spot-check-needed')).toHaveText('0 of the 35 needed');
  await expect(intent.getByTestId('spot-check-full-review')).toHaveCount(0);
  // not "draw a larger sample": the layer has no value on any sampled turn
  await expect(spot.control('no-values')).toContainText('Layer “Model B” has no value for these fields on any sampled turn: Teacher intent, Teaching strategy');
  await expect(spot.control('sample-too-small')).toHaveCount(0);
  await expect(page.locator('[data-testid="spot-check-row"][data-verdict="fail"]')).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 1300 });
  await saveShot(spot.results, 'spot-check-no-llm-value-en', testInfo);
  await page.getByTestId('nav-language').click();
  await expect(intent.getByTestId('spot-check-rate')).toHaveText('无大模型值');
  await expect(intent.getByTestId('spot-check-verdict')).toHaveText('审阅不足');
  await expect(intent.getByTestId('spot-check-needed')).toHaveText('已审 0 / 需 35');
  await saveShot(spot.results, 'spot-check-no-llm-value-zh', testInfo);
  await page.getByTestId('nav-language').click();

  // the same sample checked against the imported labels: the three values are there, all corrected, so
  // L = 3/(3 + 3.8415) = 0.4385 > 10%: a fail, with the full review offered; the other fields have LLM
  // values on the sampled turns but no review yet, so "Continue the review" takes the expert back to the queue
  await spot.items.nth(1).getByRole('button').first().click();
  await expect(intent.getByTestId('spot-check-n')).toHaveText('3');
  await expect(intent).toHaveAttribute('data-verdict', 'fail');
  await expect(intent.getByTestId('spot-check-full-review')).toBeVisible();
  const strategy = spot.row('teaching_strategy');
  await expect(strategy).toHaveAttribute('data-verdict', 'insufficient');
  await strategy.getByTestId('spot-check-continue').click();
  await review.waitForReady();
  await expect(spot.queueBar).toHaveAttribute('data-kind', 'sample');
});
