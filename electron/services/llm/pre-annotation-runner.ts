/**
 * The pre-annotation job kind: one work item is one dialogue on one connection, asked in one
 * call (or one per window of turns for a very long dialogue) for every asked field of every
 * turn, with the prompt and schema built from the job's codebook (shared/llm). Each answer is
 * extracted tolerantly and checked; only a checked answer becomes labels, and windows are merged
 * by their rule. A refused key or a wrong path stops the job; any other failure fails the item
 * with its reasons, listed for manual review.
 */
import {
  answerSchema,
  buildPreAnnotationMessages,
  cacheKeyInput,
  callCost,
  checkAnswer,
  DEFAULT_WINDOW,
  extractJsonObject,
  mergeWindowAnswers,
  RESPONSE_FORMAT_LADDER,
  responseFormatParameter,
  samplingFor,
  turnWindows,
  type CheckedAnswer,
  type PreAnnotationJobDefinition,
  type PreAnnotationPayload,
  type StoredCall,
} from '../../../shared/llm';
import type { JobDefinition, JobItemOutcome } from '../../../shared/jobs';
import { ItemRecalled, type JobKindRunner } from '../jobs/job-runner';
import { itemUnknown } from '../jobs/job-stops';
import { callFailureReason, endpointStop } from './call-reasons';
import type { Validation } from './endpoint-caller';
import { EndpointPool, parallelOf, type LlmRunnerDeps } from './endpoint-pool';
import type { ResponseFormat } from './llm-client';
import { stopsTheJob } from './retry-policy';

export type PreAnnotationRunnerDeps = LlmRunnerDeps;

/** The default per-call timeout: long answers of a 32B model on a busy server take minutes. */
export const PRE_ANNOTATION_TIMEOUT_MS = 300_000;

export function preAnnotationRunner(deps: PreAnnotationRunnerDeps): JobKindRunner<PreAnnotationPayload> {
  // one caller per connection and key, across jobs: two jobs on one endpoint share its limit
  const pool = new EndpointPool(deps, PRE_ANNOTATION_TIMEOUT_MS);

  return {
    kind: 'pre-annotation',
    priced: (definition: JobDefinition) => pool.priced(definition),
    async open(untyped: JobDefinition) {
      const definition = untyped as PreAnnotationJobDefinition;
      const { parameters } = definition;
      const endpoints = await pool.open(definition);
      const dialogues = new Map(parameters.dialogues.map((dialogue) => [dialogue.id, dialogue]));
      const schema = answerSchema(parameters.codebook);
      const formats = RESPONSE_FORMAT_LADDER.map((mode) => (responseFormatParameter(mode, schema) ?? null) as ResponseFormat);
      return {
        parallel: parallelOf(endpoints),
        async run(item, signal, recall): Promise<JobItemOutcome<PreAnnotationPayload>> {
          const endpoint = endpoints.get(item.connectionId);
          const dialogue = dialogues.get(item.itemId);
          if (!endpoint || !dialogue) throw itemUnknown(endpoint ? 'dialogue' : 'connection');
          const { connection, caller } = endpoint;
          const sampling = { ...samplingFor(connection, 'pre-annotation'), ...parameters.sampling };
          const answers: CheckedAnswer[] = [];
          const calls: StoredCall[] = [];
          const tokens = { input: 0, output: 0 };
          for (const window of turnWindows(dialogue.turns.length, parameters.window ?? DEFAULT_WINDOW)) {
            const built = buildPreAnnotationMessages({ codebook: parameters.codebook, template: parameters.template, turns: dialogue.turns, window });
            const result = await caller.call<CheckedAnswer>(
              {
                request: { model: connection.model, messages: built.messages, ...sampling },
                formats,
                cacheKey: cacheKeyInput({ baseURL: connection.baseURL, model: connection.model, messages: built.messages, sampling, responseSchema: schema, sampleIndex: item.sample }),
                template: { id: `${built.template.id}@${built.template.version}`, hash: built.template.hash },
                validate: (content): Validation<CheckedAnswer> => {
                  const extracted = extractJsonObject(content);
                  if (!extracted.ok) return { ok: false, reasons: [extracted.reason] };
                  const checked = checkAnswer({ codebook: parameters.codebook, turns: dialogue.turns, window, answer: extracted.value });
                  return checked.ok ? { ok: true, value: checked.answer } : { ok: false, reasons: checked.problems.map((problem) => problem.message) };
                },
              },
              signal,
              recall,
            );
            tokens.input += result.record.tokens.input;
            tokens.output += result.record.tokens.output;
            calls.push({ ...result.record, template: result.record.template ? { id: built.template.id, version: built.template.version, hash: built.template.hash } : null });
            if (!result.ok) {
              if (result.kind === 'recalled') throw new ItemRecalled();
              if (stopsTheJob(result.kind)) throw endpointStop(connection, result);
              const where = dialogue.turns.length > window.end - window.start ? ` (turns ${window.start + 1}–${window.end})` : '';
              const why = callFailureReason(result.kind, connection.name, result.record.attempts, 'pre-annotation');
              return { ok: false, reason: `${result.reason}${where}`, why, tokens, cost: callCost(tokens, connection.price) };
            }
            answers.push(result.value);
          }
          const merged = mergeWindowAnswers(dialogue.turns.length, answers);
          const cached = calls.every((call) => call.fromCache);
          return { ok: true, payload: { dialogueId: dialogue.id, connectionId: connection.id, turns: [...merged.turns], calls }, cached, tokens, cost: callCost(tokens, connection.price) };
        },
      };
    },
  };
}
