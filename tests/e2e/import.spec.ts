/**
 * Importing one's own files: the report (file:line for every problem), the teacher model from
 * the folder, the CSV mapping step, files with errors that must not be imported, duplicates,
 * and a real MathDial file. Inputs are written into the test's temp dir by each test.
 */
import { existsSync, readFileSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DATASETS_DIR } from '../support/repo-paths';
import { expect, test, type AppFixture } from './fixtures/app';
import { DatasetsPage } from './pages/datasets';
import { ImportPage } from './pages/import';
import { ReviewPage } from './pages/review';
import { StartPage } from './pages/start';
import { codebookField } from './support-codebook';
import { countStoredRows } from './support-idb';
import { openSample } from './support-sample';
import { jsonlText, sidRecord, simpleRecord, turnCount, writeInputFile } from './support-sid-files';

const MATHDIAL_EXAMPLE = join(DATASETS_DIR, 'mathdial', 'data', 'example.jsonl');
const STORES = ['datasets', 'sources', 'dialogues', 'turnBlocks'] as const;

/** Imports one clean, bare-named file into a new data set from the start screen, naming its teacher model; the data set opens. */
async function importCleanFile(app: AppFixture, path: string, name: string, teacherModel = 'GPT-4o'): Promise<void> {
  const start = new StartPage(app.page);
  const wizard = new ImportPage(app.page);
  app.dialogs.nextFiles([path]);
  await start.importFiles();
  await wizard.waitForReport();
  await expect(wizard.file(name)).toHaveAttribute('data-verdict', 'clean');
  await wizard.setTeacherModel(name, teacherModel);
  await wizard.confirm();
}

/** Switches the interface language with the top bar's button. */
async function setLanguage(app: AppFixture, language: 'zh' | 'en'): Promise<void> {
  const html = app.page.locator('html');
  if (((await html.getAttribute('lang')) === 'zh-CN') !== (language === 'zh')) await app.page.getByTestId('nav-language').click();
  await expect(html).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
}

