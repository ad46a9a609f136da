/**
 * An endpoint's faulty bodies through the app's jobs (issue 30 point 3 and its endpoint faults):
 * main's handlers over the real services run a pre-annotation job against the scripted server
 * whose answers drip past the timeout, never end, are too large for the connection's answer size
 * limit, or are cut off mid-body. Each such item fails with its reason code (worded in both
 * languages), the valid one becomes labels, the job ends, and nothing holds the key.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InvokeHandlers } from '../../../../../shared/ipc/contract';
import type { JobEvent, JobItemEvent } from '../../../../../shared/jobs';
import { DEFAULT_PRE_ANNOTATION_TEMPLATE, type ConnectionSettings, type PreAnnotationJobDefinition, type PreAnnotationPayload } from '../../../../../shared/llm';
import { parseCodebook } from '../../../../../shared/codebook/parse-codebook';
import { createHandlers } from '../../../../../electron/main/ipc/handlers';
import { llmHandlerDeps, type LlmServices } from '../../../../../electron/services/llm/llm-services';
import { reasonSentence } from '../../../../../renderer/src/features/jobs/reason-text';
import { createFakeDialogs } from '../../../../support/fake-dialogs';
import { promptTurns, validAnswer } from '../../../../support/jobs/valid-answers';
import { reply, startLlmServer, type LlmTestServer } from '../../../../support/llm-server';
import { testLlmServices } from '../../../../support/llm-services';
import { RESOURCES_DIR } from '../../../../support/repo-paths';
import { makeTempDir, type TempDir } from '../../../../support/temp-dir';

const KEY = 'sk-live-body-faults-5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b';
const CODEBOOK = parseCodebook(JSON.parse(readFileSync(join(RESOURCES_DIR, 'codebooks', 'sid-default.json'), 'utf8')), 'sid-default.json');
const MB = 1024 * 1024;

function dialogue(id: string) {
  return { id, turns: [0, 1, 2].map((index) => ({ speaker: index % 2 === 0 ? ('teacher' as const) : ('student' as const), utterance: `${id} turn ${index + 1}: 为什么叶子是绿色的？` })) };
}

describe('faulty answer bodies through a pre-annotation job', () => {
  let dir: TempDir;
  let server: LlmTestServer;
  let services: LlmServices;
  let handlers: InvokeHandlers;
  let events: JobEvent[];

  beforeEach(async () => {
    dir = await makeTempDir();
    server = await startLlmServer({ apiKey: KEY, models: ['qwen3-32b'] });
    events = [];
    services = testLlmServices(join(dir.path, 'data'), (event) => events.push(event), { timeoutMs: 700 });
    handlers = createHandlers({ host: 'browser', version: 'test', platform: 'linux', resourcesDir: RESOURCES_DIR, dialogs: createFakeDialogs(), ...llmHandlerDeps(services) });
  });
  afterEach(async () => {
    await services.shutdown();
    await server.close();
    await dir.remove();
  });

  const settings = (extra: Partial<ConnectionSettings> = {}): ConnectionSettings => ({ id: 'qwen', name: 'Local Qwen', baseURL: server.baseURL, model: 'qwen3-32b', extraHeaders: {}, sampling: {}, concurrency: { start: 4, min: 1, max: 4 }, ...extra });

  async function until(what: string, condition: () => boolean): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  it('the answer size limit is a connection setting, refused outside 0 < MB ≤ 1024', async () => {
    await expect(handlers['llm.connections.save']({ connection: settings({ maxAnswerMB: Number.NaN }), key: { keep: true } })).rejects.toThrow(/maxAnswerMB/);
    for (const maxAnswerMB of [0, -1, 2000]) await expect(handlers['llm.connections.save']({ connection: settings({ maxAnswerMB }), key: { keep: true } })).rejects.toThrow(/maxAnswerMB: the answer size limit must be a number of MB above 0 and at most 1024/);
    expect(await handlers['llm.connections.save']({ connection: settings({ maxAnswerMB: 0.5 }), key: { set: KEY } })).toMatchObject({ maxAnswerMB: 0.5 });
  });

  it('dripping, endless, oversized and cut-off bodies each fail their item with a reason code; the valid one is labelled', async () => {
    await handlers['llm.connections.save']({ connection: settings({ maxAnswerMB: 1 }), key: { set: KEY } });
    server.setDefaultHandler(({ body }) => {
      const user = String(body.messages.at(-1)?.content ?? '');
      if (user.includes('"drip turn 1')) return reply.drip(50, JSON.stringify(validAnswer(CODEBOOK, promptTurns(user))));
      if (user.includes('"endless turn 1')) return reply.endless(20);
      if (user.includes('"huge turn 1')) return reply.oversized(30 * MB, { declareLength: false });
      if (user.includes('"cut turn 1')) return reply.drop('midBody');
      return reply.json(validAnswer(CODEBOOK, promptTurns(user)));
    });
    const dialogues = ['drip', 'endless', 'huge', 'cut', 'fine'].map(dialogue);
    const definition: PreAnnotationJobDefinition = {
      kind: 'pre-annotation',
      title: 'Pre-annotate 5 dialogues',
      connectionIds: ['qwen'],
      itemIds: dialogues.map((entry) => entry.id),
      parameters: { datasetId: 'ds1', layerName: 'Qwen3', codebook: CODEBOOK, template: DEFAULT_PRE_ANNOTATION_TEMPLATE, dialogues },
    };
    await handlers['jobs.start']({ definition });
    await until('the job finishes', () => events.some((event) => event.type === 'finished'));
    const items = events.filter((event): event is JobItemEvent<PreAnnotationPayload> => event.type === 'item');
    const outcome = (id: string) => items.find((event) => event.item.itemId === id)?.outcome;
    expect(outcome('fine')?.ok).toBe(true);
    const expected = { drip: 'timeout', endless: 'timeout', huge: 'too-large', cut: 'connection' } as const;
    for (const [id, kind] of Object.entries(expected)) {
      const failed = outcome(id);
      expect([id, failed?.ok]).toEqual([id, false]);
      if (failed?.ok !== false) continue;
      expect([id, failed.why?.code, failed.why?.params.kind]).toEqual([id, 'call-failed', kind]);
      expect(failed.reason).not.toContain(KEY);
      for (const lang of ['zh', 'en'] as const) expect(reasonSentence(lang, failed.why)).toBeTruthy();
    }
    const huge = outcome('huge');
    expect(huge?.ok === false && huge.reason).toMatch(/larger than the 1 MB limit/);
    // too large is not asked again (the same answer would cost the same); the others are retried
    const asked = (marker: string) => server.log.chatRequests().filter((entry) => JSON.stringify(entry.body).includes(marker)).length;
    expect(asked('huge turn 1')).toBe(1);
    expect(asked('endless turn 1')).toBe(3);
    expect(huge?.ok === false && reasonSentence('en', huge.why)).toMatch(/answer over the size limit/);
    expect(huge?.ok === false && reasonSentence('zh', huge.why)).toMatch(/回答超过大小上限/);
    expect(events.find((event) => event.type === 'finished')).toMatchObject({ status: 'succeeded', progress: { done: 5, failed: 4 } });
  }, 60_000);
});
