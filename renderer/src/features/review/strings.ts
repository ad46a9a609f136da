/**
 * The review view's words, kept here rather than in the app dictionary so the view can be
 * changed without touching shared files. `{name}` placeholders are filled by reviewText().
 */
import { useMemo } from 'react';
import type { LabelLanguage } from '../../../../shared/codebook/types';
import { useLanguage } from '../../i18n';
import { type Bilingual, fillPlaceholders } from '../../i18n/feature-strings';

export const REVIEW_STRINGS = {
  loading: { zh: '正在载入对话…', en: 'Loading the dialogue…' },
  notFound: { zh: '找不到这段对话（可能已被删除）。', en: 'This dialogue was not found (it may have been deleted).' },
  back: { zh: '返回表格', en: 'Back to table' },
  backToMetrics: { zh: '返回客观指标', en: 'Back to metrics' },
  backToSpotCheck: { zh: '返回抽检', en: 'Back to the spot-check' },
  prevDialogue: { zh: '上一段', en: 'Previous' },
  nextDialogue: { zh: '下一段', en: 'Next' },
  position: { zh: '第 {n} / {total} 段', en: '{n} of {total}' },
  notInList: { zh: '不在当前表格筛选中', en: 'not in the table’s current filter' },
  teacherModel: { zh: '教师模型', en: 'Teacher model' },
  teacherModelImported: { zh: '导入值：{value}', en: 'Imported as: {value}' },
  topic: { zh: '课题', en: 'Topic' },
  studentType: { zh: '学生类型', en: 'Student type' },
  scenario: { zh: '场景', en: 'Scenario' },
  source: { zh: '来源', en: 'Source' },
  'status.unreviewed': { zh: '未审阅', en: 'Unreviewed' },
  'status.in-progress': { zh: '审阅中', en: 'In progress' },
  'status.verified': { zh: '已确认', en: 'Verified' },
  turnsVerified: { zh: '已确认 {verified} / {total} 轮', en: '{verified} of {total} turns verified' },
  openWork: { zh: '未审字段 {unreviewed} · 不确定 {unsure}', en: '{unreviewed} fields not reviewed · {unsure} unsure' },
  'speaker.teacher': { zh: '教师', en: 'Teacher' },
  'speaker.student': { zh: '学生', en: 'Student' },
  'speaker.other': { zh: '其他', en: 'Other' },
  turnNumber: { zh: '第 {n} 轮', en: 'Turn {n}' },
  endMarker: { zh: '结束标记', en: 'End marker' },
  'alignment.normalized': { zh: '规范化对齐', en: 'aligned after normalising' },
  'alignment.containment': { zh: '包含对齐', en: 'aligned by containment' },
  'alignment.mapped': { zh: '按映射对齐', en: 'aligned by mapping' },
  'alignment.none': { zh: '无预标注', en: 'no pre-annotation aligned' },
  mergedFragments: { zh: '合并了 {n} 条标注', en: '{n} annotations merged' },
  flaggedValues: { zh: '{n} 个待查值', en: 'flagged: {n}' },
  verifiedBadge: { zh: '已确认', en: 'verified' },
  highlightCount: { zh: '标出 {n} 轮', en: '{n} turns marked' },
  highlightClear: { zh: '取消标记', en: 'Clear marks' },
  unsureBadge: { zh: '{n} 不确定', en: '{n} unsure' },
  changedBadge: { zh: '{n} 已改', en: '{n} changed' },
  reviewedBadge: { zh: '{reviewed}/{applicable} 字段', en: '{reviewed}/{applicable} fields' },
  speakerCorrected: { zh: '说话人已更正', en: 'speaker corrected' },
  textCorrected: { zh: '文本已更正', en: 'text corrected' },
  'decision.accepted': { zh: '已接受', en: 'accepted' },
  'decision.changed': { zh: '已修改', en: 'changed' },
  'decision.unsure': { zh: '不确定', en: 'unsure' },
  'decision.labelled': { zh: '自行标注', en: 'labelled' },
  'decision.not-reviewed': { zh: '未审阅', en: 'not reviewed' },
  'decision.not-applicable': { zh: '不适用', en: 'not applicable' },
  'pre.status.unknown': { zh: '未知值', en: 'unknown value' },
  'pre.status.conflict': { zh: '片段冲突', en: 'conflicting fragments' },
  'pre.status.empty': { zh: '空', en: 'empty' },
  'pre.missing': { zh: '无预标注', en: 'no pre-annotation' },
  preAnnotation: { zh: '预标注', en: 'Pre-annotation' },
  asImported: { zh: '原始值', en: 'as imported' },
  rawWhereItDiffers: { zh: '与标签不同时显示原始值', en: 'raw value where it differs' },
  nameColon: { zh: '{name}：', en: '{name}:' },
  utteranceInConversation: { zh: '见左侧对话；Tab 移到此处后按 / 更正', en: 'read it in the conversation; Tab here and press / to correct it' },
  contextLine: { zh: '本轮语境', en: 'Context of the turn' },
  codebookLabel: { zh: '标签', en: 'label' },
  expertValue: { zh: '专家值', en: 'Expert value' },
  noValue: { zh: '（无）', en: '(none)' },
  newValue: { zh: '新值', en: 'new value' },
  annotationUtterance: { zh: '标注中的话语：{text}', en: 'Utterance in the annotation: {text}' },
  accept: { zh: '接受', en: 'Accept' },
  unsure: { zh: '不确定', en: 'Unsure' },
  clear: { zh: '清除', en: 'Clear' },
  acceptAll: { zh: '全部接受', en: 'Accept all' },
  verifyTurn: { zh: '确认本轮', en: 'Verify turn' },
  unverifyTurn: { zh: '取消确认本轮', en: 'Unverify turn' },
  verifyDialogue: { zh: '确认整段对话', en: 'Verify dialogue' },
  reopenDialogue: { zh: '重新打开审阅', en: 'Reopen dialogue' },
  undo: { zh: '撤销', en: 'Undo' },
  redo: { zh: '重做', en: 'Redo' },
  scale: { zh: '等级', en: 'Scale' },
  typeaheadPlaceholder: { zh: '输入中文、英文名称、别名或代码…', en: 'Type a Chinese or English name, alias or code…' },
  addValue: { zh: '添加“{value}”', en: 'Add “{value}”' },
  noMatch: { zh: '没有匹配的标签', en: 'No label matches' },
  textEditHint: { zh: 'Ctrl/⌘+Enter 保存 · Esc 取消', en: 'Ctrl/⌘+Enter saves · Esc cancels' },
  saveText: { zh: '保存文本', en: 'Save text' },
  reviewerTitle: { zh: '开始修改前，请填写审阅人姓名（会记录在每次修改中）。', en: 'Before your first edit, enter your name as reviewer (it is recorded with every change).' },
  reviewerPlaceholder: { zh: '审阅人姓名', en: 'Reviewer name' },
  reviewerSave: { zh: '保存并继续', en: 'Save and continue' },
  saving: { zh: '正在保存…', en: 'Saving…' },
  saved: { zh: '已保存 {time}', en: 'Saved {time}' },
  notSavedYet: { zh: '尚无修改', en: 'No changes yet' },
  saveFailed: { zh: '保存失败：{message}', en: 'Not saved: {message}' },
  dismiss: { zh: '知道了', en: 'Dismiss' },
  'refused.pre-unknown': { zh: '预标注含有标注体系之外的值，请选择一个标签。', en: 'The pre-annotation holds a value outside the codebook: pick a label.' },
  'refused.pre-conflict': { zh: '合并的标注片段互相矛盾，请选择一个标签。', en: 'The merged annotation fragments disagree: pick a label.' },
  'refused.pre-multiple': { zh: '该字段只能有一个值，但预标注给了多个，请选择一个。', en: 'This field takes one value but the pre-annotation names several: pick one.' },
  'refused.not-annotated': { zh: '这一轮没有预标注（未对齐，或为盲标任务），无可接受的值，请选择一个标签。', en: 'This turn has no pre-annotation (none aligned, or a blind assignment): there is nothing to accept; pick a label.' },
  'refused.pre-empty': { zh: '预标注为空，无可接受的值，请选择一个标签。', en: 'The pre-annotation is empty, there is nothing to accept: pick a label.' },
  'refused.not-a-label': { zh: '这不是该字段的标签。', en: 'That is not a label of this field.' },
  'refused.wrong-kind': { zh: '这是文本字段：按 / 编辑文本。', en: 'This is a text field: press / to edit the text.' },
  acceptedAll: { zh: '已接受 {accepted} 个字段，跳过 {skipped} 个（需要手动选择）。', en: 'Accepted {accepted} fields, skipped {skipped} (they need a choice).' },
  nothingToUndo: { zh: '没有可撤销的操作。', en: 'Nothing to undo.' },
  nothingToRedo: { zh: '没有可重做的操作。', en: 'Nothing to redo.' },
  undone: { zh: '已撤销。', en: 'Undone.' },
  redone: { zh: '已重做。', en: 'Redone.' },
  notApplicableNotice: { zh: '该字段不适用于此说话人。', en: 'This field does not apply to this speaker.' },
  noSuchLabel: { zh: '该字段没有第 {n} 个标签，按 / 搜索。', en: 'This field has no label {n}: press / to search.' },
  endOfListNext: { zh: '已经是表格中的最后一段对话。', en: 'This is the last dialogue in the table.' },
  endOfListPrev: { zh: '已经是表格中的第一段对话。', en: 'This is the first dialogue in the table.' },
  noAttentionAtAll: { zh: '本段对话没有待查值，也没有需要填写的字段。', en: 'No field of this dialogue is flagged or needs a value.' },
  noAttentionAfter: {
    zh: '此后没有待查值或需要填写的字段（本段共 {n} 个，按 {key} 向前查找）。',
    en: 'No flagged value or field needing a value after this one ({n} in the dialogue: {key} goes back).',
  },
  noAttentionBefore: {
    zh: '此前没有待查值或需要填写的字段（本段共 {n} 个，按 {key} 向后查找）。',
    en: 'No flagged value or field needing a value before this one ({n} in the dialogue: {key} goes forward).',
  },
  'refused.already-reviewed': { zh: '该字段已有专家值。', en: 'This field already has an expert value.' },
  'refused.no-suggestion': { zh: '所选建议层没有为这一轮给出值，无可接受的值，请选择一个标签。', en: 'The layer chosen as the suggestion has no value for this turn, there is nothing to accept: pick a label.' },
  suggestionLabel: { zh: '建议来源', en: 'Suggestion' },
  'suggestion.imported': { zh: '导入的预标注', en: 'Imported pre-annotation' },
  'layerKind.llm': { zh: 'LLM', en: 'LLM' },
  'layerKind.human': { zh: '人工', en: 'human' },
  'layerKind.adjudicated': { zh: '裁决', en: 'adjudicated' },
  suggestionColumn: { zh: '建议：{source}', en: 'Suggestion: {source}' },
  suggestionShort: { zh: '建议', en: 'Suggestion' },
  suggestionKeys: { zh: 's / Shift+S 切换', en: 's / Shift+S to switch' },
  suggestionLayerMissing: {
    zh: '之前选作建议的标注层已不在此数据集中，现显示导入的预标注。',
    en: 'The layer chosen earlier as the suggestion is no longer in this data set; the imported pre-annotation is shown instead.',
  },
  suggestionChanged: { zh: '建议来源已切换为：{source}。按“接受”会采用它的值。', en: 'The suggestion now comes from: {source}. Accepting takes its values.' },
  noSuggestionLayers: { zh: '此数据集没有标注层，建议只能来自导入的预标注。', en: 'This data set has no annotation layers: the imported pre-annotation is the only suggestion.' },
  'pre.noLayerValue': { zh: '此标注层没有给出建议', en: 'no suggestion from this layer' },
  verifyWarning: {
    zh: '确认整段对话会确认 {turns} 个未确认的轮次，并把 {fields} 个未审的预标注值按所示记为“已接受”{unsurePart}。再按一次 Shift+V 确认，按其他键取消。',
    en: 'Verifying the dialogue verifies {turns} unverified turns and records {fields} unreviewed pre-annotated values as accepted, as shown{unsurePart}. Press Shift+V again to verify, any other key to cancel.',
  },
  verifyAnyway: { zh: '确认', en: 'Verify' },
  verifyUnsurePart: { zh: '；{n} 个不确定值保持不变', en: '; {n} values marked unsure stay as they are' },
  verifyConfirmPlain: { zh: '所有轮次均已确认。再按一次 Shift+V 将整段对话标记为已确认，按其他键取消。', en: 'Every turn is verified. Press Shift+V again to mark the dialogue verified, any other key to cancel.' },
  verifiedTurn: { zh: '第 {turn} 轮已确认，{n} 个预标注值按所示记为“已接受”。', en: 'Turn {turn} verified; {n} pre-annotated values recorded as accepted, as shown.' },
  verifiedDialogue: { zh: '整段对话已确认：{turns} 轮，{n} 个预标注值记为“已接受”。', en: 'Dialogue verified: {turns} turns, {n} pre-annotated values recorded as accepted.' },
  verifyRefused: {
    zh: '未确认：以下字段没有值，预标注也无法直接接受，请先选择：{fields}。',
    en: 'Not verified: these fields have no value and a pre-annotation that cannot be taken as is; choose one first: {fields}.',
  },
  undoConflict: { zh: '已撤销 {applied} 处；{n} 处此后已被改动，未撤销：', en: 'Undid {applied} changes; {n} were changed since and were left alone:' },
  redoConflict: { zh: '已重做 {applied} 处；{n} 处此后已被改动，未重做：', en: 'Redid {applied} changes; {n} were changed since and were left alone:' },
  isNow: { zh: '现在是 {value}', en: 'is now {value}' },
  isNowVerified: { zh: '现在已确认', en: 'is now verified' },
  isNowUnverified: { zh: '现在未确认', en: 'is now not verified' },
  dialogueIsNow: { zh: '对话状态现在是“{status}”', en: 'the dialogue is now {status}' },
  restoredTitle: { zh: '上次有 {n} 处输入尚未保存，已为你保留：', en: '{n} pieces of text typed earlier were never saved; they were kept for you:' },
  restoredTyped: { zh: '输入于 {time}', en: 'typed {time}' },
  restoredChangedSince: { zh: '此后保存的值已改变', en: 'the saved value has changed since' },
  restoredSave: { zh: '保存', en: 'Save' },
  restoredDiscard: { zh: '放弃', en: 'Discard' },
  changedBy: { zh: '{reviewer}，{time}', en: 'by {reviewer}, {time}' },
  cancel: { zh: '取消', en: 'Cancel' },
  unaligned: { zh: '{n} 条标注未能对齐到任何一轮', en: '{n} annotations could not be aligned to a turn' },
  fieldDescription: { zh: '字段说明', en: 'About this field' },
  definition: { zh: '定义', en: 'Definition' },
  example: { zh: '例句', en: 'Example' },
  shortcutsHint: { zh: '按 ? 查看全部快捷键', en: 'Press ? for all shortcuts' },
  noApplicableFields: { zh: '该轮没有适用的字段。', en: 'No field applies to this turn.' },
  fields: { zh: '字段', en: 'Fields' },
  conversation: { zh: '对话', en: 'Conversation' },
} satisfies Record<string, Bilingual>;

export type ReviewStringKey = keyof typeof REVIEW_STRINGS;
export type ReviewTextParams = Record<string, string | number>;

export function reviewText(lang: LabelLanguage, key: ReviewStringKey, params?: ReviewTextParams): string {
  return fillPlaceholders(REVIEW_STRINGS[key][lang], params);
}

export const otherLanguage = (lang: LabelLanguage): LabelLanguage => (lang === 'zh' ? 'en' : 'zh');

export interface ReviewTextApi {
  lang: LabelLanguage;
  /** in the chosen language */
  t: (key: ReviewStringKey, params?: ReviewTextParams) => string;
  /** in the other language, shown as a quiet hint */
  hint: (key: ReviewStringKey, params?: ReviewTextParams) => string;
}

export function makeReviewText(lang: LabelLanguage): ReviewTextApi {
  const other = otherLanguage(lang);
  return {
    lang,
    t: (key, params) => reviewText(lang, key, params),
    hint: (key, params) => reviewText(other, key, params),
  };
}

export function useReviewText(): ReviewTextApi {
  const lang = useLanguage();
  return useMemo(() => makeReviewText(lang), [lang]);
}
