/**
 * Consistency checks (issue 12): a hand-made SID file in which every rule of the default rules
 * file that can fire with the default codebook fires once. The Bloom rule cannot: the default
 * codebook gives the Bloom level to every speaker (its rules file says so), so the list shows
 * it with no findings. Checked: each finding's reason in review and its count in the data set's
 * findings view, a dismissal with a note (shown dismissed, kept over a reload, the open count
 * drops), and a corrected value whose finding goes away at once. A second test imports a
 * custom codebook (tests/e2e/fixtures/sid-student-bloom.json, Bloom level for students only, with
 * its own rules file) and a dialogue with a Bloom level on a teacher turn: there the Bloom rule fires
 * and is dismissed.
 */
import { join } from 'node:path';
import { expect, test, type AppFixture } from './fixtures/app';
import { ImportPage } from './pages/import';
import { ReviewPage } from './pages/review';
import { SettingsPage } from './pages/settings';
import { StartPage } from './pages/start';
import { codebookField } from './support-codebook';
import { saveShot } from './support-shots';
import { jsonlText, sidRecord, writeInputFile } from './support-sid-files';
import { REPO_ROOT } from '../support/repo-paths';

test.use({ viewport: { width: 1440, height: 900 } });

const DATASET = 'Consistency pilot';
const REVIEWER = 'Li Wei 李薇';
const NOTE = 'a new intent the group uses, kept on purpose';

/** Dialogue 1: 0 incorrect answer, 1 hints only + an intent outside the codebook, 2 a transfer with the same discipline. Dialogue 2: 0 a student turn with a teacher intent. */
const records = [
  sidRecord({ topicId: 1, studentId: 1, repeatId: 1 }, [
    { role: '学生', content: '植物在晚上也进行光合作用。', labels: { student_cognition_state: '错误回答' } },
    { role: '教师', content: '你再想想，光合作用需要什么条件？', labels: { teaching_strategy: '提示', teacher_intent: '随便聊聊' } },
    { role: '学生', content: '需要阳光，所以晚上不行。', labels: { discipline_transfer: '是' } },
    { role: '教师', content: '很好，你说对了。[结束]' },
  ]),
  sidRecord({ topicId: 2, studentId: 1, repeatId: 1 }, [
    { role: '学生', content: '河流为什么是弯的？', labels: { teacher_intent: '引导推理' } },
    { role: '教师', content: '你觉得水流遇到石头会怎样？[结束]' },
  ]),
];

/** rule → [open findings, dialogues] the file must give */
const EXPECTED: Record<string, [number, number]> = {
  'value-on-inapplicable-field': [1, 1],
  'transfer-without-change': [1, 1],
  'bloom-on-inapplicable-turn': [0, 0],
  'incorrect-answer-not-corrected': [1, 1],
  'label-outside-codebook': [1, 1],
};

async function setLanguage(app: AppFixture, language: 'zh' | 'en'): Promise<void> {
  const html = app.page.locator('html');
  if (((await html.getAttribute('lang')) === 'zh-CN') !== (language === 'zh')) await app.page.getByTestId('nav-language').click();
  await expect(html).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
}

async function importPilot(app: AppFixture): Promise<void> {
  const source = await writeInputFile(join(app.tempDir, 'GPT-4o', 'consistency.jsonl'), jsonlText(records));
  const wizard = new ImportPage(app.page);
  app.dialogs.nextFiles([source]);
  await new StartPage(app.page).importFiles();
  await wizard.waitForReport();
  for (const box of await wizard.page.getByTestId('import-teacher-model').all()) if ((await box.inputValue()) === '') await box.fill('GPT-4o');
  // the intent outside the codebook and the student turn's teacher intent are import warnings too
  await wizard.acceptWarnings('consistency.jsonl');
  await wizard.intoNewDataset(DATASET);
  await wizard.confirm();
}

const findingsView = (app: AppFixture) => app.page.getByTestId('findings-view');
const ruleRow = (app: AppFixture, ruleId: string) => findingsView(app).locator(`[data-testid="finding-rule-row"][data-rule-id="${ruleId}"]`);

async function openFindings(app: AppFixture): Promise<void> {
  await app.page.getByTestId('nav-findings').click();
  await expect(findingsView(app)).toHaveAttribute('data-state', 'ready');
}

