import type { Codebook } from '../codebook/types';
import type { DialogueTurn } from './dialogue-turn';
import { checkPromptTemplate, type PreAnnotationVariable, type PromptTemplate, type PromptTemplateRef, renderTemplate, templateRef } from './prompt-template';
import { bilingual, describeAnswerFormat, describeFields, speakerName } from './prompt-fields';
import type { TurnWindow } from './windows';

/** A chat message as the OpenAI API takes it (a subset of the client's ChatCompletionMessageParam). */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface PreAnnotationMessages {
  messages: ChatMessage[];
  window: TurnWindow;
  /** what a stored result records of the prompt */
  template: PromptTemplateRef;
}

/**
 * One line per turn, numbered as in the dialogue. The utterance is written as a JSON string: a
 * line break or a quote in it cannot start a line that looks like another turn.
 */
export function turnLines(codebook: Codebook, turns: readonly DialogueTurn[], window: TurnWindow): string {
  const lines: string[] = [];
  for (let index = window.start; index < window.end; index++) {
    const turn = turns[index];
    lines.push(`Turn ${index + 1} · ${speakerName(codebook, turn.speaker)}: ${JSON.stringify(turn.utterance)}`);
  }
  return lines.join('\n');
}

/** The variables whose values come from the codebook alone: the same for every call of a job. */
export function codebookPromptValues(codebook: Codebook): Record<string, string> {
  return {
    codebook_name: bilingual(codebook.name) || codebook.id,
    codebook_version: codebook.version,
    fields: describeFields(codebook),
    answer_format: describeAnswerFormat(codebook),
  };
}

/** The variables whose values depend on the window asked for. */
export const WINDOW_VARIABLES: readonly PreAnnotationVariable[] = ['first_turn', 'last_turn', 'turn_count', 'turns'];

export function windowPromptValues(codebook: Codebook, turns: readonly DialogueTurn[], window: TurnWindow): Record<string, string> {
  return {
    first_turn: String(window.start + 1),
    last_turn: String(window.end),
    turn_count: String(window.end - window.start),
    turns: turnLines(codebook, turns, window),
  };
}

/**
 * The messages asking for one dialogue, or one window of its turns (the whole dialogue when no
 * window is given). Built from the codebook, so a custom codebook gets a matching prompt. Throws
 * for a template checkPromptTemplate refuses, a codebook preAnnotationCodebookProblems refuses,
 * or a window outside the dialogue.
 */
export function buildPreAnnotationMessages(args: { codebook: Codebook; template: PromptTemplate; turns: readonly DialogueTurn[]; window?: TurnWindow }): PreAnnotationMessages {
  const { codebook, template, turns } = args;
  const window = args.window ?? { start: 0, end: turns.length };
  if (!(Number.isInteger(window.start) && Number.isInteger(window.end) && window.start >= 0 && window.end <= turns.length && window.start < window.end)) {
    throw new RangeError(`The window ${window.start}-${window.end} does not lie within the dialogue's ${turns.length} turns.`);
  }
  const problems = checkPromptTemplate(template);
  if (problems.length > 0) throw new Error(`The prompt template ${template.id} cannot be used: ${problems.join('; ')}.`);
  const values = { ...codebookPromptValues(codebook), ...windowPromptValues(codebook, turns, window) };
  const messages: ChatMessage[] = [];
  const system = renderTemplate(template.system, values);
  if (system.trim().length > 0) messages.push({ role: 'system', content: system });
  messages.push({ role: 'user', content: renderTemplate(template.user, values) });
  return { messages, window, template: templateRef(template) };
}
