/**
 * A rerun of `judge` asks again every line that failed (issue 29 point 13): after a run of 500s,
 * 429s or time-outs, the same command against a healthy endpoint calls once per failed line (no
 * more: the successful lines and the cache are kept), says how many it retried, and leaves one
 * line per dialogue × judge × sample, which judge-report counts once. The same for --pairwise.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SID_RUBRIC_IDS } from '../../../shared/judge';
import { judgeReply, pairwiseJudge, reply, scoresFor, startLlmServer, type LlmTestServer } from '../../support/llm-server';
import { makeTempDir, type TempDir } from '../../support/temp-dir';
import { runCaptured } from './run-captured';

const MODELS = 'tests/fixtures/import/models';
const RUBRICS = [...SID_RUBRIC_IDS];
const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
const keyOf = (line: Record<string, unknown>) => JSON.stringify([line.group, line.dialogue, line.judge, line.sample]);
/** the fixture's GPT-4o dialogue (its utterances name the cactus) */
const isGpt = (body: { messages: unknown }) => JSON.stringify(body.messages).includes('仙人掌');

interface Cell { group: string; rubric: string; n: number; mean: number | null }

describe('judge: a rerun retries the failed lines', () => {
  let dir: TempDir;
  let server: LlmTestServer;
  beforeEach(async () => {
    dir = await makeTempDir();
    server = await startLlmServer();
  });
  afterEach(async () => {
    await server.close();
    await dir.remove();
  });

  const judge = (out: string, ...extra: string[]) => runCaptured(['judge', MODELS, '--base-url', server.baseURL, '--model', 'test-model', '--out', out, ...extra]);
  const report = async (out: string) => {
    const run = await runCaptured(['judge-report', out, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/repeat/);
    return (JSON.parse(run.stdout) as { groups: Cell[] }).groups;
  };

  it('after a run of 500s, the rerun against a healthy endpoint asks every failed line once, exits 0, and the report counts each once', async () => {
    server.setDefaultHandler(() => reply.status(500));
    const out = join(dir.path, 'results.jsonl');
    const failedRun = await judge(out, '--timeout', '10');
    expect(failedRun.code).toBe(1);
    const failed = lines(await readFile(out, 'utf8'));
    expect(failed.length).toBe(2);
    expect(failed.every((line) => line.status === 'failed')).toBe(true);

    server.setDefaultHandler(({ body }) => judgeReply.valid(scoresFor(RUBRICS, isGpt(body) ? 4 : 2)));
    const before = server.log.chatRequests().length;
    const rerun = await judge(out);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(server.log.chatRequests().length - before).toBe(failed.length);
    expect(rerun.stdout).toMatch(/retried 2 failed lines/);
    const after = lines(await readFile(out, 'utf8'));
    expect(after).toHaveLength(failed.length);
    expect(after.every((line) => line.status === 'valid')).toBe(true);
    expect(new Set(after.map(keyOf))).toEqual(new Set(failed.map(keyOf)));
    const groups = await report(out);
    expect(groups.find((cell) => cell.group === 'GPT-4o' && cell.rubric === 'X-SRG')).toMatchObject({ n: 1, mean: 4 });
    expect(groups.find((cell) => cell.group === 'Qwen' && cell.rubric === 'X-SRG')).toMatchObject({ n: 1, mean: 2 });

    // nothing left to retry: a third run asks nothing
    const third = await judge(out);
    expect(third.code, third.stderr).toBe(0);
    expect(server.log.chatRequests().length - before).toBe(failed.length);
    expect(third.stdout).not.toMatch(/retried/);
  }, 90_000);

  it('only the failed samples are asked again (429s and time-outs): the valid lines stay as they were and come from neither endpoint nor cache', async () => {
    // GPT-4o is answered; Qwen's samples are rate-limited or time out until the endpoint recovers
    let healthy = false;
    let qwenCalls = 0;
    server.setDefaultHandler(({ body }) => {
      if (healthy || isGpt(body)) return judgeReply.valid(scoresFor(RUBRICS, isGpt(body) ? 5 : 3));
      return qwenCalls++ % 2 === 0 ? reply.rateLimited({ retryAfterMs: 10 }) : reply.delay(3_000, judgeReply.valid(scoresFor(RUBRICS, 1)));
    });
    const out = join(dir.path, 'results.jsonl');
    const first = await judge(out, '--samples', '3', '--timeout', '1');
    expect(first.code).toBe(1);
    const written = await readFile(out, 'utf8');
    const firstLines = lines(written);
    const failedKeys = firstLines.filter((line) => line.status === 'failed').map(keyOf);
    const validLines = written.split('\n').filter((line) => line !== '' && (JSON.parse(line) as { status: string }).status === 'valid');
    expect(failedKeys).toHaveLength(3);
    expect(validLines).toHaveLength(3);

    healthy = true;
    const before = server.log.chatRequests().length;
    const rerun = await judge(out, '--samples', '3', '--timeout', '10');
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(server.log.chatRequests().length - before).toBe(3);
    expect(rerun.stdout).toMatch(/retried 3 failed lines/);
    const after = await readFile(out, 'utf8');
    // the lines scored before are kept byte for byte
    for (const line of validLines) expect(after.split('\n')).toContain(line);
    expect(lines(after)).toHaveLength(6);
    expect(new Set(lines(after).map(keyOf)).size).toBe(6);
    const groups = await report(out);
    expect(groups.find((cell) => cell.group === 'Qwen' && cell.rubric === 'IRA')).toMatchObject({ n: 1, mean: 3 });
    expect(groups.find((cell) => cell.group === 'GPT-4o' && cell.rubric === 'IRA')).toMatchObject({ n: 1, mean: 5 });
  }, 120_000);

  it('--pairwise: the failed orders are asked again, the verdicts kept', async () => {
    const record = (marker: string) => JSON.stringify({ topic_id: 1, topic_text: '月相', student_id: 1, student_type: '知识掌握不足', scenario: '课堂探究', repeat_id: 1, dialogue: [{ role: '教师', content: `${marker} turn 1: 你看到了什么？` }, { role: '学生', content: '月亮变圆了' }] });
    for (const [group, marker] of [['GPT-4o', 'G1'], ['Qwen', 'Q1']]) {
      await mkdir(join(dir.path, group));
      await writeFile(join(dir.path, group, 'a.jsonl'), `${record(marker)}\n`);
    }
    const out = join(dir.path, 'pairs.jsonl');
    const pairwise = () => runCaptured(['judge', join(dir.path, 'GPT-4o'), join(dir.path, 'Qwen'), '--pairwise', '--base-url', server.baseURL, '--model', 'test-model', '--out', out, '--language', 'en', '--timeout', '10']);
    const verdicts = pairwiseJudge({ better: () => 'G1' });
    // the order showing GPT-4o first is answered; the other gets 500s
    server.setDefaultHandler((request) => (JSON.stringify(request.body.messages).indexOf('G1') < JSON.stringify(request.body.messages).indexOf('Q1') ? verdicts(request) : reply.status(500)));
    expect((await pairwise()).code).toBe(1);
    const first = lines(await readFile(out, 'utf8'));
    expect(first.map((line) => line.status).sort()).toEqual(['failed', 'valid']);

    server.setDefaultHandler(verdicts);
    const before = server.log.chatRequests().length;
    const rerun = await pairwise();
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(server.log.chatRequests().length - before).toBe(1);
    expect(rerun.stdout).toMatch(/retried 1 failed line\b/);
    const after = lines(await readFile(out, 'utf8'));
    expect(after.map((line) => line.status)).toEqual(['valid', 'valid']);
    const counted = await runCaptured(['judge-report', out, '--json']);
    expect((JSON.parse(counted.stdout) as { pairwise: { judged: number; winsA: number }[] }).pairwise).toEqual([expect.objectContaining({ judged: 1, winsA: 1 })]);
  }, 90_000);
});
