/**
 * The connection and job channels end to end in main: the handlers over the real services
 * (connection store, secret store in memory, registry, pre-annotation runner, caller, cache,
 * journal) against the scripted OpenAI-compatible server through the real openai client. The API
 * key is searched for in everything main hands out or writes.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { InvokeHandlers } from '../../../../../shared/ipc/contract';
import { jobItemKey, type JobEvent, type JobItemEvent } from '../../../../../shared/jobs';
import { DEFAULT_PRE_ANNOTATION_TEMPLATE, type ConnectionSettings, type PreAnnotationJobDefinition, type PreAnnotationPayload } from '../../../../../shared/llm';
import { parseCodebook } from '../../../../../shared/codebook/parse-codebook';
import { createHandlers } from '../../../../../electron/main/ipc/handlers';
import { llmHandlerDeps, type LlmServices } from '../../../../../electron/services/llm/llm-services';
import { createFakeDialogs } from '../../../../support/fake-dialogs';
import { promptTurns, validAnswer } from '../../../../support/jobs/valid-answers';
import { reply, startLlmServer, type LlmTestServer } from '../../../../support/llm-server';
import { testLlmServices } from '../../../../support/llm-services';
import { RESOURCES_DIR } from '../../../../support/repo-paths';
import { makeTempDir, type TempDir } from '../../../../support/temp-dir';

const KEY = 'sk-live-3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b';
const CODEBOOK = parseCodebook(JSON.parse(readFileSync(join(RESOURCES_DIR, 'codebooks', 'sid-default.json'), 'utf8')), 'sid-default.json');

function dialogue(id: string, turns: number) {
  return { id, turns: Array.from({ length: turns }, (_, index) => ({ speaker: index % 2 === 0 ? ('teacher' as const) : ('student' as const), utterance: `${id} turn ${index + 1}: 为什么叶子是绿色的？` })) };
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('LLM connections and pre-annotation jobs through the handlers', () => {
  let dir: TempDir;
  let server: LlmTestServer;
  let services: LlmServices;
  let handlers: InvokeHandlers;
  let events: JobEvent[];

  beforeEach(async () => {
    dir = await makeTempDir();
    server = await startLlmServer({ apiKey: KEY, models: ['qwen3-32b', 'other'] });
    events = [];
    services = testLlmServices(join(dir.path, 'data'), (event) => events.push(event));
    handlers = createHandlers({ host: 'browser', version: 'test', platform: 'linux', resourcesDir: RESOURCES_DIR, dialogs: createFakeDialogs(), ...llmHandlerDeps(services) });
  });
  afterEach(async () => {
    await services.shutdown();
    await server.close();
    await dir.remove();
  });

  const settings = (): ConnectionSettings => ({ id: 'qwen', name: 'Local Qwen', baseURL: server.baseURL, model: 'qwen3-32b', extraHeaders: {}, sampling: {}, concurrency: { start: 2, min: 1, max: 4 }, price: { inputPerMillion: 2, outputPerMillion: 6 } });

  async function until(what: string, condition: () => boolean): Promise<void> {
    const deadline = Date.now() + 15_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  it('saves a connection with its key, says only that a key is set, and tests it against the models list', async () => {
    const saved = await handlers['llm.connections.save']({ connection: settings(), key: { set: KEY } });
    expect(saved).toMatchObject({ id: 'qwen', keySet: true });
    expect(await handlers['llm.connections.list']({})).toEqual({ connections: [saved], keyStorage: 'memory' });
    expect(await handlers['llm.connections.test']({ id: 'qwen' })).toEqual({ ok: true, models: ['qwen3-32b', 'other'], modelListed: true });
    expect(server.log.entries.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    await handlers['llm.connections.save']({ connection: settings(), key: { remove: true } });
    const refused = await handlers['llm.connections.test']({ id: 'qwen' });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toMatch(/refused the API key/);
    expect(await handlers['llm.connections.delete']({ id: 'qwen' })).toEqual({ deleted: true });
    expect((await handlers['llm.connections.list']({})).connections).toEqual([]);
  });

  it('refuses malformed arguments with the channel and the field, never quoting a key', async () => {
    await expect(handlers['llm.connections.save']({ connection: { ...settings(), baseURL: 'ftp://x' }, key: { keep: true } })).rejects.toThrow(/llm.connections.save: baseURL/);
    await expect(handlers['llm.connections.save']({ connection: settings(), key: { set: `${KEY} with spaces` } } as never)).rejects.toThrow(/one line of text without spaces/);
    await expect(handlers['llm.connections.save']({ connection: settings(), key: { set: `${KEY} with spaces` } } as never)).rejects.not.toThrow(KEY);
    await expect(handlers['jobs.start']({ definition: { kind: 'pre-annotation', title: 't', connectionIds: ['qwen'], itemIds: ['a'], parameters: {} } } as never)).rejects.toThrow(/jobs.start/);
    await expect(handlers['jobs.start']({ definition: { kind: 'rubric-synthesis', title: 't', connectionIds: ['qwen'], itemIds: ['a'], parameters: {} } } as never)).rejects.toThrow(/jobs.start: "specSource"/);
    await expect(handlers['jobs.start']({ definition: { kind: 'generation', title: 't', connectionIds: ['qwen'], itemIds: ['a'], parameters: {} } } as never)).rejects.toThrow(/jobs.start: "scenarioSource"/);
    const synthesisSpec = readFileSync(join(__dirname, '../../../../../resources/synthesis/elmes-scenegen.yaml'), 'utf8');
    const synthesis = (extraGenerators: unknown) => ({ definition: { kind: 'rubric-synthesis', title: 't', connectionIds: ['qwen'], itemIds: ['round-0'], parameters: { specSource: synthesisSpec, specFile: 's.yaml', specHash: 'h', round: 0, roleConnections: { drafter: 'qwen', generator: 'qwen' }, extraGenerators } } }) as never;
    await expect(handlers['jobs.start'](synthesis('other'))).rejects.toThrow(/jobs.start: "extraGenerators" must be a list of at most 4 connection ids/);
    await expect(handlers['jobs.start'](synthesis(['a', 'b', 'c', 'd', 'e']))).rejects.toThrow(/"extraGenerators" must be a list/);
    // one layer holds one value per turn: several samples would overwrite each other
    const repeated: PreAnnotationJobDefinition = { kind: 'pre-annotation', title: 't', connectionIds: ['qwen'], itemIds: ['a'], samples: 3, parameters: { datasetId: 'ds', layerName: 'L', codebook: CODEBOOK, template: DEFAULT_PRE_ANNOTATION_TEMPLATE, dialogues: [dialogue('a', 2)] } };
    await expect(handlers['jobs.start']({ definition: repeated })).rejects.toThrow(/samples must be 1, got 3/);
  });

  it('jobs.pending takes a cursor from 0 and a page size from 1 to 200, nothing else', async () => {
    expect(await handlers['jobs.pending']({})).toMatchObject({ items: [], cursor: 0, more: false });
    expect(await handlers['jobs.pending']({ after: 7, limit: 200 })).toMatchObject({ items: [], cursor: 7 });
    for (const arg of [{ after: -1 }, { after: 1.5 }, { after: '3' }, { after: Number.MAX_SAFE_INTEGER + 2 }]) await expect(handlers['jobs.pending'](arg as never), JSON.stringify(arg)).rejects.toThrow('jobs.pending: "after" must be a whole number of at least 0 (the cursor of the previous page)');
    for (const arg of [{ limit: 0 }, { limit: 201 }, { limit: 1e9 }, { limit: null }]) await expect(handlers['jobs.pending'](arg as never), JSON.stringify(arg)).rejects.toThrow('jobs.pending: "limit" must be a whole number from 1 to 200');
    await expect(handlers['jobs.pending']({ jobId: 'x' } as never)).rejects.toThrow(/jobs.pending/);
    await expect(handlers['jobs.pending'](null as never)).rejects.toThrow(/jobs.pending/);
  });

  it('runs a pre-annotation job: valid answers become labels, an answer that never validates fails its item with the reasons, long dialogues go in windows, and the key is nowhere', async () => {
    await handlers['llm.connections.save']({ connection: settings(), key: { set: KEY } });
    const dialogues = [dialogue('d1', 4), dialogue('d2', 6), dialogue('bad', 3), dialogue('long', 50)];
    let first = true;
    server.setDefaultHandler(({ body }) => {
      const user = String(body.messages.at(-1)?.content ?? '');
      const turns = promptTurns(user);
      // d2's first answer misses a turn (retried); "bad" always answers one turn short; d1's first answer is wrapped in prose and a fence
      if (user.includes('"bad turn 1')) return reply.json(validAnswer(CODEBOOK, turns.slice(1)));
      if (user.includes('"d2 turn 1') && first) {
        first = false;
        return reply.json(validAnswer(CODEBOOK, turns.slice(0, -1)));
      }
      if (user.includes('"d1 turn 1')) return reply.answer(`Here are the labels:\n\`\`\`json\n${JSON.stringify(validAnswer(CODEBOOK, turns))}\n\`\`\``);
      return reply.json(validAnswer(CODEBOOK, turns));
    });
    const definition: PreAnnotationJobDefinition = {
      kind: 'pre-annotation',
      title: 'Pre-annotate 4 dialogues',
      connectionIds: ['qwen'],
      itemIds: dialogues.map((entry) => entry.id),
      parameters: { datasetId: 'ds1', layerName: 'Qwen3', codebook: CODEBOOK, template: DEFAULT_PRE_ANNOTATION_TEMPLATE, window: { size: 20, overlap: 4 }, dialogues },
    };
    const started = await handlers['jobs.start']({ definition });
    await until('the job finishes', () => events.some((event) => event.type === 'finished'));
    const items = events.filter((event): event is JobItemEvent<PreAnnotationPayload> => event.type === 'item');
    const byDialogue = new Map(items.map((event) => [event.item.itemId, event.outcome]));
    expect([...byDialogue.keys()].sort()).toEqual(['bad', 'd1', 'd2', 'long']);
    const d1 = byDialogue.get('d1');
    expect(d1?.ok && d1.payload.turns.map((turn) => turn.turn)).toEqual([1, 2, 3, 4]);
    expect(d1?.ok && d1.payload.turns[0].values.teacher_intent).toBeDefined();
    const d2 = byDialogue.get('d2');
    expect(d2?.ok && d2.payload.calls[0].attempts).toBe(2);
    const long = byDialogue.get('long');
    expect(long?.ok && long.payload.turns.length).toBe(50);
    expect(long?.ok && long.payload.calls.length).toBe(3);
    const bad = byDialogue.get('bad');
    expect(bad?.ok).toBe(false);
    expect(!bad?.ok && bad?.reason).toMatch(/turn/i);
    expect('payload' in (bad ?? {})).toBe(false);
    const finished = events.find((event) => event.type === 'finished');
    expect(finished).toMatchObject({ status: 'succeeded', progress: { done: 4, total: 4, failed: 1 } });
    expect(finished?.type === 'finished' && finished.progress.cost).toBeGreaterThan(0);

    // acknowledged results are no longer pending; the others are, exactly as they were sent
    const pendingBefore = await handlers['jobs.pending']({});
    expect(pendingBefore.items.map((event) => event.item.itemId).sort()).toEqual(['bad', 'd1', 'd2', 'long']);
    await handlers['jobs.ack']({ jobId: started.id, itemKeys: items.filter((event) => event.item.itemId !== 'd1').map((event) => jobItemKey(event.item)) });
    const [listed] = await handlers['jobs.list']({});
    expect(listed).toMatchObject({ id: started.id, status: 'succeeded' });
    const pending = await handlers['jobs.pending']({});
    expect(pending).toMatchObject({ epoch: pendingBefore.epoch, more: false });
    expect(pending.items).toEqual(items.filter((event) => event.item.itemId === 'd1'));

    // the key: not in any event, result, journal, cache entry or connection file
    const paths = await filesUnder(join(dir.path, 'data'));
    // the connections, the cached answers and the job's journal
    expect(paths.map((path) => path.slice(join(dir.path, 'data').length + 1)).sort()).toEqual(['jobs/' + started.id + '.jsonl', 'llm/cache/answers.jsonl', 'llm/connections.json']);
    const written = await Promise.all(paths.map((path) => readFile(path, 'utf8')));
    for (const text of [...written, JSON.stringify(items), JSON.stringify(await handlers['jobs.list']({})), JSON.stringify(await handlers['llm.connections.list']({}))]) expect(text).not.toContain(KEY);
  }, 60_000);

  it('a second run of the same dialogues is answered from the cache and costs nothing', async () => {
    await handlers['llm.connections.save']({ connection: settings(), key: { set: KEY } });
    server.setDefaultHandler(({ body }) => reply.json(validAnswer(CODEBOOK, promptTurns(String(body.messages.at(-1)?.content ?? '')))));
    const dialogues = [dialogue('a', 4), dialogue('b', 5)];
    const definition: PreAnnotationJobDefinition = { kind: 'pre-annotation', title: 'run', connectionIds: ['qwen'], itemIds: ['a', 'b'], parameters: { datasetId: 'ds', layerName: 'L', codebook: CODEBOOK, template: DEFAULT_PRE_ANNOTATION_TEMPLATE, dialogues } };
    await handlers['jobs.start']({ definition });
    await until('the first job finishes', () => events.filter((event) => event.type === 'finished').length === 1);
    const paid = server.log.chatRequests().length;
    expect(paid).toBe(2);
    await handlers['jobs.start']({ definition });
    await until('the second job finishes', () => events.filter((event) => event.type === 'finished').length === 2);
    expect(server.log.chatRequests().length).toBe(paid);
    const second = events.filter((event) => event.type === 'finished')[1];
    expect(second).toMatchObject({ progress: { done: 2, cached: 2, tokens: { input: 0, output: 0 }, cost: 0 } });
    // cleared, the cache pays again
    expect(await handlers['llm.cache.stats']({})).toMatchObject({ entries: 2 });
    expect(await handlers['llm.cache.clear']({})).toEqual({ entries: 0, bytes: 0 });
    await handlers['jobs.start']({ definition });
    await until('the third job finishes', () => events.filter((event) => event.type === 'finished').length === 3);
    expect(server.log.chatRequests().length).toBe(paid + 2);
  }, 30_000);

  it('pause sends nothing more: the calls on the wire finish, the items still waiting for their turn go back unsent; resume asks each of them once', async () => {
    await handlers['llm.connections.save']({ connection: settings(), key: { set: KEY } });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.setDefaultHandler(async ({ body }) => {
      await gate;
      return reply.json(validAnswer(CODEBOOK, promptTurns(String(body.messages.at(-1)?.content ?? ''))));
    });
    // twelve items, all taken up by the job at once (its parallelism is the connection's maximum, 4), two on the wire (the limit starts at 2)
    const dialogues = Array.from({ length: 12 }, (_, index) => dialogue(`d${index}`, 3));
    const definition: PreAnnotationJobDefinition = { kind: 'pre-annotation', title: 'run', connectionIds: ['qwen'], itemIds: dialogues.map((entry) => entry.id), parameters: { datasetId: 'ds', layerName: 'L', codebook: CODEBOOK, template: DEFAULT_PRE_ANNOTATION_TEMPLATE, dialogues } };
    const { id } = await handlers['jobs.start']({ definition });
    await until('two calls are on the wire', () => server.log.chatRequests().length === 2);
    expect((await handlers['jobs.pause']({ jobId: id })).status).toBe('running');
    release();
    await until('the job is paused', () => events.some((event) => event.type === 'progress' && event.status === 'paused'));
    const paused = (await handlers['jobs.list']({})).find((job) => job.id === id)!;
    expect(paused).toMatchObject({ status: 'paused', progress: { done: 2, failed: 0 } });
    expect(server.log.chatRequests()).toHaveLength(2);
    expect(paused.failedItems).toEqual([]);

    await handlers['jobs.resume']({ jobId: id });
    await until('the job finishes', () => events.some((event) => event.type === 'finished'));
    const asked = server.log.chatRequests().map((entry) => entry.rawBody);
    expect(asked).toHaveLength(12);
    expect(new Set(asked).size).toBe(12);
    expect(events.find((event) => event.type === 'finished')).toMatchObject({ status: 'succeeded', progress: { done: 12, failed: 0 } });
  }, 30_000);
});
