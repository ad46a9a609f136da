/**
 * The Judge view's calibration and comparison, as a teacher uses them: two judge connections get
 * their model family in Settings (and keep it when the form is opened again), a results file of
 * two judges is imported, the teacher-model families are suggested from the model names and saved
 * by the expert, the self-preference verdict appears with the difference worked out here from the
 * lines written, expert scores are entered by keyboard, the scatter shows one point per scored
 * dialogue, and a second run (the same judge again) is compared with the first, one difference
 * cell checked against the value computed here. Screenshots in English and Chinese, wide and narrow.
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
const DEEPSEEK = 'deepseek-v3';
const QWEN = 'qwen-max';
const EXPERT = 'Wang Fang 王芳';

interface Written {
  dialogue: string;
  group: string;
  judge: string;
  scores: number[];
}

const lineText = (entry: Written) =>
  JSON.stringify({ dialogue: entry.dialogue, group: entry.group, judge: entry.judge, sample: 0, status: 'valid', scores: RUBRICS.map((rubric, i) => ({ rubric, score: entry.scores[i], rationale: `${rubric} ${entry.scores[i]}` })) });
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

async function setLanguage(page: Page, language: 'zh' | 'en') {
  if (((await page.locator('html').getAttribute('lang')) === 'zh-CN') !== (language === 'zh')) await page.getByTestId('nav-language').click();
}

async function addConnection(page: Page, name: string, model: string, family: string) {
  await page.getByTestId('connection-preset').selectOption('vllm');
  await page.getByTestId('connection-add').click();
  const form = page.getByTestId('connection-form');
  await form.getByTestId('connection-name').fill(name);
  await form.getByTestId('connection-model').fill(model);
  await form.getByTestId('connection-family').fill(family);
  await form.getByTestId('connection-save').click();
  await expect(page.getByTestId('connection-item').filter({ hasText: name })).toBeVisible();
}

test('judge calibration: families, self-preference, scatter, run comparison', async ({ app }, testInfo) => {
  const sample = readSampleDialogues();
  const byModel = (model: string) => sample.filter((dialogue) => dialogue.teacherModel === model).slice(0, 3);
  const deepseekModel = byModel('DeepSeek-V3');
  const gptModel = byModel('GPT-4o');
  const qwenModel = byModel('Qwen2.5-72B');
  expect([deepseekModel.length, gptModel.length, qwenModel.length]).toEqual([3, 3, 3]);

  // qwen-max scores a base per dialogue; deepseek-v3 adds a shift per dialogue (every rubric): +2, +2, +3 on
  // DeepSeek-V3's dialogues, 0, 0, +1 on GPT-4o's, +1, −1, 0 on Qwen2.5-72B's.
  const base = (model: string) => (model === 'DeepSeek-V3' ? [2, 2, 2, 2, 2] : [3, 2, 3, 3, 2]);
  const shifts: Record<string, number[]> = { 'DeepSeek-V3': [2, 2, 3], 'GPT-4o': [0, 0, 1], 'Qwen2.5-72B': [1, -1, 0] };
  const runA: Written[] = [];
  for (const dialogues of [deepseekModel, gptModel, qwenModel]) {
    dialogues.forEach((dialogue, i) => {
      const qwen = base(dialogue.teacherModel).map((score, r) => Math.min(5, score + (r === 0 ? i % 2 : 0)));
      runA.push({ dialogue: dialogue.externalId, group: dialogue.teacherModel, judge: QWEN, scores: qwen });
      runA.push({ dialogue: dialogue.externalId, group: dialogue.teacherModel, judge: DEEPSEEK, scores: qwen.map((score) => score + shifts[dialogue.teacherModel][i]) });
    });
  }
  // Self-preference of deepseek-v3 (weighted overall, equal weights): per dialogue its overall minus qwen-max's
  // = the shift; own family (DeepSeek-V3) mean minus the others' mean.
  const overall = (entry: Written) => mean(entry.scores);
  const shiftOf = (dialogue: string, group: string) =>
    overall(runA.find((e) => e.judge === DEEPSEEK && e.dialogue === dialogue && e.group === group)!) - overall(runA.find((e) => e.judge === QWEN && e.dialogue === dialogue && e.group === group)!);
  const own = deepseekModel.map((d) => shiftOf(d.externalId, d.teacherModel));
  const others = [...gptModel, ...qwenModel].map((d) => shiftOf(d.externalId, d.teacherModel));
  const deepseekPreference = mean(own) - mean(others);
  expect(deepseekPreference).toBeCloseTo(7 / 3 - 1 / 6, 12);

  const page = app.page;

  // Settings: the judges' connections with their families; the family is there when the form is opened again.
  await page.getByTestId('nav-settings').click();
  await addConnection(page, 'DeepSeek judge', DEEPSEEK, 'DeepSeek');
  await addConnection(page, 'Qwen judge', QWEN, 'qwen');
  const deepseekItem = page.getByTestId('connection-item').filter({ hasText: 'DeepSeek judge' });
  await expect(deepseekItem.getByTestId('connection-item-family')).toHaveText(' (DeepSeek)');
  await deepseekItem.getByTestId('connection-edit').click();
  await expect(page.getByTestId('connection-family')).toHaveValue('DeepSeek');
  await saveShot(page, 'connection-family-en', testInfo);
  await setLanguage(page, 'zh');
  await expect(page.getByText('模型家族（可选）')).toBeVisible();
  await saveShot(page, 'connection-family-zh', testInfo);
  await setLanguage(page, 'en');
  await page.getByTestId('connection-form').getByRole('button', { name: 'Cancel' }).click();
  // read back from the main process's connections file after a reload, not from the form's memory
  await app.reload();
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('connection-item').filter({ hasText: 'Qwen judge' }).getByTestId('connection-item-family')).toHaveText(' (qwen)');
  await page.getByTestId('nav-home').click();
  await openSample(app);

  // Judge view: run A imported.
  await page.getByTestId('nav-judge').click();
  const view = page.getByTestId('judge-view');
  app.dialogs.nextFiles([await writeInputFile(join(app.tempDir, 'run-a.jsonl'), `${runA.map(lineText).join('\n')}\n`)]);
  await page.getByTestId('judge-import').click();
  await expect(page.getByTestId('judge-import-outcome')).toHaveAttribute('data-stored', String(runA.length));
  await expect(view).toHaveAttribute('data-report', 'ready');
  // Table I: teacher models in name order
  await expect(page.getByTestId('judge-table').locator('thead th')).toHaveText(['Rubric', 'DeepSeek-V3', 'GPT-4o', 'Qwen2.5-72B']);
  // the panel of both judges: each dialogue the mean of the two
  await page.getByTestId('judge-judge-select').selectOption({ label: 'Panel of 2 judges' });
  await expect(page.getByTestId('judge-panel-note')).toBeVisible();
  const panelCell = page.locator('[data-testid="judge-cell"][data-rubric="overall"][data-group="GPT-4o"]');
  const gptPanel = mean(gptModel.map((d) => mean(runA.filter((e) => e.dialogue === d.externalId && e.group === d.teacherModel).map(overall))));
  expect(Number(await panelCell.getAttribute('data-mean'))).toBeCloseTo(gptPanel, 12);
  // the median of two judges is their mean too; the setting says which the table shows
  await page.getByTestId('judge-panel-method').selectOption('median');
  expect(Number(await panelCell.getAttribute('data-mean'))).toBeCloseTo(gptPanel, 12);
  await saveShot(page, 'judge-panel-en', testInfo);
  await setLanguage(page, 'zh');
  await saveShot(page, 'judge-panel-zh', testInfo);
  await setLanguage(page, 'en');
  await page.getByTestId('judge-judge-select').selectOption(DEEPSEEK);

  // The families: the judges' come from their connections; the teacher models' are suggested, not yet used.
  await expect(page.getByTestId('judge-families')).toContainText(`${DEEPSEEK}: deepseek`);
  const familyInput = (model: string) => page.locator(`[data-testid="family-input"][data-model="${model}"]`);
  await expect(familyInput('DeepSeek-V3')).toHaveValue('DeepSeek');
  await expect(familyInput('DeepSeek-V3')).toHaveAttribute('data-suggested', 'true');
  await expect(familyInput('Qwen2.5-72B')).toHaveValue('qwen');
  await expect(familyInput('GPT-4o')).toHaveValue('');
  await expect(page.getByTestId('self-preference-none')).toBeVisible();
  await familyInput('GPT-4o').focus();
  await page.keyboard.type('gpt', { delay: 60 });
  await page.getByTestId('families-save').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('families-status')).toHaveAttribute('data-status', 'saved');
  await expect(familyInput('DeepSeek-V3')).toHaveAttribute('data-suggested', 'false');

  // Self-preference: deepseek-v3 flagged with the difference worked out above; qwen-max not.
  const deepseekRow = page.locator(`[data-testid="self-preference-row"][data-judge="${DEEPSEEK}"][data-rubric="overall"]`);
  await expect(deepseekRow).toHaveAttribute('data-verdict', 'flag');
  expect(Number(await deepseekRow.getAttribute('data-difference'))).toBeCloseTo(deepseekPreference, 12);
  await expect(page.getByTestId('self-preference')).toContainText(deepseekPreference.toFixed(2));
  await expect(page.locator(`[data-testid="self-preference-row"][data-judge="${QWEN}"][data-rubric="overall"]`)).toHaveAttribute('data-verdict', 'no-flag');

  // Expert scores by keyboard for three dialogues, opened from the drill-down.
  const scored = [deepseekModel[0], gptModel[1], qwenModel[2]];
  const expertScores = [
    [3, 3, 3, 3, 3],
    [4, 3, 3, 2, 2],
    [2, 2, 4, 3, 3],
  ];
  for (const [k, dialogue] of scored.entries()) {
    await page.getByTestId('judge-drill-group').selectOption(dialogue.teacherModel);
    const row = page.getByTestId('judge-dialogue').filter({ hasText: dialogue.externalId });
    const dialogueId = (await row.getAttribute('data-dialogue-id'))!;
    await row.getByRole('button', { name: dialogue.externalId, exact: true }).click();
    const review = new ReviewPage(page);
    await review.waitForReady(dialogueId);
    const panel = page.getByTestId('rubric-panel');
    await expect(panel).toHaveAttribute('data-dialogue-id', dialogueId);
    await expect(panel).toHaveAttribute('data-status', 'ready');
    await review.pressKey('r');
    if (k === 0) await review.enterReviewerName(EXPERT);
    await expect(panel).toHaveAttribute('data-active', 'true');
    // a digit scores the focused rubric in place, j moves on
    for (const [index, score] of expertScores[k].entries()) await review.pressKeys(...(index > 0 ? ['j'] : []), String(score));
    await expect(panel.locator('[data-testid="rubric-chip"][data-rubric="TCF"]')).toHaveAttribute('data-score', String(expertScores[k][4]));
    await review.pressKey('r');
    await review.pressKey('Escape');
    await expect(view).toHaveAttribute('data-report', 'ready');
  }

  // The scatter: one point per scored dialogue; its caption repeats n and the bias of the table's row.
  const scatter = page.getByTestId('calibration-scatter');
  await expect(scatter).toHaveAttribute('data-points', '3');
  await page.getByTestId('scatter-judge').selectOption(DEEPSEEK);
  await page.getByTestId('scatter-rubric').focus();
  await page.keyboard.press('ArrowDown');
  await expect(scatter).toHaveAttribute('data-rubric', 'M-RCC');
  const judgeOf = (d: (typeof scored)[number], r: number) => runA.find((e) => e.judge === DEEPSEEK && e.dialogue === d.externalId && e.group === d.teacherModel)!.scores[r];
  const bias = mean(scored.map((d, k) => judgeOf(d, 1) - expertScores[k][1]));
  await expect(page.getByTestId('scatter-caption')).toContainText(`n = 3`);
  await expect(page.getByTestId('scatter-caption')).toContainText(bias.toFixed(2));
  const pointsPath = join(app.tempDir, 'points.csv');
  app.dialogs.nextSavePath(pointsPath);
  await page.getByTestId('scatter-export').click();
  await expect(page.getByTestId('scatter-save')).toHaveAttribute('data-status', 'saved');
  const points = (await readFile(pointsPath, 'utf8')).trim().split('\n');
  expect(points).toHaveLength(4);
  expect(points).toContain(`${DEEPSEEK},M-RCC,${scored[1].teacherModel},${scored[1].externalId},${expertScores[1][1]},${judgeOf(scored[1], 1)}`);

  for (const [language, width] of [['en', 1280], ['en', 1000], ['zh', 1280], ['zh', 1000]] as const) {
    await setLanguage(page, language);
    await page.setViewportSize({ width, height: 800 });
    await page.getByTestId('calibration-scatter').scrollIntoViewIfNeeded();
    await saveShot(page, `judge-scatter-${language}-${width}`, testInfo);
    await page.getByTestId('self-preference-section').scrollIntoViewIfNeeded();
    await saveShot(page, `judge-self-preference-${language}-${width}`, testInfo);
  }
  await setLanguage(page, 'en');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Run B: deepseek-v3 again (say with few-shot anchors), one point lower on X-SRG for GPT-4o's dialogues.
  const runB = runA.filter((e) => e.judge === DEEPSEEK).map((e) => ({ ...e, scores: e.scores.map((s, r) => (r === 0 && e.group === 'GPT-4o' ? Math.max(1, s - 1) : s)) }));
  app.dialogs.nextFiles([await writeInputFile(join(app.tempDir, 'run-b.jsonl'), `${runB.map(lineText).join('\n')}\n`)]);
  await page.getByTestId('judge-import').click();
  await expect(page.getByTestId('judge-import-outcome')).toHaveAttribute('data-stored', String(runB.length));
  await expect(view).toHaveAttribute('data-report', 'ready');

  const comparison = page.getByTestId('judge-comparison');
  await comparison.locator('[data-testid="compare-run"][data-run="run-a.jsonl"]').check();
  await comparison.locator('[data-testid="compare-run"][data-run="run-b.jsonl"]').check();
  await expect(comparison).toHaveAttribute('data-status', 'ready');
  // series: run A's judges in the order its lines named them (qwen-max 0, deepseek-v3 1), run B's deepseek-v3 (2),
  // contrasted with run A's deepseek-v3: run B − run A on X-SRG for GPT-4o
  const xsrg = (run: Written[]) => mean(gptModel.map((d) => run.find((e) => e.judge === DEEPSEEK && e.dialogue === d.externalId && e.group === 'GPT-4o')!.scores[0]));
  const expected = xsrg(runB) - xsrg(runA);
  expect(expected).toBeCloseTo(-1, 12);
  const cell = comparison.locator('[data-testid="compare-difference"][data-group="GPT-4o"][data-rubric="X-SRG"][data-series="2"]');
  await expect(cell).toHaveAttribute('data-baseline', '1');
  expect(Number(await cell.getAttribute('data-difference'))).toBeCloseTo(expected, 12);
  await expect(cell).toHaveText(`−${Math.abs(expected).toFixed(2)}`);
  await expect(page.getByTestId('compare-chart')).toBeVisible();
  // the two deepseek-v3 runs agree perfectly on the rubrics run B did not change
  const agreement = comparison.locator('[data-testid="compare-agreement-row"][data-rubric="M-RCC"]').filter({ hasText: 'run-b.jsonl' }).filter({ hasText: `run-a.jsonl · ${DEEPSEEK}` });
  await expect(agreement).toHaveAttribute('data-n', '9');
  expect(Number(await agreement.getAttribute('data-pearson'))).toBeCloseTo(1, 12);
  const csvPath = join(app.tempDir, 'comparison.csv');
  app.dialogs.nextSavePath(csvPath);
  await page.getByTestId('compare-export-csv').click();
  await expect(page.getByTestId('compare-save')).toHaveAttribute('data-status', 'saved');
  expect(await readFile(csvPath, 'utf8')).toContain(`GPT-4o,X-SRG,run-b.jsonl,${DEEPSEEK},3,${xsrg(runB).toFixed(4)}`);

  for (const [language, width] of [['en', 1280], ['en', 1000], ['zh', 1280], ['zh', 1000]] as const) {
    await setLanguage(page, language);
    await page.setViewportSize({ width, height: 800 });
    await comparison.scrollIntoViewIfNeeded();
    await saveShot(page, `judge-comparison-${language}-${width}`, testInfo);
  }
  // the whole view in one picture: a window tall enough for it
  await page.setViewportSize({ width: 1280, height: 5200 });
  await saveShot(page, 'judge-view-all-zh', testInfo);
});
