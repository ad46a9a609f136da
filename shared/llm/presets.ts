import type { ConcurrencyLimits, LlmConnection } from './connection';

export interface ConnectionPreset {
  id: string;
  name: string;
  baseURL: string;
  /** local servers take any key or none */
  needsKey: boolean;
  concurrency: ConcurrencyLimits;
  /** shown as the model field's placeholder, never filled in: model names change faster than this list */
  modelExample: string;
}

const CLOUD: ConcurrencyLimits = { start: 4, min: 1, max: 16 };
/** a local server usually runs one or a few requests at a time on one GPU */
const LOCAL: ConcurrencyLimits = { start: 1, min: 1, max: 4 };

export const CONNECTION_PRESETS: readonly ConnectionPreset[] = [
  { id: 'openai', name: 'OpenAI', baseURL: 'https://api.openai.com/v1', needsKey: true, concurrency: CLOUD, modelExample: 'gpt-4o-mini' },
  { id: 'deepseek', name: 'DeepSeek', baseURL: 'https://api.deepseek.com/v1', needsKey: true, concurrency: CLOUD, modelExample: 'deepseek-chat' },
  { id: 'dashscope', name: 'DashScope (Qwen)', baseURL: 'https://dashscope.aliyuncs.com/compatible-mode/v1', needsKey: true, concurrency: CLOUD, modelExample: 'qwen3-32b' },
  { id: 'ollama', name: 'Ollama', baseURL: 'http://127.0.0.1:11434/v1', needsKey: false, concurrency: LOCAL, modelExample: 'qwen3:32b' },
  // vLLM batches concurrent requests on the GPU, so it takes more at once than the other local servers
  { id: 'vllm', name: 'vLLM', baseURL: 'http://127.0.0.1:8000/v1', needsKey: false, concurrency: { start: 4, min: 1, max: 32 }, modelExample: 'Qwen/Qwen3-32B' },
  { id: 'lm-studio', name: 'LM Studio', baseURL: 'http://127.0.0.1:1234/v1', needsKey: false, concurrency: LOCAL, modelExample: 'qwen3-32b' },
  { id: 'llama-cpp', name: 'llama.cpp server', baseURL: 'http://127.0.0.1:8080/v1', needsKey: false, concurrency: LOCAL, modelExample: 'the model the server was started with' },
];

export function presetById(id: string): ConnectionPreset | undefined {
  return CONNECTION_PRESETS.find((preset) => preset.id === id);
}

/** A new connection from a preset; the user names the model, and a key is set (or not) afterwards. */
export function connectionFromPreset(preset: ConnectionPreset, args: { id: string; model: string; name?: string }): LlmConnection {
  return {
    id: args.id,
    name: args.name ?? (args.model ? `${preset.name} · ${args.model}` : preset.name),
    baseURL: preset.baseURL,
    model: args.model,
    extraHeaders: {},
    sampling: {},
    concurrency: { ...preset.concurrency },
    keySet: false,
  };
}
