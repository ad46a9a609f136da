/**
 * The one key-map table. Handlers (useCommands), the shortcut help overlay and the keymap
 * tests all read this table; nothing else names a key.
 *
 * Key syntax: modifiers joined with '+', key last. `Mod` is Ctrl or Cmd. A letter is written
 * lower-case (`a`); Shift+letter is `Shift+A`. Symbols are written as typed (`?`, `/`): the
 * layout decides whether they need Shift, so Shift is ignored for them.
 */

export type KeyScope = 'global' | 'datasets' | 'review';

/** Picks the label at a position of the current field (1-based); the positions come from LABEL_PICK_KEYS. */
export type LabelPickCommand = `label.pick${number}`;

export type CommandId =
  | 'help.shortcuts'
  | 'nav.datasets'
  | 'list.next'
  | 'list.prev'
  | 'list.open'
  | 'turn.next'
  | 'turn.prev'
  | 'field.next'
  | 'field.prev'
  | 'field.nextFlagged'
  | 'field.prevFlagged'
  | LabelPickCommand
  | 'label.search'
  | 'field.accept'
  | 'field.unsure'
  | 'field.clear'
  | 'turn.acceptAll'
  | 'turn.verify'
  | 'dialogue.verify'
  | 'dialogue.next'
  | 'dialogue.prev'
  | 'edit.undo'
  | 'edit.redo'
  | 'suggestion.next'
  | 'suggestion.prev'
  | 'queue.next'
  | 'queue.prev';

export interface KeyBinding {
  command: CommandId;
  keys: string[];
  label: { zh: string; en: string };
  scope: KeyScope;
  /** held-down keys fire again only for movement; a repeated "verify" would race through turns */
  repeatable?: boolean;
  /** entries sharing a help group are shown as one row in the help overlay (the label picks) */
  helpGroup?: { zh: string; en: string };
}

const DIGIT_ROW = Array.from({ length: 9 }, (_, index) => String(index + 1));

/**
 * The one table of label-pick keys: position n (1-based) of a field's labels is picked by entry
 * n - 1. The digit row gives 1–9, 0 the tenth, Alt (Option) with the digit row the 11th to 19th,
 * so a field with more than nine labels (discipline has 11) is picked without the type-ahead.
 */
export const LABEL_PICK_KEYS: readonly string[] = [...DIGIT_ROW, '0', ...DIGIT_ROW.map((digit) => `Alt+${digit}`)];

export interface LabelPick {
  command: LabelPickCommand;
  /** 1-based position among the field's labels */
  position: number;
  key: string;
}

export const LABEL_PICKS: readonly LabelPick[] = LABEL_PICK_KEYS.map((key, index) => ({ command: `label.pick${index + 1}`, position: index + 1, key }));

/** The key that picks the label at `position` (1-based), or null when the table has no key that far. */
export function labelPickKey(position: number): string | null {
  return LABEL_PICK_KEYS[position - 1] ?? null;
}

const PICK_GROUP = {
  zh: '选择第 n 个标签：0 为第 10 个，Alt+1…Alt+9 为第 11–19 个（集合字段：切换）',
  en: 'Pick label n: 0 is the 10th, Alt+1…Alt+9 the 11th–19th (set fields: toggle)',
};

const labelPicks: KeyBinding[] = LABEL_PICKS.map(({ command, position, key }) => ({
  command,
  keys: [key],
  label: { zh: `选择第 ${position} 个标签`, en: `Pick label ${position}` },
  scope: 'review',
  helpGroup: PICK_GROUP,
}));

