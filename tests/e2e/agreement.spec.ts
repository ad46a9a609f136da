/**
 * Agreement between the LLM pre-annotation and the expert layer, end to end: three teacher
 * turns of one sample dialogue reviewed with the keyboard (two intents accepted, one changed),
 * then the agreement view: n and accuracy of teacher_intent, the off-diagonal confusion cell
 * listing the changed turn, opening it in review, and the Markdown and CSV exports read back
 * from disk. Expected values come from the sample file and the codebook, not from the app.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { expect, test } from './fixtures/app';
import { AgreementPage } from './pages/agreement';
import type { ReviewPage } from './pages/review';
import { codebookField, keyOfLabel, labelForSidValue } from './support-codebook';
import { findSampleDialogue, openDialogueByKeyboard, openSample } from './support-sample';

const target = findSampleDialogue('GPT-4o/GPT-4o-interdis_topic_7.jsonl', 1);
const FIELD = 'teacher_intent';
const REVIEWER = 'Li Na 李娜';
const teacherTurns = target.record.dialogue.flatMap((turn, index) => (turn.role === '教师' ? [index] : [])).slice(0, 3);
const preCodes = teacherTurns.map((index) => labelForSidValue(FIELD, target.record.annotations[index][FIELD]).code);
const CHANGED = 2;
const correction = codebookField(FIELD).labels.find((label) => label.code !== preCodes[CHANGED])!;

async function moveToTurn(review: ReviewPage, index: number): Promise<void> {
  while ((await review.currentTurnIndex()) < index) await review.pressKey('j');
  await expect(review.currentTurn).toHaveAttribute('data-turn-index', String(index));
}

test('agreement of the LLM pre-annotation with reviewed values: table, confusion cell, open in review, Markdown and CSV', async ({ app }) => {
  expect(teacherTurns).toHaveLength(3);

  const datasets = await openSample(app);
  const agreement = new AgreementPage(app.page);

  // Nothing reviewed yet: the view says what to do.
  await agreement.open();
  await expect(agreement.root).toHaveAttribute('data-state', 'empty');
  await expect(agreement.empty).toContainText(/Review some turns first|请先审阅一些轮次/);
  await app.page.getByTestId('nav-dataset').click();
  await datasets.waitForRows();

  const review = await openDialogueByKeyboard(datasets, target.teacherModel, target.externalId);
  const dialogueId = (await review.dialogueId()) ?? '';
  for (const [position, turnIndex] of teacherTurns.entries()) {
    await moveToTurn(review, turnIndex);
    await review.goToField(FIELD);
    if (position === CHANGED) {
      await review.pressKey(String(keyOfLabel(FIELD, correction.code)));
      await review.expectDecision(FIELD, 'changed');
      await review.expectExpertValue(FIELD, [correction.code]);
    } else {
      await review.pressKey('a');
      if (position === 0) await review.enterReviewerName(REVIEWER);
      await review.expectDecision(FIELD, 'accepted');
      await review.expectExpertValue(FIELD, [preCodes[position]]);
    }
  }
  await review.waitForSaved();

  // 3 reviewed, 2 accepted: accuracy 2/3; no student turn was reviewed, nothing missing.
  await agreement.open();
  await expect(agreement.root).toHaveAttribute('data-state', 'ready');
  // computed off the UI thread (the CSP allows the module worker)
  await expect(agreement.root).toHaveAttribute('data-computed-in', 'worker');
  const intent = agreement.row(FIELD);
  await expect(intent).toHaveAttribute('data-items', '3');
  await expect(intent).toHaveAttribute('data-agreeing', '2');
  await expect(intent).toHaveAttribute('data-missing', '0');
  await expect(intent).toHaveAttribute('data-excluded', '0');
  await expect(intent.getByTestId('agreement-n')).toHaveText('3');
  await expect(intent.getByTestId('agreement-accuracy')).toHaveText('66.7%');
  // Fields nobody reviewed have no n and no made-up numbers.
  await expect(agreement.row('cognitive_level')).toHaveAttribute('data-items', '0');
  await expect(agreement.row('cognitive_level').getByTestId('agreement-accuracy')).toHaveText('—');
  // The same numbers for the teacher model's own column.
  await agreement.chooseGroup(target.teacherModel);
  await expect(agreement.table).toHaveAttribute('data-group', target.teacherModel);
  await expect(intent).toHaveAttribute('data-items', '3');
  await agreement.chooseGroup('all');

  // The confusion matrix: the diagonal holds the accepted values, one cell the change.
  await agreement.pickField(FIELD);
  const expectedDiagonal = new Map<string, number>();
  for (const code of preCodes.slice(0, CHANGED)) expectedDiagonal.set(code, (expectedDiagonal.get(code) ?? 0) + 1);
  for (const [code, count] of expectedDiagonal) await expect(agreement.cell(code, code)).toHaveAttribute('data-count', String(count));
  const offDiagonal = agreement.cell(preCodes[CHANGED], correction.code);
  await expect(offDiagonal).toHaveAttribute('data-count', '1');
  await expect(offDiagonal).toHaveText('1');
  await offDiagonal.click();
  await expect(offDiagonal).toHaveAttribute('aria-pressed', 'true');
  await expect(agreement.cellTurns).toHaveCount(1);
  const listed = agreement.cellTurns.first();
  await expect(listed).toHaveAttribute('data-dialogue-id', dialogueId);
  await expect(listed).toHaveAttribute('data-turn-index', String(teacherTurns[CHANGED]));
  await expect(listed).toContainText(target.externalId);
  await expect(listed).toContainText(Array.from(target.record.dialogue[teacherTurns[CHANGED]].content).slice(0, 10).join(''));

  // Opening it lands in review on that turn and field.
  await listed.click();
  await review.waitForReady(dialogueId);
  await expect(review.currentTurn).toHaveAttribute('data-turn-index', String(teacherTurns[CHANGED]));
  await expect(review.currentFieldRow).toHaveAttribute('data-field-id', FIELD);
  await review.expectDecision(FIELD, 'changed');

  // Markdown: one table per group, the intent row with n 3 and 66.7%.
  await agreement.open();
  const markdownPath = join(app.tempDir, 'agreement.md');
  app.dialogs.nextSavePath(markdownPath);
  expect(await agreement.saveMarkdown()).toBe(markdownPath);
  const markdown = readFileSync(markdownPath, 'utf8');
  const fieldNames = codebookField(FIELD).name;
  const intentLine = markdown.split('\n').find((line) => line.startsWith(`| ${fieldNames.zh} |`) || line.startsWith(`| ${fieldNames.en} |`));
  expect(intentLine, markdown).toBeDefined();
  expect(intentLine).toMatch(/^\| [^|]+ \| 3 \| 0 \| 0 \| 66\.7% \| /);
  expect(markdown).toContain(`### ${target.teacherModel}`);

  // CSV: full precision for further analysis.
  const csvPath = join(app.tempDir, 'agreement.csv');
  app.dialogs.nextSavePath(csvPath);
  expect(await agreement.saveCsv()).toBe(csvPath);
  const parsed = Papa.parse<Record<string, string>>(readFileSync(csvPath, 'utf8'), { header: true, skipEmptyLines: true });
  const csvRow = parsed.data.find((record) => record.group === 'all' && record.field === FIELD && record.code === '');
  expect(csvRow).toMatchObject({ items: '3', agreeing: '2', missing: '0', excluded: '0' });
  expect(Number(csvRow?.accuracy)).toBeCloseTo(2 / 3, 12);
});
