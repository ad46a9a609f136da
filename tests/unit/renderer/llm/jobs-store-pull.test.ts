/**
 * Results reach the database whatever the transport (issue 29, point 1): the jobs store over the
 * real main handlers (registry, runner, journal, against the scripted server), with main's job
 * events going nowhere, as in a host without events or a page that reloaded while the job ran.
 * Pulling (`jobs.pending`, page by page) stores every result and acknowledges it; the same result
 * pushed and pulled is stored once; a main that restarted is read from the beginning again.
 */
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { importParsedFiles } from '../../../../renderer/src/db/repositories/import';
import { llmLayerId } from '../../../../renderer/src/db/repositories/llm-jobs';
import { createJobsStore, type Invoke } from '../../../../renderer/src/stores/jobs/store';
import { useNoticeStore } from '../../../../renderer/src/stores/notices/store';
import { dispatchRendererInvoke } from '../../../../electron/main/ipc/dispatch';
import { createHandlers } from '../../../../electron/main/ipc/handlers';
import { llmHandlerDeps, type LlmServices } from '../../../../electron/services/llm/llm-services';
import { parseCodebook } from '../../../../shared/codebook/parse-codebook';
import { PENDING_ITEMS_DEFAULT, type InvokeHandlers, type PendingJobItems } from '../../../../shared/ipc/contract';
import type { JobEvent } from '../../../../shared/jobs';
import { DEFAULT_PRE_ANNOTATION_TEMPLATE, type ConnectionSettings, type PreAnnotationJobDefinition } from '../../../../shared/llm';
import { createFakeDialogs } from '../../../support/fake-dialogs';
import { promptTurns, validAnswer } from '../../../support/jobs/valid-answers';
import { reply, startLlmServer, type LlmTestServer } from '../../../support/llm-server';
import { testLlmServices } from '../../../support/llm-services';
import { RESOURCES_DIR } from '../../../support/repo-paths';
import { makeTempDir, type TempDir } from '../../../support/temp-dir';
import { dialogue, freshDb, parsedFile } from '../fixtures';

const KEY = 'sk-pull-test';
const CODEBOOK = parseCodebook(JSON.parse(readFileSync(join(RESOURCES_DIR, 'codebooks', 'sid-default.json'), 'utf8')), 'sid-default.json');
const TURNS = 3;
/** more than one page of `jobs.pending` */
const DIALOGUES = PENDING_ITEMS_DEFAULT + 12;

