/**
 * Judge and pairwise jobs through the Batch API in main (issue 13): jobs.start with
 * `parameters.batch` over the real services (connection store, registry, runners, cache,
 * journal) against the scripted server's files and batches endpoints through the real openai
 * client. One batch per connection; its state beside the job's journal, so a quit mid-poll
 * resumes the same batch; an expired batch's finished lines are kept and the rest asked live; a
 * cancelled job cancels its batch at the endpoint. The API key is searched for in everything
 * main writes or hands out.
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InvokeHandlers } from '../../../../../shared/ipc/contract';
import type { JobEvent, JobItemEvent, JobProgressEvent } from '../../../../../shared/jobs';
import { judgeJobResult, pairwiseItemIds, pairwiseJobResult, rubricSetHash, SID_RUBRIC_IDS, SID_RUBRIC_SET, type JudgeJobDefinition, type JudgeJobPayload, type PairwiseJobDefinition, type PairwiseJobPayload } from '../../../../../shared/judge';
import type { ConnectionSettings } from '../../../../../shared/llm';
import { createHandlers } from '../../../../../electron/main/ipc/handlers';
import { llmHandlerDeps, type LlmServices } from '../../../../../electron/services/llm/llm-services';
import { createFakeDialogs } from '../../../../support/fake-dialogs';
import { judgeReply, pairwiseJudge, scoresFor, startLlmServer, type LlmTestServer } from '../../../../support/llm-server';
import { testLlmServices } from '../../../../support/llm-services';
import { RESOURCES_DIR } from '../../../../support/repo-paths';
import { makeTempDir, type TempDir } from '../../../../support/temp-dir';

const KEY = 'sk-batch-4d3c2b1a0f9e8d7c6b5a49382716a5b4';
const RUBRICS = [...SID_RUBRIC_IDS];
const FAST = { pollSeconds: 0.1 };

function dialogue(id: string) {
  return { id, turns: Array.from({ length: 4 }, (_, index) => ({ speaker: index % 2 === 0 ? ('teacher' as const) : ('student' as const), utterance: `${id} turn ${index + 1}: 为什么月亮有阴晴圆缺？` })) };
}

function judgedDialogue(body: { messages: { content?: unknown }[] }): string {
  return /"([A-Za-z0-9-]+) turn 1:/.exec(String(body.messages.at(-1)?.content ?? ''))?.[1] ?? '?';
}

function judgeDefinition(ids: string[], parameters: Partial<JudgeJobDefinition['parameters']> = { batch: FAST }): JudgeJobDefinition {
  const dialogues = ids.map(dialogue);
  return { kind: 'judge', title: 'Judge', connectionIds: ['deepseek'], itemIds: ids, parameters: { rubricSet: SID_RUBRIC_SET, rubricSetHash: rubricSetHash(SID_RUBRIC_SET), language: 'zh', reasoningFirst: false, dialogues, ...parameters } };
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}

describe('judge jobs through the Batch API', () => {
  let dir: TempDir;
  let server: LlmTestServer;
  let services: LlmServices;
  let handlers: InvokeHandlers;
  let events: JobEvent[];
  const data = () => join(dir.path, 'data');

  const open = () => {
    services = testLlmServices(data(), (event) => events.push(event));
    handlers = createHandlers({ host: 'browser', version: 'test', platform: 'linux', resourcesDir: RESOURCES_DIR, dialogs: createFakeDialogs(), ...llmHandlerDeps(services) });
  };
  const connection = (id: string, model: string): ConnectionSettings => ({ id, name: model, baseURL: server.baseURL, model, extraHeaders: {}, sampling: {}, concurrency: { start: 2, min: 1, max: 4 } });
  const saveKey = () => handlers['llm.connections.save']({ connection: connection('deepseek', 'deepseek-v3'), key: { set: KEY } });

  beforeEach(async () => {
    dir = await makeTempDir();
    server = await startLlmServer({ apiKey: KEY, models: ['deepseek-v3', 'qwen-max'] });
    events = [];
    open();
    await saveKey();
    server.setDefaultHandler(() => judgeReply.valid(scoresFor(RUBRICS, 4)));
  });
  afterEach(async () => {
    await services.shutdown();
    await server.close();
    await dir.remove();
  });

  async function until(what: string, condition: () => boolean, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  const items = () => events.filter((event): event is JobItemEvent<JudgeJobPayload> => event.type === 'item');
  const notes = () => events.filter((event): event is JobProgressEvent => event.type === 'progress').map((event) => event.progress.note ?? '');
  const finished = () => until('the job finishes', () => events.some((event) => event.type === 'finished'));
  const requests = (method: string, path: RegExp) => server.log.entries.filter((entry) => entry.method === method && path.test(entry.path));
  const polling = () => until('the batch is polled in progress', () => notes().some((note) => / in_progress, /.test(note)));

  async function expectNoKeyIn(folder: string): Promise<void> {
    const written = await Promise.all((await filesUnder(folder)).map((path) => readFile(path, 'utf8')));
    for (const text of [...written, JSON.stringify(events), JSON.stringify(await handlers['jobs.list']({}))]) expect(text).not.toContain(KEY);
  }

  it('scores every item from one batch, with no live call, counting its tokens, and says where the batch stands meanwhile; a second job finds them all in the cache', async () => {
    const { id } = await handlers['jobs.start']({ definition: judgeDefinition(['d1', 'd2', 'd3']) });
    await finished();
    const end = events.find((event) => event.type === 'finished');
    expect(end).toMatchObject({ status: 'succeeded', progress: { done: 3, failed: 0, cached: 0 } });
    expect(end?.type === 'finished' && end.progress.tokens.input).toBeGreaterThan(0);
    expect(server.log.chatRequests()).toHaveLength(0);
    expect(server.batchLines().map((line) => judgedDialogue(line.body as never)).sort()).toEqual(['d1', 'd2', 'd3']);
    expect(requests('POST', /^\/v1\/batches$/)).toHaveLength(1);
    for (const event of items()) {
      const payload = judgeJobResult(event.outcome);
      expect(payload?.status === 'valid' && payload.scores.map((score) => score.score)).toEqual([4, 4, 4, 4, 4]);
      // read from the cache the batch filled, but paid for in the batch: not counted as cached, its tokens counted
      expect(payload?.cached).toBe(false);
      expect(payload?.call.fromCache).toBe(true);
      expect(payload?.tokens.input).toBeGreaterThan(0);
      expect(event.outcome.tokens).toEqual(payload?.tokens);
    }
    expect(notes()).toContain('Batch API: deepseek-v3: batch batch_test_1 in_progress, 0/3 done at the endpoint');
    expect(notes().at(-1)).toBe('Batch API: deepseek-v3: batch batch_test_1 completed, 3 of 3 answered');
    // the job's own folder is gone once it finished; the key is nowhere
    expect(await exists(join(data(), 'jobs', id))).toBe(false);
    await expectNoKeyIn(data());
    expect(requests('POST', /^\/v1\/(files|batches)$/).every((entry) => entry.headers.authorization === `Bearer ${KEY}`)).toBe(true);

    events = [];
    await handlers['jobs.start']({ definition: judgeDefinition(['d1', 'd2', 'd3']) });
    await finished();
    expect(events.find((event) => event.type === 'finished')).toMatchObject({ status: 'succeeded', progress: { done: 3, cached: 3, tokens: { input: 0, output: 0 } } });
    expect(requests('POST', /^\/v1\/batches$/)).toHaveLength(1);
    expect(server.log.chatRequests()).toHaveLength(0);
  }, 30_000);

  it('sends one batch per judge connection', async () => {
    await handlers['llm.connections.save']({ connection: connection('qwen', 'qwen-max'), key: { set: KEY } });
    await handlers['jobs.start']({ definition: { ...judgeDefinition(['d1', 'd2']), connectionIds: ['deepseek', 'qwen'] } });
    await finished();
    expect(events.find((event) => event.type === 'finished')).toMatchObject({ status: 'succeeded', progress: { done: 4, failed: 0 } });
    const batches = requests('POST', /^\/v1\/batches$/).map((entry) => entry.body as { input_file_id: string });
    expect(batches).toHaveLength(2);
    expect(server.batchLines().map((line) => `${line.body.model} ${judgedDialogue(line.body as never)}`).sort()).toEqual(['deepseek-v3 d1', 'deepseek-v3 d2', 'qwen-max d1', 'qwen-max d2']);
    expect(server.log.chatRequests()).toHaveLength(0);
    expect(notes().at(-1)).toMatch(/^Batch API: (deepseek-v3|qwen-max): batch batch_test_\d completed, 2 of 2 answered; (deepseek-v3|qwen-max): batch batch_test_\d completed, 2 of 2 answered$/);
  }, 30_000);

  it('after a quit mid-poll the resumed job polls the same batch: nothing uploaded or submitted again', async () => {
    server.enqueueBatch({ end: 'completed', inProgressPolls: 6 });
    const { id } = await handlers['jobs.start']({ definition: judgeDefinition(['d1', 'd2', 'd3']) });
    await polling();
    await services.shutdown();
    const stateFile = join(data(), 'jobs', id, 'batch-0.json');
    const state = JSON.parse(await readFile(stateFile, 'utf8')) as { batchId: string; keys: Record<string, string> };
    expect(state.batchId).toBe('batch_test_1');
    expect(Object.keys(state.keys)).toHaveLength(3);
    await expectNoKeyIn(data());

    events = [];
    open();
    await services.ready;
    // the test's secret store lives in memory: the key is set again, as the app's keychain would still hold it
    await saveKey();
    expect((await handlers['jobs.list']({})).find((job) => job.id === id)).toMatchObject({ status: 'interrupted', progress: { done: 0 } });
    const pollsBefore = requests('GET', /^\/v1\/batches\/batch_test_1$/).length;
    await handlers['jobs.resume']({ jobId: id });
    await finished();
    expect(events.find((event) => event.type === 'finished')).toMatchObject({ status: 'succeeded', progress: { done: 3, failed: 0 } });
    expect(requests('GET', /^\/v1\/batches\/batch_test_1$/).length).toBeGreaterThan(pollsBefore);
    expect(requests('POST', /^\/v1\/files$/)).toHaveLength(1);
    expect(requests('POST', /^\/v1\/batches$/)).toHaveLength(1);
    expect(server.log.chatRequests()).toHaveLength(0);
    // answered by the batch polled after the resume: paid, so not cached, their tokens counted
    expect(items().every((event) => judgeJobResult(event.outcome)?.cached === false && event.outcome.tokens.input > 0)).toBe(true);
    expect(await exists(stateFile)).toBe(false);
  }, 30_000);

  it("keeps an expired batch's finished lines and asks only the rest live", async () => {
    server.enqueueBatch({ end: 'expired', answered: 2 });
    await handlers['jobs.start']({ definition: judgeDefinition(['d1', 'd2', 'd3', 'd4']) });
    await finished();
    expect(events.find((event) => event.type === 'finished')).toMatchObject({ status: 'succeeded', progress: { done: 4, failed: 0 } });
    const fromBatch = server.batchLines().map((line) => judgedDialogue(line.body as never));
    const live = server.log.chatRequests().map((entry) => judgedDialogue(entry.body as never));
    expect(fromBatch).toHaveLength(2);
    expect(live).toHaveLength(2);
    expect([...fromBatch, ...live].sort()).toEqual(['d1', 'd2', 'd3', 'd4']);
    const read = new Map(items().map((event) => [event.item.itemId, judgeJobResult(event.outcome)?.call.fromCache]));
    for (const id of fromBatch) expect(read.get(id), id).toBe(true);
    for (const id of live) expect(read.get(id), id).toBe(false);
    expect(items().every((event) => event.outcome.tokens.input > 0)).toBe(true);
    expect(notes().at(-1)).toBe('Batch API: deepseek-v3: batch batch_test_1 expired, 2 of 4 answered; 2 asked live');
  }, 30_000);

  it('a job cancelled while its batch runs cancels the batch at the endpoint, and so does one cancelled after a quit', async () => {
    server.enqueueBatch({ end: 'completed', inProgressPolls: 1000 }, { end: 'completed', inProgressPolls: 1000 });
    const first = await handlers['jobs.start']({ definition: judgeDefinition(['d1', 'd2']) });
    await polling();
    expect(await handlers['jobs.cancel']({ jobId: first.id })).toMatchObject({ status: 'cancelled' });
    expect(server.batchCancels()).toEqual(['batch_test_1']);
    expect(events.find((event) => event.type === 'finished')).toMatchObject({ status: 'cancelled', error: null });
    expect(await exists(join(data(), 'jobs', first.id))).toBe(false);

    events = [];
    const second = await handlers['jobs.start']({ definition: judgeDefinition(['d3']) });
    await polling();
    await services.shutdown();
    events = [];
    open();
    await services.ready;
    await saveKey();
    await handlers['jobs.cancel']({ jobId: second.id });
    expect(server.batchCancels()).toEqual(['batch_test_1', 'batch_test_2']);
    expect(server.log.chatRequests()).toHaveLength(0);
    expect(server.batchLines()).toHaveLength(0);
  }, 30_000);

  it('a pause stops the polling and the resume goes on with the same batch', async () => {
    server.enqueueBatch({ end: 'completed', inProgressPolls: 8 });
    const { id } = await handlers['jobs.start']({ definition: judgeDefinition(['d1', 'd2']) });
    await polling();
    handlers['jobs.pause']({ jobId: id });
    await until('the job is paused', () => events.some((event) => event.type === 'progress' && event.status === 'paused'));
    // paused while the batch still runs at the endpoint, not once it ended
    expect(server.batchLines()).toHaveLength(0);
    const polls = requests('GET', /^\/v1\/batches\//).length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requests('GET', /^\/v1\/batches\//).length).toBe(polls);
    expect((await handlers['jobs.list']({})).find((job) => job.id === id)).toMatchObject({ status: 'paused' });
    await handlers['jobs.resume']({ jobId: id });
    await finished();
    expect(events.find((event) => event.type === 'finished')).toMatchObject({ status: 'succeeded', progress: { done: 2 } });
    expect(requests('POST', /^\/v1\/batches$/)).toHaveLength(1);
    expect(server.log.chatRequests()).toHaveLength(0);
  }, 30_000);

  it('a job paused mid-poll, then cancelled, cancels its batch at the endpoint', async () => {
    server.enqueueBatch({ end: 'completed', inProgressPolls: 1000 });
    const { id } = await handlers['jobs.start']({ definition: judgeDefinition(['d1']) });
    await polling();
    handlers['jobs.pause']({ jobId: id });
    await until('the job is paused', () => events.some((event) => event.type === 'progress' && event.status === 'paused'));
    expect(server.batchCancels()).toEqual([]);
    expect(await handlers['jobs.cancel']({ jobId: id })).toMatchObject({ status: 'cancelled' });
    expect(server.batchCancels()).toEqual(['batch_test_1']);
    expect(await exists(join(data(), 'jobs', id))).toBe(false);
  }, 30_000);

  it('fails the job, saying why, when the batch cannot be submitted (a refused key); pauses it, keeping the batch, when the endpoint goes away mid-poll', async () => {
    await handlers['llm.connections.save']({ connection: connection('deepseek', 'deepseek-v3'), key: { set: 'sk-wrong-0000000000000000' } });
    await handlers['jobs.start']({ definition: judgeDefinition(['d1']) });
    await finished();
    const failed = events.find((event) => event.type === 'finished');
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringMatching(/^deepseek-v3: The Batch API run failed: .*key/i) });
    expect(JSON.stringify(failed)).not.toContain('sk-wrong-0000000000000000');
    expect(requests('POST', /^\/v1\/batches$/)).toHaveLength(0);

    events = [];
    await saveKey();
    server.enqueueBatch({ end: 'completed', inProgressPolls: 1000 });
    const { id } = await handlers['jobs.start']({ definition: judgeDefinition(['d2']) });
    await polling();
    await server.close();
    await until('the job pauses', () => events.some((event) => event.type === 'progress' && event.status === 'paused'), 30_000);
    const paused = (await handlers['jobs.list']({})).find((job) => job.id === id);
    expect(paused).toMatchObject({ status: 'paused', error: expect.stringMatching(/^deepseek-v3: The Batch API run failed: .* The batch is kept: resume the job to poll it again\.$/) });
    expect(JSON.parse(await readFile(join(data(), 'jobs', id, 'batch-0.json'), 'utf8'))).toMatchObject({ batchId: 'batch_test_1' });
  }, 40_000);

  it('refuses batch settings out of bounds or of another shape', async () => {
    for (const batch of [{ pollSeconds: 0 }, { pollSeconds: 7200 }, { timeoutHours: 1000 }, { pollSeconds: '5' }, { every: 5 }]) {
      await expect(handlers['jobs.start']({ definition: judgeDefinition(['d1'], { batch: batch as never }) }), JSON.stringify(batch)).rejects.toThrow(/batch/);
    }
    expect(requests('POST', /^\/v1\/files$/)).toHaveLength(0);
  });

  it('runs a pairwise job through one batch too', async () => {
    const pairs = ['p1', 'p2'].map((pairId) => ({ id: pairId, a: `A-${pairId}`, b: `B-${pairId}` }));
    const definition: PairwiseJobDefinition = {
      kind: 'judge-pairwise',
      title: 'Pairwise',
      connectionIds: ['deepseek'],
      itemIds: pairwiseItemIds(pairs),
      parameters: { rubricSet: SID_RUBRIC_SET, rubricSetHash: rubricSetHash(SID_RUBRIC_SET), language: 'zh', reasoningFirst: false, groupA: 'gpt-4o', groupB: 'qwen', dialogues: pairs.flatMap((pair) => [dialogue(pair.a), dialogue(pair.b)]), pairs, batch: FAST },
    };
    server.setDefaultHandler(pairwiseJudge({ better: (one, other) => (one.startsWith('A-') ? one : other) }));
    await handlers['jobs.start']({ definition });
    await finished();
    expect(events.find((event) => event.type === 'finished')).toMatchObject({ status: 'succeeded', progress: { done: 4, failed: 0 } });
    expect(server.batchLines()).toHaveLength(4);
    expect(server.log.chatRequests()).toHaveLength(0);
    const payloads = events.filter((event): event is JobItemEvent<PairwiseJobPayload> => event.type === 'item').map((event) => pairwiseJobResult(event.outcome)!);
    expect(payloads.map((payload) => [payload.pairId, payload.order, payload.status === 'valid' && payload.winner, payload.cached]).sort()).toEqual([
      ['p1', 'ab', 'A', false],
      ['p1', 'ba', 'A', false],
      ['p2', 'ab', 'A', false],
      ['p2', 'ba', 'A', false],
    ]);
    expect(payloads.every((payload) => payload.call.fromCache && payload.tokens.input > 0)).toBe(true);
    await expectNoKeyIn(data());
  }, 30_000);
});
