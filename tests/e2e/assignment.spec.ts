/**
 * Double annotation offline (issue 11), end to end in two profiles: the owner imports a small SID
 * file and exports a blind assignment for 王老师; a second browser context (a fresh profile, its
 * own IndexedDB) opens the package, labels with the keyboard as 王老师 and exports the work; the
 * owner imports it back as a layer whose stored values are exactly what was typed, and the
 * agreement view offers it. The same work again is refused, and a work package edited to another
 * codebook hash is refused with the message shown. Screenshots in English and Chinese.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { createHandlers } from '../../electron/main/ipc/handlers';
import { installApi } from '../support/bridge';
import { createFakeDialogs, type FakeDialogs } from '../support/fake-dialogs';
import { testLlmHandlerDeps } from '../support/llm-services';
import { RESOURCES_DIR } from '../support/repo-paths';
import { makeTempDir } from '../support/temp-dir';
import { expect, READY_SELECTOR, test } from './fixtures/app';
import { AgreementPage } from './pages/agreement';
import { DatasetsPage } from './pages/datasets';
import { ImportPage } from './pages/import';
import { ReviewPage } from './pages/review';
import { StartPage } from './pages/start';
import { appliesToSpeaker, CODEBOOK_FIELD_IDS, labelAtKey } from './support-codebook';
import { readStoredRows } from './support-idb';
import { saveShot } from './support-shots';
import { jsonlText, sidRecord, writeInputFile } from './support-sid-files';

const ANNOTATOR = '王老师';
/** the label fields of a turn set with key 1: not the transcript (speaker and utterance stand as written) */
const keyedFields = (speaker: 'teacher' | 'student') => CODEBOOK_FIELD_IDS.filter((fieldId) => fieldId !== 'speaker' && fieldId !== 'utterance' && appliesToSpeaker(fieldId, speaker));
/** the student turn's, but its cognition state, which is searched */
const STUDENT_KEYED_FIELDS = keyedFields('student').filter((fieldId) => fieldId !== 'student_cognition_state');
/** the teacher turn's, but its intent, which is searched */
const TEACHER_KEYED_FIELDS = keyedFields('teacher').filter((fieldId) => fieldId !== 'teacher_intent');
const CORRECTED = '老师，第 1 课的这个问题我还是不懂。';

const records = [1, 2, 3].map((topicId) =>
  sidRecord({ topicId, studentId: 1, repeatId: 1 }, [
    { role: '学生', content: `老师，第 ${topicId} 课的问题我不太懂。` },
    { role: '教师', content: `我们一起来看第 ${topicId} 课：你先说说你已经知道什么？` },
  ]),
);

/** A second profile: its own context (separate storage), the same built app and main handlers, its own dialogs. */
async function openSecondProfile(browser: Browser, url: string): Promise<{ page: Page; dialogs: FakeDialogs; errors: string[]; close(): Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => errors.push(error.message));
  const dialogs = createFakeDialogs();
  const dataDir = await makeTempDir('maieutic-e2e-second-');
  const handlers = createHandlers({ host: 'browser', version: '0.0.0-test', platform: process.platform, resourcesDir: RESOURCES_DIR, dialogs, ...testLlmHandlerDeps(dataDir.path) });
  await installApi(page, handlers);
  await page.goto(url);
  await page.locator(READY_SELECTOR).first().waitFor({ state: 'attached' });
  return {
    page,
    dialogs,
    errors,
    close: async () => {
      await context.close();
      await dataDir.remove();
    },
  };
}

interface StoredLayer {
  id: string;
  name: string;
  kind: string;
  annotatorId?: string;
}
interface StoredLayerValue {
  layerId: string;
  turnId: string;
  values: Record<string, { codes: string[]; raw: string }>;
  work?: { fields: Record<string, { decision: string; reviewer: string }>; verified?: { verified: boolean; reviewer: string } };
}

