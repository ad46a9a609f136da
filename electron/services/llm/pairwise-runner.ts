/**
 * The pairwise judge job kind (issue 13): one work item is one pair shown in one order (A's
 * dialogue first, or B's) on one judge connection, as one of the job's samples. The verdict
 * names a position; it is mapped back to the models here (winner), and only the report decides
 * which pairs were consistent. The pair, its order, the sample and the rubric set's hash are in
 * the cache key, so a resumed or repeated job asks nothing twice. An answer that is no JSON or
 * holds no verdict of first/second/tie is asked again (the endpoint caller's bounded retries),
 * then the item fails with every reason and no verdict: it is never counted.
 */
import type { JobDefinition, JobItemOutcome, JobWorkItem } from '../../../shared/jobs';
import {
  judgedPayload,
  pairwiseAnswerSchema,
  pairwiseCacheKeyInput,
  pairwiseMessages,
  pairwiseParameterProblems,
  pairwisePrompt,
  pairwiseResponseFormat,
  parsePairwiseItemId,
  readPairwiseAnswer,
  rubricSetRef,
  type PairwiseJobDefinition,
  type PairwiseJobParameters,
  type PairwiseJobPayload,
  type PositionVerdict,
} from '../../../shared/judge';
import { callCost, RESPONSE_FORMAT_LADDER, samplingFor, type LlmConnection, type SamplingParameters, type StoredCall } from '../../../shared/llm';
import { ItemRecalled, type JobKindRunner } from '../jobs/job-runner';
import { definitionInvalid, itemUnknown } from '../jobs/job-stops';
import { callFailureReason, endpointStop } from './call-reasons';
import type { CallRecord, CallSpec, Validation } from './endpoint-caller';
import { EndpointPool, parallelOf, type LlmRunnerDeps } from './endpoint-pool';
import { abandonBatches, judgeBatchPhase } from './judge-batch-phase';
import { JUDGE_TIMEOUT_MS } from './judge-runner';
import type { ResponseFormat } from './llm-client';
import { stopsTheJob } from './retry-policy';

interface Verdict {
  verdict: PositionVerdict;
  rationale: string;
}

function definedOnly(sampling: SamplingParameters | undefined): SamplingParameters {
  return Object.fromEntries(Object.entries(sampling ?? {}).filter(([, value]) => value !== undefined));
}

function storedCall(record: CallRecord, prompt: { version: string; hash: string }): StoredCall {
  return { ...record, parameters: { ...record.parameters }, template: record.template ? { id: 'judge-pairwise', version: prompt.version, hash: prompt.hash } : null };
}

/** What each pairwise call of a job asks: the prompt built once, per item the two dialogues in its order, the cache key and the verdict's check. */
export function pairwiseCallPlan(parameters: PairwiseJobParameters) {
  const prompt = pairwisePrompt({ rubricSet: parameters.rubricSet, language: parameters.language, reasoningFirst: parameters.reasoningFirst });
  const schema = pairwiseAnswerSchema({ reasoningFirst: parameters.reasoningFirst });
  const formats = RESPONSE_FORMAT_LADDER.map((mode) => (pairwiseResponseFormat(mode, schema) ?? null) as ResponseFormat);
  const ref = rubricSetRef(parameters.rubricSet);
  const dialogues = new Map(parameters.dialogues.map((dialogue) => [dialogue.id, dialogue]));
  const pairs = new Map(parameters.pairs.map((pair) => [pair.id, pair]));

  const validate = (content: string): Validation<Verdict> => {
    const checked = readPairwiseAnswer(content);
    return checked.ok ? { ok: true, value: { verdict: checked.verdict, rationale: checked.rationale } } : { ok: false, reasons: checked.problems };
  };

  /** The pair and order of an item, with its two dialogues; JobStop for an item the job does not carry. */
  const itemOf = (item: JobWorkItem) => {
    const parsed = parsePairwiseItemId(item.itemId);
    const pair = parsed ? pairs.get(parsed.pairId) : undefined;
    const a = pair ? dialogues.get(pair.a) : undefined;
    const b = pair ? dialogues.get(pair.b) : undefined;
    if (!parsed || !pair || !a || !b) throw itemUnknown('pair', ` (${JSON.stringify(item.itemId)})`);
    return { pair, order: parsed.order, a, b };
  };

  const call = (connection: LlmConnection, item: JobWorkItem): CallSpec<Verdict> => {
    const { pair, order, a, b } = itemOf(item);
    // a pairwise judge is a judge: the connection's judge settings, then any it sets for pairwise alone, then the job's
    const chosen = { ...samplingFor(connection, 'judge'), ...definedOnly(connection.sampling['judge-pairwise']), ...parameters.sampling };
    const sampling = chosen.seed !== undefined ? { ...chosen, seed: chosen.seed + item.sample } : chosen;
    const messages = order === 'ab' ? pairwiseMessages(prompt, a, b) : pairwiseMessages(prompt, b, a);
    return {
      request: { model: connection.model, messages, ...sampling },
      formats,
      cacheKey: pairwiseCacheKeyInput({ baseURL: connection.baseURL, model: connection.model, messages, sampling, responseSchema: schema, pairId: pair.id, order, sampleIndex: item.sample, rubricSetHash: ref.hash }),
      template: { id: `judge-pairwise@${prompt.ref.version}`, hash: prompt.ref.hash },
      validate,
    };
  };
  return { prompt, ref, formats, validate, call, itemOf };
}

