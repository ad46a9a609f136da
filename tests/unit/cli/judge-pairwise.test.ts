/**
 * `judge --pairwise` against the scripted server, through the real engine: two teacher-model
 * folders paired by topic and student, each pair asked in both orders, one line per pair, order,
 * judge and sample that judge-report counts (consistent verdicts only, the inconsistency rate of
 * a position-biased judge), resumed from its output with nothing asked twice.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pairwiseJudge, pairwiseReply, shownDialogues, startLlmServer, type LlmTestServer } from '../../support/llm-server';
import { makeTempDir, type TempDir } from '../../support/temp-dir';
import { runCaptured } from './run-captured';

const KEY = 'sk-pairwise-cli-0f1e2d3c4b5a6978';
const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Record<string, unknown>);

/** A SID record whose first utterance carries the marker the scripted judge recognises it by. */
function record(marker: string, topic: number, student: number, repeat: number): string {
  return JSON.stringify({ topic_id: topic, topic_text: '月相', student_id: student, student_type: '知识掌握不足', scenario: '课堂探究', repeat_id: repeat, dialogue: [{ role: '教师', content: `${marker} turn 1: 你看到了什么？` }, { role: '学生', content: '月亮变圆了' }] });
}

interface PairwiseRow { judge: string; groupA: string; groupB: string; judged: number; consistent: number; inconsistent: number; winsA: number; winsB: number; ties: number; winRateA: number | null; positionInconsistencyRate: number | null }

