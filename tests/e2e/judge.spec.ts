/**
 * LLM-judge results end to end, fed by a results file (the `judge` CLI's JSONL): the empty Judge
 * view, a bad file refused with file:line and nothing stored, a good file imported (one line that
 * names no dialogue reported), Table I equal to means and SDs worked out here from the lines
 * written (two samples of one dialogue averaged first, a failed line counted but not averaged),
 * the drill-down into review, expert scores entered by keyboard in review's Rubric scores panel
 * for three dialogues, and the calibration section showing n and the bias (judge − expert)
 * worked out here too. Screenshots in English and Chinese.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/app';
import { ReviewPage } from './pages/review';
import { openSample, readSampleDialogues } from './support-sample';
import { saveShot } from './support-shots';
import { writeInputFile } from './support-sid-files';

const RUBRICS = ['X-SRG', 'M-RCC', 'X-MSR', 'IRA', 'TCF'] as const;
const JUDGE = 'deepseek-v3';
const EXPERT = 'Li Na 李娜';

interface Written {
  dialogue: string;
  group: string;
  sample: number;
  scores: number[] | null;
}

function lineText(entry: Written): string {
  if (entry.scores === null) return JSON.stringify({ dialogue: entry.dialogue, group: entry.group, judge: JUDGE, sample: entry.sample, status: 'failed', scores: [], reason: 'no score for TCF' });
  return JSON.stringify({
    dialogue: entry.dialogue,
    group: entry.group,
    judge: JUDGE,
    sample: entry.sample,
    status: 'valid',
    scores: RUBRICS.map((rubric, i) => ({ rubric, score: entry.scores![i], rationale: `${rubric}: <b>rationale</b> ${entry.scores![i]}` })),
  });
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const sd = (values: number[]) => {
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, value) => sum + (value - m) ** 2, 0) / (values.length - 1));
};

async function setLanguage(page: Page, language: 'zh' | 'en') {
  const html = page.locator('html');
  if (((await html.getAttribute('lang')) === 'zh-CN') !== (language === 'zh')) await page.getByTestId('nav-language').click();
}

test('judge results: import, Table I, drill-down, expert scores by keyboard, calibration', async ({ app }, testInfo) => {
  const sample = readSampleDialogues();
  const models = [...new Set(sample.map((dialogue) => dialogue.teacherModel))];
  const [modelA, modelB] = models;
  const [a1, a2] = sample.filter((dialogue) => dialogue.teacherModel === modelA);
  const [b1, b2, b3] = sample.filter((dialogue) => dialogue.teacherModel === modelB);

  const written: Written[] = [
    { dialogue: a1.externalId, group: modelA, sample: 0, scores: [4, 3, 5, 2, 4] },
    { dialogue: a1.externalId, group: modelA, sample: 1, scores: [2, 3, 5, 4, 4] },
    { dialogue: a2.externalId, group: modelA, sample: 0, scores: [5, 4, 4, 3, 3] },
    { dialogue: b1.externalId, group: modelB, sample: 0, scores: [3, 3, 3, 3, 3] },
    { dialogue: '999-99-9', group: modelA, sample: 0, scores: [1, 1, 1, 1, 1] },
    { dialogue: b2.externalId, group: modelB, sample: 0, scores: [1, 2, 3, 4, 5] },
    { dialogue: b3.externalId, group: modelB, sample: 0, scores: null },
  ];
  // Per dialogue the mean of its samples, by hand: a1 = [3, 3, 5, 3, 4], a2, b1, b2 as written; b3 failed.
  // (a dialogue is its teacher model and its id together: one id repeats across models)
  const key = (group: string, id: string) => `${group}/${id}`;
  const judgeValue: Record<string, number[]> = {
    [key(modelA, a1.externalId)]: [3, 3, 5, 3, 4],
    [key(modelA, a2.externalId)]: [5, 4, 4, 3, 3],
    [key(modelB, b1.externalId)]: [3, 3, 3, 3, 3],
    [key(modelB, b2.externalId)]: [1, 2, 3, 4, 5],
  };
  const dialoguesOf = { [modelA]: [key(modelA, a1.externalId), key(modelA, a2.externalId)], [modelB]: [key(modelB, b1.externalId), key(modelB, b2.externalId)] };
  // the weighted overall (equal weights): per sample, then per dialogue: a1 (18/5 + 18/5)/2, a2 19/5, b1 15/5, b2 15/5
  const overallOf = { [modelA]: [3.6, 3.8], [modelB]: [3, 3] };

  const datasets = await openSample(app);
  const page = app.page;
  await page.getByTestId('nav-judge').click();
  const view = page.getByTestId('judge-view');
  await expect(page.getByTestId('judge-empty')).toBeVisible();

  // A bad file: refused whole, every bad line named as file:line, nothing stored.
  const bad = await writeInputFile(join(app.tempDir, 'bad-results.jsonl'), `${lineText(written[0])}\n{"dialogue": "x"\n${lineText(written[2]).replace('"score":5', '"score":9')}\n`);
  app.dialogs.nextFiles([bad]);
  await page.getByTestId('judge-import').click();
  const outcome = page.getByTestId('judge-import-outcome');
  await expect(outcome).toHaveAttribute('data-kind', 'refused');
  await expect(outcome).toContainText('bad-results.jsonl:2: not a JSON object');
  await expect(outcome).toContainText('bad-results.jsonl:3:');
  await expect(outcome).toContainText('X-SRG must be a whole number in 1–5');
  await expect(page.getByTestId('judge-empty')).toBeVisible();

  const good = await writeInputFile(join(app.tempDir, 'results.jsonl'), `${written.map(lineText).join('\n')}\n`);
  app.dialogs.nextFiles([good]);
  await page.getByTestId('judge-import').click();
  await expect(outcome).toHaveAttribute('data-kind', 'imported');
  await expect(outcome).toHaveAttribute('data-stored', '6');
  await expect(outcome).toHaveAttribute('data-unmatched', '1');
  await expect(page.getByTestId('judge-unmatched-line')).toHaveAttribute('data-line', '5');
  await expect(view).toHaveAttribute('data-report', 'ready');
  await expect(view).toHaveAttribute('data-computed-in', 'worker');

  // Table I: every rubric and the overall, per teacher model, as worked out above.
  for (const group of [modelA, modelB]) {
    const rows = RUBRICS.map((rubric, r) => ({ rubric, values: dialoguesOf[group].map((id) => judgeValue[id][r]) }));
    rows.push({ rubric: 'overall' as never, values: overallOf[group] });
    for (const { rubric, values } of rows) {
      const cell = page.locator(`[data-testid="judge-cell"][data-rubric="${rubric}"][data-group="${group}"]`);
      await expect(cell).toHaveAttribute('data-n', '2');
      expect(Number(await cell.getAttribute('data-mean'))).toBeCloseTo(mean(values), 12);
      expect(Number(await cell.getAttribute('data-sd'))).toBeCloseTo(sd(values), 12);
      await expect(cell.locator('.judge-mean')).toHaveText(mean(values).toFixed(2));
      await expect(cell.locator('.judge-nsd')).toHaveText(`n=2 · SD=${sd(values).toFixed(2)}`);
    }
  }
  // the literal figures, for a reader: model A's X-SRG is (3 + 5) / 2 with SD √2, its overall 3.70
  await expect(page.locator(`[data-testid="judge-cell"][data-rubric="X-SRG"][data-group="${modelA}"] .judge-mean`)).toHaveText('4.00');
  await expect(page.locator(`[data-testid="judge-cell"][data-rubric="X-SRG"][data-group="${modelA}"] .judge-nsd`)).toHaveText('n=2 · SD=1.41');
  await expect(page.locator(`[data-testid="judge-cell"][data-rubric="overall"][data-group="${modelA}"] .judge-mean`)).toHaveText('3.70');
  // b3's failed line is counted, not averaged
  await expect(page.locator(`[data-testid="judge-cell"][data-rubric="TCF"][data-group="${modelB}"] .judge-failed`)).toHaveText('1 failed');
  await expect(page.getByTestId('judge-chart')).toBeVisible();
  await expect(page.getByTestId('judge-radar')).toHaveCount(2);
  await expect(page.getByTestId('calibration-empty')).toBeVisible();
  await saveShot(page, 'judge-table-en', testInfo);
  // Table I saved as CSV and Markdown, the same figures
  const csvPath = join(app.tempDir, 'table-i.csv');
  app.dialogs.nextSavePath(csvPath);
  await page.getByTestId('judge-export-csv').click();
  await expect(page.getByTestId('judge-save')).toHaveAttribute('data-status', 'saved');
  const csv = (await readFile(csvPath, 'utf8')).trim().split('\n');
  expect(csv[0]).toBe('judge,rubric,group,n,mean,sd,failed');
  expect(csv).toContain(`${JUDGE},X-SRG,${modelA},2,4.00,1.41,0`);
  expect(csv).toContain(`${JUDGE},overall,${modelA},2,3.70,0.14,0`);
  const mdPath = join(app.tempDir, 'table-i.md');
  app.dialogs.nextSavePath(mdPath);
  await page.getByTestId('judge-export-md').click();
  await expect(page.getByTestId('judge-save')).toContainText(mdPath);
  expect(await readFile(mdPath, 'utf8')).toContain('4.00 (n=2, sd=1.41)');
  // the keyboard help lists the rubric-scoring keys
  await page.keyboard.press('Shift+?');
  const help = page.getByRole('dialog');
  await expect(help).toContainText('Rubric scores in review (press r)');
  await expect(help).toContainText('Score the focused rubric n');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  // Expert scores by keyboard in review, each dialogue opened from the drill-down.
  const expert: Record<string, { group: string; id: string; scores: number[] }> = {
    a1: { group: modelA, id: a1.externalId, scores: [4, 3, 4, 3, 4] },
    a2: { group: modelA, id: a2.externalId, scores: [4, 4, 4, 3, 3] },
    b1: { group: modelB, id: b1.externalId, scores: [4, 3, 3, 3, 3] },
  };
  let first = true;
  for (const { group, id, scores } of Object.values(expert)) {
    await page.getByTestId('judge-drill-group').selectOption(group);
    const row = page.getByTestId('judge-dialogue').filter({ hasText: id });
    const dialogueId = (await row.getAttribute('data-dialogue-id'))!;
    await row.getByRole('button', { name: id, exact: true }).click();
    const review = new ReviewPage(page);
    await review.waitForReady(dialogueId);
    const panel = page.getByTestId('rubric-panel');
    // the panel has read this dialogue's scores (its keys are bound by then)
    await expect(panel).toHaveAttribute('data-dialogue-id', dialogueId);
    await expect(panel).toHaveAttribute('data-status', 'ready');
    await expect(panel).toHaveAttribute('data-active', 'false');
    await review.pressKey('r');
    if (first) await review.enterReviewerName(EXPERT);
    await expect(panel).toHaveAttribute('data-active', 'true');
    await expect(panel).toHaveAttribute('data-focus', 'X-SRG');
    // the judge's score and rationale of the focused rubric, as text (the markup in it is not rendered)
    await expect(page.getByTestId('rubric-judge-score').first()).toContainText('<b>rationale</b>');
    // a digit scores the focused rubric in place, j moves on
    for (const [index, score] of scores.entries()) await review.pressKeys(...(index > 0 ? ['j'] : []), String(score));
    for (const [index, rubric] of RUBRICS.entries()) await expect(panel.locator(`[data-testid="rubric-chip"][data-rubric="${rubric}"]`)).toHaveAttribute('data-score', String(scores[index]));
    if (first) {
      // a rationale: keys typed in the box stay there (j and 1 do not move or score)
      await review.pressKey('k');
      await expect(panel).toHaveAttribute('data-focus', 'IRA');
      await review.pressKey('e');
      await page.keyboard.type('j1 学生已能独立推理');
      await expect(panel).toHaveAttribute('data-focus', 'IRA');
      await page.keyboard.press('Escape');
      await expect(panel.locator('[data-testid="rubric-chip"][data-rubric="IRA"]')).toHaveAttribute('data-score', '3');
      // undo: a wrong score taken back
      await review.pressKey('5');
      await expect(panel.locator('[data-testid="rubric-chip"][data-rubric="IRA"]')).toHaveAttribute('data-score', '5');
      await review.pressKey('Mod+z');
      await expect(panel.locator('[data-testid="rubric-chip"][data-rubric="IRA"]')).toHaveAttribute('data-score', '3');
      // the rationale stays what was typed (the undo took back only the score)
      await expect(page.getByTestId('rubric-rationale')).toHaveValue('j1 学生已能独立推理');
      await expect(page.getByTestId('rubric-saved')).toContainText(EXPERT);
      await saveShot(page, 'judge-review-panel-en', testInfo);
      first = false;
    }
    // back to the Judge view (Escape: review returns where it was opened from)
    await review.pressKey('r');
    await expect(panel).toHaveAttribute('data-active', 'false');
    await review.pressKey('Escape');
    await expect(view).toBeVisible();
    await expect(view).toHaveAttribute('data-report', 'ready');
  }
  void datasets;

  // Calibration: n = 3 dialogues per rubric, bias = mean(judge − expert), worked out here.
  await expect(page.getByTestId('calibration-raters')).toContainText(EXPERT);
  for (const [r, rubric] of RUBRICS.entries()) {
    const differences = Object.values(expert).map(({ group, id, scores }) => judgeValue[key(group, id)][r] - scores[r]);
    const row = page.locator(`[data-testid="calibration-row"][data-judge="${JUDGE}"][data-rubric="${rubric}"]`);
    await expect(row).toHaveAttribute('data-n', '3');
    expect(Number(await row.getAttribute('data-bias'))).toBeCloseTo(mean(differences), 12);
  }
  // X-SRG: (3 − 4) + (5 − 4) + (3 − 4) over 3
  expect(Number(await page.locator(`[data-testid="calibration-row"][data-rubric="X-SRG"]`).getAttribute('data-bias'))).toBeCloseTo(-1 / 3, 12);
  await saveShot(page.getByTestId('judge-calibration'), 'judge-calibration-en', testInfo);
  // the whole view in one picture: a window tall enough for it
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 2300 });
  await saveShot(page, 'judge-view-en', testInfo);

  await setLanguage(page, 'zh');
  await expect(page.getByTestId('judge-import')).toHaveText('导入评审结果…');
  await saveShot(page, 'judge-view-zh', testInfo);
  if (viewport) await page.setViewportSize(viewport);
  await page.getByTestId('judge-drill-group').selectOption(modelA);
  const a1Row = page.getByTestId('judge-dialogue').filter({ hasText: a1.externalId });
  const a1Id = (await a1Row.getAttribute('data-dialogue-id'))!;
  await a1Row.getByRole('button', { name: a1.externalId, exact: true }).click();
  const review = new ReviewPage(page);
  await review.waitForReady(a1Id);
  await expect(page.getByTestId('rubric-panel')).toHaveAttribute('data-dialogue-id', a1Id);
  await expect(page.getByTestId('rubric-panel')).toHaveAttribute('data-status', 'ready');
  await review.pressKey('r');
  await expect(page.getByTestId('rubric-panel')).toHaveAttribute('data-active', 'true');
  await expect(page.getByTestId('rubric-panel')).toContainText('量表评分');
  await saveShot(page, 'judge-review-panel-zh', testInfo);
});
