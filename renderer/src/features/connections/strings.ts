/** The model connections' words in Settings (zh/en). */
import { featureText } from '../../i18n/feature-strings';

export const CONNECTION_STRINGS = {
  title: { zh: '模型连接', en: 'Model connections' },
  intro: {
    zh: '任何兼容 OpenAI 接口的服务：云端（OpenAI、DeepSeek、通义千问）或本机（Ollama、vLLM、LM Studio、llama.cpp）。只有在你启动任务或测试连接时才会联网。',
    en: 'Any OpenAI-compatible endpoint: in the cloud (OpenAI, DeepSeek, Qwen) or on this machine (Ollama, vLLM, LM Studio, llama.cpp). The network is used only when you start a job or test a connection.',
  },
  none: { zh: '还没有连接。从下面选一个预设添加。', en: 'No connection yet. Add one from a preset below.' },
  preset: { zh: '预设', en: 'Preset' },
  add: { zh: '添加连接', en: 'Add connection' },
  edit: { zh: '编辑', en: 'Edit' },
  delete: { zh: '删除', en: 'Delete' },
  deleteTitle: { zh: '删除连接“{name}”？', en: 'Delete the connection “{name}”?' },
  deleteBody: { zh: '连接和它的密钥都会删除。已经生成的标注层保留。', en: 'The connection and its key are deleted. Layers it already produced are kept.' },
  test: { zh: '测试连接', en: 'Test connection' },
  testing: { zh: '正在测试…', en: 'Testing…' },
  testOk: { zh: '连接成功，服务列出 {n} 个模型：{models}', en: 'Connected; the endpoint lists {n} models: {models}' },
  testModelMissing: { zh: '注意：列表中没有模型“{model}”。', en: 'Note: the model “{model}” is not in the list.' },
  testFailed: { zh: '连接失败：{message}', en: 'The connection failed: {message}' },
  keySet: { zh: '已设置密钥', en: 'key set' },
  noKey: { zh: '未设置密钥', en: 'no key' },
  name: { zh: '名称', en: 'Name' },
  baseURL: { zh: '接口地址（Base URL）', en: 'Base URL' },
  model: { zh: '模型', en: 'Model' },
  organization: { zh: '组织（可选）', en: 'Organisation (optional)' },
  family: { zh: '模型家族（可选）', en: 'Model family (optional)' },
  familyPlaceholder: { zh: '如 deepseek、qwen、gpt', en: 'e.g. deepseek, qwen, gpt' },
  familyHint: {
    zh: '用作评审模型时，用于检查“自我偏好”：评审模型是否给同家族教学模型的对话打更高分。不知道就留空。',
    en: 'When this connection judges, its family is used for the self-preference check: does it score dialogues of its own family’s teacher models higher? Leave empty when unknown.',
  },
  priceIn: { zh: '输入价格（每百万词元）', en: 'Input price per million tokens' },
  priceOut: { zh: '输出价格（每百万词元）', en: 'Output price per million tokens' },
  priceHint: { zh: '两项都填才计算费用；不填则费用显示为“未知”。', en: 'Fill in both to see costs; otherwise cost is shown as unknown.' },
  concurrencyStart: { zh: '并发：起始', en: 'Concurrency: start' },
  concurrencyMin: { zh: '并发：最小', en: 'Concurrency: min' },
  concurrencyMax: { zh: '并发：最大', en: 'Concurrency: max' },
  maxAnswerMB: { zh: '回答大小上限（MB，可选）', en: 'Largest answer, MB (optional)' },
  maxAnswerHint: {
    zh: '超过这个大小的回答不再读取，这次调用记为失败（回答过大）。留空即 {mb} MB，对任何聊天回答都足够。',
    en: 'An answer larger than this is not read further and the call fails (answer too large). Empty means {mb} MB, plenty for any chat answer.',
  },
  apiKey: { zh: 'API 密钥', en: 'API key' },
  apiKeyPlaceholderSet: { zh: '已设置；输入新密钥可替换', en: 'set; type a new key to replace it' },
  apiKeyPlaceholderNone: { zh: '本机服务通常不需要', en: 'local servers usually need none' },
  apiKeyHint: { zh: '密钥只发送给主进程加密保存，界面上不再显示。', en: 'The key goes to the main process to be stored encrypted and is never shown again.' },
  removeKey: { zh: '删除已保存的密钥', en: 'Remove the stored key' },
  save: { zh: '保存连接', en: 'Save connection' },
  cancel: { zh: '取消', en: 'Cancel' },
  saved: { zh: '已保存', en: 'Saved' },
  saveFailed: { zh: '无法保存：{message}', en: 'Could not save: {message}' },
  problems: { zh: '请先修正：{message}', en: 'Fix first: {message}' },
  storage_basic_text: {
    zh: '注意：这台电脑没有系统钥匙串（Linux 上常见），密钥只用一个公开的固定密钥加密保存，任何能读取你用户目录的人都能解出。请只用权限有限的密钥。',
    en: 'Note: this computer has no system keyring (common on Linux), so keys are stored encrypted with a fixed, public key: anyone who can read your user folder can recover them. Use keys with limited rights.',
  },
  storage_unavailable: { zh: '注意：这里无法加密保存密钥，因此不能设置密钥。本机服务不需要密钥仍可使用。', en: 'Note: keys cannot be stored encrypted here, so no key can be set. Local servers that need no key still work.' },
  'storage_os-keyring': { zh: '密钥由系统钥匙串加密保存。', en: 'Keys are stored encrypted by the system keyring.' },
  storage_environment: { zh: '密钥来自环境变量。', en: 'Keys come from environment variables.' },
  storage_memory: { zh: '密钥只保存在内存中，退出后即消失。', en: 'Keys are kept in memory only and are gone when the app quits.' },
} as const;

export type ConnectionStringKey = keyof typeof CONNECTION_STRINGS;

export const { text: connectionText, useText: useConnectionText } = featureText<ConnectionStringKey>(CONNECTION_STRINGS);