describe('judge --pairwise', () => {
  let dir: TempDir;
  let server: LlmTestServer;
  let gpt: string;
  let qwen: string;
  beforeEach(async () => {
    dir = await makeTempDir();
    server = await startLlmServer({ apiKey: KEY });
    process.env.PAIR_TEST_KEY = KEY;
    gpt = join(dir.path, 'GPT-4o');
    qwen = join(dir.path, 'Qwen');
    await mkdir(gpt);
    await mkdir(qwen);
    // topics 1–3 with student 1 in both; GPT-4o also has topic 4, which Qwen lacks
    await writeFile(join(gpt, 'gpt.jsonl'), `${[record('G1', 1, 1, 1), record('G2', 2, 1, 1), record('G3', 3, 1, 1), record('G4', 4, 1, 1)].join('\n')}\n`);
    await writeFile(join(qwen, 'qwen.jsonl'), `${[record('Q1', 1, 1, 1), record('Q2', 2, 1, 1), record('Q3', 3, 1, 1)].join('\n')}\n`);
  });
  afterEach(async () => {
    delete process.env.PAIR_TEST_KEY;
    await server.close();
    await dir.remove();
  });

  const args = (out: string, ...extra: string[]) => ['judge', gpt, qwen, '--pairwise', '--base-url', server.baseURL, '--model', 'test-model', '--out', out, '--api-key-env', 'PAIR_TEST_KEY', '--language', 'en', ...extra];
  const report = async (out: string) => {
    const run = await runCaptured(['judge-report', out, '--json']);
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as { groups: unknown[]; calibration: unknown[]; pairwise: PairwiseRow[] };
  };

  it('compares the paired dialogues in both orders, writes a line per pair and order that judge-report counts, and lists the unpaired; a rerun asks nothing', async () => {
    // GPT-4o is better on topics 1 and 2, Qwen on topic 3, wherever each is shown
    server.setDefaultHandler(pairwiseJudge({ better: (one, other) => ({ G1: 'G1', G2: 'G2', G3: 'Q3' })[one] ?? other }));
    const out = join(dir.path, 'pairs.jsonl');
    const run = await runCaptured(args(out));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/gpt\.jsonl:4: not compared: 4-1-1 of GPT-4o: Qwen has no dialogue with topic 4, student 1$/m);
    expect(run.stderr).toMatch(/3 pairs of GPT-4o \(A\) and Qwen \(B\); 1 dialogue unpaired/);
    expect(run.stdout + run.stderr).not.toContain(KEY);
    const written = lines(await readFile(out, 'utf8'));
    expect(written).toHaveLength(6);
    expect(server.log.chatRequests()).toHaveLength(6);
    const shown = server.log.chatRequests().map((entry) => shownDialogues(entry.body as never).join('>')).sort();
    expect(shown).toEqual(['G1>Q1', 'G2>Q2', 'G3>Q3', 'Q1>G1', 'Q2>G2', 'Q3>G3']);
    const p1ba = written.find((line) => line.pair === '1-1-1' && line.order === 'ba')!;
    expect(p1ba).toMatchObject({ groupA: 'GPT-4o', groupB: 'Qwen', dialogueA: '1-1-1', dialogueB: '1-1-1', judge: 'test-model', sample: 0, status: 'valid', verdict: 'second', winner: 'A', rubricSet: { id: expect.any(String), hash: expect.any(String) } });
    expect(server.log.chatRequests()[0].body).toMatchObject({ temperature: 0.1, top_p: 0.9, max_tokens: 1024, response_format: { type: 'json_schema' } });

    const json = await report(out);
    expect(json.groups).toEqual([]);
    expect(json.calibration).toEqual([]);
    expect(json.pairwise).toEqual([{ judge: 'test-model', groupA: 'GPT-4o', groupB: 'Qwen', judged: 3, consistent: 3, inconsistent: 0, winsA: 2, winsB: 1, ties: 0, winRateA: 2 / 3, positionInconsistencyRate: 0 }]);
    const text = await runCaptured(['judge-report', out]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/Pairwise:/);
    expect(text.stdout).toMatch(/test-model\s+GPT-4o vs Qwen\s+3\s+0\s+3\s+2\s+1\s+0\s+0\.667\s+0\.000\s+0/);
    expect(text.stdout).not.toMatch(/Table I/);

    const again = await runCaptured(args(out));
    expect(again.code, again.stderr).toBe(0);
    expect(server.log.chatRequests()).toHaveLength(6);
    expect(again.stdout).toMatch(/0 lines written .* 6 of 6 already there/);
  }, 60_000);

  it('a position-biased judge is counted inconsistent; malformed verdicts are failed lines; a run resumes from its output asking only what is missing', async () => {
    // always "first", and for topic 3 never a verdict at all
    server.setDefaultHandler(pairwiseJudge({ better: () => 'tie', bias: 'first', override: (first) => (first.endsWith('3') ? pairwiseReply.unknownVerdict() : undefined) }));
    const out = join(dir.path, 'pairs.jsonl');
    const run = await runCaptured(args(out, '--groups', 'Qwen,GPT-4o'));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/pair 3-1-1 order (ab|ba) sample 0: no verdict: .*not "first", "second" or "tie"/);
    const written = lines(await readFile(out, 'utf8'));
    expect(written.filter((line) => line.status === 'failed').map((line) => `${line.pair}:${line.order}`).sort()).toEqual(['3-1-1:ab', '3-1-1:ba']);
    expect(written.every((line) => line.groupA === 'Qwen' && line.groupB === 'GPT-4o')).toBe(true);
    expect((await report(out)).pairwise).toEqual([{ judge: 'test-model', groupA: 'Qwen', groupB: 'GPT-4o', judged: 2, consistent: 0, inconsistent: 2, winsA: 0, winsB: 0, ties: 0, winRateA: null, positionInconsistencyRate: 1 }]);
    const text = await runCaptured(['judge-report', out]);
    expect(text.stdout).toMatch(/Qwen vs GPT-4o\s+2\s+1\s+0\s+0\s+0\s+0\s+—\s+1\.000\s+2/);

    // the last two lines lost and the cache gone: only those two orders are asked again
    const asked = server.log.chatRequests().length;
    const kept = (await readFile(out, 'utf8')).split('\n').filter((line) => line !== '').slice(0, 4);
    const lost = lines((await readFile(out, 'utf8'))).slice(4);
    await writeFile(out, `${kept.join('\n')}\n`);
    await rm(`${out}.maieutic`, { recursive: true, force: true });
    server.setDefaultHandler(pairwiseJudge({ better: () => 'tie', bias: 'first' }));
    const resumed = await runCaptured(args(out, '--groups', 'Qwen,GPT-4o'));
    expect(resumed.code, resumed.stderr).toBe(0);
    const newly = server.log.chatRequests().slice(asked).map((entry) => shownDialogues(entry.body as never));
    expect(newly).toHaveLength(2);
    const expectedShown = lost.map((line) => (line.order === 'ab' ? `Q${String(line.pair)[0]}>G${String(line.pair)[0]}` : `G${String(line.pair)[0]}>Q${String(line.pair)[0]}`)).sort();
    expect(newly.map((ids) => ids.join('>')).sort()).toEqual(expectedShown);
    expect(lines(await readFile(out, 'utf8'))).toHaveLength(6);
  }, 60_000);

  it('--batch: the pairs go in one Batch API job in both orders, a refused verdict is asked live, and a rerun asks nothing', async () => {
    // in the batch (index -1) topic 2 shown B first gets no verdict; live calls are consistent
    const judge = pairwiseJudge({ better: (one) => one });
    server.setDefaultHandler((request) => (request.index < 0 && shownDialogues(request.body).join('>') === 'Q2>G2' ? pairwiseReply.unknownVerdict() : judge(request)));
    const out = join(dir.path, 'pairs.jsonl');
    const run = await runCaptured(args(out, '--batch', '--poll', '0.01'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/batch batch_test_1: 5 of 6 verdicts valid; 1 asked live/);
    expect(server.batchLines().map((line) => shownDialogues(line.body).join('>')).sort()).toEqual(['G1>Q1', 'G2>Q2', 'G3>Q3', 'Q1>G1', 'Q2>G2', 'Q3>G3']);
    expect(server.log.chatRequests().map((entry) => shownDialogues(entry.body as never).join('>'))).toEqual(['Q2>G2']);
    expect(lines(await readFile(out, 'utf8'))).toHaveLength(6);
    expect((await report(out)).pairwise[0]).toMatchObject({ judged: 3, consistent: 3, winsA: 3 });
    const again = await runCaptured(args(out, '--batch', '--poll', '0.01'));
    expect(again.code, again.stderr).toBe(0);
    expect(server.batchLines()).toHaveLength(6);
    expect(server.log.chatRequests()).toHaveLength(1);
  }, 60_000);

  it('refuses a wrong command line, inputs without two groups, and an output holding score lines', async () => {
    const out = join(dir.path, 'pairs.jsonl');
    expect((await runCaptured(['judge', gpt, '--groups', 'a,b', '--base-url', 'http://x/v1', '--model', 'm', '--out', out])).stderr).toMatch(/--groups is for --pairwise/);
    expect((await runCaptured(args(out, '--groups', 'Qwen,Qwen'))).code).toBe(2);
    const one = await runCaptured(['judge', gpt, '--pairwise', '--base-url', server.baseURL, '--model', 'm', '--out', out]);
    expect(one.code).toBe(1);
    expect(one.stderr).toMatch(/compares two groups .* the inputs hold 1 \(GPT-4o\)/);
    expect((await runCaptured(args(out, '--groups', 'GPT-4o,Llama'))).stderr).toMatch(/"Llama", which no input folder holds/);
    await writeFile(out, `${JSON.stringify({ dialogue: '1-1-1', group: 'GPT-4o', judge: 'test-model', sample: 0, status: 'failed', scores: [], reason: 'x' })}\n`);
    const mixed = await runCaptured(args(out));
    expect(mixed.code).toBe(1);
    expect(mixed.stderr).toMatch(/pairs\.jsonl:1: a score line, not a pairwise one/);
    expect(server.log.chatRequests()).toHaveLength(0);
  }, 60_000);
});