async function expectRuleCounts(app: AppFixture, ruleId: string, open: number, dismissed: number, dialogues: number): Promise<void> {
  const row = ruleRow(app, ruleId);
  await expect(row.getByTestId('rule-open')).toHaveText(String(open));
  await expect(row.getByTestId('rule-dismissed')).toHaveText(String(dismissed));
  await expect(row.getByTestId('rule-dialogues')).toHaveText(String(dialogues));
}

/** Opens the listed finding of a rule (the list shows open and dismissed ones). */
async function openListed(app: AppFixture, ruleId: string): Promise<ReviewPage> {
  await findingsView(app).getByTestId('findings-filter-state').selectOption('all');
  await findingsView(app).locator(`[data-testid="finding-row"][data-rule-id="${ruleId}"]`).getByTestId('finding-open').click();
  const review = new ReviewPage(app.page);
  await review.waitForReady();
  return review;
}

const stripItem = (app: AppFixture, ruleId: string) => app.page.locator(`[data-testid="findings-strip"] [data-testid="finding-item"][data-rule-id="${ruleId}"]`);

test('consistency: every rule’s finding shows in review with its reason and in the data set’s list; a dismissal with a note persists; a fix clears its finding', async ({ app }, testInfo) => {
  await setLanguage(app, 'en');
  const settings = new SettingsPage(app.page);
  await settings.open();
  await settings.setReviewerName(REVIEWER);
  await new StartPage(app.page).goHome();
  await importPilot(app);

  // the data set's list: every rule, with its counts
  await openFindings(app);
  for (const [ruleId, [open, dialogues]] of Object.entries(EXPECTED)) await expectRuleCounts(app, ruleId, open, 0, dialogues);
  await expect(findingsView(app).getByTestId('finding-row')).toHaveCount(4);
  await findingsView(app).getByTestId('findings-filter-rule').selectOption('transfer-without-change');
  await expect(findingsView(app).getByTestId('finding-row')).toHaveCount(1);
  await expect(findingsView(app).getByTestId('finding-row')).toHaveAttribute('data-turn-index', '2');
  await findingsView(app).getByTestId('findings-filter-rule').selectOption('');
  await saveShot(findingsView(app), 'consistency-list-en', testInfo);

  // a row opens its turn in review; the strip lists the dialogue's three findings with their reasons
  const review = await openListed(app, 'incorrect-answer-not-corrected');
  expect(await review.currentTurnIndex()).toBe(0);
  await expect(review.currentFieldRow).toHaveAttribute('data-field-id', 'student_cognition_state');
  await expect(app.page.getByTestId('findings-strip')).toHaveAttribute('data-open', '3');
  await expect(stripItem(app, 'incorrect-answer-not-corrected').getByTestId('finding-reason')).toHaveText(
    'Turn 1: the student gives an "Incorrect answer", but the next 1 teacher turn(s) have no "Corrective feedback" in Teaching strategy.',
  );
  await expect(stripItem(app, 'label-outside-codebook').getByTestId('finding-reason')).toHaveText('Turn 2: Teacher intent holds "随便聊聊", which is not in the codebook.');
  await expect(stripItem(app, 'transfer-without-change').getByTestId('finding-reason')).toHaveText(
    'Turn 3: Discipline transfer is "Yes", but Discipline (Biology) is the same as on turn 2.',
  );
  // the field with the cursor carries its mark and its reason; the turn in the chat its badge
  await expect(review.currentFieldRow.getByTestId('finding-marker')).toHaveAttribute('data-state', 'open');
  await expect(review.currentFieldRow.getByTestId('field-finding-reason')).toContainText('Incorrect answer');
  await expect(review.currentTurn.locator('[data-badge="finding"]')).toHaveAttribute('data-count', '1');
  await saveShot(app.page, 'consistency-review-en', testInfo);

  // c goes to the next open finding; x dismisses it with a note typed without moving review
  await review.pressKey('c');
  expect(await review.currentTurnIndex()).toBe(1);
  await expect(review.currentFieldRow).toHaveAttribute('data-field-id', 'teacher_intent');
  await review.pressKey('x');
  const note = app.page.getByTestId('finding-dismiss-note');
  await expect(note).toBeFocused();
  await note.press('Enter');
  await expect(app.page.getByTestId('finding-dismiss-refused')).toBeVisible();
  await note.pressSequentially(NOTE);
  expect(await review.currentTurnIndex()).toBe(1);
  await note.press('Enter');
  const dismissed = stripItem(app, 'label-outside-codebook');
  await expect(dismissed).toHaveAttribute('data-state', 'dismissed');
  await expect(dismissed.getByTestId('finding-dismissal')).toContainText(NOTE);
  await expect(dismissed.getByTestId('finding-dismissal')).toContainText(REVIEWER);
  await expect(app.page.getByTestId('findings-strip')).toHaveAttribute('data-open', '2');
  await expect(review.currentFieldRow.getByTestId('finding-marker')).toHaveAttribute('data-state', 'dismissed');

  // correct the value: corrective feedback on the teacher's answer clears the incorrect-answer finding at once
  const correctiveAt = codebookField('teaching_strategy').labels.findIndex((label) => label.code === 'corrective_feedback') + 1;
  await review.goToField('teaching_strategy');
  await review.pressKeyAndWaitForSave(String(correctiveAt));
  await expect(stripItem(app, 'incorrect-answer-not-corrected')).toHaveCount(0);
  await expect(app.page.getByTestId('findings-strip')).toHaveAttribute('data-open', '1');

  // the list agrees, also after a reload
  await app.page.keyboard.press('Escape');
  await expect(findingsView(app)).toHaveAttribute('data-state', 'ready');
  await expectRuleCounts(app, 'label-outside-codebook', 0, 1, 0);
  await expectRuleCounts(app, 'incorrect-answer-not-corrected', 0, 0, 0);
  await app.reload();
  await new StartPage(app.page).openDataset(DATASET);
  await openFindings(app);
  await expectRuleCounts(app, 'label-outside-codebook', 0, 1, 0);
  await expectRuleCounts(app, 'value-on-inapplicable-field', 1, 0, 1);
  await expectRuleCounts(app, 'transfer-without-change', 1, 0, 1);
  await findingsView(app).getByTestId('findings-filter-state').selectOption('dismissed');
  await expect(findingsView(app).getByTestId('finding-row')).toHaveCount(1);
  await expect(findingsView(app).getByTestId('finding-row')).toContainText(NOTE);

  // the other dialogue's finding, in review: a teacher intent on a student turn
  const second = await openListed(app, 'value-on-inapplicable-field');
  expect(await second.currentTurnIndex()).toBe(0);
  await expect(stripItem(app, 'value-on-inapplicable-field').getByTestId('finding-reason')).toHaveText(
    'Turn 1: Teacher intent does not apply to a Student turn, yet it holds "Guide reasoning".',
  );
  await expect(second.fieldRow('teacher_intent').getByTestId('field-finding-reason')).toContainText('does not apply');

  // the dismissed one is kept over the reload and can be restored
  await app.page.keyboard.press('Escape');
  const first = await openListed(app, 'label-outside-codebook');
  await expect(stripItem(app, 'label-outside-codebook')).toHaveAttribute('data-state', 'dismissed');
  await setLanguage(app, 'zh');
  await expect(stripItem(app, 'label-outside-codebook').getByTestId('finding-reason')).toHaveText('第 2 轮：「教师意图」的值「随便聊聊」不在码本中。');
  await saveShot(app.page, 'consistency-review-zh', testInfo);
  await stripItem(app, 'label-outside-codebook').getByTestId('finding-restore').click();
  await expect(stripItem(app, 'label-outside-codebook')).toHaveAttribute('data-state', 'open');
  expect(await first.currentTurnIndex()).toBe(1);
  await app.page.keyboard.press('Escape');
  await expect(findingsView(app)).toHaveAttribute('data-state', 'ready');
  await expectRuleCounts(app, 'label-outside-codebook', 1, 0, 1);
  await saveShot(findingsView(app), 'consistency-list-zh', testInfo);

  // the other rules' findings are dismissed the same way, each with its own note
  for (const ruleId of ['value-on-inapplicable-field', 'transfer-without-change']) {
    const opened = await openListed(app, ruleId);
    await expect(stripItem(app, ruleId)).toHaveAttribute('data-state', 'open');
    await opened.pressKey('x');
    const ruleNote = app.page.getByTestId('finding-dismiss-note');
    await expect(ruleNote).toBeFocused();
    await ruleNote.pressSequentially(`${ruleId} checked`);
    await ruleNote.press('Enter');
    await expect(stripItem(app, ruleId)).toHaveAttribute('data-state', 'dismissed');
    await expect(stripItem(app, ruleId).getByTestId('finding-dismissal')).toContainText(`${ruleId} checked`);
    await app.page.keyboard.press('Escape');
    await expect(findingsView(app)).toHaveAttribute('data-state', 'ready');
    await expectRuleCounts(app, ruleId, 0, 1, 0);
  }
});

