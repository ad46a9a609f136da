/**
 * The scenario editor end to end, as an expert would use it without any data set open: from the
 * start page to the Scenarios view, the SID template opened (read-only) and duplicated, the
 * teacher's system prompt changed in the form and seen in the YAML tab, the YAML broken (a
 * "line N" problem, Save disabled; clicking it puts the cursor on that line) and fixed, a version
 * saved (hash shown, listed), the dry run's first messages for a chosen task row, and the
 * unsaved-changes guard.
 */
import type { Page } from '@playwright/test';
import { scenarioHash, expandTaskRows, parseScenarioOrThrow, parseScenarioYaml } from '../../shared/scenario';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gbkBytes } from '../fault-suite/gbk';
import { RESOURCES_DIR } from '../support/repo-paths';
import { expect, test } from './fixtures/app';
import { saveShot } from './support-shots';

const SID_FILE = 'sid-teacher-led.yaml';
const NEW_PROMPT = '你是一位只用提问引导学生的教师。主题：{{topic_text}}\n每次只问一个问题。';

async function setLanguage(page: Page, language: 'zh' | 'en') {
  const html = page.locator('html');
  if (((await html.getAttribute('lang')) === 'zh-CN') !== (language === 'zh')) await page.getByTestId('nav-language').click();
}

