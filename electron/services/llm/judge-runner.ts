/**
 * The judge job kind (issue 13): one work item is one dialogue on one judge connection, as one
 * of the job's samples, asked in one call for every rubric of the set. The prompt, schema and
 * answer check are shared/judge's; the sample index and the rubric set's hash are in the cache
 * key, so each sample is its own paid answer and a resumed job asks none again. An answer that
 * is malformed, misses or repeats a rubric or scores out of range is asked again (the endpoint
 * caller's bounded retries), then the item fails with every reason and no score. Where the
 * endpoint returns logprobs, each score gets G-Eval's expected score beside it.
 */
import type { JobDefinition, JobItemOutcome, JobWorkItem } from '../../../shared/jobs';
import {
  expectedScore,
  judgeAnswerSchema,
  judgeCacheKeyInput,
  judgeMessages,
  judgeParameterProblems,
  judgePrompt,
  judgeResponseFormat,
  readJudgeAnswer,
  rubricSetRef,
  scoreTokenAlternatives,
  type JudgeJobDefinition,
  type JudgeJobParameters,
  type JudgeJobPayload,
  type JudgeJobScore,
} from '../../../shared/judge';
import { callCost, RESPONSE_FORMAT_LADDER, samplingFor, type LlmConnection, type StoredCall } from '../../../shared/llm';
import { ItemRecalled, type JobKindRunner } from '../jobs/job-runner';
import { definitionInvalid, itemUnknown } from '../jobs/job-stops';
import { callFailureReason, endpointStop } from './call-reasons';
import type { CallRecord, CallSpec, Validation } from './endpoint-caller';
import { EndpointPool, parallelOf, type LlmRunnerDeps } from './endpoint-pool';
import { abandonBatches, judgeBatchPhase } from './judge-batch-phase';
import type { AnswerTokenLogprob, ResponseFormat } from './llm-client';
import { stopsTheJob } from './retry-policy';

export type JudgeRunnerDeps = LlmRunnerDeps;

/** Per call: a judge answer is short (max_tokens 1024), but a busy server may queue it. */
export const JUDGE_TIMEOUT_MS = 300_000;

function storedCall(record: CallRecord, prompt: { version: string; hash: string }): StoredCall {
  return { ...record, parameters: { ...record.parameters }, template: record.template ? { id: 'judge', version: prompt.version, hash: prompt.hash } : null };
}

/**
 * What each judge call of a job asks, the same for the runner and for a Batch API run (whose
 * answers go to the cache under the same keys): the prompt built once, per item the request,
 * the response-format ladder, the cache key and the answer's check.
 */
export function judgeCallPlan(parameters: JudgeJobParameters) {
  const set = parameters.rubricSet;
  const ranges = new Map(set.rubrics.map((rubric) => [rubric.id, rubric.range]));
  // the set's own expert anchors unless the job names its examples (an empty list: none)
  const fewShot = parameters.fewShot ?? set.expertExamples;
  const prompt = judgePrompt({ rubricSet: set, language: parameters.language, reasoningFirst: parameters.reasoningFirst, fewShot });
  const schema = judgeAnswerSchema(set, { reasoningFirst: parameters.reasoningFirst });
  const formats = RESPONSE_FORMAT_LADDER.map((mode) => (judgeResponseFormat(mode, schema) ?? null) as ResponseFormat);
  const ref = rubricSetRef(set);
  const topLogprobs = parameters.topLogprobs ?? 0;
  const dialogues = new Map(parameters.dialogues.map((dialogue) => [dialogue.id, dialogue]));

  const validate = (content: string, logprobs?: readonly AnswerTokenLogprob[] | null): Validation<JudgeJobScore[]> => {
    const checked = readJudgeAnswer(set, content);
    if (!checked.ok) return { ok: false, reasons: checked.problems.map((problem) => problem.message) };
    if (topLogprobs === 0) return { ok: true, value: checked.scores.map(({ rubric, score, rationale }) => ({ rubric, score, rationale })) };
    const alternatives = logprobs ? scoreTokenAlternatives(logprobs) : new Map();
    return {
      ok: true,
      value: checked.scores.map(({ rubric, score, rationale }) => {
        const found = alternatives.get(rubric);
        return { rubric, score, rationale, expected: found ? expectedScore(found, ranges.get(rubric)!).value : null };
      }),
    };
  };

  const call = (connection: LlmConnection, item: JobWorkItem): CallSpec<JudgeJobScore[]> => {
    const dialogue = dialogues.get(item.itemId);
    if (!dialogue) throw itemUnknown('dialogue');
    const chosen = { ...samplingFor(connection, 'judge'), ...parameters.sampling };
    // a fixed seed would make every sample the same draw: sample k is asked with seed + k
    const sampling = chosen.seed !== undefined ? { ...chosen, seed: chosen.seed + item.sample } : chosen;
    const messages = judgeMessages(prompt, dialogue);
    return {
      request: { model: connection.model, messages, ...sampling, ...(topLogprobs > 0 ? { logprobs: true, top_logprobs: topLogprobs } : {}) },
      formats,
      cacheKey: judgeCacheKeyInput({ baseURL: connection.baseURL, model: connection.model, messages, sampling, responseSchema: schema, sampleIndex: item.sample, rubricSetHash: ref.hash, topLogprobs }),
      template: { id: `judge@${prompt.ref.version}`, hash: prompt.ref.hash },
      validate,
    };
  };
  return { prompt, ref, formats, validate, call };
}

