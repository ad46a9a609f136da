/**
 * The shortcut help is generated from the key map (KEYMAP, imported here as data), opens with
 * '?' and closes with Escape; the language switch changes label names in review between
 * Chinese and English.
 */
import { KEYMAP, type CommandId, type KeyBinding } from '../../renderer/src/keyboard/keymap';
import { expect, test } from './fixtures/app';
import { toPlaywrightKey } from './pages/review';
import { StartPage } from './pages/start';
import { codebookField, labelForSidValue } from './support-codebook';
import { findSampleDialogue, openDialogueByKeyboard, openSample } from './support-sample';

const MAC = process.platform === 'darwin';
const NAMED: Record<string, string> = { ArrowUp: '↑', ArrowDown: '↓', Escape: 'Esc', Enter: '↵', Backspace: '⌫', Delete: 'Del' };

/** How the help should write a binding for people (Ctrl+Z, ⌘Z, j, ↓), written out here independently of the app. */
function shownAs(binding: string): string {
  const parts = binding.split('+');
  const key = parts.pop() ?? '';
  const symbol = key.length === 1 && !/[a-z0-9]/i.test(key);
  const modifiers = parts.filter((part) => !(symbol && part === 'Shift'));
  const name = NAMED[key] ?? (/^[a-z]$/i.test(key) && modifiers.length > 0 ? key.toUpperCase() : key);
  if (MAC) return `${modifiers.map((part) => ({ Mod: '⌘', Alt: '⌥', Shift: '⇧' })[part] ?? part).join('')}${name}`;
  return [...modifiers.map((part) => (part === 'Mod' ? 'Ctrl' : part)), name].join('+');
}

function binding(command: CommandId): KeyBinding {
  const found = KEYMAP.find((entry) => entry.command === command);
  if (!found) throw new Error(`KEYMAP has no ${command}`);
  return found;
}

const CHECKED_COMMANDS: CommandId[] = ['help.shortcuts', 'list.next', 'field.accept', 'field.nextFlagged', 'field.prevFlagged', 'turn.acceptAll', 'turn.verify', 'edit.undo', 'edit.redo', 'adjudication.flag', 'adjudication.undo', 'rubric.toggle', 'rubric.next', 'rubric.prev', 'rubric.undo', 'rubric.redo'];

test('? opens the shortcut help generated from the key map and Escape closes it', async ({ app }) => {
  const start = new StartPage(app.page);
  await expect(start.root).toBeVisible();
  const help = app.page.getByTestId('shortcut-help');
  await expect(help).toHaveCount(0);

  await app.page.keyboard.press(toPlaywrightKey(binding('help.shortcuts').keys[0]));
  await expect(help).toBeVisible();
  await expect(app.page.locator('html')).toHaveAttribute('lang', 'en');

  // One row per binding, the label picks folded into one row.
  const groups = new Set(KEYMAP.flatMap((entry) => (entry.helpGroup ? [entry.helpGroup.en] : [])));
  const expectedRows = KEYMAP.filter((entry) => !entry.helpGroup).length + groups.size;
  await expect(help.locator('tr[data-command]')).toHaveCount(expectedRows);

  for (const command of CHECKED_COMMANDS) {
    const entry = binding(command);
    const row = help.locator(`tr[data-command="${command}"]`);
    await expect(row, command).toHaveCount(1);
    await expect(row.locator('kbd')).toHaveText(entry.keys.map(shownAs));
    await expect(row).toContainText(entry.label.en);
    await expect(row).toContainText(entry.label.zh);
  }
  const pick = KEYMAP.filter((entry) => entry.helpGroup && entry.scope === 'review');
  const pickRow = help.locator(`tr[data-command="${pick[0].command}"]`);
  await expect(pickRow).toContainText(pick[0].helpGroup?.en ?? '');
  // Runs of digits under the same modifiers read as ranges: 1–9, 0, Alt+1–Alt+9.
  const digits = pick.filter((entry) => /^[1-9]$/.test(entry.keys[0]));
  const altDigits = pick.filter((entry) => /^Alt\+[1-9]$/.test(entry.keys[0]));
  expect(pick.map((entry) => entry.keys[0])).toEqual([...digits, ...pick.filter((entry) => entry.keys[0] === '0'), ...altDigits].map((entry) => entry.keys[0]));
  await expect(pickRow.locator('kbd')).toHaveText([
    `${digits[0].keys[0]}–${digits[digits.length - 1].keys[0]}`,
    '0',
    `${shownAs(altDigits[0].keys[0])}–${shownAs(altDigits[altDigits.length - 1].keys[0])}`,
  ]);

  // rubric scoring (issue 29, point 7): a digit scores the focused rubric in place, j/k move and stop at the ends
  const scoreGroup = KEYMAP.find((entry) => entry.scope === 'rubric' && entry.helpGroup)!;
  const scoreRow = help.locator(`section[data-scope="rubric"] tr[data-command="${scoreGroup.command}"]`);
  await expect(scoreRow).toContainText('in place');
  await expect(scoreRow).toContainText('焦点不动');
  await expect(help.locator('tr[data-command="rubric.next"]')).toContainText('stops at the last one');

  await app.page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await expect(start.root).toBeVisible();
});

test('the language switch shows label and field names in Chinese or English in review', async ({ app }) => {
  const target = findSampleDialogue('DeepSeek-V3/DeepSeek-V3-interdis_topic_7.jsonl', 1);
  const fieldId = 'cognitive_level';
  const field = codebookField(fieldId);
  const label = labelForSidValue(fieldId, target.record.annotations[0][fieldId]);

  const datasets = await openSample(app);
  const review = await openDialogueByKeyboard(datasets, target.teacherModel, target.externalId);
  const start = new StartPage(app.page);
  const labelName = review.preValue(fieldId).locator('.rv-label-name').first();
  const fieldName = review.fieldRow(fieldId).locator('.rv-field-name');

  await expect(app.page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(labelName).toHaveText(new RegExp(`^${label.name.en}\\b`));
  await expect(fieldName).toHaveText(new RegExp(`^${field.name.en}\\b`));

  await start.navLanguage.click();
  await expect(app.page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(labelName).toHaveText(new RegExp(`^${label.name.zh}`));
  await expect(fieldName).toHaveText(new RegExp(`^${field.name.zh}`));

  // The help overlay follows the language too.
  await app.page.keyboard.press(toPlaywrightKey(binding('help.shortcuts').keys[0]));
  const verifyRow = app.page.getByTestId('shortcut-help').locator('tr[data-command="turn.verify"]');
  await expect(verifyRow).toHaveText(new RegExp(`${binding('turn.verify').label.zh}\\s*${binding('turn.verify').label.en}`));
  await app.page.keyboard.press('Escape');
  await expect(app.page.getByTestId('shortcut-help')).toHaveCount(0);
  await expect(review.root).toBeVisible();

  await start.navLanguage.click();
  await expect(app.page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(labelName).toHaveText(new RegExp(`^${label.name.en}\\b`));
});
