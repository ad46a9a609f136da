/**
 * The answers of an LLM endpoint as an input surface: the scripted server (tests/support/llm-server)
 * answers `annotate` or `judge`, run through the built CLI by runners/llm.ts, with a body that
 * drips or never ends, one too large, a connection closed mid-body, an HTML error page, a 200 that
 * is not JSON or not a chat completion, an answer of the wrong shape, a huge retry-after, the key
 * echoed back. Each must fail its dialogue or line with a clear reason (file:line on stderr, exit 1)
 * within the hang guard, never print the key; a valid answer must be read. The timeouts are short
 * (--timeout 1) so five attempts stay far inside the guard.
 */
import { join, writeBytes } from '../builders';
import type { Expectation, FaultKind } from './kind';

/** What runners/llm.ts reads from the kind's file: the command, the server's script and the extra options. */
export interface LlmAnswerPlan {
  command: 'annotate' | 'judge';
  /** a script name of runners/llm.ts (SCRIPTS) */
  script: string;
  args: string[];
}

const llmKind = (id: string, expect: Expectation, plan: LlmAnswerPlan, mentions: string[] = []): FaultKind => ({
  id,
  expect,
  runner: 'llm',
  cli: null,
  app: false,
  mentions,
  build: (dir) => writeBytes(join(dir, 'plan.json'), JSON.stringify(plan)),
});

const annotate = (script: string, ...args: string[]): LlmAnswerPlan => ({ command: 'annotate', script, args });
const judge = (script: string, ...args: string[]): LlmAnswerPlan => ({ command: 'judge', script, args });

export const LLM_ANSWER_KINDS: readonly FaultKind[] = [
  llmKind('llm/drip-past-timeout', 'refused', annotate('drip', '--timeout', '1'), ['in time']),
  llmKind('llm/endless-body', 'refused', annotate('endless', '--timeout', '1'), ['in time']),
  llmKind('llm/oversized-chunked', 'refused', annotate('oversized-chunked', '--max-answer-mb', '1'), ['larger than the 1 MB limit']),
  llmKind('llm/oversized-announced', 'refused', annotate('oversized-announced'), ['larger than the 8 MB limit', 'announced 50.0 MB']),
  llmKind('llm/closed-mid-body', 'refused', annotate('mid-body'), ['dropped']),
  llmKind('llm/html-error-page', 'refused', annotate('html-page'), ['502']),
  llmKind('llm/200-not-json', 'refused', annotate('not-json'), ['could not be read']),
  llmKind('llm/json-not-a-completion', 'refused', annotate('not-a-completion'), ['no choices[0].message.content']),
  llmKind('llm/answer-of-wrong-shape', 'refused', annotate('wrong-shape'), ['not annotated']),
  llmKind('llm/huge-retry-after', 'refused', annotate('huge-retry-after'), ['Rate limited (429)']),
  llmKind('llm/key-echoed', 'refused', annotate('key-echoed'), ['[key]']),
  llmKind('llm/judge-endless-body', 'refused', judge('endless', '--timeout', '1'), ['in time']),
  llmKind('llm/judge-oversized', 'refused', judge('oversized-chunked', '--max-answer-mb', '1'), ['larger than the 1 MB limit']),
  llmKind('llm/judge-closed-mid-body', 'refused', judge('mid-body'), ['dropped']),
  llmKind('llm/valid-annotations', 'accepted', annotate('valid')),
  llmKind('llm/valid-scores', 'accepted', judge('valid')),
];
