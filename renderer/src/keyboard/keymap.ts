/**
 * The one key-map table. Handlers (useCommands), the shortcut help overlay and the keymap
 * tests all read this table; nothing else names a key.
 *
 * Key syntax: modifiers joined with '+', key last. `Mod` is Ctrl or Cmd. A letter is written
 * lower-case (`a`); Shift+letter is `Shift+A`. Symbols are written as typed (`?`, `/`): the
 * layout decides whether they need Shift, so Shift is ignored for them.
 */

export type KeyScope = 'global' | 'datasets' | 'review' | 'adjudication' | 'rubric';

/** Picks the label at a position of the current field (1-based); the positions come from LABEL_PICK_KEYS. */
export type LabelPickCommand = `label.pick${number}`;

/** Decides an adjudication item with the value of the n-th compared layer (1-based); the positions come from ADJUDICATION_PICKS. */
export type AdjudicationPickCommand = `adjudication.pick${number}`;

/** Scores the focused rubric of the rubric-scores panel with n (1–9, within the rubric's range). */
export type RubricScoreCommand = `rubric.score${number}`;

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
  | 'codebook.search'
  | 'history.open'
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
  | 'queue.prev'
  | 'finding.next'
  | 'finding.dismiss'
  | AdjudicationPickCommand
  | 'adjudication.other'
  | 'adjudication.flag'
  | 'adjudication.note'
  | 'adjudication.unresolved'
  | 'adjudication.next'
  | 'adjudication.prev'
  | 'adjudication.undo'
  | 'adjudication.codebook'
  | 'rubric.toggle'
  | RubricScoreCommand
  | 'rubric.next'
  | 'rubric.prev'
  | 'rubric.rationale'
  | 'rubric.clear'
  | 'rubric.undo'
  | 'rubric.redo'
  | 'rubric.leave';

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

/** Keys 1–9 take the value of the 1st–9th layer compared (an adjudication compares at most nine layers by key). */
export const ADJUDICATION_PICKS: readonly { command: AdjudicationPickCommand; position: number; key: string }[] = DIGIT_ROW.map((key, index) => ({
  command: `adjudication.pick${index + 1}`,
  position: index + 1,
  key,
}));

const adjudicationPicks: KeyBinding[] = ADJUDICATION_PICKS.map(({ command, position, key }) => ({
  command,
  keys: [key],
  label: { zh: `采用第 ${position} 个标注层的值`, en: `Take the value of layer ${position}` },
  scope: 'adjudication',
  helpGroup: { zh: '采用第 n 个标注层的值（1–9，按列出的顺序）', en: 'Take the value of layer n (1–9, in the order listed)' },
}));

/**
 * Keys 0–9 score the focused rubric with that number, in place: the focus stays, only j/k move it
 * (a digit that also moved would make `3 j 4` skip a rubric). A score outside the rubric's range is
 * named and changes nothing. 0 is bound too: a custom scale may start at 0, and unbound it would
 * fall through to review's label pick while the panel has the keys.
 */
export const RUBRIC_SCORES: readonly { command: RubricScoreCommand; score: number; key: string }[] = ['0', ...DIGIT_ROW].map((key) => ({
  command: `rubric.score${Number(key)}`,
  score: Number(key),
  key,
}));

