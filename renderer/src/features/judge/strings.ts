/** The Judge view's and the rubric-scores panel's words (zh/en). */
import { featureText } from '../../i18n/feature-strings';
import { JUDGE_VIEW_STRINGS } from './strings-calibration';

export const JUDGE_STRINGS = {
  ...JUDGE_VIEW_STRINGS,
  nav: { zh: '评审模型', en: 'Judge' },
  title: { zh: 'LLM 评审结果', en: 'LLM judge results' },
  intro: {
    zh: '评审模型按评分维度（默认 SID 五个维度，1–5 分）为每段对话打分；这里按教学模型汇总（SID 论文表 I），并在专家也打分时与专家比对校准。',
    en: 'Judge models score each dialogue on rubrics (the five SID rubrics, 1–5, by default); here the scores are summarised per teacher model (the SID paper’s Table I) and, where experts scored too, calibrated against them.',
  },
  importButton: { zh: '导入评审结果…', en: 'Import judge results…' },
  importWorking: { zh: '正在导入…', en: 'Importing…' },
  imported: { zh: '已导入 {stored} 行（{file}）。', en: 'Imported {stored} lines ({file}).' },
  importedUnmatched: { zh: '未导入（本数据集中没有这段对话；按对话编号和教学模型匹配）：{n} 行', en: 'Not imported, naming no dialogue of this data set (matched by dialogue id and teacher model): {n} line(s)' },
  importedDuplicates: { zh: '与前面的行重复（同一对话、评审模型、样本），只保留第一行：{n} 行', en: 'Repeating an earlier line (same dialogue, judge and sample), the first kept: {n} line(s)' },
  importRefused: { zh: '无法导入，未保存任何内容：', en: 'Could not import; nothing was stored:' },
  loading: { zh: '正在读取…', en: 'Reading…' },
  failed: { zh: '无法读取：{message}', en: 'Could not read: {message}' },
  emptyTitle: { zh: '还没有评审结果', en: 'No judge results yet' },
  emptyBody: {
    zh: '点“运行评审…”让模型连接为本数据集的对话打分；或用命令行 `judge` 生成结果文件（每行一段对话、一个评审模型、一个样本），再点“导入评审结果…”。导入的对话按 <topic_id>-<student_id>-<repeat_id> 和教学模型与本数据集匹配。',
    en: 'Press “Run judges…” to have model connections score this data set’s dialogues, or make a results file with the `judge` command (one line per dialogue, judge and sample) and press “Import judge results…”. Imported dialogues are matched to this data set by <topic_id>-<student_id>-<repeat_id> and teacher model.',
  },
  run: { zh: '评审批次', en: 'Run' },
  runSummary: { zh: '{lines} 行 · {judges} 个评审模型 · 每段 {samples} 个样本 · 失败 {failed} · 评分量表 {set} v{version}', en: '{lines} lines · {judges} judge(s) · {samples} sample(s) per dialogue · {failed} failed · rubric set {set} v{version}' },
  deleteRun: { zh: '删除此批次', en: 'Delete this run' },
  deleteConfirm: { zh: '删除评审批次“{name}”及其全部分数？专家分数保留。', en: 'Delete the run “{name}” and all its scores? Expert scores stay.' },
  judge: { zh: '评审模型', en: 'Judge' },
  computing: { zh: '正在计算…', en: 'Computing…' },
  tableTitle: { zh: '表 I：各教学模型在各维度上的平均分', en: 'Table I: mean score per rubric and teacher model' },
  tableCaption: { zh: '均值保留两位小数；下方为对话数 n 和标准差 SD（对每段对话先取其样本均值）。', en: 'Means to two decimals; under each, the number of dialogues n and the standard deviation SD (each dialogue’s samples averaged first).' },
  rubric: { zh: '评分维度', en: 'Rubric' },
  overall: { zh: '加权总分', en: 'Weighted overall' },
  nSd: { zh: 'n={n} · SD={sd}', en: 'n={n} · SD={sd}' },
  failedCount: { zh: '失败 {n}', en: '{n} failed' },
  exportCsv: { zh: '导出 CSV', en: 'Export CSV' },
  exportMd: { zh: '导出 Markdown', en: 'Export Markdown' },
  saving: { zh: '正在保存…', en: 'Saving…' },
  saved: { zh: '已保存到 {path}', en: 'Saved to {path}' },
  canceled: { zh: '未保存', en: 'Not saved' },
  saveFailed: { zh: '保存失败', en: 'Saving failed' },
  chartTitle: { zh: '各维度均值及 95% 置信区间', en: 'Means per rubric with 95% intervals' },
  chartLabel: { zh: '柱状图：各教学模型在各评分维度上的平均分，误差线为均值的 95% 置信区间', en: 'Bar chart: each teacher model’s mean score per rubric, error bars the 95% interval of the mean' },
  radarTitle: { zh: '{group} 的维度得分', en: '{group}: scores per rubric' },
  drillTitle: { zh: '逐段对话', en: 'Per dialogue' },
  drillHint: { zh: '点击对话编号可在审阅中打开，并在旁边看到评审理由。', en: 'Click a dialogue to open it in review, with the judge’s rationales beside it.' },
  drillGroup: { zh: '教学模型', en: 'Teacher model' },
  drillAll: { zh: '全部', en: 'All' },
  drillDialogue: { zh: '对话', en: 'Dialogue' },
  drillShown: { zh: '显示前 {shown} / {total} 段', en: 'First {shown} of {total} dialogues' },
  calibrationTitle: { zh: '与专家的校准', en: 'Calibration against the experts' },
  calibrationEmpty: {
    zh: '还没有专家分数。在审阅中打开一段已评审的对话，按 r 进入量表评分，用数字键 1–5 为各维度打分；这里会出现评审模型与专家的相关、偏差和方差比较。',
    en: 'No expert scores yet. Open a judged dialogue in review, press r for rubric scoring and score each rubric with keys 1–5; the judge’s correlation, bias and variance against the experts appear here.',
  },
  calibrationCaption: {
    zh: '专家值为各专家分数的均值；偏差 = 评审 − 专家（正值表示评审偏宽松），附 95% 置信区间；方差比 < 1 表示评审的分数比专家更集中。',
    en: 'The expert value is the mean of the expert raters; bias = judge − expert (positive: a lenient judge) with its 95% interval; a variance ratio below 1 means the judge spreads its scores less than the experts.',
  },
  calibrationRaters: { zh: '专家：{names}', en: 'Experts: {names}' },
  colN: { zh: 'n', en: 'n' },
  pairsTitle: { zh: '评审模型之间的一致性', en: 'Judge against judge' },
  pairsDifference: { zh: '平均差 A − B', en: 'Mean difference A − B' },
  colPearson: { zh: 'Pearson r', en: 'Pearson r' },
  colSpearman: { zh: 'Spearman ρ', en: 'Spearman ρ' },
  colKendall: { zh: 'Kendall τ-b', en: 'Kendall τ-b' },
  colQwk: { zh: '二次加权 κ', en: 'Quadratic-weighted κ' },
  colBias: { zh: '偏差（95% CI）', en: 'Bias (95% CI)' },
  colVariance: { zh: '方差 评审 / 专家', en: 'Variance judge / expert' },
  // the rubric-scores panel in review
  panelTitle: { zh: '量表评分', en: 'Rubric scores' },
  panelHintClosed: { zh: '按 r 为本段对话打分', en: 'Press r to score this dialogue' },
  panelHintOpen: { zh: '数字键打分 · j/k 切换维度 · e 写理由 · r 或 Esc 退出', en: 'Digits score · j/k move · e rationale · r or Esc leaves' },
  panelOpen: { zh: '打分', en: 'Score' },
  panelClose: { zh: '完成', en: 'Done' },
  panelRationale: { zh: '理由（可选）', en: 'Rationale (optional)' },
  panelRationaleNeedsScore: { zh: '先打分，再写理由', en: 'Score first, then write a rationale' },
  panelSaved: { zh: '已保存 · {who} · {when}', en: 'Saved · {who} · {when}' },
  panelSaving: { zh: '正在保存…', en: 'Saving…' },
  panelNoName: { zh: '请先在设置中填写你的名字，专家分数会记在这个名字下。', en: 'Enter your name in Settings first: expert scores are kept under it.' },
  panelUnscored: { zh: '未评', en: 'not scored' },
  panelJudge: { zh: '评审 {judge}：{score}', en: 'Judge {judge}: {score}' },
  panelJudgeRationale: { zh: '评审理由', en: 'Judge’s rationale' },
} as const;

export type JudgeStringKey = keyof typeof JUDGE_STRINGS;

const { text, useText } = featureText<JudgeStringKey>(JUDGE_STRINGS);
export const judgeText = text;
export const useJudgeText = useText;
export type JudgeTextApi = ReturnType<typeof useText>;
