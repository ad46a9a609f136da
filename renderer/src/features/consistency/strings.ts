/** The consistency findings' words (review's strip and markers, the data set's findings view). */
import { featureText, type FeatureTextApi } from '../../i18n/feature-strings';

export const CONSISTENCY_STRINGS = {
  nav: { zh: '规则检查', en: 'Consistency' },
  stripLabel: { zh: '一致性检查', en: 'Consistency checks' },
  stripSummary: { zh: '{open} 条待查 · {dismissed} 条已忽略', en: '{open} open · {dismissed} dismissed' },
  stripNone: { zh: '这段对话没有一致性问题。', en: 'No consistency findings in this dialogue.' },
  nextKey: { zh: '下一条', en: 'next' },
  dismissKey: { zh: '忽略', en: 'dismiss' },
  turnField: { zh: '第 {n} 轮 · {field}', en: 'Turn {n} · {field}' },
  goTo: { zh: '转到', en: 'Go to' },
  dismiss: { zh: '忽略…', en: 'Dismiss…' },
  restore: { zh: '恢复', en: 'Restore' },
  dismissedBy: { zh: '已忽略：{who}，{when}', en: 'Dismissed by {who}, {when}' },
  noteLabel: { zh: '忽略理由（必填）', en: 'Why this is not a mistake (required)' },
  notePlaceholder: { zh: '例如：该教师这里是有意不纠正', en: 'e.g. the teacher deliberately lets the student find it' },
  noteRequired: { zh: '请写明忽略理由。', en: 'A note is required to dismiss a finding.' },
  noteSave: { zh: '忽略', en: 'Dismiss' },
  noteCancel: { zh: '取消', en: 'Cancel' },
  noteHelp: { zh: 'Enter 保存，Esc 取消', en: 'Enter saves, Esc cancels' },
  markerTitle: { zh: '一致性检查：{reason}', en: 'Consistency check: {reason}' },
  turnBadge: { zh: '一致性 {n}', en: '{n} to check' },
  dismissedMarker: { zh: '已忽略：{note}', en: 'Dismissed: {note}' },
  noOpenLeft: { zh: '没有待查的一致性问题了。', en: 'No open consistency findings left.' },

  title: { zh: '一致性检查', en: 'Consistency checks' },
  intro: {
    zh: '跨字段规则在专家的值（未审的用导入的预标注）上检查整个数据集。规则与码本放在一起；点一行在审阅中打开该轮。',
    en: 'Cross-field rules checked on the whole data set, on the expert’s values (the imported pre-annotation where not reviewed). The rules live beside the codebook; a row opens its turn in review.',
  },
  loading: { zh: '正在读取数据集…', en: 'Reading the data set…' },
  checking: { zh: '正在检查 {done} / {total} 轮…', en: 'Checking turns: {done} of {total}…' },
  missing: { zh: '找不到这个数据集（可能已被删除）。', en: 'This data set cannot be found (it may have been deleted).' },
  failed: { zh: '无法检查：{message}', en: 'Could not check the data set: {message}' },
  noRules: { zh: '这个码本没有一致性规则。', en: 'This codebook has no consistency rules.' },
  colRule: { zh: '规则', en: 'Rule' },
  colOpen: { zh: '待查', en: 'Open' },
  colDismissed: { zh: '已忽略', en: 'Dismissed' },
  colDialogues: { zh: '涉及对话', en: 'Dialogues' },
  filterRule: { zh: '规则', en: 'Rule' },
  filterState: { zh: '状态', en: 'State' },
  allRules: { zh: '全部规则', en: 'All rules' },
  stateOpen: { zh: '待查', en: 'Open' },
  stateDismissed: { zh: '已忽略', en: 'Dismissed' },
  stateAll: { zh: '全部', en: 'All' },
  listCount: { zh: '显示 {shown} 条（共 {total} 条）', en: '{shown} shown of {total}' },
  listMore: { zh: '只列出前 {n} 条；请用筛选缩小范围。', en: 'Only the first {n} are listed; narrow the list with the filters.' },
  colDialogue: { zh: '对话', en: 'Dialogue' },
  colTurn: { zh: '轮次', en: 'Turn' },
  colReason: { zh: '原因', en: 'Reason' },
  colState: { zh: '状态', en: 'State' },
  empty: { zh: '没有符合筛选的问题。', en: 'No findings match the filters.' },
  recheck: { zh: '重新检查', en: 'Check again' },
} as const;

export type ConsistencyStringKey = keyof typeof CONSISTENCY_STRINGS;
export type ConsistencyTextApi = FeatureTextApi<ConsistencyStringKey>;

const { text, useText } = featureText(CONSISTENCY_STRINGS);
export const consistencyText = text;
export const useConsistencyText = useText;
