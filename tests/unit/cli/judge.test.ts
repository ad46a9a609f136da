/**
 * `judge` against the scripted server, through the real engine: one results line per dialogue,
 * judge and sample in the shape judge-report reads (dialogue ids and groups as metrics names
 * them), failed answers written as failed lines with their reasons, a run stopped midway resumed
 * from its output file with no line asked again (counted at the server), and the key from the
 * environment never printed or written.
 */
import { appendFile, cp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rubricSetHash, rubricSetToJson, SID_RUBRIC_IDS, SID_RUBRIC_SET, type RubricSet } from '../../../shared/judge';
import { judgeReply, reply, scoresFor, startLlmServer, type LlmTestServer } from '../../support/llm-server';
import { makeTempDir, type TempDir } from '../../support/temp-dir';
import { runCaptured } from './run-captured';

const MODELS = 'tests/fixtures/import/models';
const KEY = 'sk-judge-5e4d3c2b1a0f9e8d7c6b';
const RUBRICS = [...SID_RUBRIC_IDS];
/** the fixture's dialogues: GPT-4o/ holds 7-3-1 and more, Qwen/ holds 8-1-2 and more */
const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Record<string, unknown>);

describe('judge', () => {
  let dir: TempDir;
  let server: LlmTestServer;
  beforeEach(async () => {
    dir = await makeTempDir();
    server = await startLlmServer({ apiKey: KEY });
    process.env.JUDGE_TEST_KEY = KEY;
  });
  afterEach(async () => {
    delete process.env.JUDGE_TEST_KEY;
    await server.close();
    await dir.remove();
  });

  const args = (out: string, ...extra: string[]) => ['judge', MODELS, '--base-url', server.baseURL, '--model', 'test-model', '--out', out, '--api-key-env', 'JUDGE_TEST_KEY', ...extra];

  it('writes one line per dialogue and sample that judge-report reads; a rerun asks nothing again', async () => {
    // teacher models score apart: GPT-4o's dialogues 4 on every rubric, Qwen's 2
    server.setDefaultHandler(({ body }) => judgeReply.valid(scoresFor(RUBRICS, JSON.stringify(body.messages).includes('仙人掌') ? 4 : 2)));
    const out = join(dir.path, 'results.jsonl');
    const first = await runCaptured(args(out, '--samples', '2'));
    expect(first.stderr).not.toContain(KEY);
    expect(first.stdout).not.toContain(KEY);
    expect(first.code, first.stderr).toBe(0);
    const written = lines(await readFile(out, 'utf8'));
    const requests = server.log.chatRequests().length;
    expect(written).toHaveLength(requests);
    expect(requests % 2).toBe(0);
    expect(written.some((line) => line.dialogue === '7-3-1' && line.group === 'GPT-4o')).toBe(true);
    expect(written.some((line) => line.dialogue === '8-1-2' && line.group === 'Qwen')).toBe(true);
    for (const line of written) {
      expect(line).toMatchObject({ judge: 'test-model', status: 'valid', rubricSet: { id: expect.any(String), hash: expect.any(String) } });
      expect((line.scores as { rubric: string }[]).map((score) => score.rubric)).toEqual(RUBRICS);
    }
    expect(new Set(written.map((line) => `${line.group}/${line.dialogue}#${line.sample}`)).size).toBe(written.length);
    expect(new Set(written.map((line) => line.sample))).toEqual(new Set([0, 1]));
    const body = server.log.chatRequests()[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ temperature: 0.1, top_p: 0.9, max_tokens: 1024 });
    for (const path of await readdir(dir.path, { recursive: true })) {
      const full = join(dir.path, path);
      const text = await readFile(full, 'utf8').catch(() => '');
      expect(text, path).not.toContain(KEY);
    }

    const report = await runCaptured(['judge-report', out, '--json']);
    expect(report.code, report.stderr).toBe(0);
    const groups = (JSON.parse(report.stdout) as { groups: { group: string; judge: string; rubric: string; n: number; mean: number }[] }).groups;
    const gpt = groups.find((group) => group.group === 'GPT-4o' && group.rubric === 'X-SRG')!;
    const qwen = groups.find((group) => group.group === 'Qwen' && group.rubric === 'X-SRG')!;
    expect(gpt).toMatchObject({ judge: 'test-model', mean: 4 });
    expect(qwen).toMatchObject({ judge: 'test-model', mean: 2 });
    expect(gpt.n + qwen.n).toBe(requests / 2);

    const second = await runCaptured(args(out, '--samples', '2'));
    expect(second.code, second.stderr).toBe(0);
    expect(server.log.chatRequests()).toHaveLength(requests);
    expect(lines(await readFile(out, 'utf8'))).toHaveLength(requests);
    expect(second.stdout).toMatch(new RegExp(`0 lines written .* ${requests} of ${requests} already there`));
  }, 60_000);

  it('resumes a stopped run from its output file: only the missing lines are asked, even without the cache; a cut-off last line is asked again', async () => {
    const out = join(dir.path, 'results.jsonl');
    // the endpoint refuses the key after three answers: the job stops, the file holds three lines
    let answered = 0;
    server.setDefaultHandler(() => (answered++ < 3 ? judgeReply.valid(scoresFor(RUBRICS, 3)) : reply.status(401)));
    const stopped = await runCaptured(args(out, '--samples', '3', '--concurrency', '1'));
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toMatch(/stopped: .*refused the API key/);
    expect(lines(await readFile(out, 'utf8'))).toHaveLength(3);
    // the cache gone too: the file alone says what is done; a torn line as a kill would leave it
    await rm(`${out}.maieutic`, { recursive: true, force: true });
    await appendFile(out, '{"dialogue":"8-1-2","group":"Qw');
    server.setDefaultHandler(() => judgeReply.valid(scoresFor(RUBRICS, 3)));
    const before = server.log.chatRequests().length;
    const resumed = await runCaptured(args(out, '--samples', '3', '--concurrency', '1'));
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/cut-off last line was removed/);
    const all = lines(await readFile(out, 'utf8'));
    const askedNow = server.log.chatRequests().length - before;
    expect(all).toHaveLength(3 + askedNow);
    expect(new Set(all.map((line) => `${line.group}/${line.dialogue}#${line.sample}`)).size).toBe(all.length);
    expect(all.length % 3).toBe(0);
    const report = await runCaptured(['judge-report', out]);
    expect(report.code, report.stderr).toBe(0);
  }, 60_000);

  it('writes answers that never validate as failed lines with every reason, counted by judge-report', async () => {
    server.setDefaultHandler(({ body }) => (JSON.stringify(body.messages).includes('仙人掌') ? judgeReply.outOfRange(scoresFor(RUBRICS, 3), 'IRA', 9) : judgeReply.valid(scoresFor(RUBRICS, 3))));
    const out = join(dir.path, 'results.jsonl');
    const run = await runCaptured(args(out, '--timeout', '10'));
    expect(run.code).toBe(1);
    const failed = lines(await readFile(out, 'utf8')).filter((line) => line.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    for (const line of failed) {
      expect(line).toMatchObject({ group: 'GPT-4o', scores: [] });
      expect(line.reason).toMatch(/IRA: the score 9 lies outside 1–5/);
    }
    expect(run.stderr).toMatch(/not scored: .*IRA/);
    const report = await runCaptured(['judge-report', out, '--json']);
    expect(report.code, report.stderr).toBe(0);
  }, 60_000);

  it('asks for logprobs and writes the expected score beside each score', async () => {
    server.setDefaultHandler(() => judgeReply.withLogprobs(scoresFor(RUBRICS, 4), { 'X-SRG': { '4': 0.5, '5': 0.5 } }));
    const out = join(dir.path, 'results.jsonl');
    const run = await runCaptured(args(out, '--logprobs', '5'));
    expect(run.code, run.stderr).toBe(0);
    const [line] = lines(await readFile(out, 'utf8'));
    const scores = line.scores as { rubric: string; expected: number }[];
    expect(scores.find((score) => score.rubric === 'X-SRG')?.expected).toBeCloseTo(4.5, 12);
    expect(scores.find((score) => score.rubric === 'TCF')?.expected).toBe(4);
    expect(server.log.chatRequests()[0].body).toMatchObject({ logprobs: true, top_logprobs: 5 });
  }, 60_000);

  it('judges on a rubric-set file: its rubrics, its ranges and its hash on every line', async () => {
    const custom: RubricSet = { ...SID_RUBRIC_SET, id: 'custom', version: '2', rubrics: SID_RUBRIC_SET.rubrics.slice(0, 2).map((rubric) => ({ ...rubric, range: { min: 1, max: 3 }, anchors: rubric.anchors.filter((anchor) => anchor.score <= 3) })) };
    const file = join(dir.path, 'custom.json');
    await writeFile(file, JSON.stringify(rubricSetToJson(custom)));
    const ids = custom.rubrics.map((rubric) => rubric.id);
    // the first answer scores 4, outside the set's 1–3: asked again; every other answer scores 3
    let first = true;
    server.setDefaultHandler(() => {
      const score = first ? 4 : 3;
      first = false;
      return judgeReply.valid(scoresFor(ids, score));
    });
    const out = join(dir.path, 'results.jsonl');
    const run = await runCaptured(args(out, '--rubrics', file, '--concurrency', '1'));
    const written = lines(await readFile(out, 'utf8'));
    expect(written.every((line) => (line.rubricSet as { hash: string }).hash === rubricSetHash(custom))).toBe(true);
    expect(run.code, run.stderr).toBe(0);
    expect(server.log.chatRequests()).toHaveLength(written.length + 1);
    for (const line of written) expect((line.scores as { rubric: string; score: number }[]).map((score) => [score.rubric, score.score])).toEqual(ids.map((id) => [id, 3]));
    expect((await runCaptured(['judge-report', out, '--rubrics', file])).code).toBe(0);
    // read on the SID set, the lines are refused: another hash
    expect((await runCaptured(['judge-report', out])).code).toBe(1);
  }, 60_000);

  it('--batch: one Batch API job whose answers are joined by custom_id and checked; one the check refuses is asked live; a rerun asks nothing', async () => {
    // in the batch (index -1) the cactus dialogue's answer misses IRA, the others score 4; a live call scores 5
    server.setDefaultHandler(({ index, body }) => {
      if (index >= 0) return judgeReply.valid(scoresFor(RUBRICS, 5));
      return JSON.stringify(body.messages).includes('仙人掌') ? judgeReply.missing(scoresFor(RUBRICS, 4), 'IRA') : judgeReply.valid(scoresFor(RUBRICS, 4));
    });
    const out = join(dir.path, 'results.jsonl');
    const run = await runCaptured(args(out, '--batch', '--poll', '0.01', '--samples', '2'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain(KEY);
    const written = lines(await readFile(out, 'utf8'));
    const batched = server.batchLines();
    expect(batched).toHaveLength(written.length);
    expect(new Set(batched.map((line) => line.custom_id)).size).toBe(batched.length);
    for (const line of batched) expect(line.body).toMatchObject({ model: 'test-model', temperature: 0.1, top_p: 0.9, max_tokens: 1024, response_format: { type: 'json_schema' } });
    const live = written.filter((line) => (line.scores as { score: number }[])[0].score === 5);
    expect(written.every((line) => line.status === 'valid')).toBe(true);
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((line) => line.group === 'GPT-4o')).toBe(true);
    expect(server.log.chatRequests()).toHaveLength(live.length);
    expect(run.stderr).toMatch(new RegExp(`${written.length - live.length} of ${written.length} answers valid; ${live.length} asked live`));
    await expect(readFile(join(`${out}.maieutic`, 'batch.json'), 'utf8')).rejects.toThrow();
    for (const path of await readdir(dir.path, { recursive: true })) expect(await readFile(join(dir.path, path), 'utf8').catch(() => ''), path).not.toContain(KEY);

    const again = await runCaptured(args(out, '--batch', '--poll', '0.01', '--samples', '2'));
    expect(again.code, again.stderr).toBe(0);
    expect(server.batchLines()).toHaveLength(batched.length);
    expect(server.log.chatRequests()).toHaveLength(live.length);
  }, 60_000);

  it('--batch that expires: the lines it finished are written from the cache, only the rest are asked live, each with its reason', async () => {
    server.setDefaultHandler(() => judgeReply.valid(scoresFor(RUBRICS, 3)));
    server.enqueueBatch({ end: 'expired', answered: 1 });
    const out = join(dir.path, 'results.jsonl');
    const run = await runCaptured(args(out, '--batch', '--poll', '0.01'));
    expect(run.code, run.stderr).toBe(0);
    const written = lines(await readFile(out, 'utf8'));
    const batched = server.batchLines();
    expect(batched).toHaveLength(1);
    // the expired batch's one finished answer is not paid again: every other line is asked live once
    expect(server.log.chatRequests()).toHaveLength(written.length - 1);
    expect(run.stderr).toMatch(/ended expired; 1 of \d+ lines answered validly, the others are asked live/);
    expect(run.stderr).toMatch(/batch line .*: This request could not be executed before the completion window expired\. \(batch_expired\)/);
    expect(written.every((line) => line.status === 'valid')).toBe(true);
  }, 60_000);

  it('refuses a wrong command line and an output scored on another rubric set', async () => {
    expect((await runCaptured(['judge', MODELS, '--model', 'm', '--out', 'x'])).stderr).toMatch(/--base-url is required/);
    expect((await runCaptured(args(join(dir.path, 'r.jsonl'), '--samples', '0'))).code).toBe(2);
    expect((await runCaptured(args(join(dir.path, 'r.jsonl'), '--batch', '--poll', '0'))).stderr).toMatch(/--poll must be/);
    const out = join(dir.path, 'other.jsonl');
    await writeFile(out, `${JSON.stringify({ dialogue: '7-3-1', group: 'GPT-4o', judge: 'test-model', sample: 0, rubricSet: { id: 'sid', version: '0', hash: 'different' }, status: 'failed', scores: [], reason: 'x' })}\n`);
    const mixed = await runCaptured(args(out));
    expect(mixed.code).toBe(1);
    expect(mixed.stderr).toMatch(/other\.jsonl:1: scored against the rubric set/);
    expect(server.log.chatRequests()).toHaveLength(0);
  }, 60_000);

  it('refuses a results file inside an input folder (the next run would read it as dialogues) or equal to an input file', async () => {
    const data = join(dir.path, 'data');
    await cp(MODELS, data, { recursive: true });
    const inside = join(data, 'GPT-4o', 'results.jsonl');
    const run = await runCaptured(['judge', data, '--base-url', server.baseURL, '--model', 'm', '--out', inside]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(`--out ${inside} lies inside the input folder ${data}`);
    const input = join(data, 'GPT-4o', 'GPT-4o-interdis_topic_1.jsonl');
    const before = await readFile(input, 'utf8');
    const same = await runCaptured(['judge', input, '--base-url', server.baseURL, '--model', 'm', '--out', input]);
    expect(same.code, same.stderr).toBe(2);
    expect(same.stderr).toContain(`is the input ${input}`);
    expect(await readFile(input, 'utf8')).toBe(before);
    expect(await readdir(join(data, 'GPT-4o'))).toEqual(['GPT-4o-interdis_topic_1.jsonl']);
    expect(server.log.chatRequests()).toHaveLength(0);
  });
});
