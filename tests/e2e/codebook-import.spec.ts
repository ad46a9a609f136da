/**
 * "Import codebook…" in the import wizard (issue 12): a custom codebook with the rules file beside
 * it, or without one (then it has no rules, and the wizard says so), chosen for the new data set;
 * an existing target shows the codebook it keeps. A broken codebook, a broken rules file and a file
 * that is not JSON are refused naming the file, the JSON path and the problem, and nothing is stored.
 */
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type AppFixture } from './fixtures/app';
import { ImportPage } from './pages/import';
import { StartPage } from './pages/start';
import { saveShot } from './support-shots';
import { jsonlText, sidRecord, writeInputFile } from './support-sid-files';
import { REPO_ROOT } from '../support/repo-paths';

test.use({ viewport: { width: 1280, height: 860 } });

const FIXTURE = join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'sid-student-bloom.json');
const FIXTURE_RULES = join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'sid-student-bloom.rules.json');

const records = [
  sidRecord({ topicId: 1, studentId: 1, repeatId: 1 }, [
    { role: '学生', content: '为什么月亮会变圆又变弯？', labels: { cognitive_level: 'Bloom-2' } },
    { role: '教师', content: '你觉得月亮自己会发光吗？[结束]', labels: { cognitive_level: '' } },
  ]),
];

async function setLanguage(app: AppFixture, language: 'zh' | 'en'): Promise<void> {
  const html = app.page.locator('html');
  if (((await html.getAttribute('lang')) === 'zh-CN') !== (language === 'zh')) await app.page.getByTestId('nav-language').click();
  await expect(html).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
}

async function openReport(app: AppFixture, name = 'moon.jsonl'): Promise<ImportPage> {
  const source = await writeInputFile(join(app.tempDir, 'in', name), jsonlText(records));
  app.dialogs.nextFiles([source]);
  await new StartPage(app.page).importFiles();
  const wizard = new ImportPage(app.page);
  await wizard.waitForReport();
  return wizard;
}

test('codebook import: a broken codebook, a broken rules file and a file that is not JSON name the file and path, and store nothing', async ({ app }, testInfo) => {
  await setLanguage(app, 'en');
  const wizard = await openReport(app);
  await expect(wizard.codebookSelect.locator('option')).toHaveCount(1);

  const broken = JSON.parse(await readFile(FIXTURE, 'utf8'));
  broken.fields[8].appliesTo = 'pupils';
  delete broken.fields[2].name;
  await writeFile(join(app.tempDir, 'broken.json'), JSON.stringify(broken, null, 2));
  app.dialogs.nextCodebook(join(app.tempDir, 'broken.json'));
  await wizard.importCodebook();
  await expect(wizard.codebookRefused).toHaveAttribute('data-file', 'broken.json');
  await expect(wizard.codebookRefused).toContainText('broken.json');
  await expect(wizard.codebookRefused.getByTestId('import-codebook-problem')).toHaveText([
    'fields[2].name must be an object {"zh": "…", "en": "…"}',
    'fields[8].appliesTo must be one of all, teacher, student',
  ]);
  await expect(wizard.codebookSelect.locator('option')).toHaveCount(1);
  await saveShot(wizard.report, 'codebook-import-refused-en', testInfo);

  // a valid codebook whose rules file beside it names a field it does not have: neither is stored
  await copyFile(FIXTURE, join(app.tempDir, 'custom.json'));
  const rules = JSON.parse(await readFile(FIXTURE_RULES, 'utf8'));
  rules.rules[1].fields = ['bloom'];
  await writeFile(join(app.tempDir, 'custom.rules.json'), JSON.stringify(rules));
  app.dialogs.nextCodebook(join(app.tempDir, 'custom.json'));
  await wizard.importCodebook();
  await expect(wizard.codebookRefused).toHaveAttribute('data-file', 'custom.rules.json');
  await expect(wizard.codebookRefused.getByTestId('import-codebook-problem')).toHaveText(['$.rules[1].fields: the codebook has no field "bloom"']);
  await expect(wizard.codebookSelect.locator('option')).toHaveCount(1);

  await writeFile(join(app.tempDir, 'cut.json'), '{\n  "id": "cut",\n  "fields": [\n');
  app.dialogs.nextCodebook(join(app.tempDir, 'cut.json'));
  await wizard.importCodebook();
  await expect(wizard.codebookRefused).toHaveAttribute('data-file', 'cut.json');
  await expect(wizard.codebookRefused.getByTestId('import-codebook-problem')).toHaveText(/^\$ \(line \d+\): not valid JSON: /);

  await setLanguage(app, 'zh');
  await expect(wizard.codebookRefused).toContainText('码本未导入，未保存任何内容。cut.json 有以下问题：');
  await saveShot(wizard.report, 'codebook-import-refused-zh', testInfo);

  // nothing was stored: after a reload the choice still holds the bundled codebook alone
  await app.reload();
  const again = await openReport(app, 'moon-2.jsonl');
  await expect(again.codebookSelect.locator('option')).toHaveCount(1);
  await expect(again.codebookRefused).toHaveCount(0);
});

