/** The metrics view's words (zh/en), kept beside the view as the other features do. */
import { useMemo } from 'react';
import { BUILT_IN_RATER_NAMES } from '../../../../shared/agreement/rater-names';
import type { LabelLanguage } from '../../../../shared/codebook/types';
import { useLanguage } from '../../i18n';
import { type Bilingual, fillPlaceholders } from '../../i18n/feature-strings';

export const METRICS_STRINGS = {
  title: { zh: '客观指标（表 II）', en: 'Objective metrics (Table II)' },
  intro: {
    zh: '按 SID 论文的定义为每段对话计算 SD、SV、IKT、BP、SC、L3 GR、3C 和加权总分，再按教师模型取平均（每段对话权重相同），附 95% 自助法区间。',
    en: 'Scores each dialogue with the SID paper’s SD, SV, IKT, BP, SC, L3 GR, 3C and the weighted TotalScore, then averages per teacher model (each dialogue counts once), with a 95% bootstrap interval.',
  },
  openTable: { zh: '去数据集表格', en: 'Go to the data-set table' },
  loading: { zh: '正在读取…', en: 'Reading…' },
  reading: { zh: '正在读取标注…', en: 'Reading the annotations…' },
  computing: { zh: '正在计算指标和区间…', en: 'Computing the metrics and intervals…' },
  missingDataset: { zh: '找不到这个数据集（可能已被删除）。', en: 'This data set cannot be found (it may have been deleted).' },
  failed: { zh: '无法计算：{message}', en: 'Could not compute: {message}' },
  settings: { zh: '设置', en: 'Settings' },
  layer: { zh: '计分的标注层', en: 'Layer to score' },
  layerVerified: { zh: '{name}：{n} 段已确认对话', en: '{name}: the {n} verified dialogues' },
  layerVerifiedNone: { zh: '{name}（还没有已确认的对话）', en: '{name} (no verified dialogue yet)' },
  layerLlm: { zh: '{name}：全部 {n} 段对话', en: '{name}: all {n} dialogues' },
  layerAttached: { zh: '标注层“{name}”', en: 'Layer “{name}”' },
  sourcePre: BUILT_IN_RATER_NAMES.pre,
  sourceExpert: BUILT_IN_RATER_NAMES.expert,
  threeC: { zh: '3C（没有错误回答的对话）', en: '3C for dialogues without an incorrect answer' },
  threeCVacuous: { zh: '计为 1.0（论文的约定）', en: 'score 1.0 (the paper’s convention)' },
  threeCStrict: { zh: '不计入（严格）', en: 'leave out (strict)' },
  weights: { zh: '总分权重', en: 'TotalScore weights' },
  weightsSum: { zh: '合计 {sum}', en: 'sum {sum}' },
  weightsReset: { zh: '恢复论文权重', en: 'Paper weights' },
  seed: { zh: '自助法随机种子', en: 'Bootstrap seed' },
  compute: { zh: '计算并保存', en: 'Compute and save' },
  emptyTitle: { zh: '还没有计算结果', en: 'No metrics yet' },
  emptyBody: { zh: '选择标注层和设置，然后点“计算并保存”。每次计算都会连同设置一起保存，以后可以比较。', en: 'Choose the layer and settings, then “Compute and save”. Every run is kept with its settings so runs can be compared later.' },
  noDialogues: { zh: '这个标注层没有可计分的对话。', en: 'This layer has no dialogue to score.' },
  runInfo: { zh: '{layer} · 3C：{threeC} · {time} · 版本 {version} · {dialogues} 段对话', en: '{layer} · 3C: {threeC} · {time} · version {version} · {dialogues} dialogues' },
  metric: { zh: '指标', en: 'Metric' },
  all: { zh: '全部', en: 'All' },
  nDialogues: { zh: 'n={n}', en: 'n={n}' },
  ciTitle: { zh: '95% 自助法区间（{resamples} 次重抽样，种子 {seed}）', en: '95% bootstrap interval ({resamples} resamples, seed {seed})' },
  threeCNoteVacuous: { zh: '3C：{vacuous}/{dialogues} 段对话没有错误回答，按论文约定计为 1.0。', en: '3C: {vacuous} of {dialogues} dialogues have no incorrect answer and score 1.0 (the paper’s convention).' },
  threeCNoteStrict: { zh: '3C（严格）：{vacuous}/{dialogues} 段对话没有错误回答，不计入 3C 和总分。', en: '3C (strict): {vacuous} of {dialogues} dialogues have no incorrect answer and are left out of 3C and TotalScore.' },
  unknownNote: { zh: '{n} 段对话含有编码本不认识的标签，这些标签不计分。', en: '{n} dialogues hold labels the codebook does not know; those labels count for nothing.' },
  weightsNote: { zh: '权重：{weights}', en: 'Weights: {weights}' },
  compareWith: { zh: '对比：', en: 'Compare with:' },
  compareNone: { zh: '不对比', en: 'no comparison' },
  delta: { zh: '差值 {delta}（对比结果 {base}）', en: 'Δ {delta} (compared run {base})' },
  chartTitle: { zh: '各教师模型的指标', en: 'Metrics per teacher model' },
  chartLabel: { zh: '柱状图：每个指标下各教师模型的平均值（%）', en: 'Bar chart: each metric’s mean per teacher model (%)' },
  drillTitle: { zh: '逐段对话', en: 'Per dialogue' },
  drillMetric: { zh: '打开对话时标出计入此指标的话轮：', en: 'Opening a dialogue marks the turns behind:' },
  dialogue: { zh: '对话', en: 'Dialogue' },
  group: { zh: '教师模型', en: 'Teacher model' },
  openInReview: { zh: '在审阅中打开', en: 'Open in review' },
  highlightLabel: { zh: '{metric}：{what}', en: '{metric}: {what}' },
  runs: { zh: '已保存的计算', en: 'Saved runs' },
  runShow: { zh: '显示', en: 'Show' },
  runCompare: { zh: '作为对比', en: 'Compare' },
  runDelete: { zh: '删除', en: 'Delete' },
  runShown: { zh: '正在显示', en: 'shown' },
  saveCsv: { zh: '保存表格为 CSV…', en: 'Save the table as CSV…' },
  saveMarkdown: { zh: '保存为 Markdown 表格…', en: 'Save as a Markdown table…' },
  saveDialogues: { zh: '保存逐段对话为 CSV…', en: 'Save per-dialogue scores as CSV…' },
  saved: { zh: '已保存到 {path}', en: 'Saved to {path}' },
  canceled: { zh: '已取消保存。', en: 'Saving was cancelled.' },
  saveFailed: { zh: '保存失败。', en: 'Saving failed.' },
} satisfies Record<string, Bilingual>;

export type MetricsStringKey = keyof typeof METRICS_STRINGS;
export type MetricsTextParams = Record<string, string | number>;

export function metricsText(lang: LabelLanguage, key: MetricsStringKey, params?: MetricsTextParams): string {
  return fillPlaceholders(METRICS_STRINGS[key][lang], params);
}

export interface MetricsTextApi {
  lang: LabelLanguage;
  t: (key: MetricsStringKey, params?: MetricsTextParams) => string;
}

export function useMetricsText(): MetricsTextApi {
  const lang = useLanguage();
  return useMemo(() => ({ lang, t: (key, params) => metricsText(lang, key, params) }), [lang]);
}
