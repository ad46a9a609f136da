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
import { judgeReply, scoresFor, startLlmServer, type LlmTestServer } from '../../../support/llm-server';
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
});