test('codebook import: a codebook without a rules file has none, and says so; the data set keeps it as an existing target', async ({ app }, testInfo) => {
  await setLanguage(app, 'en');
  const wizard = await openReport(app);
  // the bundled codebook does not know the custom alias: an unknown label
  await expect(wizard.issues('moon.jsonl')).toHaveAttribute('data-code', 'unknown-label');

  await copyFile(FIXTURE, join(app.tempDir, 'bloom-only.json'));
  app.dialogs.nextCodebook(join(app.tempDir, 'bloom-only.json'));
  await wizard.importCodebook();
  await expect(wizard.codebookImported).toHaveAttribute('data-rules', '0');
  await expect(wizard.codebookImported.getByTestId('import-codebook-rules')).toHaveText(
    'No bloom-only.rules.json beside it, so this codebook has no consistency rules: review will flag no consistency findings.',
  );
  const versionId = (await wizard.codebookImported.getAttribute('data-version-id')) ?? '';
  expect(versionId).toMatch(/^sid-student-bloom@[0-9a-f]{16}$/);
  await expect(wizard.codebookSelect).toHaveValue(versionId);
  await expect(wizard.codebookSelect.locator('option')).toHaveText([/^SID nine-field codebook 1\.0\.0 · [0-9a-f]{8} \(bundled\)$/, `SID codebook, Bloom level for students only 1.0.0 · ${versionId.slice(-16, -8)}`]);
  // read again against it: the alias is a label now
  await expect(wizard.file('moon.jsonl')).toHaveAttribute('data-verdict', 'clean');
  await saveShot(wizard.root, 'codebook-import-choice-en', testInfo);
  await setLanguage(app, 'zh');
  await expect(wizard.codebookSelect.locator('option').nth(1)).toHaveText(`SID 码本（布鲁姆层级仅限学生） 1.0.0 · ${versionId.slice(-16, -8)}`);
  await expect(wizard.codebookImported.getByTestId('import-codebook-rules')).toContainText('旁边没有 bloom-only.rules.json');
  await saveShot(wizard.root, 'codebook-import-choice-zh', testInfo);

  // choosing the bundled codebook again reads the file against it again
  await wizard.codebookSelect.selectOption({ index: 0 });
  await expect(wizard.file('moon.jsonl')).toHaveAttribute('data-verdict', 'warnings');
  await wizard.codebookSelect.selectOption(versionId);
  await expect(wizard.file('moon.jsonl')).toHaveAttribute('data-verdict', 'clean');
  await wizard.setTeacherModel('moon.jsonl', 'GPT-4o');
  await wizard.datasetName.fill('Moon');
  await wizard.confirm();

  // a second file into that data set: it keeps its codebook, shown; the file is read against it
  await new StartPage(app.page).goHome();
  const second = await openReport(app, 'moon-2.jsonl');
  await second.targetExisting.check();
  await expect(second.page.getByTestId('import-codebook-existing')).toHaveAttribute('data-codebook-id', 'sid-student-bloom');
  await expect(second.page.getByTestId('import-codebook-existing')).toContainText(`SID 码本（布鲁姆层级仅限学生） 1.0.0 · ${versionId.slice(-16, -8)}`);
  await expect(second.file('moon-2.jsonl')).toHaveAttribute('data-verdict', 'clean');
  await saveShot(second.root, 'codebook-import-existing-zh', testInfo);
  await setLanguage(app, 'en');
  await expect(second.page.getByTestId('import-codebook-existing')).toContainText('Files imported into an existing data set use its codebook: SID codebook, Bloom level for students only');
  await saveShot(second.root, 'codebook-import-existing-en', testInfo);
});