export function pairwiseRunner(deps: LlmRunnerDeps): JobKindRunner<PairwiseJobPayload> {
  const pool = new EndpointPool(deps, JUDGE_TIMEOUT_MS);
  return {
    kind: 'judge-pairwise',
    priced: (definition: JobDefinition) => pool.priced(definition),
    abandoned: (definition, context) => abandonBatches(deps, definition, context, deps.timeoutMs ?? JUDGE_TIMEOUT_MS),
    async open(untyped: JobDefinition, context) {
      const definition = untyped as PairwiseJobDefinition;
      const problems = pairwiseParameterProblems(definition);
      if (problems.length > 0) throw definitionInvalid('judge-pairwise', `The pairwise judge job cannot run: ${problems.slice(0, 5).join('; ')}`);
      const endpoints = await pool.open(definition);
      const plan = pairwiseCallPlan(definition.parameters);
      const settings = definition.parameters.batch;
      const batch = settings ? judgeBatchPhase({ deps, definition, settings, endpoints, plan, context, timeoutMs: deps.timeoutMs ?? JUDGE_TIMEOUT_MS }) : null;
      return {
        parallel: parallelOf(endpoints),
        ...(batch ? { prepare: batch.prepare } : {}),
        async run(item, signal, recall): Promise<JobItemOutcome<PairwiseJobPayload>> {
          const endpoint = endpoints.get(item.connectionId);
          if (!endpoint) throw itemUnknown('connection');
          const { pair, order } = plan.itemOf(item);
          const { connection, caller } = endpoint;
          const called = await caller.call<Verdict>(plan.call(connection, item), signal, recall);
          // an answer the job's own batch put in the cache was paid for: its tokens count, and it is not "cached"
          const paid = called.ok && batch ? await batch.paidUsage(item, called.record.fromCache) : null;
          const result = paid ? { ...called, record: { ...called.record, tokens: paid } } : called;
          const fromCache = result.record.fromCache && !paid;
          const tokens = { ...result.record.tokens };
          const cost = callCost(tokens, connection.price);
          const base = { pairId: pair.id, order, dialogueA: pair.a, dialogueB: pair.b, connectionId: connection.id, judgeModel: result.record.model, sample: item.sample, rubricSet: plan.ref, prompt: plan.prompt.ref, tokens, cached: fromCache, call: storedCall(result.record, plan.prompt.ref) };
          if (!result.ok) {
            if (result.kind === 'recalled') throw new ItemRecalled();
            if (stopsTheJob(result.kind)) throw endpointStop(connection, result);
            const reasons = result.record.reasons.length > 0 ? [...result.record.reasons] : [result.reason];
            const attempts = result.record.attempts > 1 ? ` (after ${result.record.attempts} attempts)` : '';
            const why = callFailureReason(result.kind, connection.name, result.record.attempts, 'pairwise');
            return { ok: false, reason: `${reasons.join('; ')}${attempts}`, why, tokens, cost, payload: { ...base, status: 'failed', reasons } };
          }
          return { ok: true, payload: judgedPayload(base, result.value.verdict, result.value.rationale), cached: fromCache, tokens, cost };
        },
      };
    },
  };
}