export const KEYMAP: readonly KeyBinding[] = [
  { command: 'help.shortcuts', keys: ['Shift+?'], label: { zh: '显示快捷键', en: 'Show keyboard shortcuts' }, scope: 'global' },
  { command: 'nav.datasets', keys: ['Escape'], label: { zh: '返回（数据集表格，或打开审阅前所在的视图，如客观指标）', en: 'Go back (to the data-set table, or to the view review was opened from, such as Metrics)' }, scope: 'global' },

  { command: 'list.next', keys: ['j', 'ArrowDown'], label: { zh: '下一条对话', en: 'Next dialogue in the list' }, scope: 'datasets', repeatable: true },
  { command: 'list.prev', keys: ['k', 'ArrowUp'], label: { zh: '上一条对话', en: 'Previous dialogue in the list' }, scope: 'datasets', repeatable: true },
  { command: 'list.open', keys: ['Enter'], label: { zh: '打开所选对话进行审阅', en: 'Open the selected dialogue for review' }, scope: 'datasets' },

  { command: 'turn.next', keys: ['j', 'ArrowDown'], label: { zh: '下一轮', en: 'Next turn' }, scope: 'review', repeatable: true },
  { command: 'turn.prev', keys: ['k', 'ArrowUp'], label: { zh: '上一轮', en: 'Previous turn' }, scope: 'review', repeatable: true },
  { command: 'field.next', keys: ['Tab', 'l'], label: { zh: '下一个字段', en: 'Next field' }, scope: 'review', repeatable: true },
  { command: 'field.prev', keys: ['Shift+Tab', 'h'], label: { zh: '上一个字段', en: 'Previous field' }, scope: 'review', repeatable: true },
  { command: 'field.nextFlagged', keys: ['f'], label: { zh: '下一个待查值或需填写的字段（跨轮次）', en: 'Next flagged value or field needing a value, across turns' }, scope: 'review' },
  { command: 'field.prevFlagged', keys: ['Shift+F'], label: { zh: '上一个待查值或需填写的字段（跨轮次）', en: 'Previous flagged value or field needing a value, across turns' }, scope: 'review' },
  ...labelPicks,
  { command: 'label.search', keys: ['/'], label: { zh: '搜索标签 / 编辑文本', en: 'Search labels / edit text' }, scope: 'review' },
  { command: 'field.accept', keys: ['a'], label: { zh: '接受预标注', en: 'Accept the pre-annotation' }, scope: 'review' },
  { command: 'turn.acceptAll', keys: ['Shift+A'], label: { zh: '接受本轮所有未审字段（已审的保持不变）', en: 'Accept all unreviewed fields of the turn (reviewed ones stay as they are)' }, scope: 'review' },
  { command: 'field.unsure', keys: ['u'], label: { zh: '标记 / 取消不确定', en: 'Mark / unmark unsure' }, scope: 'review' },
  { command: 'field.clear', keys: ['Backspace', 'Delete'], label: { zh: '清除为未审阅', en: 'Clear back to not reviewed' }, scope: 'review' },
  { command: 'turn.verify', keys: ['v'], label: { zh: '确认本轮如所示：未审的预标注值记为“已接受”，然后前进', en: 'Verify the turn as shown: its unreviewed pre-annotated values are recorded as accepted; then advance' }, scope: 'review' },
  { command: 'dialogue.verify', keys: ['Shift+V'], label: { zh: '确认整段对话如所示（先说明将确认的轮次和值，再按一次执行）', en: 'Verify the whole dialogue as shown (names the turns and values it confirms; press again to do it)' }, scope: 'review' },
  { command: 'dialogue.next', keys: ['n'], label: { zh: '下一段对话', en: 'Next dialogue' }, scope: 'review' },
  { command: 'dialogue.prev', keys: ['p'], label: { zh: '上一段对话', en: 'Previous dialogue' }, scope: 'review' },
  { command: 'suggestion.next', keys: ['s'], label: { zh: '建议来源切换到下一个（导入的预标注、各标注层）', en: 'Show the suggestion from the next source (the imported pre-annotation, each annotation layer)' }, scope: 'review' },
  { command: 'suggestion.prev', keys: ['Shift+S'], label: { zh: '建议来源切换到上一个', en: 'Show the suggestion from the previous source' }, scope: 'review' },
  { command: 'queue.next', keys: [']'], label: { zh: '审阅队列（抽检样本或全面复查）的下一项', en: 'Next item of the review queue (a spot-check sample or a full review)' }, scope: 'review' },
  { command: 'queue.prev', keys: ['['], label: { zh: '审阅队列的上一项', en: 'Previous item of the review queue' }, scope: 'review' },
  { command: 'edit.undo', keys: ['Mod+z'], label: { zh: '撤销', en: 'Undo' }, scope: 'review', repeatable: true },
  { command: 'edit.redo', keys: ['Mod+Shift+z', 'Mod+y'], label: { zh: '重做', en: 'Redo' }, scope: 'review', repeatable: true },
];

export const KEY_SCOPES: readonly KeyScope[] = ['global', 'datasets', 'review'];

export const SCOPE_NAMES: Record<KeyScope, { zh: string; en: string }> = {
  global: { zh: '全局', en: 'Everywhere' },
  datasets: { zh: '数据集表格', en: 'Data-set table' },
  review: { zh: '审阅', en: 'Review' },
};

/** Every command id, listed once: the keymap tests check that KEYMAP binds each of them. */
export const COMMAND_IDS = [
  'help.shortcuts', 'nav.datasets', 'list.next', 'list.prev', 'list.open',
  'turn.next', 'turn.prev', 'field.next', 'field.prev', 'field.nextFlagged', 'field.prevFlagged',
  ...LABEL_PICKS.map((pick) => pick.command),
  'label.search', 'field.accept', 'field.unsure', 'field.clear', 'turn.acceptAll', 'turn.verify',
  'dialogue.verify', 'dialogue.next', 'dialogue.prev', 'suggestion.next', 'suggestion.prev', 'queue.next', 'queue.prev', 'edit.undo', 'edit.redo',
] as const satisfies readonly CommandId[];

type Unlisted = Exclude<CommandId, (typeof COMMAND_IDS)[number]>;
const everyCommandListed: Unlisted extends never ? true : never = true;
void everyCommandListed;

export function bindingsForScope(scope: KeyScope): KeyBinding[] {
  return KEYMAP.filter((binding) => binding.scope === scope);
}

export function bindingFor(command: CommandId): KeyBinding | undefined {
  return KEYMAP.find((binding) => binding.command === command);
}
