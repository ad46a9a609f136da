/**
 * The agreement view's words, kept beside the view (as review does) rather than in the app
 * dictionary. `{name}` placeholders are filled by agreementText().
 */
import { useMemo } from 'react';
import { BUILT_IN_RATER_NAMES } from '../../../../shared/agreement/rater-names';
import type { LabelLanguage } from '../../../../shared/codebook/types';
import { useLanguage } from '../../i18n';
import { type Bilingual, fillPlaceholders } from '../../i18n/feature-strings';

export const AGREEMENT_STRINGS = {
  title: { zh: '一致性：{a} × {b}', en: 'Agreement: {a} × {b}' },
  intro: {
    zh: '每个字段比较{a}与{b}。专家层只含你确认或修改后的值（“不确定”不计入）。',
    en: 'Per field, {a} against {b}. The expert layer holds only the values you accepted or changed (unsure values are left out).',
  },
  raterA: { zh: '评分者 A（行）', en: 'Rater A (rows)' },
  raterB: { zh: '评分者 B（列）', en: 'Rater B (columns)' },
  sourcePre: BUILT_IN_RATER_NAMES.pre,
  sourceExpert: BUILT_IN_RATER_NAMES.expert,
  loading: { zh: '正在读取审阅数据…', en: 'Reading the reviews…' },
  computing: { zh: '正在计算一致性（{done}/{total}）…', en: 'Computing agreement ({done}/{total})…' },
  progressLabel: { zh: '一致性计算进度', en: 'Agreement progress' },
  mainThread: { zh: '后台线程不可用，已在主线程计算。', en: 'No background worker was available; computed on the main thread.' },
  missingDataset: { zh: '找不到这个数据集（可能已被删除）。', en: 'This data set cannot be found (it may have been deleted).' },
  failed: { zh: '无法计算一致性：{message}', en: 'Agreement could not be computed: {message}' },
  retry: { zh: '重试', en: 'Try again' },
  emptyTitle: { zh: '还没有可比较的审阅', en: 'Nothing to compare yet' },
  emptyBody: {
    zh: '请先审阅一些轮次：一致性比较的是{a}与你确认后的值。也可以在上方选择另外两个标注层。',
    en: 'Review some turns first: agreement compares {a} with your verified values. Or choose two other layers above.',
  },
  openTable: { zh: '去数据集表格', en: 'Go to the data-set table' },
  group: { zh: '教师模型', en: 'Teacher model' },
  allGroups: { zh: '全部', en: 'All' },
  reviewedTurns: { zh: '已审阅 {n} 轮', en: '{n} reviewed turns' },
  field: { zh: '字段', en: 'Field' },
  fieldPicker: { zh: '混淆矩阵字段', en: 'Confusion matrix of' },
  n: { zh: 'n', en: 'n' },
  missing: { zh: '缺失', en: 'Missing' },
  excluded: { zh: '不适用', en: 'Excluded' },
  accuracy: { zh: '准确率', en: 'Accuracy' },
  kappa: { zh: 'κ（权重）', en: 'κ (weights)' },
  ci: { zh: '95% 置信区间', en: '95% CI' },
  band: { zh: '解释（Landis & Koch）', en: 'Band (Landis & Koch)' },
  'weights.none': { zh: '不加权', en: 'unweighted' },
  'weights.linear': { zh: '线性', en: 'linear' },
  'weights.quadratic': { zh: '二次', en: 'quadratic' },
  accuracyOf: { zh: '{agreeing}/{items} 一致', en: '{agreeing} of {items} agree' },
  missingDetail: { zh: '{a} 缺失 {aCount}，{b} 缺失 {bCount}', en: '{a} missing {aCount}, {b} missing {bCount}' },
  otherCounts: { zh: '不确定 {unsure} · 未审 {unreviewed}', en: 'unsure {unsure} · not reviewed {unreviewed}' },
  setNote: {
    zh: '集合字段（学科、教学策略）：本行是整个集合完全一致的比例；每个代码单独按“有/无”计算 κ，见其下各行。',
    en: 'Set fields (discipline, teaching strategy): this row is exact-set agreement; each code gets its own present/absent κ in the rows below.',
  },
  absent: { zh: '无', en: 'absent' },
  present: { zh: '有', en: 'present' },
  matrixTitle: { zh: '混淆矩阵：{field}', en: 'Confusion matrix: {field}' },
  matrixCaption: { zh: '行：{a}；列：{b}。点击单元格列出对应的轮次。', en: 'Rows: {a}; columns: {b}. Click a cell to list its turns.' },
  matrixCorner: { zh: '{a} ↓ / {b} →', en: '{a} ↓ / {b} →' },
  cellLabel: { zh: '{a}：{aValue}，{b}：{bValue}，{count} 轮', en: '{a}: {aValue}, {b}: {bValue}, {count} turns' },
  noMatrix: { zh: '这一行没有混淆矩阵：请选择字段或某个代码。', en: 'This row has no confusion matrix: pick a field or one code.' },
  cellTurns: { zh: '{a}“{aValue}”× {b}“{bValue}”：{count} 轮', en: '{a} “{aValue}” × {b} “{bValue}”: {count} turns' },
  turnNumber: { zh: '第 {n} 轮', en: 'turn {n}' },
  openInReview: { zh: '在审阅中打开', en: 'Open in review' },
  ordinalWeights: { zh: '有序字段的 κ 权重', en: 'κ weights of ordinal fields' },
  panelTitle: { zh: '所有标注层', en: 'All annotation layers' },
  panelIntro: {
    zh: '每对标注层的 Cohen κ，以及所选标注层合在一起的 Fleiss κ 和 Krippendorff α（默认：专家和人工标注层）。专家只在已确认或修改的字段上算作评分。',
    en: "Cohen's κ for every pair of layers, and Fleiss' κ and Krippendorff's α across the layers you pool (by default the expert and the human layers). The expert counts as a rating only where you accepted or changed a field.",
  },
  panelMembers: { zh: '合并计算的标注层', en: 'Pooled layers' },
  panelTooFew: { zh: '请至少选择两个标注层来计算 Fleiss κ 和 α。', en: "Pick at least two layers to compute Fleiss' κ and α." },
  layerKindHuman: { zh: '人工', en: 'human' },
  layerKindLlm: { zh: 'LLM', en: 'LLM' },
  fleissKappa: { zh: 'Fleiss κ', en: "Fleiss' κ" },
  alpha: { zh: 'Krippendorff α', en: "Krippendorff's α" },
  'level.nominal': { zh: '名义', en: 'nominal' },
  'level.ordinal': { zh: '有序', en: 'ordinal' },
  'level.masi': { zh: 'MASI 集合距离', en: 'MASI set distance' },
  completeItems: { zh: '{n} 项完整（{excluded} 项缺评分，未计入）', en: '{n} complete items ({excluded} lacking a rating, left out)' },
  pairMatrixTitle: { zh: '两两 Cohen κ：{field}', en: "Pairwise Cohen's κ: {field}" },
  pairMatrixCaption: { zh: '单元格：κ（两者都有评分的项数 n）。', en: 'Cell: κ (n = items both layers rated).' },
  pairCell: { zh: '{a} × {b}：κ {kappa}，n = {n}，一致 {agreeing}', en: '{a} × {b}: κ {kappa}, n = {n}, {agreeing} agree' },
  perLabelTitle: { zh: '各标签一致性（Fleiss）：{field}', en: "Per-label agreement (Fleiss): {field}" },
  label: { zh: '标签', en: 'Label' },
  share: { zh: '评分占比', en: 'Share of ratings' },
  labelKappa: { zh: 'κⱼ', en: 'κⱼ' },
  saveAllCsv: { zh: '保存所有标注层为 CSV…', en: 'Save all layers as CSV…' },
  saveAllMarkdown: { zh: '保存所有标注层为 Markdown…', en: 'Save all layers as Markdown…' },
  saveCsv: { zh: '保存为 CSV…', en: 'Save as CSV…' },
  saveMarkdown: { zh: '保存为 Markdown 表格…', en: 'Save as a Markdown table…' },
  saving: { zh: '正在保存…', en: 'Saving…' },
  saved: { zh: '已保存到 {path}', en: 'Saved to {path}' },
  canceled: { zh: '已取消保存。', en: 'Saving was cancelled.' },
  saveFailed: { zh: '保存失败。', en: 'Saving failed.' },
} satisfies Record<string, Bilingual>;

export type AgreementStringKey = keyof typeof AGREEMENT_STRINGS;
export type AgreementTextParams = Record<string, string | number>;

export function agreementText(lang: LabelLanguage, key: AgreementStringKey, params?: AgreementTextParams): string {
  return fillPlaceholders(AGREEMENT_STRINGS[key][lang], params);
}

export interface AgreementTextApi {
  lang: LabelLanguage;
  t: (key: AgreementStringKey, params?: AgreementTextParams) => string;
}

export function useAgreementText(): AgreementTextApi {
  const lang = useLanguage();
  return useMemo(() => ({ lang, t: (key, params) => agreementText(lang, key, params) }), [lang]);
}
