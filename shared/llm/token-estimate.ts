/**
 * Token counts estimated from the text, before a job is started: an estimate, not a tokenizer.
 * Models tokenize differently (and the app does not know which tokenizer an endpoint uses), so
 * the rule is one any reader can check by hand:
 *
 * - a CJK character (Han, kana, Hangul, CJK and full-width punctuation) is about 1 token;
 * - other text is about 4 characters (code points) per token, rounded up per message;
 * - each message adds MESSAGE_OVERHEAD_TOKENS for its role and delimiters.
 *
 * The true count of a real tokenizer may differ by a fair share either way; the app shows the
 * endpoint's own counts once calls are made.
 */
import type { Codebook } from '../codebook/types';
import { askedFields } from './asked-fields';
import { callCost, type TokenPrice } from './connection';
import type { DialogueTurn } from './dialogue-turn';
import { type ChatMessage, codebookPromptValues, WINDOW_VARIABLES, windowPromptValues } from './messages';
import { checkPromptTemplate, type PromptTemplate, renderTemplate, templateVariables } from './prompt-template';
import { DEFAULT_WINDOW, turnWindows, type WindowOptions } from './windows';

export const MESSAGE_OVERHEAD_TOKENS = 4;
export const OTHER_CHARACTERS_PER_TOKEN = 4;

/**
 * The answer's size, per call: its wrapper (`{"turns": [ … ]}`), each turn's number, and each
 * asked field's key and value, from a short `"key": null` to a list of two long codes.
 */
export const ANSWER_WRAPPER_TOKENS = 6;
export const ANSWER_TURN_TOKENS = 4;
export const ANSWER_FIELD_TOKENS: Readonly<TokenRange> = { low: 6, high: 12 };

export interface TokenRange {
  low: number;
  high: number;
}

function isCjk(code: number): boolean {
  return (
    (code >= 0x2e80 && code <= 0x9fff) || // radicals, CJK punctuation, kana, bopomofo, Extension A, unified ideographs
    (code >= 0xac00 && code <= 0xd7af) || // Hangul syllables
    (code >= 0xf900 && code <= 0xfaff) || // compatibility ideographs
    (code >= 0xfe30 && code <= 0xfe4f) || // compatibility forms
    (code >= 0xff00 && code <= 0xffef) || // full-width forms
    (code >= 0x20000 && code <= 0x3ffff) // Extensions B and on
  );
}

interface CharacterCounts {
  cjk: number;
  other: number;
}

function countCharacters(text: string): CharacterCounts {
  let cjk = 0;
  let other = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.codePointAt(at)!;
    if (code > 0xffff) at++;
    if (isCjk(code)) cjk++;
    else other++;
  }
  return { cjk, other };
}

/** The estimated tokens of a text on its own (no message overhead). */
export function estimateTextTokens(text: string): number {
  const { cjk, other } = countCharacters(text);
  return cjk + Math.ceil(other / OTHER_CHARACTERS_PER_TOKEN);
}

/** The estimated input tokens of one call's messages. */
export function estimateMessagesTokens(messages: readonly ChatMessage[]): number {
  return messages.reduce((sum, message) => sum + MESSAGE_OVERHEAD_TOKENS + estimateTextTokens(message.content), 0);
}

/** The estimated output tokens of one answer for `turnCount` turns with `fieldCount` asked fields. */
export function estimateAnswerTokens(turnCount: number, fieldCount: number): TokenRange {
  const per = (fieldTokens: number) => ANSWER_WRAPPER_TOKENS + turnCount * (ANSWER_TURN_TOKENS + fieldCount * fieldTokens);
  return { low: per(ANSWER_FIELD_TOKENS.low), high: per(ANSWER_FIELD_TOKENS.high) };
}

export interface JobTokenEstimate {
  /** calls for one connection: one per window of every dialogue */
  calls: number;
  input: number;
  output: TokenRange;
}

/**
 * What one connection's calls of a pre-annotation job would take: every window of every
 * dialogue, as the job asks them (the same windows and messages), without the cache (answers
 * already cached cost nothing). The system text is rendered once when it uses no window
 * variable. Throws for a template checkPromptTemplate refuses.
 */
export function estimatePreAnnotationJob(args: { codebook: Codebook; template: PromptTemplate; dialogues: readonly { turns: readonly DialogueTurn[] }[]; window?: WindowOptions }): JobTokenEstimate {
  const { codebook, template } = args;
  const problems = checkPromptTemplate(template);
  if (problems.length > 0) throw new Error(`The prompt template ${template.id} cannot be used: ${problems.join('; ')}.`);
  const fixed = codebookPromptValues(codebook);
  const fieldCount = askedFields(codebook).length;
  const systemPerWindow = templateVariables(template.system).some((name) => (WINDOW_VARIABLES as readonly string[]).includes(name));
  const systemTokens = (values: Record<string, string>) => {
    const system = renderTemplate(template.system, values);
    return system.trim().length > 0 ? MESSAGE_OVERHEAD_TOKENS + estimateTextTokens(system) : 0;
  };
  const fixedSystem = systemPerWindow ? 0 : systemTokens(fixed);
  const estimate: JobTokenEstimate = { calls: 0, input: 0, output: { low: 0, high: 0 } };
  for (const { turns } of args.dialogues) {
    for (const window of turnWindows(turns.length, args.window ?? DEFAULT_WINDOW)) {
      const values = { ...fixed, ...windowPromptValues(codebook, turns, window) };
      estimate.calls++;
      estimate.input += (systemPerWindow ? systemTokens(values) : fixedSystem) + MESSAGE_OVERHEAD_TOKENS + estimateTextTokens(renderTemplate(template.user, values));
      const answer = estimateAnswerTokens(window.end - window.start, fieldCount);
      estimate.output.low += answer.low;
      estimate.output.high += answer.high;
    }
  }
  return estimate;
}

/** The job's cost range at `price`, or null when the connection has no price. */
export function estimateJobCost(estimate: JobTokenEstimate, price: TokenPrice | undefined): TokenRange | null {
  const low = callCost({ input: estimate.input, output: estimate.output.low }, price);
  const high = callCost({ input: estimate.input, output: estimate.output.high }, price);
  return low === null || high === null ? null : { low, high };
}