export function judgeRunner(deps: JudgeRunnerDeps): JobKindRunner<JudgeJobPayload> {
  const pool = new EndpointPool(deps, JUDGE_TIMEOUT_MS);
  return {
    kind: 'judge',
    priced: (definition: JobDefinition) => pool.priced(definition),
    abandoned: (definition, context) => abandonBatches(deps, definition, context, deps.timeoutMs ?? JUDGE_TIMEOUT_MS),
    async open(untyped: JobDefinition, context) {
      const definition = untyped as JudgeJobDefinition;
      const { parameters } = definition;
      // a journal edited on disk, or a definition built past the IPC check, is not run
      const problems = judgeParameterProblems(definition);
      if (problems.length > 0) throw definitionInvalid('judge', `The judge job cannot run: ${problems.slice(0, 5).join('; ')}`);
      const endpoints = await pool.open(definition);
      const plan = judgeCallPlan(parameters);
      const dialogues = new Map(parameters.dialogues.map((dialogue) => [dialogue.id, dialogue]));
      const batch = parameters.batch ? judgeBatchPhase({ deps, definition, settings: parameters.batch, endpoints, plan, judgeParameters: parameters, context, timeoutMs: deps.timeoutMs ?? JUDGE_TIMEOUT_MS }) : null;

      return {
        parallel: parallelOf(endpoints),
        ...(batch ? { prepare: batch.prepare } : {}),
        async run(item, signal, recall): Promise<JobItemOutcome<JudgeJobPayload>> {
          const endpoint = endpoints.get(item.connectionId);
          const dialogue = dialogues.get(item.itemId);
          if (!endpoint || !dialogue) throw itemUnknown(endpoint ? 'dialogue' : 'connection');
          const { connection, caller } = endpoint;
          const called = await caller.call<JudgeJobScore[]>(plan.call(connection, item), signal, recall);
          // an answer the job's own batch put in the cache was paid for: its tokens count, and it is not "cached"
          const paid = called.ok && batch ? await batch.paidUsage(item, called.record.fromCache) : null;
          const result = paid ? { ...called, record: { ...called.record, tokens: paid } } : called;
          const fromCache = result.record.fromCache && !paid;
          const tokens = { ...result.record.tokens };
          const cost = callCost(tokens, connection.price);
          const base = { dialogueId: dialogue.id, connectionId: connection.id, judgeModel: result.record.model, sample: item.sample, rubricSet: plan.ref, prompt: plan.prompt.ref, tokens, cached: fromCache, call: storedCall(result.record, plan.prompt.ref) };
          if (!result.ok) {
            if (result.kind === 'recalled') throw new ItemRecalled();
            if (stopsTheJob(result.kind)) throw endpointStop(connection, result);
            const reasons = result.record.reasons.length > 0 ? [...result.record.reasons] : [result.reason];
            const attempts = result.record.attempts > 1 ? ` (after ${result.record.attempts} attempts)` : '';
            const why = callFailureReason(result.kind, connection.name, result.record.attempts, 'judge');
            return { ok: false, reason: `${reasons.join('; ')}${attempts}`, why, tokens, cost, payload: { ...base, status: 'failed', reasons } };
          }
          return { ok: true, payload: { ...base, status: 'valid', scores: result.value }, cached: fromCache, tokens, cost };
        },
      };
    },
  };
}