test('an assignment goes to a second profile blind, is labelled there with the keyboard, and comes back as a layer', async ({ app, browser }, testInfo) => {
  await app.page.setViewportSize({ width: 1280, height: 860 });
  const owner = app.page;
  const input = await writeInputFile(join(app.tempDir, 'GPT-4o', 'GPT-4o-assignment.jsonl'), jsonlText(records));
  const wizard = new ImportPage(owner);
  app.dialogs.nextFiles([input]);
  await new StartPage(owner).importFiles();
  await wizard.waitForReport();
  const card = wizard.files.first();
  if ((await card.getAttribute('data-verdict')) === 'warnings') await card.getByTestId('import-accept-warnings').check();
  if ((await card.getByTestId('import-teacher-model').inputValue()) === '') await wizard.useSuggestedTeacherModel(await card.getAttribute('data-file') ?? '');
  await wizard.confirm();
  const datasets = new DatasetsPage(owner);
  await datasets.waitForRows();
  const datasetId = (await datasets.root.getAttribute('data-dataset-id')) ?? '';

  // Export a blind assignment for 王老师 (blind is on by default).
  const packagePath = join(app.tempDir, 'for-wang.json');
  await owner.getByTestId('assignment-export').click();
  const dialog = owner.getByTestId('assignment-export-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('assignment-blind')).toBeChecked();
  await dialog.getByTestId('assignment-annotator-name').fill(ANNOTATOR);
  await saveShot(dialog, 'assignment-export-dialog-en', testInfo);
  app.dialogs.nextSavePath(packagePath);
  await dialog.getByTestId('assignment-annotator-name').press('Enter');
  await expect(owner.getByTestId('assignment-sent')).toContainText(packagePath);
  const packageText = await readFile(packagePath, 'utf8');
  expect(packageText).not.toContain('"pre"');
  expect((await readStoredRows<{ direction: string; annotatorName: string }>(owner, 'assignments')).map((row) => [row.direction, row.annotatorName])).toEqual([['sent', ANNOTATOR]]);

  // The annotator's fresh profile opens the package from the start view and confirms the name.
  const second = await openSecondProfile(browser, app.url);
  const annotator = second.page;
  await annotator.setViewportSize({ width: 1280, height: 860 });
  // first a copy edited to another codebook hash: refused on the start view, with the reason
  const tampered = JSON.parse(packageText) as { codebookHash: string };
  tampered.codebookHash = 'ffffffffffffffff';
  const tamperedPath = join(app.tempDir, 'for-wang-edited.json');
  await writeFile(tamperedPath, JSON.stringify(tampered), 'utf8');
  second.dialogs.nextFiles([tamperedPath]);
  await new StartPage(annotator).importFiles();
  await expect(annotator.getByTestId('assignment-open-refused')).toHaveAttribute('data-code', 'codebook-mismatch');
  await expect(annotator.getByTestId('assignment-open-refused-detail')).toContainText('for-wang-edited.json: $.codebookHash: does not match the codebook the package carries');
  expect(await readStoredRows(annotator, 'datasets')).toEqual([]);
  second.dialogs.nextFiles([packagePath]);
  await new StartPage(annotator).importFiles();
  const confirm = annotator.getByTestId('assignment-open');
  await expect(confirm).toBeVisible();
  await expect(annotator.getByTestId('assignment-reviewer-name')).toHaveValue(ANNOTATOR);
  await saveShot(annotator, 'assignment-open-en', testInfo);
  await annotator.getByTestId('assignment-reviewer-name').press('Enter');
  const annotatorTable = new DatasetsPage(annotator);
  await annotatorTable.waitForRows();
  await expect(annotator.getByTestId('assignment-progress')).toHaveText(`Assignment for ${ANNOTATOR} from GPT-4o-assignment: 0 of 3 dialogues done (0 of 6 turns verified)`);
  await saveShot(annotator, 'assignment-banner-en', testInfo);
  // blind: the annotator is not offered a model's pre-annotation; the owner is
  await expect(annotator.getByTestId('dataset-pre-annotate')).toHaveCount(0);

  // The first dialogue at a person's pace: no model label is shown (blind), the transcript is.
  await annotatorTable.pressKey('j');
  await annotatorTable.pressKey('Enter');
  const review = new ReviewPage(annotator);
  await review.waitForReady();
  await expect(review.fieldRows.first()).toBeVisible();
  const humanPace = () => annotator.waitForTimeout(250);
  // said once, calmly, above the chat; no turn carries a warning chip for it
  await expect(annotator.getByTestId('review-blind-note')).toHaveCount(1);
  await expect(annotator.getByTestId('review-blind-note')).toContainText('Blind assignment: no suggestions.');
  await expect(review.turns).toHaveCount(2);
  await expect(annotator.locator('[data-testid="chat-turn"] [data-badge="alignment"]')).toHaveCount(0);
  // the only suggestion beside a value is the transcript's own speaker (and the utterance as written)
  await expect(annotator.locator('[data-testid="field-row"]:not([data-field-id="speaker"]):not([data-field-id="utterance"]) [data-testid="field-pre-value"]:not([data-status="missing"])')).toHaveCount(0);
  await saveShot(annotator, 'assignment-review-blind-en', testInfo);
  await review.goToField('speaker');
  await expect(review.preValue('speaker')).toHaveAttribute('data-status', 'ok');
  await review.goToField('student_cognition_state');
  await humanPace();
  await review.searchAndPick('错误回答');
  await review.expectExpertValue('student_cognition_state', ['incorrect_answer']);
  // a label picked with no suggestion shown is the annotator's own, not a "change"
  await review.expectDecision('student_cognition_state', 'labelled');
  await humanPace();
  await review.pressKey('u');
  await review.expectDecision('student_cognition_state', 'unsure');
  await humanPace();
  await review.correctText(CORRECTED);
  await review.expectDecision('utterance', 'changed');
  // blind: "accept" has nothing to take
  await review.goToField('discipline');
  await humanPace();
  await review.pressKey('a');
  await expect(review.notice).toContainText('This turn has no pre-annotation (none aligned, or a blind assignment): there is nothing to accept');
  await review.expectDecision('discipline', 'not-reviewed');
  for (const fieldId of STUDENT_KEYED_FIELDS) {
    await review.goToField(fieldId);
    await humanPace();
    await review.pressKey('1');
    await review.expectExpertValue(fieldId, [labelAtKey(fieldId, 1).code]);
    await review.expectDecision(fieldId, 'labelled');
  }
  // v takes the speaker and the utterance as the transcript gives them: nothing to label by hand
  await humanPace();
  await review.pressKey('v');
  await expect(review.turn(0)).toHaveClass(/rv-turn-verified/);
  await review.goToTurn(0);
  await review.expectDecision('speaker', 'accepted');
  await review.expectDecision('student_cognition_state', 'unsure');
  await review.goToTurn(1);
  await review.goToField('teacher_intent');
  await humanPace();
  await review.searchAndPick('检测理解');
  await review.expectExpertValue('teacher_intent', ['check_understanding']);
  await review.expectDecision('teacher_intent', 'labelled');
  // every other label field of the teacher's turn by its number key 1, then the turn is verified (v)
  for (const fieldId of TEACHER_KEYED_FIELDS) {
    await review.goToField(fieldId);
    await humanPace();
    await review.pressKey('1');
    await review.expectExpertValue(fieldId, [labelAtKey(fieldId, 1).code]);
  }
  await humanPace();
  await review.pressKey('v');
  await expect(review.turn(1)).toHaveClass(/rv-turn-verified/);
  await review.expectDecision('speaker', 'accepted');
  await review.waitForSaved();
  await annotator.getByTestId('review-back').click();
  await expect(annotator.getByTestId('assignment-progress')).toHaveText(`Assignment for ${ANNOTATOR} from GPT-4o-assignment: 1 of 3 dialogues done (2 of 6 turns verified)`);

  // The other two dialogues at machine pace: the keys of each turn pressed without waiting on a save.
  for (const row of [1, 2]) {
    await annotatorTable.pressKey('j');
    await annotatorTable.pressKey('Enter');
    await review.waitForReady();
    for (const [index, fields] of [[0, keyedFields('student')], [1, keyedFields('teacher')]] as const) {
      await review.goToTurn(index);
      for (const fieldId of fields) {
        await review.goToField(fieldId);
        await review.pressKey('1');
      }
      await review.pressKey('v');
      await expect(review.turn(index)).toHaveClass(/rv-turn-verified/);
    }
    await review.waitForSaved();
    await annotator.getByTestId('review-back').click();
    await expect(annotator.getByTestId('assignment-progress')).toContainText(`${row + 1} of 3 dialogues done`);
  }
  await expect(annotator.getByTestId('assignment-progress')).toHaveText(`Assignment for ${ANNOTATOR} from GPT-4o-assignment: 3 of 3 dialogues done (6 of 6 turns verified)`);
  await saveShot(annotator, 'assignment-banner-done-en', testInfo);

  // Export the work.
  const workPath = join(app.tempDir, 'from-wang.json');
  second.dialogs.nextSavePath(workPath);
  await annotator.getByTestId('assignment-export-work').click();
  await expect(annotator.getByTestId('assignment-work-saved')).toContainText(workPath);
  await new StartPage(annotator).navLanguage.click();
  await expect(annotator.getByTestId('assignment-progress')).toHaveText(`GPT-4o-assignment 发给 ${ANNOTATOR} 的任务：已完成 3 / 3 个对话（已确认 6 / 6 个话轮）`);
  await saveShot(annotator, 'assignment-banner-zh', testInfo);
  await annotatorTable.pressKey('Enter');
  await review.waitForReady();
  await expect(annotator.getByTestId('review-blind-note')).toContainText('盲标任务：没有建议。');
  await saveShot(annotator, 'assignment-review-blind-zh', testInfo);
  expect(second.errors).toEqual([]);
  await second.close();

  // The owner imports the work: a human layer named after the annotator, with what was typed.
  app.dialogs.nextFiles([workPath]);
  await owner.getByTestId('assignment-import-work').click();
  await expect(owner.getByTestId('assignment-imported')).toContainText(`layer “${ANNOTATOR}”`);
  await saveShot(owner.getByTestId('assignment-owner'), 'assignment-imported-en', testInfo);
  const layers = await readStoredRows<StoredLayer>(owner, 'layers');
  expect(layers.map((layer) => [layer.name, layer.kind])).toEqual([[ANNOTATOR, 'human']]);
  const annotators = await readStoredRows<{ id: string; name: string; role: string; kind: string }>(owner, 'annotators');
  expect(annotators.find((row) => row.id === layers[0].annotatorId)).toMatchObject({ name: ANNOTATOR, role: 'annotator', kind: 'human' });
  const values = (await readStoredRows<StoredLayerValue>(owner, 'layerValues')).sort((a, b) => a.turnId.localeCompare(b.turnId));
  const ownerDialogues = (await readStoredRows<{ id: string; line: number; datasetId: string }>(owner, 'dialogues')).filter((row) => row.datasetId === datasetId);
  const firstDialogue = ownerDialogues.find((row) => row.line === 1)!;
  // every turn of every dialogue came back, verified by the annotator
  expect(values).toHaveLength(6);
  expect(values.every((row) => row.work?.verified?.verified === true && row.work.verified.reviewer === ANNOTATOR)).toBe(true);
  const [studentTurn, teacherTurn] = [values.find((row) => row.turnId === `${firstDialogue.id}#0`)!, values.find((row) => row.turnId === `${firstDialogue.id}#1`)!];
  expect(studentTurn.values.student_cognition_state.codes).toEqual(['incorrect_answer']);
  expect(studentTurn.values.utterance.raw).toBe(CORRECTED);
  expect(studentTurn.values.speaker.codes).toEqual(['student']);
  expect(studentTurn.work?.fields.student_cognition_state).toMatchObject({ decision: 'unsure', reviewer: ANNOTATOR });
  expect(studentTurn.work?.fields.utterance).toMatchObject({ decision: 'changed', reviewer: ANNOTATOR });
  expect(studentTurn.work?.fields.speaker).toMatchObject({ decision: 'accepted', reviewer: ANNOTATOR });
  for (const fieldId of STUDENT_KEYED_FIELDS) expect(studentTurn.work?.fields[fieldId]?.decision, fieldId).toBe('labelled');
  expect(teacherTurn.values.teacher_intent.codes).toEqual(['check_understanding']);
  for (const fieldId of TEACHER_KEYED_FIELDS) expect(teacherTurn.values[fieldId].codes, fieldId).toEqual([labelAtKey(fieldId, 1).code]);
  // verifying took the speaker and the utterance as they read (accepted), and nothing else was filled in for the annotator
  expect(Object.keys(teacherTurn.values).sort()).toEqual(['speaker', 'teacher_intent', 'utterance', ...TEACHER_KEYED_FIELDS].sort());
  expect(teacherTurn.values.speaker.codes).toEqual(['teacher']);
  expect(teacherTurn.values.utterance.raw).toBe(records[0].dialogue[1].content);
  expect(teacherTurn.work?.fields.utterance.decision).toBe('accepted');
  expect(teacherTurn.work?.fields.teacher_intent.decision).toBe('labelled');
  // no label of the blind work is recorded as a change of a suggestion that was never shown
  const decisions = values.flatMap((row) => Object.entries(row.work?.fields ?? {}).map(([fieldId, field]) => `${fieldId}:${field.decision}`));
  expect(decisions.filter((entry) => entry.endsWith(':changed'))).toEqual(['utterance:changed']);

  // The agreement view offers the layer.
  await owner.getByTestId('assignment-open-agreement').click();
  const agreement = new AgreementPage(owner);
  await expect(agreement.root).toBeVisible();
  await expect(agreement.compareLayerButtons.filter({ hasText: ANNOTATOR })).toHaveCount(1);
  await saveShot(owner, 'assignment-agreement-en', testInfo);
  await owner.getByTestId('nav-dataset').click();
  await datasets.waitForRows();

  // The same work again: refused, nothing doubled.
  app.dialogs.nextFiles([workPath]);
  await owner.getByTestId('assignment-import-work').click();
  await expect(owner.getByTestId('assignment-refused')).toHaveAttribute('data-code', 'already');
  await expect(owner.getByTestId('assignment-refused')).toContainText('from-wang.json was already imported as layer');
  expect(await readStoredRows(owner, 'layers')).toHaveLength(1);
  expect(await readStoredRows(owner, 'layerValues')).toHaveLength(6);

  // Work whose labels another reviewer signed, and work nested past 64 levels: refused, naming
  // where, nothing written (issue 30 points 7 and 9)
  const workText = await readFile(workPath, 'utf8');
  const otherReviewerPath = join(app.tempDir, 'signed-by-li.json');
  await writeFile(otherReviewerPath, workText.replaceAll(`"reviewer": "${ANNOTATOR}"`, '"reviewer": "李老师"'), 'utf8');
  app.dialogs.nextFiles([otherReviewerPath]);
  await owner.getByTestId('assignment-import-work').click();
  await expect(owner.getByTestId('assignment-refused')).toHaveAttribute('data-code', 'annotator-mismatch');
  await expect(owner.getByTestId('assignment-refused-detail')).toContainText(/signed-by-li\.json: \$\.dialogues\[0\]\.turns\[0\]\.fields\.\w+\.reviewer: dialogue ".+", turn 1, \w+: reviewed by "李老师", but the assignment was sent to "王老师"/);
  await saveShot(owner.getByTestId('assignment-owner'), 'assignment-refused-reviewer-en', testInfo);
  const deepPath = join(app.tempDir, 'deep.json');
  await writeFile(deepPath, workText.replace('"version": 1,', `"version": 1,\n "note": ${'['.repeat(100_000)}${']'.repeat(100_000)},`), 'utf8');
  app.dialogs.nextFiles([deepPath]);
  await owner.getByTestId('assignment-import-work').click();
  await expect(owner.getByTestId('assignment-refused')).toHaveAttribute('data-code', 'too-deep');
  await expect(owner.getByTestId('assignment-refused-detail')).toContainText('deep.json: line 4: This package is nested too deeply: lists and objects are nested more than 64 levels deep');
  await saveShot(owner.getByTestId('assignment-owner'), 'assignment-refused-too-deep-en', testInfo);
  expect(await readStoredRows(owner, 'layerValues')).toHaveLength(6);

  // A work package edited to another codebook hash: refused, with the reason shown.
  const edited = JSON.parse(await readFile(workPath, 'utf8')) as { codebookHash: string; id: string };
  edited.codebookHash = '0123456789abcdef';
  const editedPath = join(app.tempDir, 'edited.json');
  await writeFile(editedPath, JSON.stringify(edited), 'utf8');
  app.dialogs.nextFiles([editedPath]);
  await owner.getByTestId('assignment-import-work').click();
  await expect(owner.getByTestId('assignment-refused')).toHaveAttribute('data-code', 'codebook-mismatch');
  await expect(owner.getByTestId('assignment-refused-detail')).toContainText('edited.json: $.codebookHash: the work was done against another version of the codebook (0123456789abcdef)');
  await saveShot(owner.getByTestId('assignment-owner'), 'assignment-refused-en', testInfo);

  // The same screens in Chinese.
  await new StartPage(owner).navLanguage.click();
  await expect(owner.getByTestId('assignment-refused')).toContainText('编码手册版本不一致');
  await saveShot(owner.getByTestId('assignment-owner'), 'assignment-refused-zh', testInfo);
  await owner.getByTestId('assignment-export').click();
  await expect(dialog).toBeVisible();
  await saveShot(dialog, 'assignment-export-dialog-zh', testInfo);
  await owner.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  app.dialogs.nextFiles([deepPath]);
  await owner.getByTestId('assignment-import-work').click();
  await expect(owner.getByTestId('assignment-refused')).toContainText('嵌套过深');
  await saveShot(owner.getByTestId('assignment-owner'), 'assignment-refused-too-deep-zh', testInfo);
  expect(await readStoredRows(owner, 'layerValues')).toHaveLength(6);
  void datasetId;
});
