import OpenAI, { type ClientOptions } from 'openai';
import { afterEach, beforeEach } from 'vitest';
import { startLlmServer, type LlmServerOptions, type LlmTestServer } from '../../support/llm-server';

/** Starts a fresh scripted server before each test of the file and closes it after. */
export function useLlmServer(options: LlmServerOptions = {}): { readonly server: LlmTestServer } {
  const holder: { server?: LlmTestServer } = {};
  beforeEach(async () => {
    holder.server = await startLlmServer(options);
  });
  afterEach(async () => {
    await holder.server?.close();
  });
  return {
    get server() {
      if (!holder.server) throw new Error('the server starts in beforeEach');
      return holder.server;
    },
  };
}

/** The real openai client against the server, without its own retries unless asked for. */
export function clientFor(server: LlmTestServer, options: ClientOptions = {}): OpenAI {
  return new OpenAI({ baseURL: server.baseURL, apiKey: 'sk-test-key', maxRetries: 0, ...options });
}

export function ask(
  client: OpenAI,
  content = 'Label the turns.',
  extra: Partial<OpenAI.ChatCompletionCreateParamsNonStreaming> = {},
) {
  return client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content }], ...extra });
}

/** The error a call rejects with; fails the test when the call succeeds. */
export async function failureOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('the call succeeded; it was expected to fail');
}