const rubricScores: KeyBinding[] = RUBRIC_SCORES.map(({ command, score, key }) => ({
  command,
  keys: [key],
  label: { zh: `当前评分维度记 ${score} 分`, en: `Score the focused rubric ${score}` },
  scope: 'rubric',
  helpGroup: { zh: '当前评分维度记 n 分，焦点不动（j/k 切换维度；SID 维度为 1–5，超出范围的数字会提示且不起作用；改分会显示原分）', en: 'Score the focused rubric n, in place (j/k move; 1–5 on the SID rubrics, a digit outside the range is named and does nothing; a changed score shows the old one)' },
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
  { command: 'codebook.search', keys: ['Shift+C'], label: { zh: '搜索编码手册（当前字段的标签、定义、例句；Esc 返回）', en: 'Search the codebook (the current field’s labels, definitions, examples; Esc goes back)' }, scope: 'review' },
  { command: 'history.open', keys: ['Shift+H'], label: { zh: '当前字段的修改历史（时间、修改人、原因、前后值；Esc 关闭）', en: 'History of the focused field (when, who, why, before → after; Esc closes)' }, scope: 'review' },
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
  { command: 'finding.next', keys: ['c'], label: { zh: '下一个一致性问题（跨轮次，到末尾后从头开始）', en: 'Next consistency finding, across turns (wraps round to the first)' }, scope: 'review' },
  { command: 'finding.dismiss', keys: ['x'], label: { zh: '驳回光标处的一致性问题（须写理由）', en: 'Dismiss the consistency finding at the cursor (with a required note)' }, scope: 'review' },
  { command: 'edit.undo', keys: ['Mod+z'], label: { zh: '撤销（光标移到被撤销的修改处；之后的按键从那里继续）', en: 'Undo (the cursor goes to the change taken back; the keys after it act from there)' }, scope: 'review', repeatable: true },
  { command: 'rubric.toggle', keys: ['r'], label: { zh: '量表评分：为本段对话按各评分维度打分（数字键给当前维度打分，j/k 切换维度，再按 r 退出）', en: 'Rubric scores: score this dialogue on each rubric (a digit scores the focused rubric, j/k move, r again leaves)' }, scope: 'review' },
  { command: 'edit.redo', keys: ['Mod+Shift+z', 'Mod+y'], label: { zh: '重做（光标移到重做的修改处）', en: 'Redo (the cursor goes to the change made again)' }, scope: 'review', repeatable: true },

  ...adjudicationPicks,
  { command: 'adjudication.other', keys: ['o'], label: { zh: '输入其他值（标签搜索）', en: 'Enter another value (label search)' }, scope: 'adjudication' },
  { command: 'adjudication.flag', keys: ['g'], label: { zh: '标记 / 取消“需要更新标注指南”', en: 'Flag / unflag “needs a guideline update”' }, scope: 'adjudication' },
  { command: 'adjudication.note', keys: ['n'], label: { zh: '写备注', en: 'Write a note' }, scope: 'adjudication' },
  { command: 'adjudication.unresolved', keys: ['u'], label: { zh: '暂不裁决（保留为未解决），然后前进', en: 'Leave unresolved, then advance' }, scope: 'adjudication' },
  { command: 'adjudication.next', keys: ['j', 'ArrowDown'], label: { zh: '下一项', en: 'Next item' }, scope: 'adjudication', repeatable: true },
  { command: 'adjudication.prev', keys: ['k', 'ArrowUp'], label: { zh: '上一项', en: 'Previous item' }, scope: 'adjudication', repeatable: true },
  { command: 'adjudication.undo', keys: ['Mod+z'], label: { zh: '撤销上一次裁决', en: 'Undo the last decision' }, scope: 'adjudication', repeatable: true },
  { command: 'adjudication.codebook', keys: ['Shift+C'], label: { zh: '搜索编码手册（当前项字段的标签、定义、例句；Esc 返回）', en: 'Search the codebook (the current item’s field: labels, definitions, examples; Esc goes back)' }, scope: 'adjudication' },

  ...rubricScores,
  { command: 'rubric.next', keys: ['j', 'ArrowDown'], label: { zh: '下一个评分维度（到最后一个即停，并提示）', en: 'Next rubric (stops at the last one, and says so)' }, scope: 'rubric', repeatable: true },
  { command: 'rubric.prev', keys: ['k', 'ArrowUp'], label: { zh: '上一个评分维度（到第一个即停，并提示）', en: 'Previous rubric (stops at the first one, and says so)' }, scope: 'rubric', repeatable: true },
  { command: 'rubric.rationale', keys: ['e'], label: { zh: '为当前维度写理由（在文本框内按键只作输入；Tab 离开）', en: 'Write the rationale of the focused rubric (keys typed there stay there; Tab leaves)' }, scope: 'rubric' },
  { command: 'rubric.clear', keys: ['Backspace', 'Delete'], label: { zh: '清除当前维度的分数', en: 'Clear the focused rubric’s score' }, scope: 'rubric' },
  { command: 'rubric.undo', keys: ['Mod+z'], label: { zh: '撤销上一次评分修改（恢复原分或未评，并移到该维度）', en: 'Undo the last rubric-score change (the previous score, or none, comes back; the focus goes to that rubric)' }, scope: 'rubric', repeatable: true },
  { command: 'rubric.redo', keys: ['Mod+Shift+z', 'Mod+y'], label: { zh: '重做上一次撤销的评分修改', en: 'Redo the rubric-score change undone last' }, scope: 'rubric', repeatable: true },
  { command: 'rubric.leave', keys: ['r'], label: { zh: '退出量表评分，回到字段审阅（Esc 同样如此，见 MODE_BACK）', en: 'Leave rubric scoring, back to the fields (Esc does too)' }, scope: 'rubric' },
];

/** The global "go back" command (Escape). */
export const BACK_COMMAND: CommandId = 'nav.datasets';

/**
 * Modes laid over a view (rubric scoring over review) and what the global back key does in them:
 * resolveCommand checks this before the global bindings, so while the rubric panel has the keys
 * Escape leaves rubric scoring instead of leaving the dialogue. Kept apart from KEYMAP on purpose:
 * no scope binds Escape itself, so no scope key shadows a global one.
 */
export const MODE_BACK: Partial<Record<KeyScope, CommandId>> = { rubric: 'rubric.leave' };

export const KEY_SCOPES: readonly KeyScope[] = ['global', 'datasets', 'review', 'rubric', 'adjudication'];

export const SCOPE_NAMES: Record<KeyScope, { zh: string; en: string }> = {
  global: { zh: '全局', en: 'Everywhere' },
  datasets: { zh: '数据集表格', en: 'Data-set table' },
  review: { zh: '审阅', en: 'Review' },
  adjudication: { zh: '裁决', en: 'Adjudication' },
  rubric: { zh: '审阅中的量表评分（按 r 进入）', en: 'Rubric scores in review (press r)' },
};

/** Every command id, listed once: the keymap tests check that KEYMAP binds each of them. */
export const COMMAND_IDS = [
  'help.shortcuts', 'nav.datasets', 'list.next', 'list.prev', 'list.open',
  'turn.next', 'turn.prev', 'field.next', 'field.prev', 'field.nextFlagged', 'field.prevFlagged',
  ...LABEL_PICKS.map((pick) => pick.command),
  'label.search', 'codebook.search', 'history.open', 'field.accept', 'field.unsure', 'field.clear', 'turn.acceptAll', 'turn.verify',
  'dialogue.verify', 'dialogue.next', 'dialogue.prev', 'suggestion.next', 'suggestion.prev', 'queue.next', 'queue.prev', 'finding.next', 'finding.dismiss', 'edit.undo', 'edit.redo',
  ...ADJUDICATION_PICKS.map((pick) => pick.command),
  'adjudication.other', 'adjudication.flag', 'adjudication.note', 'adjudication.unresolved', 'adjudication.next', 'adjudication.prev', 'adjudication.undo', 'adjudication.codebook',
  'rubric.toggle', ...RUBRIC_SCORES.map((entry) => entry.command), 'rubric.next', 'rubric.prev', 'rubric.rationale', 'rubric.clear', 'rubric.undo', 'rubric.redo', 'rubric.leave',
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
