/** The prompt section of the start dialog and the prompt editor's words (zh/en). */
import type { PreAnnotationVariable } from '../../../../../shared/llm/prompt-template';
import { featureText } from '../../../i18n/feature-strings';

export const PROMPT_STRINGS = {
  prompt: { zh: '提示词', en: 'Prompt' },
  version: { zh: '使用的版本', en: 'Version used' },
  builtInOption: { zh: '第 {version} 版 · SID 论文默认（内置）', en: 'Version {version} · the SID paper’s default (built in)' },
  savedOption: { zh: '第 {version} 版 · {at} 保存', en: 'Version {version} · saved {at}' },
  reference: { zh: '编号 {id} · 第 {version} 版 · 哈希 {hash}', en: 'Id {id} · version {version} · hash {hash}' },
  edit: { zh: '编辑提示词…', en: 'Edit the prompt…' },
  remove: { zh: '移除此版本', en: 'Remove this version' },
  removeFailed: { zh: '无法移除：{message}', en: 'Could not remove: {message}' },
  estimating: { zh: '正在估算词元…', en: 'Estimating tokens…' },
  estimateFailed: { zh: '无法估算：{message}', en: 'Could not estimate: {message}' },
  jobEstimate: { zh: '估计每个连接 {calls} 次调用，约输入 {input} 词元、输出 {outputLow}–{outputHigh} 词元。', en: 'Estimated per connection: {calls} calls, about {input} input tokens and {outputLow}–{outputHigh} output tokens.' },
  jobCost: { zh: '估计费用 {name}：{low}–{high}', en: 'Estimated cost on {name}: {low}–{high}' },
  jobCostUnknown: { zh: '{name}：未设价格，费用未知', en: '{name}: no price set, cost unknown' },
  estimateNote: {
    zh: '这是估算，不是分词器：中日韩字符约 1 词元，其他文字约 4 个字符 1 词元，每条消息另加 4；输出按“轮次 × 字段”估。已缓存的回答不再付费。',
    en: 'An estimate, not a tokenizer: a CJK character ≈ 1 token, other text ≈ 4 characters per token, 4 more per message; the output from turns × fields. Answers already cached are not paid for again.',
  },
  // the editor
  editorTitle: { zh: '编辑提示词', en: 'Edit the prompt' },
  editorBase: { zh: '基于：{reference}', en: 'Based on: {reference}' },
  systemText: { zh: '系统消息', en: 'System message' },
  userText: { zh: '用户消息', en: 'User message' },
  variables: { zh: '可用变量（每次调用时填入）', en: 'Variables (filled in for every call)' },
  var_codebook_name: { zh: '编码本名称（中文 / 英文）', en: 'the codebook’s name (Chinese / English)' },
  var_codebook_version: { zh: '编码本版本', en: 'the codebook’s version' },
  var_fields: { zh: '每个要标注的字段：适用的说话人、取值方式、各标签的代码、名称与定义（必需）', en: 'every field asked: whom it applies to, how its value is written, its labels’ codes, names and definitions (required)' },
  var_answer_format: { zh: '回答的 JSON 格式，逐个列出键名', en: 'the answer’s JSON form, every key spelled out' },
  var_first_turn: { zh: '本次调用的第一轮编号', en: 'the number of the first turn of the call' },
  var_last_turn: { zh: '本次调用的最后一轮编号', en: 'the number of the last turn of the call' },
  var_turn_count: { zh: '本次调用的轮数', en: 'how many turns the call holds' },
  var_turns: { zh: '本次调用的各轮：编号、说话人和话语（话语写成 JSON 字符串）（必需）', en: 'the turns of the call: number, speaker and utterance (written as a JSON string) (required)' },
  problems: { zh: '这个提示词还不能使用（修改后才能保存）：', en: 'This prompt cannot be used yet (fix it to save):' },
  noProblems: { zh: '没有问题。', en: 'No problems.' },
  jobEstimateTitle: { zh: '整个任务的估算', en: 'Estimate for the whole job' },
  preview: { zh: '预览：发送给模型的消息', en: 'Preview: the messages the model is sent' },
  previewDialogue: { zh: '预览的对话（第几段，共 {n} 段）', en: 'Dialogue to preview (number, of {n})' },
  previewWindows: { zh: '这段对话分 {n} 次询问；下面是第一次。', en: 'This dialogue is asked in {n} calls; the first is shown.' },
  previewUnavailable: { zh: '提示词有问题时不显示预览。', en: 'The preview appears once the prompt has no problems.' },
  noDialogues: { zh: '所选范围内没有可询问的对话。', en: 'There is no dialogue to ask in the chosen scope.' },
  loadingDialogues: { zh: '正在读取对话…', en: 'Reading the dialogues…' },
  role_system: { zh: '系统', en: 'System' },
  role_user: { zh: '用户', en: 'User' },
  role_assistant: { zh: '助手', en: 'Assistant' },
  previewTokens: { zh: '这段对话：约输入 {input} 词元、输出 {outputLow}–{outputHigh} 词元，共 {calls} 次调用。', en: 'This dialogue: about {input} input tokens and {outputLow}–{outputHigh} output tokens, in {calls} call(s).' },
  save: { zh: '另存为新版本', en: 'Save as a new version' },
  saved: { zh: '已保存为第 {version} 版，任务将使用它。', en: 'Saved as version {version}; the job will use it.' },
  unchanged: { zh: '与第 {version} 版相同，未新建版本；任务将使用它。', en: 'The same as version {version}; no new version was made, and the job will use it.' },
  saveFailed: { zh: '无法保存：{message}', en: 'Could not save: {message}' },
  reset: { zh: '恢复默认', en: 'Reset to the default' },
  resetDone: { zh: '已恢复为内置默认提示词，任务将使用它。', en: 'Back to the built-in default prompt; the job will use it.' },
  closeEditor: { zh: '关闭', en: 'Close' },
  closeDiscarding: { zh: '关闭（放弃未保存的修改）', en: 'Close (discard unsaved changes)' },
} as const;

export type PromptStringKey = keyof typeof PROMPT_STRINGS;

export const VARIABLE_DESCRIPTION: Record<PreAnnotationVariable, PromptStringKey> = {
  codebook_name: 'var_codebook_name',
  codebook_version: 'var_codebook_version',
  fields: 'var_fields',
  answer_format: 'var_answer_format',
  first_turn: 'var_first_turn',
  last_turn: 'var_last_turn',
  turn_count: 'var_turn_count',
  turns: 'var_turns',
};

export const { text: promptText, useText: usePromptText } = featureText<PromptStringKey>(PROMPT_STRINGS);