test('a SID folder import words its warnings in the interface language (file:line and code as the detail), points to the tick it waits for, and takes the model from the folder', async ({ app }) => {
  const unalignedText = '这句话根本不在对话里。';
  const unknownIntent = '随便聊聊';
  const records = [
    simpleRecord(1),
    sidRecord({ topicId: 2, studentId: 1, repeatId: 1 }, [
      { role: '学生', content: '为什么冬天湖面先结冰？' },
      { role: '教师', content: '你觉得水在四摄氏度时有什么特别？', annotationUtterance: unalignedText },
    ]),
    sidRecord({ topicId: 3, studentId: 1, repeatId: 1 }, [
      { role: '学生', content: '植物为什么向着光长？' },
      { role: '教师', content: '想一想，叶子需要光来做什么？', labels: { teacher_intent: unknownIntent } },
    ]),
  ];
  const folder = join(app.tempDir, 'annotated');
  await writeInputFile(join(folder, 'GPT-4o', 'GPT-4o-interdis_topic_1.jsonl'), jsonlText(records));
  const fileName = 'annotated/GPT-4o/GPT-4o-interdis_topic_1.jsonl';

  const start = new StartPage(app.page);
  const wizard = new ImportPage(app.page);
  app.dialogs.nextFolder(folder);
  await start.importFolder();
  await wizard.waitForReport();

  await expect(wizard.file(fileName)).toHaveAttribute('data-verdict', 'warnings');
  await expect(wizard.file(fileName).getByTestId('import-file-counts')).toHaveAttribute('data-dialogues', String(records.length));

  const unaligned = wizard.issues(fileName).and(wizard.page.locator('[data-code="unaligned-annotation"]'));
  await expect(unaligned).toHaveCount(1);
  await expect(unaligned.locator('.issue-text')).toContainText(`${fileName}:2 — `);
  await expect(unaligned.locator('.issue-text')).toContainText(unalignedText);
  const unknown = wizard.issues(fileName).and(wizard.page.locator('[data-code="unknown-label"]'));
  await expect(unknown).toHaveCount(1);
  await expect(unknown.locator('.issue-text')).toContainText(`${fileName}:3 — `);
  await expect(unknown.locator('.issue-text')).toContainText('teacher_intent');
  await expect(unknown.locator('.issue-text')).toContainText(unknownIntent);
  await expect(wizard.issues(fileName)).toHaveCount(2);

  // The problem is worded in the interface language with the field's display name; the code is only the detail.
  const intentField = codebookField('teacher_intent');
  await expect(unknown.getByTestId('import-issue-summary')).toContainText(intentField.name.en);
  await expect(unknown.getByTestId('import-issue-summary')).toContainText('Line 3 · turn 2');
  await expect(unknown.getByTestId('import-issue-summary')).not.toContainText('teacher_intent');
  await expect(unknown.getByTestId('import-issue-summary')).not.toContainText('unknown-label');
  const unknownChip = wizard.file(fileName).locator('[data-testid="import-issue-code"][data-code="unknown-label"]');
  await expect(unknownChip).not.toContainText('unknown-label');
  await setLanguage(app, 'zh');
  await expect(unknown.getByTestId('import-issue-summary')).toContainText(intentField.name.zh);
  await expect(unknown.getByTestId('import-issue-summary')).toContainText('第 3 行 · 第 2 轮');
  await expect(unknown.getByTestId('import-issue-summary')).not.toContainText(/[A-Za-z]{3,}/);
  await expect(unknownChip).not.toContainText(/[A-Za-z]{3,}/);
  await setLanguage(app, 'en');

  // A file with warnings waits for an explicit yes, and the footer says where to give it.
  await expect(wizard.totals).toHaveAttribute('data-files', '0');
  await expect(wizard.confirmButton).toBeDisabled();
  const tickHint = wizard.hint('accept-warnings', fileName);
  await expect(tickHint).toBeVisible();
  await expect(tickHint).toContainText(fileName);
  await expect(tickHint).toContainText('Import with its 2 warnings');
  const includeLabel = wizard.file(fileName).getByTestId('import-include-label');
  await expect(includeLabel).toHaveClass(/needs-attention/);
  await tickHint.getByTestId('import-hint-show').click();
  await expect(wizard.file(fileName).getByTestId('import-accept-warnings')).toBeFocused();

  // A model folder names the model: nothing is asked.
  const teacherModel = wizard.file(fileName).getByTestId('import-teacher-model');
  await expect(teacherModel).toHaveValue('GPT-4o');
  await expect(wizard.file(fileName).getByTestId('import-teacher-model-field')).toHaveAttribute('data-required', 'false');
  await expect(wizard.file(fileName).getByTestId('import-teacher-model-hint')).toHaveCount(0);
  const editedModel = 'GPT-4o-2024-08-06';
  await wizard.setTeacherModel(fileName, editedModel);
  await wizard.acceptWarnings(fileName);
  await expect(includeLabel).not.toHaveClass(/needs-attention/);
  await expect(wizard.page.getByTestId('import-hint')).toHaveCount(0);
  await expect(wizard.totals).toHaveAttribute('data-dialogues', String(records.length));
  await expect(wizard.totals).toHaveAttribute('data-turns', String(turnCount(records)));
  await wizard.confirm();

  const datasets = new DatasetsPage(app.page);
  await datasets.waitForRows();
  await expect(datasets.table).toHaveAttribute('data-row-count', String(records.length));
  await expect(datasets.summaryValue('dialogues')).toHaveText(String(records.length));
  await expect(datasets.summaryValue('turns')).toHaveText(String(turnCount(records)));
  await expect(datasets.summaryValue('teacher-models').locator('[data-teacher-model]')).toHaveCount(1);
  await expect(datasets.summaryValue('teacher-models').locator(`[data-teacher-model="${editedModel}"]`)).toHaveCount(1);
  expect(await datasets.columnTexts('teacherModel')).toEqual(records.map(() => editedModel));
});

