/** The words of starting a judge run from the Judge view (zh/en). */
import { featureText } from '../../i18n/feature-strings';

export const RUN_JUDGE_STRINGS = {
  runButton: { zh: '运行评审…', en: 'Run judges…' },
  judgeFromTable: { zh: '评审…', en: 'Judge…' },
  title: { zh: '运行 LLM 评审', en: 'Run LLM judges' },
  intro: {
    zh: '每次调用为一段对话的全部维度打分（严格 JSON）；缺失、重复或越界的分数会重试，仍失败则记为失败，不计入均值。',
    en: 'Each call scores every rubric of one dialogue (strict JSON); missing, duplicate or out-of-range scores are retried, then recorded as failed and never averaged in.',
  },
  judges: { zh: '评审连接', en: 'Judge connections' },
  noConnections: { zh: '还没有模型连接。请先在“设置”中添加一个。', en: 'No model connections yet. Add one in Settings first.' },
  noKey: { zh: '（未设置密钥）', en: '(no key set)' },
  family: { zh: '家族 {family}', en: 'family {family}' },
  panel: { zh: '评审组：{n} 个评审模型，各自的结果分开保存，可互相比较。', en: 'A panel of {n} judges: each judge’s results are kept apart and compared.' },
  dialogues: { zh: '对话', en: 'Dialogues' },
  scopeAll: { zh: '本数据集的全部对话（{n}）', en: 'Every dialogue of the data set ({n})' },
  scopeAllShown: { zh: '筛选出的全部对话（{n}）', en: 'Every dialogue of the filter ({n})' },
  scopeFiltered: { zh: '只用数据集表格当前筛选出的对话（{n} 段）', en: 'Only the table’s filter ({n} dialogues)' },
  scopeModels: { zh: '指定教学模型的对话', en: 'The dialogues of some teacher models' },
  modelCount: { zh: '{model}（{n}）', en: '{model} ({n})' },
  sampleToggle: { zh: '随机抽样', en: 'A random sample' },
  sampleCount: { zh: '抽取对话数', en: 'Dialogues to draw' },
  sampleSeed: { zh: '随机种子（同一种子抽到同样的对话）', en: 'Seed (the same seed draws the same dialogues)' },
  rubricSet: { zh: '评分量表', en: 'Rubric set' },
  rubricSetDefault: { zh: '（本数据集的量表）', en: '(the data set’s set)' },
  samples: { zh: '每段对话的样本数 N（1–10）', en: 'Samples per dialogue N (1–10)' },
  samplesNote: { zh: 'N > 1 时给出每段对话、每个维度的均值和方差。', en: 'With N > 1 each dialogue gets a mean and a variance per rubric.' },
  language: { zh: '提示语言', en: 'Prompt language' },
  languageZh: { zh: '中文', en: 'Chinese' },
  languageEn: { zh: '英文', en: 'English' },
  reasoningFirst: { zh: '先写理由再打分', en: 'Reasoning before the score' },
  fewShot: { zh: '把量表中的 {n} 个专家评分示例作为少样本示例', en: 'Use the set’s {n} expert-scored examples as few-shot anchors' },
  fewShotNone: { zh: '此量表没有专家评分示例（可在量表编辑器中添加）', en: 'This set has no expert-scored examples (add them in the rubric editor)' },
  logprobs: { zh: '请求 logprobs（G-Eval 概率加权分数）', en: 'Ask for logprobs (G-Eval’s probability-weighted score)' },
  topLogprobs: { zh: '每个位置的候选数 top_logprobs', en: 'Alternatives per token (top_logprobs)' },
  batch: { zh: '通过 OpenAI Batch API 发送（多数端点价格更低，24 小时内返回）', en: 'Send through the OpenAI Batch API (cheaper at most endpoints; answers within 24 hours)' },
  batchPoll: { zh: '每隔多少秒查看批次（1–3600）', en: 'Check the batch every N seconds (1–3600)' },
  batchNote: {
    zh: '每个评审连接提交一个批次；任务会等待并在任务面板中显示批次进度，退出后重新打开会继续轮询同一批次，不会重复付费。端点必须支持 /v1/files 与 /v1/batches（如 OpenAI）；批次未完成的请求会按常规方式逐个调用。',
    en: 'One batch per judge connection; the job waits and shows the batch’s progress in the Jobs panel, and after a quit it polls the same batch again, paying nothing twice. The endpoint must offer /v1/files and /v1/batches (OpenAI does); requests the batch did not answer are asked one by one as usual.',
  },
  logprobsNote: {
    zh: '接口返回 logprobs 时，每个分数旁另存按分数词元概率加权的期望分数（G-Eval）；不支持的接口照常打分。',
    en: 'Where the endpoint returns logprobs, each score also gets the expected score weighted by the score tokens’ probabilities (G-Eval); endpoints without them score as usual.',
  },
  runName: { zh: '批次名称', en: 'Run name' },
  calls: {
    zh: '将调用模型 {calls} 次（{dialogues} 段对话 × {judges} 个评审 × {samples} 个样本）。已缓存的回答不再付费。',
    en: 'This makes {calls} model calls ({dialogues} dialogues × {judges} judges × {samples} samples). Answers already cached are not paid for again.',
  },
  estimate: { zh: '估计每个评审连接约输入 {input} 词元、输出 {outputLow}–{outputHigh} 词元。', en: 'Estimated per judge connection: about {input} input tokens and {outputLow}–{outputHigh} output tokens.' },
  cost: { zh: '估计费用 {name}：{low}–{high}', en: 'Estimated cost on {name}: {low}–{high}' },
  costUnknown: { zh: '{name}：未设价格，费用未知', en: '{name}: no price set, cost unknown' },
  estimateFailed: { zh: '无法估算：{message}', en: 'Could not estimate: {message}' },
  loading: { zh: '正在读取对话…', en: 'Reading the dialogues…' },
  keys: { zh: 'Enter 开始 · Esc 关闭', en: 'Enter starts · Escape closes' },
  close: { zh: '关闭', en: 'Close' },
  start: { zh: '开始评审', en: 'Start judging' },
  starting: { zh: '正在启动…', en: 'Starting…' },
  startFailed: { zh: '无法启动：{message}', en: 'Could not start: {message}' },
  defaultName: { zh: '{set} · {judges} · {date}', en: '{set} · {judges} · {date}' },
} as const;

export type RunJudgeStringKey = keyof typeof RUN_JUDGE_STRINGS;

const { text, useText } = featureText<RunJudgeStringKey>(RUN_JUDGE_STRINGS);
export const runJudgeText = text;
export const useRunJudgeText = useText;
