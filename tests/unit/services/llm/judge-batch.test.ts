/**
 * The judge's Batch API run against the scripted server's files and batches endpoints, through
 * the real openai client: a run stopped while its batch waits leaves the batch recorded (no key
 * in the record), and the next run polls that batch instead of uploading another; its answers
 * are checked and cached under the runner's own keys.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobWorkItems } from '../../../../shared/jobs';
import { rubricSetHash, SID_RUBRIC_IDS, SID_RUBRIC_SET, type JudgeJobDefinition } from '../../../../shared/judge';
import type { LlmConnection } from '../../../../shared/llm';
import { runJudgeBatch } from '../../../../electron/services/llm/judge-batch';
import { judgeCallPlan } from '../../../../electron/services/llm/judge-runner';
import { ResponseCache } from '../../../../electron/services/llm/response-cache';
import { judgeReply, reply, scoresFor, startLlmServer, type LlmTestServer } from '../../../support/llm-server';
import { makeTempDir, type TempDir } from '../../../support/temp-dir';

const KEY = 'sk-batch-0a1b2c3d4e5f6a7b8c9d';

describe('judge batch', () => {
  let dir: TempDir;
  let server: LlmTestServer;
  beforeEach(async () => {
    dir = await makeTempDir();
    server = await startLlmServer({ apiKey: KEY });
  });
  afterEach(async () => {
    await server.close();
    await dir.remove();
  });

  it('resumes polling the recorded batch after a stop, uploading nothing again, and caches the checked answers under the runner keys', async () => {
    server.setDefaultHandler(() => judgeReply.valid(scoresFor([...SID_RUBRIC_IDS], 4)));
    const dialogues = ['a', 'b'].map((id) => ({ id, turns: [{ speaker: 'teacher' as const, utterance: `${id} turn 1: 你好` }, { speaker: 'student' as const, utterance: '老师好' }] }));
    const definition: JudgeJobDefinition = { kind: 'judge', title: 't', connectionIds: ['c'], itemIds: ['a', 'b'], samples: 2, parameters: { rubricSet: SID_RUBRIC_SET, rubricSetHash: rubricSetHash(SID_RUBRIC_SET), language: 'en', reasoningFirst: true, dialogues } };
    const connection: LlmConnection = { id: 'c', name: 'judge', baseURL: server.baseURL, model: 'test-model', extraHeaders: {}, sampling: {}, concurrency: { start: 1, min: 1, max: 1 }, keySet: true };
    const cache = new ResponseCache(join(dir.path, 'cache'));
    const stateFile = join(dir.path, 'cache', 'batch.json');
    const controller = new AbortController();
    const options = { connection, apiKey: KEY, parameters: definition.parameters, items: jobWorkItems(definition), cache, stateFile, pollMs: 10, timeoutMs: 5000 };
    // stopped at the first wait: the batch is in progress
    await expect(runJudgeBatch({ ...options, signal: controller.signal, log: (line) => void (line.includes('in_progress') && controller.abort()) })).rejects.toThrow(/Batch API run failed/);
    const state = await readFile(stateFile, 'utf8');
    expect(state).not.toContain(KEY);
    expect(JSON.parse(state)).toMatchObject({ batchId: 'batch_test_1' });
    const result = await runJudgeBatch({ ...options, log: () => undefined });
    expect(result).toMatchObject({ batchId: 'batch_test_1', sent: 4, valid: 4, invalid: 0 });
    const posts = (path: string) => server.log.entries.filter((entry) => entry.method === 'POST' && entry.path === path).length;
    expect(posts('/v1/files')).toBe(1);
    expect(posts('/v1/batches')).toBe(1);
    await expect(readFile(stateFile, 'utf8')).rejects.toThrow();
    // each item's answer is where the runner looks for it
    const plan = judgeCallPlan(definition.parameters);
    for (const item of jobWorkItems(definition)) expect(await cache.get(plan.call(connection, item).cacheKey), JSON.stringify(item)).not.toBeNull();
    expect(server.log.chatRequests()).toHaveLength(0);
    cache.close();
  });

  describe('a batch that does not complete', () => {
    const dialogues = ['a', 'b', 'c', 'd'].map((id) => ({ id, turns: [{ speaker: 'teacher' as const, utterance: `${id} turn 1: 你好` }, { speaker: 'student' as const, utterance: '老师好' }] }));
    const definition: JudgeJobDefinition = { kind: 'judge', title: 't', connectionIds: ['c'], itemIds: dialogues.map((entry) => entry.id), parameters: { rubricSet: SID_RUBRIC_SET, rubricSetHash: rubricSetHash(SID_RUBRIC_SET), language: 'en', reasoningFirst: false, dialogues } };
    const judged = (body: { messages: { content?: unknown }[] }) => /"([a-d]) turn 1:/.exec(String(body.messages.at(-1)?.content ?? ''))?.[1];
    let cache: ResponseCache;
    let logged: string[];
    const run = () => {
      const connection: LlmConnection = { id: 'c', name: 'judge', baseURL: server.baseURL, model: 'test-model', extraHeaders: {}, sampling: {}, concurrency: { start: 1, min: 1, max: 1 }, keySet: true };
      return { connection, result: runJudgeBatch({ connection, apiKey: KEY, parameters: definition.parameters, items: jobWorkItems(definition), cache, stateFile: join(dir.path, 'cache', 'batch.json'), pollMs: 5, timeoutMs: 5000, log: (line) => void logged.push(line) }) };
    };
    const cachedIds = async (connection: LlmConnection) => {
      const plan = judgeCallPlan(definition.parameters);
      const ids: string[] = [];
      for (const item of jobWorkItems(definition)) if (await cache.get(plan.call(connection, item).cacheKey)) ids.push(item.itemId);
      return ids;
    };
    const idOf = (customId: string) => (JSON.parse(customId) as [string, string, number])[1];
    beforeEach(() => {
      cache = new ResponseCache(join(dir.path, 'cache'));
      logged = [];
      server.setDefaultHandler(() => judgeReply.valid(scoresFor([...SID_RUBRIC_IDS], 3)));
    });
    afterEach(() => cache.close());

    it('expired: the lines it finished are cached and never sent again; the rest have their reason and go in the next batch alone', async () => {
      server.enqueueBatch({ end: 'expired', answered: 2 });
      const first = run();
      const result = await first.result;
      expect(result).toMatchObject({ batchId: 'batch_test_1', status: 'expired', sent: 4, valid: 2, invalid: 2 });
      expect(result.reasons.map(({ customId, reason }) => [idOf(customId), reason])).toEqual([
        ['c', 'This request could not be executed before the completion window expired. (batch_expired)'],
        ['d', 'This request could not be executed before the completion window expired. (batch_expired)'],
      ]);
      expect(await cachedIds(first.connection)).toEqual(['a', 'b']);
      expect(logged.join('\n')).toMatch(/batch batch_test_1 ended expired; 2 of 4 lines answered validly, the others are asked live/);
      await expect(readFile(join(dir.path, 'cache', 'batch.json'), 'utf8')).rejects.toThrow();
      // the next run sends only the two left: nothing is paid twice
      const second = await run().result;
      expect(second).toMatchObject({ batchId: 'batch_test_2', status: 'completed', sent: 2, valid: 2, reasons: [] });
      expect(server.batchLines().map((line) => judged(line.body))).toEqual(['a', 'b', 'c', 'd']);
      expect(await cachedIds(first.connection)).toEqual(['a', 'b', 'c', 'd']);
      expect(server.log.chatRequests()).toHaveLength(0);
    });

    it('cancelled: the finished line is kept, the others say they were cancelled', async () => {
      server.enqueueBatch({ end: 'cancelled', answered: 1 });
      const { connection, result } = run();
      const done = await result;
      expect(done).toMatchObject({ status: 'cancelled', valid: 1, invalid: 3 });
      expect(done.reasons.map(({ reason }) => reason)).toEqual(Array(3).fill('This request was cancelled with its batch. (batch_cancelled)'));
      expect(await cachedIds(connection)).toEqual(['a']);
    });

    it('failed: nothing ran or was paid; every line carries the batch errors, logged once', async () => {
      server.enqueueBatch({ end: 'failed', errors: [{ code: 'invalid_request', message: 'This model does not support the Batch API.', line: 1 }] });
      const { connection, result } = run();
      const done = await result;
      expect(done).toMatchObject({ status: 'failed', sent: 4, valid: 0, invalid: 4 });
      expect(new Set(done.reasons.map(({ reason }) => reason))).toEqual(new Set(['the batch failed: This model does not support the Batch API. (invalid_request) at line 1']));
      expect(server.batchLines()).toHaveLength(0);
      expect(await cachedIds(connection)).toEqual([]);
      expect(logged.filter((line) => line.includes('does not support the Batch API'))).toHaveLength(1);
      await expect(readFile(join(dir.path, 'cache', 'batch.json'), 'utf8')).rejects.toThrow();
    });

    it('per-line errors: an HTTP error in the error file and an answer the check refuses are reasons; the valid lines are cached', async () => {
      server.setDefaultHandler(({ body }) => {
        const id = judged(body);
        if (id === 'b') return reply.status(500, { message: 'overloaded' });
        if (id === 'c') return judgeReply.missing(scoresFor([...SID_RUBRIC_IDS], 3), 'IRA');
        return judgeReply.valid(scoresFor([...SID_RUBRIC_IDS], 3));
      });
      const { connection, result } = run();
      const done = await result;
      expect(done).toMatchObject({ status: 'completed', valid: 2, invalid: 2 });
      const reasons = Object.fromEntries(done.reasons.map(({ customId, reason }) => [idOf(customId), reason]));
      expect(reasons.b).toBe('scripted failure (HTTP 500)');
      expect(reasons.c).toMatch(/^the answer failed the check: .*IRA/);
      expect(await cachedIds(connection)).toEqual(['a', 'd']);
      expect(logged.filter((line) => line.startsWith('judge: batch line'))).toHaveLength(2);
    });

    it('per-line errors written into the output file beside the answers are reasons too', async () => {
      server.enqueueBatch({ end: 'completed', errorsIn: 'output' });
      server.setDefaultHandler(({ body }) => (judged(body) === 'a' ? reply.status(429, { message: 'slow down' }) : judgeReply.valid(scoresFor([...SID_RUBRIC_IDS], 3))));
      const { connection, result } = run();
      const done = await result;
      expect(done).toMatchObject({ status: 'completed', valid: 3, invalid: 1 });
      expect(done.reasons.map(({ customId, reason }) => [idOf(customId), reason])).toEqual([['a', 'scripted failure (HTTP 429)']]);
      expect(await cachedIds(connection)).toEqual(['b', 'c', 'd']);
    });
  });

  it('cancels a batch still running past the wait limit, and ends once the endpoint says cancelled: every line then goes live', async () => {
    server.setDefaultHandler(() => judgeReply.valid(scoresFor([...SID_RUBRIC_IDS], 4)));
    server.enqueueBatch({ end: 'completed', inProgressPolls: 1000 });
    const dialogues = ['a', 'b'].map((id) => ({ id, turns: [{ speaker: 'teacher' as const, utterance: `${id} turn 1: 你好` }] }));
    const definition: JudgeJobDefinition = { kind: 'judge', title: 't', connectionIds: ['c'], itemIds: ['a', 'b'], parameters: { rubricSet: SID_RUBRIC_SET, rubricSetHash: rubricSetHash(SID_RUBRIC_SET), language: 'en', reasoningFirst: false, dialogues } };
    const connection: LlmConnection = { id: 'c', name: 'judge', baseURL: server.baseURL, model: 'test-model', extraHeaders: {}, sampling: {}, concurrency: { start: 1, min: 1, max: 1 }, keySet: true };
    const cache = new ResponseCache(join(dir.path, 'cache'));
    const polls: string[] = [];
    const result = await runJudgeBatch({ connection, apiKey: KEY, parameters: definition.parameters, items: jobWorkItems(definition), cache, stateFile: join(dir.path, 'cache', 'batch.json'), pollMs: 10, timeoutMs: 5000, waitLimitMs: 0, onPoll: (poll) => void polls.push(poll.status), log: () => undefined });
    expect(server.batchCancels()).toEqual(['batch_test_1']);
    expect(result).toMatchObject({ batchId: 'batch_test_1', status: 'cancelled', sent: 2, valid: 0, invalid: 2 });
    expect(polls.at(0)).toBe('in_progress');
    expect(polls.at(-1)).toBe('cancelled');
    cache.close();
  });
  it('an output file whose body never ends fails the batch run at the timeout, naming it, instead of waiting for ever', async () => {
    server.setDefaultHandler(() => judgeReply.valid(scoresFor([...SID_RUBRIC_IDS], 4)));
    server.enqueueBatch({ end: 'completed', content: 'endless' });
    const dialogues = [{ id: 'a', turns: [{ speaker: 'teacher' as const, utterance: 'a turn 1: 你好' }] }];
    const definition: JudgeJobDefinition = { kind: 'judge', title: 't', connectionIds: ['c'], itemIds: ['a'], parameters: { rubricSet: SID_RUBRIC_SET, rubricSetHash: rubricSetHash(SID_RUBRIC_SET), language: 'en', reasoningFirst: false, dialogues } };
    const connection: LlmConnection = { id: 'c', name: 'judge', baseURL: server.baseURL, model: 'test-model', extraHeaders: {}, sampling: {}, concurrency: { start: 1, min: 1, max: 1 }, keySet: true };
    const cache = new ResponseCache(join(dir.path, 'cache'));
    const run = runJudgeBatch({ connection, apiKey: KEY, parameters: definition.parameters, items: jobWorkItems(definition), cache, stateFile: join(dir.path, 'cache', 'batch.json'), pollMs: 5, timeoutMs: 400, log: () => undefined });
    await expect(run).rejects.toThrow(/Batch API run failed.*in time/);
    const downloads = server.log.entries.filter((entry) => /\/v1\/files\/[^/]+\/content$/.test(entry.path));
    expect(downloads.length).toBeGreaterThan(0);
    await server.log.waitUntil(() => downloads.every((entry) => entry.outcome !== 'pending'), 'the downloads to end');
    expect(downloads.map((entry) => entry.outcome)).toEqual(downloads.map(() => 'clientClosed'));
    cache.close();
  }, 30_000);
});