test('a turn-per-row CSV goes through the column-mapping step, asks for the teacher model its bare name only suggests, and imports its dialogues in turn order', async ({ app }) => {
  // Headers the guess cannot know: the dialogue id and the turn order must be mapped by hand.
  const rows = [
    ['lesson-a', '2', '教师', '那你觉得影子为什么会变长？', '引导推理', '理解'],
    ['lesson-a', '1', '学生', '老师，傍晚我的影子特别长。', '', '记忆'],
    ['lesson-b', '1', '学生', '铁为什么会生锈？', '', '记忆'],
    ['lesson-b', '2', '教师', '生锈需要哪些条件呢？', '检测理解', '应用'],
    ['lesson-b', '3', '学生', '需要水和空气。', '', '理解'],
  ];
  const header = ['session_key', 'step', 'role', 'text', 'teacher_intent', 'cognitive_level'];
  const csv = `${[header, ...rows].map((cells) => cells.join(',')).join('\n')}\n`;
  const path = await writeInputFile(join(app.tempDir, 'lessons.csv'), csv);
  const dialogueIds = [...new Set(rows.map((row) => row[0]))];

  const start = new StartPage(app.page);
  const wizard = new ImportPage(app.page);
  app.dialogs.nextFiles([path]);
  await start.importFiles();
  await wizard.waitForMapping();
  await expect(wizard.root).toHaveAttribute('data-step', 'mapping');
  // a CSV has the column step: the steps show it as the current one
  await expect(app.page.getByTestId('import-steps').locator('li.current')).toHaveText(/^1 · /);
  await expect(wizard.previewTable.locator('thead th')).toHaveText(header);
  await expect(app.page.getByTestId('import-mapping-missing')).toBeVisible();

  // "lessons" names no model: it is offered, not taken.
  const modelInput = wizard.file('lessons.csv').getByTestId('import-teacher-model');
  await expect(modelInput).toHaveValue('');
  await expect(modelInput).toHaveAttribute('placeholder', /lessons/);
  await expect(wizard.file('lessons.csv').getByTestId('import-teacher-model-use-suggestion')).toContainText('lessons');

  await wizard.mapColumn('lessons.csv', 'dialogueId', 'session_key');
  await wizard.mapColumn('lessons.csv', 'turnOrder', 'step');
  await expect(wizard.mappingSelect('lessons.csv', 'speaker')).toHaveValue('role');
  await expect(wizard.mappingSelect('lessons.csv', 'utterance')).toHaveValue('text');
  await expect(app.page.getByTestId('import-mapping-missing')).toHaveCount(0);
  await wizard.checkFiles();

  await expect(wizard.file('lessons.csv')).toHaveAttribute('data-verdict', 'clean');
  const counts = wizard.file('lessons.csv').getByTestId('import-file-counts');
  await expect(counts).toHaveAttribute('data-dialogues', String(dialogueIds.length));
  await expect(counts).toHaveAttribute('data-turns', String(rows.length));

  // Import waits for a teacher model, and says so.
  await expect(wizard.file('lessons.csv').getByTestId('import-teacher-model-field')).toHaveAttribute('data-required', 'true');
  await expect(wizard.totals).toHaveAttribute('data-files', '1');
  await expect(wizard.confirmButton).toBeDisabled();
  await expect(wizard.hint('name-teacher-model', 'lessons.csv')).toContainText('lessons.csv');
  const tutors = 'Human tutors 2024';
  await wizard.setTeacherModel('lessons.csv', tutors);
  await expect(wizard.hint('name-teacher-model', 'lessons.csv')).toHaveCount(0);
  await wizard.confirm();

  const datasets = new DatasetsPage(app.page);
  await datasets.waitForRows();
  await expect(datasets.summaryValue('teacher-models').locator('[data-teacher-model]')).toHaveCount(1);
  await expect(datasets.summaryValue('teacher-models').locator(`[data-teacher-model="${tutors}"]`)).toHaveCount(1);
  await expect(datasets.summaryValue('dialogues')).toHaveText(String(dialogueIds.length));
  await expect(datasets.summaryValue('turns')).toHaveText(String(rows.length));
  expect((await datasets.columnTexts('externalId')).sort()).toEqual(dialogueIds.sort());

  // The mapped order column decides the turn order, not the row order of the file.
  await datasets.search('lesson-a');
  await expect(datasets.table).toHaveAttribute('data-row-count', '1');
  await datasets.openRowAt(0);
  const review = new ReviewPage(app.page);
  await review.waitForReady();
  const lessonA = rows.filter((row) => row[0] === 'lesson-a').sort((a, b) => Number(a[1]) - Number(b[1]));
  await expect(review.turns.locator('.rv-bubble')).toHaveText(lessonA.map((row) => row[3]));
});

