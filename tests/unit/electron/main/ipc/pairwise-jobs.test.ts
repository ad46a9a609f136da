/**
 * Pairwise judge jobs end to end in main (issue 13): jobs.start of kind judge-pairwise over the
 * real services (connection store, registry, pairwise runner, endpoint caller, cache, journal)
 * against the scripted server through the real openai client. Each pair is asked in both
 * orders; the verdicts map back to the models; only consistent ones count; a position-biased
 * judge shows up as a position-inconsistency rate of 1; malformed verdicts fail and are not
 * counted; a resumed or repeated job asks nothing twice.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InvokeHandlers } from '../../../../../shared/ipc/contract';
import type { JobEvent, JobItemEvent } from '../../../../../shared/jobs';
import { pairVerdictsByJudge, pairwiseItemIds, pairwiseJobResult, pairwiseResult, rubricSetHash, SID_RUBRIC_SET, type PairwiseJobDefinition, type PairwiseJobPayload } from '../../../../../shared/judge';
import type { ConnectionSettings } from '../../../../../shared/llm';
import { createHandlers } from '../../../../../electron/main/ipc/handlers';
import { llmHandlerDeps, type LlmServices } from '../../../../../electron/services/llm/llm-services';
import { createFakeDialogs } from '../../../../support/fake-dialogs';
import { pairwiseJudge, pairwiseReply, shownDialogues, startLlmServer, type LlmTestServer } from '../../../../support/llm-server';
import { testLlmServices } from '../../../../support/llm-services';
import { RESOURCES_DIR } from '../../../../support/repo-paths';
import { makeTempDir, type TempDir } from '../../../../support/temp-dir';

const KEY = 'sk-pair-1f2e3d4c5b6a79880a1b2c3d4e5f6071';

function dialogue(id: string) {
  return { id, turns: Array.from({ length: 4 }, (_, index) => ({ speaker: index % 2 === 0 ? ('teacher' as const) : ('student' as const), utterance: `${id} turn ${index + 1}: 为什么月亮有阴晴圆缺？` })) };
}

function definitionFor(pairIds: string[], extra: Partial<PairwiseJobDefinition> = {}, parameters: Partial<PairwiseJobDefinition['parameters']> = {}): PairwiseJobDefinition {
  const pairs = pairIds.map((id) => ({ id, a: `A-${id}`, b: `B-${id}` }));
  return {
    kind: 'judge-pairwise',
    title: 'Pairwise',
    connectionIds: ['deepseek'],
    itemIds: pairwiseItemIds(pairs),
    ...extra,
    parameters: { rubricSet: SID_RUBRIC_SET, rubricSetHash: rubricSetHash(SID_RUBRIC_SET), language: 'zh', reasoningFirst: false, groupA: 'gpt-4o', groupB: 'qwen', dialogues: pairs.flatMap((pair) => [dialogue(pair.a), dialogue(pair.b)]), pairs, ...parameters },
  };
}

describe('pairwise judge jobs through the handlers', () => {
  let dir: TempDir;
  let server: LlmTestServer;
  let services: LlmServices;
  let handlers: InvokeHandlers;
  let events: JobEvent[];

  const open = () => {
    services = testLlmServices(join(dir.path, 'data'), (event) => events.push(event));
    handlers = createHandlers({ host: 'browser', version: 'test', platform: 'linux', resourcesDir: RESOURCES_DIR, dialogs: createFakeDialogs(), ...llmHandlerDeps(services) });
  };
  const connection = (id: string, model: string): ConnectionSettings => ({ id, name: model, baseURL: server.baseURL, model, extraHeaders: {}, sampling: {}, concurrency: { start: 2, min: 1, max: 4 } });

  beforeEach(async () => {
    dir = await makeTempDir();
    server = await startLlmServer({ apiKey: KEY, models: ['deepseek-v3', 'qwen-max'] });
    events = [];
    open();
    await handlers['llm.connections.save']({ connection: connection('deepseek', 'deepseek-v3'), key: { set: KEY } });
  });
  afterEach(async () => {
    await services.shutdown();
    await server.close();
    await dir.remove();
  });

  async function until(what: string, condition: () => boolean): Promise<void> {
    const deadline = Date.now() + 15_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  const items = () => events.filter((event): event is JobItemEvent<PairwiseJobPayload> => event.type === 'item');
  const finished = (count = 1) => until(`${count} job(s) finish`, () => events.filter((event) => event.type === 'finished').length >= count);
  const payloads = () => items().map((event) => pairwiseJobResult(event.outcome)!);
  const resultsByJudge = () => pairVerdictsByJudge(payloads().map((payload) => ({ judge: payload.connectionId, pairId: payload.pairId, order: payload.order, sample: payload.sample, verdict: payload.status === 'valid' ? payload.verdict : null }))).byJudge;

  it('asks both orders, maps verdicts back to the models, counts only consistent ones, and shows a position-biased judge; malformed verdicts fail uncounted', async () => {
    await handlers['llm.connections.save']({ connection: connection('qwen', 'qwen-max'), key: { set: KEY } });
    const consistent = pairwiseJudge({
      better: (one, other) => ({ p1: 'A-p1', p2: 'B-p2', p3: 'tie' })[one.slice(2)] ?? one ?? other,
      // p3 shown A first comes fenced after a <think> block (tolerated); p4 never answers a verdict
      override: (first, second) => (first === 'A-p3' ? pairwiseReply.fenced('tie') : first.endsWith('p4') ? (second.startsWith('B') ? pairwiseReply.malformed() : pairwiseReply.unknownVerdict()) : undefined),
    });
    const biased = pairwiseJudge({ better: () => 'tie', bias: 'first' });
    server.setDefaultHandler((request) => (request.body.model === 'qwen-max' ? biased(request) : consistent(request)));
    await handlers['jobs.start']({ definition: definitionFor(['p1', 'p2', 'p3', 'p4'], { connectionIds: ['deepseek', 'qwen'] }) });
    await finished();

    // every pair asked in both orders on each judge: A first, then B first
    const shown = server.log.chatRequests().map((entry) => `${(entry.body as { model: string }).model}:${shownDialogues(entry.body as never).join('>')}`);
    for (const model of ['deepseek-v3', 'qwen-max']) for (const id of ['p1', 'p2', 'p3', 'p4']) for (const order of [`A-${id}>B-${id}`, `B-${id}>A-${id}`]) expect(shown, `${model} ${order}`).toContain(`${model}:${order}`);
    // p4 is retried to the limit (3 attempts) in each order, then failed with the reason and no verdict
    expect(shown.filter((entry) => entry.startsWith('deepseek-v3:') && entry.includes('p4'))).toHaveLength(6);
    const all = payloads();
    expect(all).toHaveLength(16);
    const failed = all.filter((payload) => payload.status === 'failed');
    expect(failed.map((payload) => `${payload.connectionId}:${payload.pairId}:${payload.order}`).sort()).toEqual(['deepseek:p4:ab', 'deepseek:p4:ba']);
    const reasons = failed.flatMap((payload) => (payload.status === 'failed' ? payload.reasons : []));
    expect(reasons.join(' ')).toMatch(/not "first", "second" or "tie"/);
    expect(failed.every((payload) => !('verdict' in payload))).toBe(true);

    const p1 = all.filter((payload) => payload.connectionId === 'deepseek' && payload.pairId === 'p1');
    expect(p1.map((payload) => payload.status === 'valid' && [payload.order, payload.verdict, payload.winner]).sort()).toEqual([['ab', 'first', 'A'], ['ba', 'second', 'A']]);
    expect(p1[0]).toMatchObject({ dialogueA: 'A-p1', dialogueB: 'B-p1', judgeModel: 'deepseek-v3', sample: 0, cached: false, rubricSet: { hash: rubricSetHash(SID_RUBRIC_SET) } });

    const byJudge = resultsByJudge();
    expect(pairwiseResult(byJudge.get('deepseek')!)).toEqual({ judged: 3, incomplete: 1, consistent: 3, inconsistent: 0, winsA: 1, winsB: 1, ties: 1, positionInconsistencyRate: 0, winRateA: 0.5, firstPositionFavoured: 0 });
    expect(pairwiseResult(byJudge.get('qwen')!)).toEqual({ judged: 4, incomplete: 0, consistent: 0, inconsistent: 4, winsA: 0, winsB: 0, ties: 0, positionInconsistencyRate: 1, winRateA: null, firstPositionFavoured: 4 });

    const body = server.log.chatRequests()[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ temperature: 0.1, top_p: 0.9, max_tokens: 1024, response_format: { type: 'json_schema', json_schema: { name: 'judge_pairwise_verdict' } } });
    expect(events.find((event) => event.type === 'finished')).toMatchObject({ status: 'succeeded', progress: { done: 16, total: 16, failed: 2 } });
    expect(JSON.stringify(events)).not.toContain(KEY);
  }, 30_000);

  it('after a quit mid-job the resumed job asks no finished order again, and the same job again asks nothing', async () => {
    let hold = true;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const judge = pairwiseJudge({ better: (one) => one });
    server.setDefaultHandler(async (request) => {
      if (hold && !shownDialogues(request.body).includes('A-p1')) await gate;
      return judge(request);
    });
    const definition = definitionFor(['p1', 'p2', 'p3']);
    const { id } = await handlers['jobs.start']({ definition });
    await until('p1 is done in both orders', () => items().length === 2);
    await until('the rest are on the wire', () => server.log.inFlight > 0);
    await services.shutdown();
    hold = false;
    release();

    events = [];
    open();
    await services.ready;
    await handlers['llm.connections.save']({ connection: connection('deepseek', 'deepseek-v3'), key: { set: KEY } });
    expect((await handlers['jobs.list']({})).find((job) => job.id === id)).toMatchObject({ status: 'interrupted', progress: { done: 2 } });
    const before = server.log.chatRequests().length;
    await handlers['jobs.resume']({ jobId: id });
    await finished();
    const after = server.log.chatRequests().slice(before);
    expect(after).toHaveLength(4);
    expect(after.every((entry) => !shownDialogues(entry.body as never).includes('A-p1'))).toBe(true);
    expect(events.find((event) => event.type === 'finished')).toMatchObject({ status: 'succeeded', progress: { done: 6, failed: 0 } });

    // the same job again: every order from the cache (the pair, order and sample are in the key)
    const asked = server.log.chatRequests().length;
    await handlers['jobs.start']({ definition });
    await finished(2);
    expect(server.log.chatRequests()).toHaveLength(asked);
    expect(events.filter((event) => event.type === 'finished')[1]).toMatchObject({ progress: { done: 6, cached: 6 } });
  }, 30_000);

  it("samples with the connection's judge settings, then its pairwise ones; each sample its own seed and cached answer", async () => {
    await handlers['llm.connections.save']({ connection: { ...connection('deepseek', 'deepseek-v3'), sampling: { judge: { seed: 5, temperature: 0.3 }, 'judge-pairwise': { temperature: 0 } }, concurrency: { start: 1, min: 1, max: 1 } }, key: { set: KEY } });
    server.setDefaultHandler(pairwiseJudge({ better: (one) => one }));
    await handlers['jobs.start']({ definition: definitionFor(['p1'], { samples: 2 }) });
    await finished();
    const bodies = server.log.chatRequests().map((entry) => entry.body as { temperature?: number; top_p?: number; max_tokens?: number; seed?: number });
    expect(bodies).toHaveLength(4);
    expect(bodies.every((body) => body.temperature === 0 && body.top_p === 0.9 && body.max_tokens === 1024)).toBe(true);
    expect(bodies.map((body) => body.seed).sort()).toEqual([5, 5, 6, 6]);
    expect(pairwiseResult(resultsByJudge().get('deepseek')!)).toMatchObject({ judged: 2, consistent: 2, winsA: 2 });
  }, 30_000);

  it('refuses a pairwise job whose pairs, items, groups or set do not hold together, naming the problem', async () => {
    const base = definitionFor(['p1']);
    await expect(handlers['jobs.start']({ definition: { ...base, itemIds: ['xx:p1'] } })).rejects.toThrow(/name no order .* of a pair/);
    await expect(handlers['jobs.start']({ definition: definitionFor(['p1'], {}, { pairs: [{ id: 'p1', a: 'A-p1', b: 'missing' }] }) })).rejects.toThrow(/names the dialogue "missing"/);
    await expect(handlers['jobs.start']({ definition: definitionFor(['p1'], {}, { groupB: 'gpt-4o' }) })).rejects.toThrow(/two groups/);
    await expect(handlers['jobs.start']({ definition: definitionFor(['p1'], {}, { rubricSetHash: 'abc' }) })).rejects.toThrow(/hashes to/);
    await expect(handlers['jobs.start']({ definition: { ...base, parameters: { ...base.parameters, extra: 1 } } as never })).rejects.toThrow(/unexpected field "extra"/);
    await expect(handlers['jobs.start']({ definition: { ...base, parameters: { ...base.parameters, pairs: [{ id: 'p1', a: 'A-p1' }] } } as never })).rejects.toThrow(/pairs\[0\]/);
    expect(server.log.chatRequests()).toHaveLength(0);
  });
});