const BLOOM_CODEBOOK = join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'sid-student-bloom.json');
const BLOOM_DATASET = 'Bloom for students';

/** One dialogue: Bloom levels on the student turns (one spelled as the custom codebook's alias) and one on a teacher turn. */
const bloomRecords = [
  sidRecord({ topicId: 5, studentId: 2, repeatId: 1 }, [
    { role: '学生', content: '为什么冬天白天短？', labels: { cognitive_level: 'Bloom-1' } },
    { role: '教师', content: '地球绕太阳转的时候，地轴是什么样的？', labels: { cognitive_level: '理解' } },
    { role: '学生', content: '地轴是倾斜的，所以光照时间会变。', labels: { cognitive_level: '应用' } },
    { role: '教师', content: '对，你说得很清楚。[结束]', labels: { cognitive_level: '' } },
  ]),
];

test('consistency: with a custom codebook that gives the Bloom level to students only, the Bloom rule fires on a teacher turn and can be dismissed', async ({ app }) => {
  await setLanguage(app, 'en');
  const settings = new SettingsPage(app.page);
  await settings.open();
  await settings.setReviewerName(REVIEWER);
  await new StartPage(app.page).goHome();

  const source = await writeInputFile(join(app.tempDir, 'GPT-4o', 'bloom.jsonl'), jsonlText(bloomRecords));
  const wizard = new ImportPage(app.page);
  app.dialogs.nextFiles([source]);
  await new StartPage(app.page).importFiles();
  await wizard.waitForReport();
  app.dialogs.nextCodebook(BLOOM_CODEBOOK);
  await wizard.importCodebook();
  await expect(wizard.codebookImported).toHaveAttribute('data-rules', '3');
  await expect(wizard.codebookSelect).toHaveValue((await wizard.codebookImported.getAttribute('data-version-id')) ?? '');
  // read against the custom codebook: the alias is a label, the teacher's Bloom level does not apply
  await expect(wizard.issues('bloom.jsonl')).toHaveCount(1);
  await expect(wizard.issues('bloom.jsonl')).toHaveAttribute('data-code', 'not-applicable-value');
  // the report names the field as the custom codebook does
  await expect(wizard.issues('bloom.jsonl').getByTestId('import-issue-summary')).toContainText('Bloom level (students)');
  await wizard.setTeacherModel('bloom.jsonl', 'GPT-4o');
  await wizard.acceptWarnings('bloom.jsonl');
  await wizard.datasetName.fill(BLOOM_DATASET);
  await wizard.confirm();

  await openFindings(app);
  await expect(findingsView(app).getByTestId('finding-rule-row')).toHaveCount(3);
  await expectRuleCounts(app, 'bloom-on-inapplicable-turn', 1, 0, 1);
  await expectRuleCounts(app, 'value-on-inapplicable-field', 0, 0, 0);
  await expectRuleCounts(app, 'label-outside-codebook', 0, 0, 0);

  const review = await openListed(app, 'bloom-on-inapplicable-turn');
  expect(await review.currentTurnIndex()).toBe(1);
  await expect(review.fieldRow('cognitive_level').getByTestId('field-finding-reason')).toContainText('does not apply');
  await expect(stripItem(app, 'bloom-on-inapplicable-turn').getByTestId('finding-reason')).toHaveText(
    'Turn 2: the codebook says the Bloom level does not apply to a Teacher turn, yet it is "Understand".',
  );
  await review.pressKey('x');
  const note = app.page.getByTestId('finding-dismiss-note');
  await expect(note).toBeFocused();
  await note.pressSequentially('the teacher models the level on purpose');
  await note.press('Enter');
  await expect(stripItem(app, 'bloom-on-inapplicable-turn')).toHaveAttribute('data-state', 'dismissed');
  await expect(app.page.getByTestId('findings-strip')).toHaveAttribute('data-open', '0');

  await app.page.keyboard.press('Escape');
  await expect(findingsView(app)).toHaveAttribute('data-state', 'ready');
  await expectRuleCounts(app, 'bloom-on-inapplicable-turn', 0, 1, 0);
  // the data set keeps its codebook over a reload
  await app.reload();
  await new StartPage(app.page).openDataset(BLOOM_DATASET);
  await openFindings(app);
  await expectRuleCounts(app, 'bloom-on-inapplicable-turn', 0, 1, 0);
  await expect(findingsView(app).getByTestId('finding-rule-row')).toHaveCount(3);
});