test('a JSONL file with a malformed line names file and line, says how many dialogues were good and that none is imported, and cancelling stores nothing', async ({ app }) => {
  const start = new StartPage(app.page);
  const wizard = new ImportPage(app.page);

  // An existing data set, so "nothing changed" is checked against something.
  const goodPath = await writeInputFile(join(app.tempDir, 'good.jsonl'), jsonlText([simpleRecord(9)]));
  await importCleanFile(app, goodPath, 'good.jsonl');
  await start.goHome();
  await expect(start.datasetItems).toHaveCount(1);
  const listBefore = await start.datasetItems.allInnerTexts();
  const storedBefore = await countStoredRows(app.page, STORES);
  expect(storedBefore.dialogues).toBe(1);

  const lines = [JSON.stringify(simpleRecord(1)), JSON.stringify(simpleRecord(2)), '{"topic_id": 3, "dialogue": [{"role": "学生", "content": "没写完', JSON.stringify(simpleRecord(4))];
  const badPath = await writeInputFile(join(app.tempDir, 'broken.jsonl'), `${lines.join('\n')}\n`);
  app.dialogs.nextFiles([badPath]);
  await start.importFiles();
  await wizard.waitForReport();

  const card = wizard.file('broken.jsonl');
  await expect(card).toHaveAttribute('data-verdict', 'errors');
  const errors = card.locator('[data-testid="import-issue"][data-severity="error"]');
  await expect(errors).toHaveCount(1);
  await expect(errors.locator('.issue-text')).toHaveText(/^broken\.jsonl:3 — /);
  // Not "0 dialogues": how many were read, and that the one bad line keeps them all out.
  const readable = card.getByTestId('import-file-readable');
  await expect(readable).toHaveAttribute('data-dialogues', '3');
  await expect(readable).toHaveAttribute('data-error-lines', '1');
  await expect(readable).toContainText('3 dialogues (6 turns) read without problems');
  await expect(readable).toContainText('1 line has an error');
  await expect(readable).toContainText('nothing from this file is imported');
  await expect(card.getByTestId('import-file-counts')).not.toContainText('0 dialogues');
  await expect(errors.getByTestId('import-issue-summary')).toContainText('Line 3');
  await expect(errors.getByTestId('import-issue-summary')).toContainText('not valid JSON');
  await expect(card.locator('[data-testid="import-issue-code"][data-code="malformed-json"]')).not.toContainText('malformed-json');
  await expect(wizard.hint('nothing-importable')).toBeVisible();
  await setLanguage(app, 'zh');
  await expect(readable).toContainText('3 段对话（6 轮）读取无误');
  await expect(readable).toContainText('1 行有错误');
  await expect(errors.getByTestId('import-issue-summary')).toContainText('第 3 行');
  await expect(errors.getByTestId('import-issue-summary')).not.toContainText('malformed');
  await setLanguage(app, 'en');
  await expect(card.getByTestId('import-file-include')).toHaveCount(0);
  await expect(card.getByTestId('import-accept-warnings')).toHaveCount(0);
  await expect(wizard.totals).toHaveAttribute('data-files', '0');
  await expect(wizard.confirmButton).toBeDisabled();

  await wizard.cancel();
  await expect(start.root).toBeVisible();
  await expect(start.datasetItems).toHaveCount(1);
  expect(await start.datasetItems.allInnerTexts()).toEqual(listBefore);
  expect(await countStoredRows(app.page, STORES)).toEqual(storedBefore);
});

test('importing the same file again is detected and flagged in the report, and not imported by default', async ({ app }) => {
  const records = [simpleRecord(5), simpleRecord(6)];
  const path = await writeInputFile(join(app.tempDir, 'lesson.jsonl'), jsonlText(records));
  const copy = join(app.tempDir, 'lesson-copy.jsonl');
  await copyFile(path, copy);
  const wizard = new ImportPage(app.page);
  await importCleanFile(app, path, 'lesson.jsonl');

  const datasets = new DatasetsPage(app.page);
  await datasets.waitForRows();
  const datasetName = (await datasets.name.textContent()) ?? '';
  expect(datasetName).not.toBe('');
  await expect(datasets.summaryValue('dialogues')).toHaveText(String(records.length));
  const storedBefore = await countStoredRows(app.page, STORES);

  // The same file, and a copy of it under another name, into the same data set.
  app.dialogs.nextFiles([path, copy]);
  await datasets.importFilesButton.click();
  await wizard.waitForReport();
  for (const name of ['lesson.jsonl', 'lesson-copy.jsonl']) {
    await expect(wizard.file(name).getByTestId('import-file-duplicate')).toBeVisible();
    await expect(wizard.file(name).getByTestId('import-file-duplicate')).toContainText(datasetName);
  }
  await expect(wizard.file('lesson.jsonl').getByTestId('import-file-include')).not.toBeChecked();
  // the copy repeats the ids of the first file (neither model named yet): warned about, it waits for its tick
  await expect(wizard.issues('lesson-copy.jsonl').and(app.page.locator('[data-code="duplicate-dialogue-across-files"]'))).toHaveCount(records.length);
  await expect(wizard.file('lesson-copy.jsonl').getByTestId('import-accept-warnings')).not.toBeChecked();
  await expect(wizard.file('lesson-copy.jsonl').getByTestId('import-file-same-as')).toContainText('lesson.jsonl');
  await expect(wizard.hint('include-again', 'lesson.jsonl')).toBeVisible();
  await expect(wizard.file('lesson.jsonl').getByTestId('import-file-same-as')).toHaveCount(0);
  await expect(wizard.totals).toHaveAttribute('data-files', '0');
  await expect(wizard.confirmButton).toBeDisabled();
  // named as the data set's model, the file's dialogues are the ones it holds: a warning each
  await wizard.setTeacherModel('lesson.jsonl', 'GPT-4o');
  await expect(wizard.issues('lesson.jsonl').and(app.page.locator('[data-code="duplicate-dialogue-in-dataset"]'))).toHaveCount(records.length);

  await wizard.cancel();
  await expect(datasets.summaryValue('dialogues')).toHaveText(String(records.length));
  expect(await countStoredRows(app.page, STORES)).toEqual(storedBefore);
});

