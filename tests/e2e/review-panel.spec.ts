/**
 * The field panel at 1440×900 (issue 8, point 17): every field of a turn in view with the
 * editor open, speaker and utterance as one context line, notes at a readable size, warnings
 * that stay in view while the fields are scrolled, f / Shift+F to the next flagged value, and a
 * key for each of discipline's 11 labels. Expected values come from the sample files, its
 * README and the shipped codebook; screenshots go to $MAIEUTIC_SHOTS_DIR when set.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { saveShot } from './support-shots';
import { expect, test, type AppFixture } from './fixtures/app';
import { ReviewPage } from './pages/review';
import { StartPage } from './pages/start';
import { appliesToSpeaker, CODEBOOK_FIELD_IDS, codebookField, labelForSidValue } from './support-codebook';
import { findSampleDialogue, openDialogueByKeyboard, openSample, SAMPLE_README, type SampleDialogue } from './support-sample';

test.use({ viewport: { width: 1440, height: 900 } });

const MAC = process.platform === 'darwin';
const REVIEWER = 'Wang Li 王丽';
const TRANSCRIPT = ['speaker', 'utterance'];
/** One line of a row: a chip (1.5 × 0.88rem) plus padding and border, well under two lines. */
const ONE_LINE_MAX_PX = 34;
/** 0.85rem of the app's 15px root size */
const READABLE_PX = 0.85 * 15;


async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element has no box (not visible)');
  return found;
}

/** Every field row (or context part) lies inside the field panel's visible box, nothing in it scrolled, the panel inside the window. */
async function expectAllFieldsInView(page: Page, label: string): Promise<void> {
  const panel = page.getByTestId('field-panel');
  const scrolled = await panel.evaluate((root) => Math.max(...[root, ...Array.from(root.querySelectorAll<HTMLElement>('*'))].map((element) => element.scrollTop)));
  expect(scrolled, `${label}: the field panel is not scrolled`).toBe(0);
  const area = await box(panel);
  expect(area.y + area.height, `${label}: the field panel ends inside the window`).toBeLessThanOrEqual(900);
  const rows = page.getByTestId('field-row');
  await expect(rows).toHaveCount(CODEBOOK_FIELD_IDS.length);
  for (const fieldId of CODEBOOK_FIELD_IDS) {
    const row = await box(page.locator(`[data-testid="field-row"][data-field-id="${fieldId}"]`));
    expect(row.y, `${label}: ${fieldId} starts inside the panel`).toBeGreaterThanOrEqual(area.y - 0.5);
    expect(row.y + row.height, `${label}: ${fieldId} ends inside the panel`).toBeLessThanOrEqual(area.y + area.height + 0.5);
  }
}

/** Text sizes of notes, hints and the codebook note, in px, with what they say. */
async function smallestNoteText(page: Page): Promise<{ size: number; text: string }> {
  return page.getByTestId('field-panel').evaluate((panel) => {
    const selectors = '.rv-hint, .rv-note, [data-testid="codebook-note"], [data-testid="codebook-note"] *';
    let smallest = { size: Infinity, text: '' };
    for (const element of Array.from(panel.querySelectorAll<HTMLElement>(selectors))) {
      const own = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
      if (!own || element.closest('kbd, code')) continue;
      const size = parseFloat(getComputedStyle(element).fontSize);
      if (size < smallest.size) smallest = { size, text: (element.textContent ?? '').slice(0, 40) };
    }
    return smallest;
  });
}

/** The raw cell says no more than its labels: their Chinese names (or codes, as in L2) joined the usual way. */
function rawIsLabelNames(fieldId: string, raw: string): boolean {
  const parts = raw.split(', ');
  return parts.every((part) => codebookField(fieldId).labels.some((label) => label.name.zh === part || label.code === part));
}

const teacherDialogue = findSampleDialogue('GPT-4o/GPT-4o-interdis_topic_7.jsonl', 1);
const teacherTurn = teacherDialogue.record.dialogue.findIndex((turn) => turn.role === '教师');

async function openTeacherTurn(app: AppFixture): Promise<ReviewPage> {
  const datasets = await openSample(app);
  const review = await openDialogueByKeyboard(datasets, teacherDialogue.teacherModel, teacherDialogue.externalId);
  for (let turn = 0; turn < teacherTurn; turn += 1) await review.pressKey('j');
  await expect(review.currentTurn).toHaveAttribute('data-turn-index', String(teacherTurn));
  return review;
}