test('scenario editor: template duplicated, prompt edited in the form, YAML broken and fixed, version saved, dry run', async ({ app }, testInfo) => {
  const page = app.page;
  const template = readFileSync(join(RESOURCES_DIR, 'scenarios', SID_FILE), 'utf8');
  const rows = expandTaskRows(parseScenarioOrThrow(template, SID_FILE));

  await setLanguage(page, 'en');
  await page.getByTestId('start-scenarios').click();
  const view = page.getByTestId('scenarios-view');
  await expect(view).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('scenario-template')).toHaveCount(4);
  await saveShot(page, 'scenarios-list-en', testInfo);

  await page.locator(`[data-testid="scenario-template"][data-file="${SID_FILE}"]`).getByTestId('scenario-template-open').click();
  const editor = page.getByTestId('scenario-editor');
  await expect(editor).toHaveAttribute('data-read-only', 'true');
  await expect(page.getByTestId('scenario-save')).toHaveCount(0);
  await page.getByTestId('scenario-duplicate').click();
  await expect(editor).toHaveAttribute('data-read-only', 'false');
  await expect(page.getByTestId('scenario-field-id')).toHaveValue('sid-teacher-led-copy');
  await expect(page.getByTestId('scenario-generate')).toBeDisabled();

  // the form writes the YAML
  await page.getByTestId('scenario-tab-button-roles').click();
  await page.getByTestId('scenario-teacher-system').fill(NEW_PROMPT);
  await expect(page.getByTestId('scenario-validation')).toHaveAttribute('data-checking', 'false');
  await expect(page.getByTestId('scenario-validation')).toHaveAttribute('data-valid', 'true');
  await saveShot(page, 'scenario-roles-en', testInfo);
  await page.getByTestId('scenario-tab-button-yaml').click();
  const yaml = page.getByTestId('scenario-yaml');
  await expect(yaml).toHaveValue(/ {6}你是一位只用提问引导学生的教师。主题：\{\{topic_text\}\}\n {6}每次只问一个问题。/);
  await expect(yaml).toHaveValue(/# SID teacher-led Socratic dialogue/);
  const edited = await yaml.inputValue();
  const parsedEdit = parseScenarioYaml(edited, 'edited.yaml');
  expect(parsedEdit.ok && parsedEdit.scenario.roles.teacher?.system).toBe(NEW_PROMPT);

  // broken YAML: a line-numbered problem, Save disabled, the problem leads to its line
  const lines = edited.split('\n');
  const brokenLine = lines.findIndex((line) => line.startsWith('repeats:')) + 1;
  const broken = [...lines];
  broken[brokenLine - 1] = 'repeats: [2';
  await yaml.fill(broken.join('\n'));
  const problem = page.getByTestId('scenario-problem').first();
  await expect(problem).toBeVisible();
  const reported = Number(await problem.getAttribute('data-line'));
  expect(reported).toBeGreaterThanOrEqual(brokenLine);
  await expect(problem).toHaveText(new RegExp(`^line ${reported}: `));
  await expect(page.getByTestId('scenario-save')).toBeDisabled();
  await saveShot(page, 'scenario-yaml-problem-en', testInfo);
  await page.getByTestId('scenario-tab-button-flow').click();
  await expect(page.getByTestId('scenario-form-stale')).toBeVisible();
  await problem.click();
  await expect(yaml).toBeFocused();
  const cursorLine = await yaml.evaluate((area: HTMLTextAreaElement) => area.value.slice(0, area.selectionStart).split('\n').length);
  expect(cursorLine).toBe(reported);

  // fixed and saved with Ctrl+S: the hash is the parsed scenario's
  await yaml.fill(edited);
  await expect(page.getByTestId('scenario-validation')).toHaveAttribute('data-checking', 'false');
  await expect(page.getByTestId('scenario-validation')).toHaveAttribute('data-valid', 'true');
  await expect(page.getByTestId('scenario-save')).toBeEnabled();
  await yaml.press('Control+s');
  const saved = page.getByTestId('scenario-saved');
  await expect(saved).toBeVisible();
  const hash = parsedEdit.ok ? scenarioHash(parsedEdit.scenario) : '';
  await expect(page.getByTestId('scenario-hash')).toHaveText(hash.slice(0, 12));
  await expect(saved).toContainText(hash.slice(0, 12));
  await expect(editor).toHaveAttribute('data-dirty', 'false');
  await expect(page.getByTestId('scenario-save')).toBeDisabled();
  await expect(page.getByTestId('scenario-generate')).toBeEnabled();
  await page.getByTestId('scenario-tab-button-versions').click();
  await expect(page.getByTestId('scenario-version')).toHaveCount(1);
  await expect(page.getByTestId('scenario-version')).toHaveAttribute('data-row-id', `sid-teacher-led-copy@${hash}`);

  // dry run: a chosen row's first step, exactly as nextStep gives it (the student opens, with the row's topic)
  const chosen = rows.findIndex((row) => row.topic !== rows[0].topic);
  await page.getByTestId('scenario-dry-run-row').selectOption(String(chosen));
  const messages = page.getByTestId('scenario-dry-run-message');
  await expect(page.getByTestId('scenario-dry-run-messages')).toHaveAttribute('data-role', 'student');
  await expect(messages.first()).toHaveAttribute('data-role', 'system');
  await expect(messages.first()).toContainText(String(rows[chosen].topic));
  await expect(messages.first()).toContainText(String(rows[chosen].student_type));
  await saveShot(page, 'scenario-versions-dry-run-en', testInfo);
  for (const tab of ['tasks', 'flow', 'judge'] as const) {
    await page.getByTestId(`scenario-tab-button-${tab}`).click();
    await expect(page.getByTestId(`scenario-tab-${tab}`)).toBeVisible();
    await saveShot(page, `scenario-${tab}-en`, testInfo);
  }

  // zh
  await setLanguage(page, 'zh');
  await page.getByTestId('scenario-tab-button-roles').click();
  await expect(page.getByTestId('scenario-tab-button-roles')).toHaveText('角色');
  await saveShot(page, 'scenario-roles-zh', testInfo);
  await page.getByTestId('scenario-tab-button-yaml').click();
  await yaml.fill(broken.join('\n'));
  await expect(page.getByTestId('scenario-problem').first()).toHaveText(new RegExp(`^第 ${reported} 行：`));
  await saveShot(page, 'scenario-yaml-problem-zh', testInfo);
  await yaml.fill(edited);
  await expect(editor).toHaveAttribute('data-dirty', 'false');

  // the variables help inserts at the cursor of the last prompt focused
  await page.getByTestId('scenario-tab-button-roles').click();
  const studentTurn = page.getByTestId('scenario-student-turn');
  await studentTurn.fill('第 轮');
  await studentTurn.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(2, 2));
  await page.locator('[data-testid="scenario-variable"][data-name="turn_number"]').click();
  await expect(studentTurn).toHaveValue('第 {{turn_number}}轮');
  await expect(page.getByTestId('scenario-validation')).toHaveAttribute('data-checking', 'false');
  await expect(page.getByTestId('scenario-validation')).toHaveAttribute('data-valid', 'true');

  // an unsaved edit: leaving asks first
  await page.getByTestId('scenario-tab-button-tasks').click();
  await page.locator('[data-path="tasks.rows[0].topic"]').fill('光合作用');
  await expect(editor).toHaveAttribute('data-dirty', 'true');
  await page.getByTestId('scenario-editor-close').click();
  const dialog = page.locator('dialog[open]');
  await expect(dialog).toContainText('放弃未保存的修改');
  await dialog.getByRole('button', { name: '继续编辑' }).click();
  await expect(editor).toBeVisible();
  await page.getByTestId('scenario-editor-close').click();
  await page.locator('dialog[open]').getByRole('button', { name: '放弃修改' }).click();
  await expect(page.getByTestId('scenario-saved-row')).toHaveCount(1);
  await expect(page.getByTestId('scenario-saved-row')).toHaveAttribute('data-row-id', `sid-teacher-led-copy@${hash}`);
  await saveShot(page, 'scenarios-list-zh', testInfo);

  // an imported file opens in the editor, unsaved, with its problems at their lines
  const imported = template.replace('repeats: 2', 'repeats: 2\nrepeat_count: 3');
  const importedLine = imported.split('\n').findIndex((line) => line.startsWith('repeat_count')) + 1;
  await page.getByTestId('scenario-import-input').setInputFiles({ name: 'mine.yaml', mimeType: 'application/yaml', buffer: Buffer.from(imported) });
  await expect(editor).toHaveAttribute('data-dirty', 'true');
  await expect(page.getByTestId('scenario-problem')).toHaveCount(1);
  await expect(page.getByTestId('scenario-problem')).toHaveAttribute('data-line', String(importedLine));
  await expect(page.getByTestId('scenario-problem')).toContainText('repeat_count');
  // the problem in the reader's language, the format check's English text beside it as the detail
  await expect(page.getByTestId('scenario-problem')).toContainText('不符合格式要求');
  await expect(page.getByTestId('scenario-problem')).toContainText('详情：');
  await saveShot(page, 'scenario-import-problem-zh', testInfo);

  // a scenario saved in GBK is refused with the import's words, never opened with U+FFFD in its prompts
  await page.getByTestId('scenario-editor-close').click();
  await page.locator('dialog[open]').getByRole('button', { name: '放弃修改' }).click();
  await page.getByTestId('scenario-import-input').setInputFiles({ name: 'gbk.yaml', mimeType: 'application/yaml', buffer: Buffer.from(gbkBytes('name:\n  zh: 水的净化\n')) });
  const refused = page.locator('.scn-bad[role="alert"]');
  await expect(refused).toContainText('无法读取 gbk.yaml，未打开');
  await expect(refused).toContainText('GB18030');
  await expect(editor).toHaveCount(0);
  await saveShot(page, 'scenario-import-gbk-zh', testInfo);
  await setLanguage(page, 'en');
  await expect(refused).toContainText('Cannot read gbk.yaml; it was not opened');
  // an importable file after a refused one: the refusal goes, the file opens with its problem in English
  await page.getByTestId('scenario-import-input').setInputFiles({ name: 'mine.yaml', mimeType: 'application/yaml', buffer: Buffer.from(imported) });
  await expect(refused).toHaveCount(0);
  await expect(page.getByTestId('scenario-problem')).toContainText('Does not match the format');
  await saveShot(page, 'scenario-import-gbk-en', testInfo);
});