test('the real MathDial example file imports its two dialogues', async ({ app }) => {
  expect(existsSync(MATHDIAL_EXAMPLE), `The MathDial example is missing at ${MATHDIAL_EXAMPLE}; CI keeps ../shared beside the repository`).toBe(true);
  const records = readFileSync(MATHDIAL_EXAMPLE, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { conversation: string });
  expect(records.length, 'the example file holds two dialogues').toBe(2);
  const turns = records.reduce((sum, record) => sum + record.conversation.split('|EOM|').filter((segment) => segment.trim() !== '').length, 0);

  const start = new StartPage(app.page);
  const wizard = new ImportPage(app.page);
  app.dialogs.nextFiles([MATHDIAL_EXAMPLE]);
  await start.importFiles();
  await wizard.waitForReport();
  const card = wizard.file('example.jsonl');
  // MathDial's teachers were human tutors: the preset names them, not the file name "example".
  await expect(card.getByTestId('import-teacher-model')).toHaveValue('MathDial (human teacher)');
  await expect(card.getByTestId('import-teacher-model-field')).toHaveAttribute('data-required', 'false');
  await expect(card.getByTestId('import-file-counts')).toHaveAttribute('data-dialogues', String(records.length));
  await expect(card.getByTestId('import-file-counts')).toHaveAttribute('data-turns', String(turns));
  const verdict = await wizard.verdict('example.jsonl');
  expect(['clean', 'warnings']).toContain(verdict);
  if (verdict === 'warnings') await wizard.acceptWarnings('example.jsonl');
  await expect(wizard.totals).toHaveAttribute('data-dialogues', String(records.length));
  await wizard.confirm();

  const datasets = new DatasetsPage(app.page);
  await datasets.waitForRows();
  await expect(datasets.summaryValue('dialogues')).toHaveText(String(records.length));
  await expect(datasets.summaryValue('turns')).toHaveText(String(turns));
});

test('labels of the import wizard keep their distance from their inputs, in both languages', async ({ app }) => {
  await app.page.setViewportSize({ width: 1440, height: 900 });
  const datasets = await openSample(app);
  const datasetId = (await datasets.root.getAttribute('data-dataset-id')) ?? '';
  const header = ['session_key', 'role', 'text'];
  const csv = `${[header, ['a', '学生', '傍晚我的影子特别长。'], ['a', '教师', '为什么呢？']].map((cells) => cells.join(',')).join('\n')}\n`;
  const csvPath = await writeInputFile(join(app.tempDir, 'turns.csv'), csv);
  const wizard = new ImportPage(app.page);
  app.dialogs.nextFiles([csvPath]);
  await datasets.importFilesButton.click();
  await wizard.waitForMapping();

  const checkGaps = async (where: string) => {
    const gaps = await wizard.labelGaps();
    expect(gaps.length, `${where}: labels measured`).toBeGreaterThan(0);
    for (const { label, gap, layout } of gaps) {
      expect.soft(gap, `${where}: "${label}" (${layout}) is ${gap.toFixed(1)} px from its control`).toBeGreaterThanOrEqual(layout === 'beside' ? 6 : 2);
    }
  };
  for (const language of ['en', 'zh'] as const) {
    await setLanguage(app, language);
    await checkGaps(`mapping step (${language})`);
  }
  await setLanguage(app, 'en');
  await wizard.mapColumn('turns.csv', 'dialogueId', 'session_key');
  await wizard.checkFiles();
  await wizard.intoExistingDataset(datasetId);
  await wizard.attachLayerCheckbox.check();
  await expect(wizard.layerName).toBeVisible();
  for (const language of ['en', 'zh'] as const) {
    await setLanguage(app, language);
    await checkGaps(`report with the layer option (${language})`);
    await test.info().attach(`import-report-${language}`, { body: await app.page.screenshot(), contentType: 'image/png' });
  }
});