test('at 1440×900 every field of a teacher turn is in view with the editor open, speaker and utterance as one context line, in both languages', async ({ app }, testInfo) => {
  const annotation = teacherDialogue.record.annotations[teacherTurn];
  expect(annotation.utterance, 'the first teacher turn has its own annotation').toBe(teacherDialogue.record.dialogue[teacherTurn].content);
  const review = await openTeacherTurn(app);
  const start = new StartPage(app.page);

  for (const language of ['en', 'zh'] as const) {
    if (language === 'zh') {
      await start.navLanguage.click();
      await expect(app.page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    } else {
      await expect(app.page.locator('html')).toHaveAttribute('lang', 'en');
    }
    // The field with the most labels (discipline: 11) has the largest editor.
    for (const fieldId of ['teacher_intent', 'discipline']) {
      await review.goToField(fieldId);
      await expect(review.currentFieldRow.locator('.rv-field-editor')).toBeVisible();
      await expect(review.currentFieldRow.locator('.rv-field-actions button')).toHaveCount(3);
      await expect(review.currentFieldRow.locator('.rv-option')).toHaveCount(codebookField(fieldId).labels.length);
      await expectAllFieldsInView(app.page, `${language}, editor open on ${fieldId}`);
    }

    // Speaker and utterance: one slim context line, not two rows.
    const contextLine = app.page.getByTestId('field-context-line');
    await expect(contextLine).toHaveCount(1);
    for (const fieldId of TRANSCRIPT) await expect(contextLine.locator(`[data-field-id="${fieldId}"]`)).toHaveAttribute('data-presentation', 'context');
    expect((await box(contextLine)).height).toBeLessThanOrEqual(ONE_LINE_MAX_PX);
    await expect(contextLine.getByTestId('field-pre-value')).toHaveCount(0);

    // One line per field that is not being edited and holds one label; the raw value only where it says more than its label.
    for (const fieldId of CODEBOOK_FIELD_IDS.filter((id) => !TRANSCRIPT.includes(id) && id !== 'discipline')) {
      const row = review.fieldRow(fieldId);
      if (!appliesToSpeaker(fieldId, 'teacher')) continue;
      const raw = annotation[fieldId];
      const pre = review.preValue(fieldId);
      await expect(pre, fieldId).toHaveAttribute('data-status', 'ok');
      await expect(pre, `${fieldId} «${raw}»`).toHaveAttribute('data-raw', rawIsLabelNames(fieldId, raw) ? 'same' : 'differs');
      if (rawIsLabelNames(fieldId, raw)) await expect(pre.locator('.rv-raw')).toHaveCount(0);
      if (!raw.includes(',')) expect((await box(row)).height, `${language}: ${fieldId} is one line`).toBeLessThanOrEqual(ONE_LINE_MAX_PX);
    }
    const notApplicable = review.fieldRow('student_cognition_state');
    expect((await box(notApplicable)).height).toBeLessThanOrEqual(ONE_LINE_MAX_PX);

    // Notes and hints at a readable size, the codebook note under the fields included.
    await expect(review.codebookNote).toBeVisible();
    const smallest = await smallestNoteText(app.page);
    expect(smallest.size, `smallest note text: «${smallest.text}»`).toBeGreaterThanOrEqual(READABLE_PX - 0.01);

    await saveShot(app.page, `review-${language}-teacher`, testInfo);

    // Tab reaches speaker and utterance in order: each shows as a row while the cursor is on it.
    await review.goToField('cognitive_level');
    await review.pressKey('Tab');
    await expect(review.currentFieldRow).toHaveAttribute('data-field-id', 'speaker');
    await expect(review.fieldRow('speaker')).toHaveAttribute('data-presentation', 'row');
    await expect(review.fieldRow('utterance')).toHaveAttribute('data-presentation', 'context');
    await review.pressKey('l');
    await expect(review.currentFieldRow).toHaveAttribute('data-field-id', 'utterance');
    await expect(review.fieldRow('utterance')).toHaveAttribute('data-presentation', 'row');
    await expect(review.fieldRow('speaker')).toHaveAttribute('data-presentation', 'context');
    await expectAllFieldsInView(app.page, `${language}, on the utterance`);
    await saveShot(app.page, `review-${language}-utterance`, testInfo);
    await review.pressKey('l');
    await expect(contextLine.locator('[data-presentation="context"]')).toHaveCount(2);

    // The student turn before it.
    await review.pressKey('k');
    await expect(review.currentTurn).toHaveAttribute('data-turn-index', String(teacherTurn - 1));
    await expectAllFieldsInView(app.page, `${language}, student turn`);
    await saveShot(app.page, `review-${language}-student`, testInfo);
    await review.pressKey('j');
  }
});

test('a corrected utterance shows as a row again, the correction beside the original', async ({ app }) => {
  const review = await openTeacherTurn(app);
  await review.correctText('你们已经开始查资料了。');
  await review.enterReviewerName(REVIEWER);
  await review.expectDecision('utterance', 'changed');
  await review.goToField('teacher_intent');
  await expect(review.fieldRow('utterance')).toHaveAttribute('data-presentation', 'row');
  await expect(review.fieldRow('speaker')).toHaveAttribute('data-presentation', 'context');
  await expect(review.expertValueCell('utterance')).toHaveText('你们已经开始查资料了。');
  await expectAllFieldsInView(app.page, 'corrected utterance');
});

/** The sample's one dialogue with a value outside the codebook and nothing else to look at. */
const flaggedDialogue = findSampleDialogue('DeepSeek-V3/DeepSeek-V3-interdis_topic_12.jsonl', 1);

/** Fields the README lists as outside the codebook for this dialogue, plus one-value fields left empty: where f should stop. */
function expectedStops(dialogue: SampleDialogue): { turnIndex: number; fieldId: string }[] {
  const readme = readFileSync(SAMPLE_README, 'utf8');
  const section = readme.slice(readme.indexOf('### Values outside the codebook'), readme.indexOf('###', readme.indexOf('### Values outside the codebook') + 4));
  const stops: { turnIndex: number; fieldId: string }[] = [];
  const pattern = new RegExp(`^- \`${dialogue.file.replace(/[.]/g, '\\.')}\` line ${dialogue.line}: annotation (\\d+): (\\w+) «`, 'gm');
  for (const match of section.matchAll(pattern)) stops.push({ turnIndex: Number(match[1]) - 1, fieldId: match[2] });
  dialogue.record.dialogue.forEach((turn, turnIndex) => {
    const speaker = turn.role === '教师' ? 'teacher' : 'student';
    for (const fieldId of CODEBOOK_FIELD_IDS) {
      const field = codebookField(fieldId);
      const oneValue = field.type === 'single' || field.type === 'ordinal' || field.type === 'boolean';
      if (oneValue && appliesToSpeaker(fieldId, speaker) && (dialogue.record.annotations[turnIndex][fieldId] ?? '') === '') stops.push({ turnIndex, fieldId });
    }
  });
  const order = (stop: { turnIndex: number; fieldId: string }) => stop.turnIndex * 100 + CODEBOOK_FIELD_IDS.indexOf(stop.fieldId);
  return stops.sort((a, b) => order(a) - order(b));
}

test('f and Shift+F go to the flagged values of a sample dialogue across turns, and say when none is left that way', async ({ app }) => {
  const record = flaggedDialogue.record;
  expect(record.annotations.every((entry, index) => entry.utterance === record.dialogue[index].content), 'annotations align one to one').toBe(true);
  const stops = expectedStops(flaggedDialogue);
  expect(stops.length, 'the README lists a flagged value for this dialogue').toBeGreaterThan(0);
  expect(stops[0].turnIndex, 'it lies beyond the first turn, so f crosses turns').toBeGreaterThan(0);

  const datasets = await openSample(app);
  const review = await openDialogueByKeyboard(datasets, flaggedDialogue.teacherModel, flaggedDialogue.externalId);
  await expect(review.currentTurn).toHaveAttribute('data-turn-index', '0');
  for (const stop of stops) {
    await review.pressKey('f');
    await expect(review.currentTurn).toHaveAttribute('data-turn-index', String(stop.turnIndex));
    await expect(review.currentFieldRow).toHaveAttribute('data-field-id', stop.fieldId);
    await expect(review.preValue(stop.fieldId)).toHaveAttribute('data-status', 'unknown');
  }
  await review.pressKey('f');
  await expect(review.notice).toHaveAttribute('data-kind', 'no-attention-left');
  await expect(review.notice).toContainText(String(stops.length));
  await expect(review.currentFieldRow).toHaveAttribute('data-field-id', stops[stops.length - 1].fieldId);

  // From the last turn, Shift+F goes back across turns.
  for (let turn = stops[stops.length - 1].turnIndex; turn < record.dialogue.length - 1; turn += 1) await review.pressKey('j');
  await expect(review.currentTurn).toHaveAttribute('data-turn-index', String(record.dialogue.length - 1));
  await review.pressKey('Shift+F');
  await expect(review.currentTurn).toHaveAttribute('data-turn-index', String(stops[stops.length - 1].turnIndex));
  await expect(review.currentFieldRow).toHaveAttribute('data-field-id', stops[stops.length - 1].fieldId);
  await expect(review.notice).toHaveCount(0);
  for (let index = stops.length - 2; index >= 0; index -= 1) await review.pressKey('Shift+F');
  await review.pressKey('Shift+F');
  await expect(review.notice).toHaveAttribute('data-kind', 'no-attention-left');
  await expect(review.currentFieldRow).toHaveAttribute('data-field-id', stops[0].fieldId);
});

test('warnings stay in view while the field panel is scrolled: a refusal, the verify refusal and the verify-dialogue confirmation', async ({ app }, testInfo) => {
  const [stop] = expectedStops(flaggedDialogue);
  const datasets = await openSample(app);
  const review = await openDialogueByKeyboard(datasets, flaggedDialogue.teacherModel, flaggedDialogue.externalId);
  const start = new StartPage(app.page);
  const scrollDown = async () => expect(await review.scrollFieldPanelToEnd(), 'the field panel scrolls').toBeGreaterThan(0);
  const expectInView = (warning: Locator, label: string) => review.expectInView(warning, label);

  await review.pressKey('f');
  await expect(review.currentFieldRow).toHaveAttribute('data-field-id', stop.fieldId);

  for (const language of ['en', 'zh'] as const) {
    if (language === 'zh') await start.navLanguage.click();
    // 'a' on a value outside the codebook is refused, with the panel scrolled to its end.
    await scrollDown();
    await review.pressKey('a');
    await expect(review.notice).toHaveAttribute('data-kind', 'refused');
    await expectInView(review.notice, `${language}: refusal`);
    expect(await review.fieldPanelScrollTop(), 'the panel is still scrolled').toBeGreaterThan(0);
    await saveShot(app.page, `review-${language}-refusal`, testInfo);

    // Shift+V refuses the dialogue while that field has no value.
    await scrollDown();
    await review.pressKey('Shift+V');
    await expect(review.notice).toHaveAttribute('data-kind', 'verify-refused');
    await expectInView(review.notice, `${language}: verify refusal`);
  }

  // Given a value, Shift+V asks for confirmation; that stays in view too.
  await review.pressKey('1');
  await review.enterReviewerName(REVIEWER);
  await expect(review.expertValueCell(stop.fieldId)).not.toHaveAttribute('data-codes', '');
  await scrollDown();
  await review.pressKey('Shift+V');
  await expectInView(review.verifyDialogueWarning, 'verify-dialogue confirmation');
  await saveShot(app.page, 'review-zh-verify-warning', testInfo);
  await review.pressKey('Escape');
  await expect(review.verifyDialogueWarning).toHaveCount(0);
});

test("discipline's 10th and 11th labels are picked with 0 and Alt+1, and every label button shows its key", async ({ app }) => {
  const discipline = codebookField('discipline');
  expect(discipline.labels.length, 'discipline has more than ten labels').toBeGreaterThan(10);
  const expectedKeys = discipline.labels.map((_, index) => {
    if (index < 9) return String(index + 1);
    if (index === 9) return '0';
    return MAC ? `⌥${index - 9}` : `Alt+${index - 9}`;
  });
  const preCodes = teacherDialogue.record.annotations[teacherTurn].discipline.split(', ').map((value) => labelForSidValue('discipline', value).code);
  const tenth = discipline.labels[9];
  const eleventh = discipline.labels[10];
  expect(preCodes).not.toContain(tenth.code);
  expect(preCodes).not.toContain(eleventh.code);

  const review = await openTeacherTurn(app);
  await review.goToField('discipline');
  const options = review.currentFieldRow.locator('.rv-option');
  await expect(options.getByTestId('label-key')).toHaveText(expectedKeys);

  await review.pressKey('0');
  await review.enterReviewerName(REVIEWER);
  const option = (code: string) => review.currentFieldRow.locator(`.rv-option[data-code="${code}"]`);
  await expect(option(tenth.code)).toHaveAttribute('aria-checked', 'true');
  await expect(option(eleventh.code)).toHaveAttribute('aria-checked', 'false');
  await review.pressKey('Alt+1');
  await expect(option(eleventh.code)).toHaveAttribute('aria-checked', 'true');
  await review.expectExpertValue('discipline', [...preCodes, tenth.code, eleventh.code]);
  await review.expectDecision('discipline', 'changed');
});

test('the shortcut help shows f / Shift+F and every label key in one row, in both languages', async ({ app }, testInfo) => {
  const review = await openTeacherTurn(app);
  const start = new StartPage(app.page);
  for (const language of ['en', 'zh'] as const) {
    if (language === 'zh') await start.navLanguage.click();
    await review.pressKey('Shift+?');
    const help = review.shortcutHelp;
    await expect(help).toBeVisible();
    await expect(help.locator('tr[data-command="field.nextFlagged"] kbd')).toHaveText(['f']);
    await expect(help.locator('tr[data-command="field.prevFlagged"] kbd')).toHaveText([MAC ? '⇧F' : 'Shift+F']);
    await expect(help.locator('tr[data-command="label.pick1"] kbd')).toHaveText(['1–9', '0', MAC ? '⌥1–⌥9' : 'Alt+1–Alt+9']);
    await expect(help.locator('tr[data-command^="label.pick"]')).toHaveCount(1);
    await saveShot(app.page, `review-${language}-help`, testInfo);
    await app.page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);
  }
});
