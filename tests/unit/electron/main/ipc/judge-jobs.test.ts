/**
 * Judge jobs end to end in main (issue 13): the jobs.start handler over the real services
 * (connection store, secrets in memory, registry, judge runner, endpoint caller, cache, journal)
 * against the scripted OpenAI-compatible server through the real openai client. The API key is
 * searched for in everything main writes or hands out.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InvokeHandlers } from '../../../../../shared/ipc/contract';
import type { JobEvent, JobItemEvent } from '../../../../../shared/jobs';
import { judgeJobResult, rubricSetHash, SID_RUBRIC_IDS, SID_RUBRIC_SET, summarize, type JudgeJobDefinition, type JudgeJobPayload } from '../../../../../shared/judge';
import type { ConnectionSettings } from '../../../../../shared/llm';
import { createHandlers } from '../../../../../electron/main/ipc/handlers';
import { llmHandlerDeps, type LlmServices } from '../../../../../electron/services/llm/llm-services';
import { createFakeDialogs } from '../../../../support/fake-dialogs';
import { judgeReply, reply, scoresFor, startLlmServer, type LlmTestServer } from '../../../../support/llm-server';
import { testLlmServices } from '../../../../support/llm-services';
import { RESOURCES_DIR } from '../../../../support/repo-paths';
import { makeTempDir, type TempDir } from '../../../../support/temp-dir';

const KEY = 'sk-live-9c1e7a3b5d2f4e6a8b0c1d2e3f4a5b6c';
const RUBRICS = [...SID_RUBRIC_IDS];

function dialogue(id: string, turns = 4) {
  return { id, turns: Array.from({ length: turns }, (_, index) => ({ speaker: index % 2 === 0 ? ('teacher' as const) : ('student' as const), utterance: `${id} turn ${index + 1}: 为什么月亮有阴晴圆缺？` })) };
}

/** Which dialogue a request judges: the marker of its first turn in the last (user) message. */
function judgedDialogue(body: { messages: { content?: unknown }[] }): string {
  const user = String(body.messages.at(-1)?.content ?? '');
  return /"([A-Za-z0-9-]+) turn 1:/.exec(user)?.[1] ?? '?';
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

function definitionFor(dialogues: ReturnType<typeof dialogue>[], extra: Partial<JudgeJobDefinition> = {}, parameters: Partial<JudgeJobDefinition['parameters']> = {}): JudgeJobDefinition {
  return {
    kind: 'judge',
    title: 'Judge',
    connectionIds: ['deepseek'],
    itemIds: dialogues.map((entry) => entry.id),
    ...extra,
    parameters: { rubricSet: SID_RUBRIC_SET, rubricSetHash: rubricSetHash(SID_RUBRIC_SET), language: 'zh', reasoningFirst: false, dialogues, ...parameters },
  };
}

describe('judge jobs through the handlers', () => {
  let dir: TempDir;
  let server: LlmTestServer;
  let services: LlmServices;
  let handlers: InvokeHandlers;
  let events: JobEvent[];

  const open = (folder = join(dir.path, 'data')) => {
    services = testLlmServices(folder, (event) => events.push(event));
    handlers = createHandlers({ host: 'browser', version: 'test', platform: 'linux', resourcesDir: RESOURCES_DIR, dialogs: createFakeDialogs(), ...llmHandlerDeps(services) });
  };

  beforeEach(async () => {
    dir = await makeTempDir();
    server = await startLlmServer({ apiKey: KEY, models: ['deepseek-v3', 'qwen-max'] });
    events = [];
    open();
  });
  afterEach(async () => {
    await services.shutdown();
    await server.close();
    await dir.remove();
  });

  const connection = (id: string, model: string): ConnectionSettings => ({ id, name: model, baseURL: server.baseURL, model, extraHeaders: {}, sampling: {}, concurrency: { start: 2, min: 1, max: 4 } });

  async function until(what: string, condition: () => boolean): Promise<void> {
    const deadline = Date.now() + 15_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  const items = () => events.filter((event): event is JobItemEvent<JudgeJobPayload> => event.type === 'item');
  const finished = (count = 1) => until(`${count} job(s) finish`, () => events.filter((event) => event.type === 'finished').length >= count);

  it('scores every rubric, retries malformed, missing and out-of-range answers, then fails the item with every reason and no score; the key is nowhere', async () => {
    await handlers['llm.connections.save']({ connection: connection('deepseek', 'deepseek-v3'), key: { set: KEY } });
    const seen = new Map<string, number>();
    server.setDefaultHandler(({ body }) => {
      const id = judgedDialogue(body);
      const count = (seen.get(id) ?? 0) + 1;
      seen.set(id, count);
      if (id === 'good') return judgeReply.valid(scoresFor(RUBRICS, { 'X-SRG': 4, 'M-RCC': 3, 'X-MSR': 5, IRA: 2, TCF: 1 }));
      if (id === 'fenced') return judgeReply.fenced(scoresFor(RUBRICS, 3));
      // malformed once, then a valid answer: retried, and the valid one used
      if (id === 'flaky') return count === 1 ? judgeReply.malformed() : judgeReply.valid(scoresFor(RUBRICS, 5));
      if (id === 'broken') return judgeReply.malformed();
      if (id === 'missing') return judgeReply.missing(scoresFor(RUBRICS, 3), 'IRA');
      if (id === 'range') return judgeReply.outOfRange(scoresFor(RUBRICS, 3), 'TCF', 7);
      return reply.status(500, { message: `unexpected dialogue ${id}` });
    });
    const dialogues = ['good', 'fenced', 'flaky', 'broken', 'missing', 'range'].map((id) => dialogue(id));
    await handlers['jobs.start']({ definition: definitionFor(dialogues) });
    await finished();
    const byDialogue = new Map(items().map((event) => [event.item.itemId, event.outcome]));
    const good = byDialogue.get('good')!;
    expect(good.ok).toBe(true);
    const scored = judgeJobResult(good);
    expect(scored?.status === 'valid' && scored.scores.map((entry) => [entry.rubric, entry.score])).toEqual([['X-SRG', 4], ['M-RCC', 3], ['X-MSR', 5], ['IRA', 2], ['TCF', 1]]);
    expect(scored).toMatchObject({ dialogueId: 'good', connectionId: 'deepseek', judgeModel: 'deepseek-v3', sample: 0, cached: false, rubricSet: { id: SID_RUBRIC_SET.id, hash: rubricSetHash(SID_RUBRIC_SET) } });
    expect(scored?.status === 'valid' && scored.scores.every((entry) => !('expected' in entry))).toBe(true);
    expect(judgeJobResult(byDialogue.get('fenced')!)).toMatchObject({ status: 'valid' });
    const flaky = judgeJobResult(byDialogue.get('flaky')!);
    expect(flaky).toMatchObject({ status: 'valid', call: { attempts: 2 } });
    expect(seen.get('flaky')).toBe(2);
    // retried to the limit (3 attempts in the test services), then failed with the reasons and no score
    for (const [id, reason] of [['broken', /JSON|object/i], ['missing', /IRA/], ['range', /TCF: the score 7 lies outside 1–5/]] as const) {
      const outcome = byDialogue.get(id)!;
      expect(outcome.ok, id).toBe(false);
      expect(seen.get(id), id).toBe(3);
      const failed = judgeJobResult(outcome);
      expect(failed?.status, id).toBe('failed');
      expect(failed?.status === 'failed' && failed.reasons.join(' '), id).toMatch(reason);
      expect(!outcome.ok && outcome.reason, id).toMatch(reason);
      expect(failed && 'scores' in failed, id).toBe(false);
    }
    // the request: the paper's sampling, a json_schema answer format
    const body = server.log.chatRequests()[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ model: 'deepseek-v3', temperature: 0.1, top_p: 0.9, max_tokens: 1024, response_format: { type: 'json_schema' } });
    expect(body.logprobs).toBeUndefined();
    expect(events.find((event) => event.type === 'finished')).toMatchObject({ status: 'succeeded', progress: { done: 6, total: 6, failed: 3 } });

    const paths = await filesUnder(join(dir.path, 'data'));
    expect(paths.length).toBe(3);
    const written = await Promise.all(paths.map((path) => readFile(path, 'utf8')));
    for (const text of [...written, JSON.stringify(events), JSON.stringify(await handlers['jobs.list']({}))]) expect(text).not.toContain(KEY);
    expect(server.log.chatRequests().every((entry) => entry.headers.authorization === `Bearer ${KEY}`)).toBe(true);
  }, 30_000);

  it('draws N samples as separate cached answers whose variance is computable; a second run asks nothing', async () => {
    await handlers['llm.connections.save']({ connection: connection('deepseek', 'deepseek-v3'), key: { set: KEY } });
    const draws = new Map<string, number>();
    server.setDefaultHandler(({ body }) => {
      const id = judgedDialogue(body);
      const draw = (draws.get(id) ?? 0) + 1;
      draws.set(id, draw);
      // the k-th draw of a dialogue scores 2 + k on every rubric: {3, 4, 5} over three samples
      return judgeReply.valid(scoresFor(RUBRICS, 2 + draw));
    });
    const definition = definitionFor([dialogue('a'), dialogue('b')], { samples: 3 });
    await handlers['jobs.start']({ definition });
    await finished();
    expect(server.log.chatRequests()).toHaveLength(6);
    const results = items().map((event) => judgeJobResult(event.outcome)!);
    expect(results.map((result) => `${result.dialogueId}#${result.sample}`).sort()).toEqual(['a#0', 'a#1', 'a#2', 'b#0', 'b#1', 'b#2']);
    for (const id of ['a', 'b']) {
      const xsrg = results.filter((result) => result.dialogueId === id).map((result) => (result.status === 'valid' ? result.scores[0].score : NaN));
      expect(xsrg.sort()).toEqual([3, 4, 5]);
      const summary = summarize(xsrg);
      expect(summary.mean).toBe(4);
      expect(summary.sd).toBeCloseTo(1, 12);
    }
    // the same job again: every sample from the cache, nothing asked
    await handlers['jobs.start']({ definition });
    await finished(2);
    expect(server.log.chatRequests()).toHaveLength(6);
    expect(events.filter((event) => event.type === 'finished')[1]).toMatchObject({ progress: { done: 6, cached: 6 } });
    expect((await handlers['llm.cache.stats']({})).entries).toBe(6);
  }, 30_000);

  it('waits out a 429 and a slow answer; with a seed set, each sample is asked with its own seed', async () => {
    await handlers['llm.connections.save']({ connection: { ...connection('deepseek', 'deepseek-v3'), sampling: { judge: { seed: 11 } }, concurrency: { start: 1, min: 1, max: 1 } }, key: { set: KEY } });
    server.enqueue(reply.rateLimited({ retryAfterMs: 10 }), reply.delay(40, judgeReply.valid(scoresFor(RUBRICS, 4))));
    server.setDefaultHandler(() => judgeReply.valid(scoresFor(RUBRICS, 3)));
    await handlers['jobs.start']({ definition: definitionFor([dialogue('a')], { samples: 3 }) });
    await finished();
    const results = items().map((event) => judgeJobResult(event.outcome)!);
    expect(results.every((result) => result.status === 'valid')).toBe(true);
    expect(results.find((result) => result.sample === 0)).toMatchObject({ call: { attempts: 2 }, scores: [{ score: 4 }, {}, {}, {}, {}] });
    const seeds = server.log.chatRequests().map((entry) => (entry.body as { seed?: number }).seed);
    expect(seeds).toEqual([11, 11, 12, 13]);
    expect(server.log.chatRequests()[1].delayedMs).toBe(40);
  }, 30_000);

  it('stores G-Eval expected scores from the top logprobs at the score tokens', async () => {
    await handlers['llm.connections.save']({ connection: connection('deepseek', 'deepseek-v3'), key: { set: KEY } });
    server.setDefaultHandler(() =>
      judgeReply.withLogprobs(scoresFor(RUBRICS, 4), {
        // 4·0.5 + 5·0.3 + 3·0.2 = 4.1
        'X-SRG': { '4': 0.5, '5': 0.3, '3': 0.2 },
        // "4" and " 4" add up to 0.6; "x" is no score: (4·0.6 + 2·0.2) / 0.8 = 3.5
        'M-RCC': { '4': 0.4, ' 4': 0.2, '2': 0.2, x: 0.2 },
        // no allowed score among the alternatives: null, not a guess
        IRA: { four: 0.7, '9': 0.3 },
      }),
    );
    await handlers['jobs.start']({ definition: definitionFor([dialogue('a')], {}, { topLogprobs: 5 }) });
    await finished();
    const result = judgeJobResult(items()[0].outcome);
    expect(result?.status).toBe('valid');
    const expected = Object.fromEntries((result?.status === 'valid' ? result.scores : []).map((entry) => [entry.rubric, entry.expected]));
    expect(expected['X-SRG']).toBeCloseTo(4.1, 12);
    expect(expected['M-RCC']).toBeCloseTo(3.5, 12);
    expect(expected.IRA).toBeNull();
    // a certain token: all its probability on the sampled score
    expect(expected['X-MSR']).toBe(4);
    expect(server.log.chatRequests()[0].body).toMatchObject({ logprobs: true, top_logprobs: 5 });
  }, 30_000);

  it("sends the rubric set's expert examples as few-shot turns unless the job names its own, and the prompt hash says so", async () => {
    await handlers['llm.connections.save']({ connection: connection('deepseek', 'deepseek-v3'), key: { set: KEY } });
    server.setDefaultHandler(() => judgeReply.valid(scoresFor(RUBRICS, 4)));
    const anchor = { label: 'GPT-4o · 7-1-1', turns: [{ speaker: 'teacher' as const, utterance: '锚点对话：你怎么想？' }], scores: RUBRICS.map((rubric) => ({ rubric, score: 2 })) };
    const anchored = { ...SID_RUBRIC_SET, expertExamples: [anchor] };
    await handlers['jobs.start']({ definition: definitionFor([dialogue('a')], {}, { rubricSet: anchored, rubricSetHash: rubricSetHash(anchored) }) });
    await finished();
    const [withAnchor] = server.log.chatRequests().map((entry) => (entry.body as { messages: { role: string; content: string }[] }).messages);
    expect(withAnchor.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(withAnchor[1].content).toContain('锚点对话：你怎么想？');
    expect(withAnchor[1].content).not.toContain('GPT-4o · 7-1-1');
    expect(JSON.parse(withAnchor[2].content).scores.map((entry: { score: number }) => entry.score)).toEqual([2, 2, 2, 2, 2]);
    const first = judgeJobResult(items()[0].outcome)!;
    expect(first.prompt.fewShot).toBe(1);
    expect(first.rubricSet.hash).toBe(rubricSetHash(anchored));

    await handlers['jobs.start']({ definition: definitionFor([dialogue('b')], {}, { rubricSet: anchored, rubricSetHash: rubricSetHash(anchored), fewShot: [] }) });
    await finished(2);
    const without = (server.log.chatRequests()[1].body as { messages: { role: string }[] }).messages;
    expect(without.map((message) => message.role)).toEqual(['system', 'user']);
  }, 30_000);

  it('keeps two judge connections apart', async () => {
    await handlers['llm.connections.save']({ connection: connection('deepseek', 'deepseek-v3'), key: { set: KEY } });
    await handlers['llm.connections.save']({ connection: connection('qwen', 'qwen-max'), key: { set: KEY } });
    server.setDefaultHandler(({ body }) => judgeReply.valid(scoresFor(RUBRICS, body.model === 'qwen-max' ? 2 : 5)));
    await handlers['jobs.start']({ definition: definitionFor([dialogue('a'), dialogue('b')], { connectionIds: ['deepseek', 'qwen'] }) });
    await finished();
    const results = items().map((event) => judgeJobResult(event.outcome)!);
    expect(results).toHaveLength(4);
    for (const result of results) {
      expect(result.judgeModel).toBe(result.connectionId === 'qwen' ? 'qwen-max' : 'deepseek-v3');
      expect(result.status === 'valid' && result.scores.every((entry) => entry.score === (result.connectionId === 'qwen' ? 2 : 5))).toBe(true);
    }
    expect(server.log.chatRequests().filter((entry) => (entry.body as { model: string }).model === 'qwen-max')).toHaveLength(2);
  }, 30_000);

  it('refuses a job whose rubric set does not match its hash, or a malformed set, naming the problem', async () => {
    await handlers['llm.connections.save']({ connection: connection('deepseek', 'deepseek-v3'), key: { set: KEY } });
    const wrongHash = definitionFor([dialogue('a')], {}, { rubricSetHash: 'abc' });
    await expect(handlers['jobs.start']({ definition: wrongHash })).rejects.toThrow(/jobs.start: .*hashes to/);
    const broken = definitionFor([dialogue('a')], {}, { rubricSet: { ...SID_RUBRIC_SET, rubrics: [] } });
    await expect(handlers['jobs.start']({ definition: broken })).rejects.toThrow(/jobs.start:[\s\S]*\$\.rubrics must be a non-empty list/);
    await expect(handlers['jobs.start']({ definition: definitionFor([dialogue('a')], {}, { topLogprobs: 50 }) })).rejects.toThrow(/topLogprobs/);
    const shaped = (parameters: Record<string, unknown>) => handlers['jobs.start']({ definition: { ...definitionFor([dialogue('a')]), parameters: { ...definitionFor([dialogue('a')]).parameters, ...parameters } } as never });
    await expect(shaped({ extra: 1 })).rejects.toThrow(/unexpected field "extra"/);
    await expect(shaped({ language: 'fr' })).rejects.toThrow(/"language" must be one of zh, en/);
    await expect(shaped({ reasoningFirst: 'yes' })).rejects.toThrow(/reasoningFirst/);
    await expect(shaped({ dialogues: [{ id: 'a', turns: [{ speaker: 'robot', utterance: 'x' }] }] })).rejects.toThrow(/dialogues\[0\]\.turns\[0\]\.speaker/);
    await expect(shaped({ fewShot: [{ turns: dialogue('x').turns, scores: [{ rubric: 'X-SRG', score: 9 }] }] })).rejects.toThrow(/few-shot example 1: the score 9 of X-SRG lies outside 1–5/);
    expect(server.log.chatRequests()).toHaveLength(0);
  });

  it('after a quit mid-job the resumed job asks no finished call again', async () => {
    await handlers['llm.connections.save']({ connection: connection('deepseek', 'deepseek-v3'), key: { set: KEY } });
    let hold = true;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.setDefaultHandler(async ({ body }) => {
      const id = judgedDialogue(body);
      // the first two dialogues answer at once; the others wait until the process has quit
      if (hold && !['d0', 'd1'].includes(id)) await gate;
      return judgeReply.valid(scoresFor(RUBRICS, 3), { headers: {} });
    });
    const dialogues = Array.from({ length: 6 }, (_, index) => dialogue(`d${index}`));
    const { id } = await handlers['jobs.start']({ definition: definitionFor(dialogues, { samples: 2 }) });
    await until('four items are done', () => items().length === 4);
    await until('the rest are on the wire', () => server.log.inFlight > 0);
    await services.shutdown();
    const answeredBefore = server.log.chatRequests().filter((entry) => entry.outcome === 'answered').map((entry) => entry.rawBody);
    expect(answeredBefore).toHaveLength(4);
    hold = false;
    release();

    events = [];
    open();
    await services.ready;
    // the test's secret store lives in memory: the key is set again, as the app's keychain would still hold it
    await handlers['llm.connections.save']({ connection: connection('deepseek', 'deepseek-v3'), key: { set: KEY } });
    expect((await handlers['jobs.list']({})).find((job) => job.id === id)).toMatchObject({ status: 'interrupted', progress: { done: 4 } });
    const before = server.log.chatRequests().length;
    await handlers['jobs.resume']({ jobId: id });
    await finished();
    const after = server.log.chatRequests().slice(before);
    // d0 and d1 (both samples) are done: none of the 8 others' calls repeats theirs
    expect(after).toHaveLength(8);
    expect(after.every((entry) => !['d0', 'd1'].includes(judgedDialogue(entry.body as { messages: { content?: unknown }[] })))).toBe(true);
    expect(events.find((event) => event.type === 'finished')).toMatchObject({ status: 'succeeded', progress: { done: 12, failed: 0 } });
    expect(server.log.chatRequests().filter((entry) => entry.outcome === 'answered')).toHaveLength(12);
  }, 30_000);
});
