import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { AnswerScript, UsageTokens } from './scripts';

/** The JSON bodies the scripted server sends, shaped as OpenAI's. */

// Fixed rather than the clock, so two runs of a test see the same bodies.
const CREATED_SECONDS = 1_700_000_000;

export interface ErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

export function errorBody(message: string, type: string, code: string | null, param: string | null = null): ErrorBody {
  return { error: { message, type, param, code } };
}

/**
 * The server's token count: one token per 4 characters (code points), rounded up. Simple on
 * purpose, so a test can compute the usage it expects.
 */
export function countTokens(text: string): number {
  return Math.ceil(Array.from(text).length / 4);
}

/** The text of a message: its string content, or its text parts joined with line feeds. */
export function messageText(message: ChatCompletionMessageParam): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (typeof part === 'object' && part !== null && 'text' in part ? String(part.text) : ''))
    .join('\n');
}

/** Counted prompt tokens: the messages' texts only (no per-message overhead). */
export function promptTokens(messages: readonly ChatCompletionMessageParam[]): number {
  return messages.reduce((sum, message) => sum + countTokens(messageText(message)), 0);
}

export function usageFor(
  messages: readonly ChatCompletionMessageParam[],
  content: string,
  overrides: Partial<UsageTokens> = {},
): UsageTokens {
  const prompt = overrides.prompt_tokens ?? promptTokens(messages);
  const completion = overrides.completion_tokens ?? countTokens(content);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: overrides.total_tokens ?? prompt + completion };
}

export function chatCompletionBody(
  request: ChatCompletionCreateParamsNonStreaming,
  script: AnswerScript,
  chatIndex: number,
): ChatCompletion {
  return {
    id: `chatcmpl-test-${chatIndex}`,
    object: 'chat.completion',
    created: CREATED_SECONDS,
    model: script.model ?? request.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: script.content, refusal: null },
        finish_reason: script.finishReason ?? 'stop',
        logprobs: script.logprobs && (request as { logprobs?: unknown }).logprobs === true ? ({ content: script.logprobs.map((token) => ({ ...token, bytes: null, top_logprobs: token.top_logprobs.map((alt) => ({ ...alt, bytes: null })) })), refusal: null } as ChatCompletion.Choice['logprobs']) : null,
      },
    ],
    usage: usageFor(request.messages, script.content, script.usage),
  };
}

export function modelListBody(ids: readonly string[]) {
  return {
    object: 'list' as const,
    data: ids.map((id) => ({ id, object: 'model' as const, created: CREATED_SECONDS, owned_by: 'maieutic-test' })),
  };
}