describe('jobs store: results pulled from main', () => {
  let dir: TempDir;
  let server: LlmTestServer;
  let services: LlmServices;
  let handlers: InvokeHandlers;
  let db: MaieuticDb;
  /** what main emitted; nothing of it reaches the store unless a test hands it over */
  let emitted: JobEvent[];
  let calls: { channel: string; arg: unknown }[];

  beforeEach(async () => {
    dir = await makeTempDir();
    server = await startLlmServer({ apiKey: KEY, models: ['m'], defaultHandler: ({ body }) => reply.json(validAnswer(CODEBOOK, promptTurns(String(body.messages.at(-1)?.content ?? '')))) });
    emitted = [];
    calls = [];
    services = testLlmServices(dir.path, (event) => emitted.push(event));
    handlers = createHandlers({ host: 'browser', version: 'test', platform: 'linux', resourcesDir: RESOURCES_DIR, dialogs: createFakeDialogs(), ...llmHandlerDeps(services) });
    db = freshDb();
    useNoticeStore.setState({ notices: [] });
  });
  afterEach(async () => {
    db.close();
    await db.delete();
    await services.shutdown();
    await server.close();
    await dir.remove();
  });

  const invoke = (async (channel: string, arg: unknown) => {
    calls.push({ channel, arg });
    return dispatchRendererInvoke(handlers, channel, arg);
  }) as Invoke;

  async function startJob(store: ReturnType<typeof createJobsStore>) {
    const connection: ConnectionSettings = { id: 'c1', name: 'Local', baseURL: server.baseURL, model: 'm', extraHeaders: {}, sampling: {}, concurrency: { start: 8, min: 1, max: 16 } };
    await handlers['llm.connections.save']({ connection, key: { set: KEY } });
    const imported = await importParsedFiles(db, { kind: 'new', name: 'Pilot', codebookId: 'sid-default' }, [parsedFile('a.jsonl', Array.from({ length: DIALOGUES }, (_, index) => dialogue(index + 1, TURNS)))]);
    const ids = Array.from({ length: DIALOGUES }, (_, index) => `${imported.sourceIds[0]}:${index + 1}`);
    const definition: PreAnnotationJobDefinition = {
      kind: 'pre-annotation', title: 'Pre-annotation', connectionIds: ['c1'], itemIds: ids,
      parameters: { datasetId: imported.datasetId, layerName: 'Local · m', codebook: CODEBOOK, template: DEFAULT_PRE_ANNOTATION_TEMPLATE, dialogues: ids.map((id) => ({ id, turns: Array.from({ length: TURNS }, (_, turn) => ({ speaker: turn % 2 === 0 ? ('teacher' as const) : ('student' as const), utterance: `${id} ${turn}` })) })) },
    };
    const snapshot = await store.getState().startPreAnnotation({ definition, connections: [{ id: 'c1', name: 'Local', model: 'm' }] });
    for (const deadline = Date.now() + 30_000; services.jobs.list().find((job) => job.id === snapshot.id)?.status !== 'succeeded'; ) {
      if (Date.now() > deadline) throw new Error('the job did not finish');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return { jobId: snapshot.id, layerId: llmLayerId(snapshot.id, 'c1') };
  }

  const pendingCalls = () => calls.filter((call) => call.channel === 'jobs.pending').map((call) => call.arg);

  it('a page that heard no event of the job stores every result at start-up, page by page, and acknowledges each', async () => {
    const store = createJobsStore({ database: () => db, invoke });
    const { jobId, layerId } = await startJob(store);
    expect(emitted.filter((event) => event.type === 'item')).toHaveLength(DIALOGUES);
    expect(await db.layerValues.where('layerId').equals(layerId).count()).toBe(0);

    // a reload: a new store over the same database, as the page starts
    const reloaded = createJobsStore({ database: () => db, invoke });
    await reloaded.getState().load();
    await reloaded.getState().idle();
    expect(await db.layerValues.where('layerId').equals(layerId).count()).toBe(DIALOGUES * TURNS);
    expect(await db.llmCalls.count()).toBe(DIALOGUES);
    expect(reloaded.getState().jobs[jobId]).toMatchObject({ status: 'succeeded', progress: { done: DIALOGUES } });
    expect(pendingCalls().length).toBeGreaterThanOrEqual(2);
    expect(services.jobs.pending(0, 200).items).toEqual([]);
    expect(useNoticeStore.getState().notices).toEqual([]);
  }, 60_000);

  it('the timer asks only for what finished since the last pull; a pushed result pulled while it is stored is stored once', async () => {
    const store = createJobsStore({ database: () => db, invoke });
    const { layerId } = await startJob(store);
    const items = emitted.filter((event) => event.type === 'item');
    // half of them pushed, then a pull while those are still being stored
    for (const event of items.slice(0, 20)) store.getState().handleEvent(event);
    await store.getState().sync();
    await store.getState().idle();
    expect(await db.layerValues.where('layerId').equals(layerId).count()).toBe(DIALOGUES * TURNS);
    const acks = calls.filter((call) => call.channel === 'jobs.ack');
    expect(acks).toHaveLength(DIALOGUES);
    expect(new Set(acks.map((call) => JSON.stringify(call.arg))).size).toBe(DIALOGUES);

    const before = pendingCalls().length;
    await store.getState().sync();
    const asked = pendingCalls().slice(before) as { after: number }[];
    expect(asked).toHaveLength(1);
    expect(asked[0].after).toBeGreaterThanOrEqual(DIALOGUES);
    expect(services.jobs.pending(0, 200).items).toEqual([]);
  }, 60_000);

  it('a main that restarted (another epoch) is read from the beginning, so what the new process holds is not skipped', async () => {
    let restarted: PendingJobItems | null = null;
    const switchable = (async (channel: string, arg: unknown) => {
      if (channel === 'jobs.pending' && restarted) {
        calls.push({ channel, arg });
        const after = (arg as { after?: number }).after ?? 0;
        return after === 0 ? restarted : { ...restarted, items: [], cursor: after };
      }
      return invoke(channel as never, arg as never);
    }) as Invoke;
    const store = createJobsStore({ database: () => db, invoke: switchable });
    const { jobId } = await startJob(store);
    await store.getState().sync();
    await store.getState().idle();
    const cursor = (pendingCalls().at(-1) as { after: number }).after;
    expect(cursor).toBeGreaterThanOrEqual(PENDING_ITEMS_DEFAULT);

    // the new process holds one result (its journal missed the acknowledgement), numbered 1
    const held = emitted.find((event) => event.type === 'item')!;
    restarted = { epoch: 'the-restarted-process', items: [held], cursor: 1, more: false };
    const before = calls.length;
    await store.getState().sync();
    await store.getState().idle();
    const after = calls.slice(before);
    expect(after.filter((call) => call.channel === 'jobs.pending').map((call) => call.arg)).toEqual([{ after: expect.any(Number) }, { after: 0 }]);
    expect((after[0].arg as { after: number }).after).toBeGreaterThan(1);
    expect(after.filter((call) => call.channel === 'jobs.ack').map((call) => (call.arg as { jobId: string }).jobId)).toEqual([jobId]);
    // and from then on, the new numbering
    const next = calls.length;
    await store.getState().sync();
    expect(calls.slice(next).map((call) => call.arg)).toEqual([{ after: 1 }]);
  }, 60_000);

  it('a pull that fails on the timer says nothing (it is tried again); at start-up it is told', async () => {
    const failing = (async (channel: string, arg: unknown) => {
      if (channel === 'jobs.pending') throw new Error('The Maieutic server answered 404; is npm run dev:serve still running?');
      return invoke(channel as never, arg as never);
    }) as Invoke;
    const store = createJobsStore({ database: () => db, invoke: failing });
    await store.getState().sync();
    expect(useNoticeStore.getState().notices).toEqual([]);
    await store.getState().load();
    expect(useNoticeStore.getState().notices).toHaveLength(1);
  });
});
