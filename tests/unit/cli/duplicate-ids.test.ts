/**
 * A dialogue id met twice is never dropped without a word (issue 29 point 14): judge, annotate and
 * metrics warn naming both places (file:line), and keep both dialogues. judge writes them under
 * names kept apart (`1-1-1`, `1-1-1#2`, as metrics names them), judge-report counts both, and a
 * rerun names them alike and asks nothing again. A record the import skips is said too.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { parseSourceFile } from '../../../shared/import';
import { SID_RUBRIC_IDS } from '../../../shared/judge';
import { judgeReply, reply, scoresFor, startLlmServer, type LlmTestServer } from '../../support/llm-server';
import { promptTurns, validAnswer } from '../../support/jobs/valid-answers';
import { makeTempDir, type TempDir } from '../../support/temp-dir';
import { runCaptured } from './run-captured';

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Record<string, unknown>);

/** A SID record of topic 1, student 1, repeat 1 whose first utterance carries `marker`. */
const record = (marker: string, dialogue = [{ role: '教师', content: `${marker}：你看到了什么？` }, { role: '学生', content: '月亮变圆了' }]) =>
  JSON.stringify({ topic_id: 1, topic_text: '月相', student_id: 1, student_type: '全优型', scenario: '课堂探究', repeat_id: 1, dialogue });

describe('duplicate dialogue ids on the command line', () => {
  let dir: TempDir;
  let server: LlmTestServer;
  let folder: string;
  beforeEach(async () => {
    dir = await makeTempDir();
    server = await startLlmServer();
    // GPT-4o/a.jsonl holds 1-1-1 twice and a record without turns; b.jsonl holds 1-1-1 once more
    folder = join(dir.path, 'GPT-4o');
    await mkdir(folder);
    await writeFile(join(folder, 'a.jsonl'), `${[record('甲'), record('乙'), record('空', [])].join('\n')}\n`);
    await writeFile(join(folder, 'b.jsonl'), `${record('丙')}\n`);
  });
  afterEach(async () => {
    await server.close();
    await dir.remove();
  });

  const a = () => join(folder, 'a.jsonl');
  const b = () => join(folder, 'b.jsonl');

  it('judge scores all three, warns with both places, writes them apart and judge-report counts three; a rerun asks nothing', async () => {
    const scoreOf = (text: string) => (text.includes('甲') ? 5 : text.includes('乙') ? 3 : 1);
    server.setDefaultHandler(({ body }) => judgeReply.valid(scoresFor([...SID_RUBRIC_IDS], scoreOf(JSON.stringify(body.messages)))));
    const out = join(dir.path, 'results.jsonl');
    const judge = () => runCaptured(['judge', folder, '--base-url', server.baseURL, '--model', 'judge-model', '--out', out]);
    const run = await judge();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`${a()}:2: warning: the dialogue id 1-1-1 of GPT-4o is also at ${a()}:1; both are judged, this one as 1-1-1#2`);
    expect(run.stderr).toContain(`${b()}:1: warning: the dialogue id 1-1-1 of GPT-4o is also at ${a()}:1; both are judged, this one as 1-1-1#3`);
    expect(run.stderr).toMatch(new RegExp(`${a()}:3: warning: This dialogue has no turns; it was skipped`));
    expect(server.log.chatRequests()).toHaveLength(3);
    const written = lines(await readFile(out, 'utf8'));
    expect(written.map((line) => line.dialogue).sort()).toEqual(['1-1-1', '1-1-1#2', '1-1-1#3']);
    const byName = new Map(written.map((line) => [line.dialogue, (line.scores as { score: number }[])[0].score]));
    expect(Object.fromEntries(byName)).toEqual({ '1-1-1': 5, '1-1-1#2': 3, '1-1-1#3': 1 });

    const report = await runCaptured(['judge-report', out, '--json']);
    expect(report.code, report.stderr).toBe(0);
    const cell = (JSON.parse(report.stdout) as { groups: { rubric: string; n: number; mean: number }[] }).groups.find((group) => group.rubric === 'X-SRG');
    expect(cell).toMatchObject({ n: 3, mean: 3 });

    const again = await judge();
    expect(again.code, again.stderr).toBe(0);
    expect(server.log.chatRequests()).toHaveLength(3);
    expect(again.stdout).toMatch(/3 of 3 already there/);
  }, 60_000);

  it('metrics names them as judge does, and scores all three', async () => {
    const run = await runCaptured(['metrics', folder, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`${b()}:1: warning: the dialogue id 1-1-1 of GPT-4o is also at ${a()}:1; both are scored, this one as 1-1-1#3`);
    expect((JSON.parse(run.stdout) as { dialogues: { id: string }[] }).dialogues.map((dialogue) => dialogue.id).sort()).toEqual(['1-1-1', '1-1-1#2', '1-1-1#3']);
  });

  it('annotate annotates all three and warns with both places', async () => {
    server.setDefaultHandler(({ body }) => reply.json(validAnswer(DEFAULT_CODEBOOK, promptTurns(String(body.messages.at(-1)?.content ?? '')))));
    const out = join(dir.path, 'annotated');
    const run = await runCaptured(['annotate', folder, '--base-url', server.baseURL, '--model', 'm', '--out', out]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`${a()}:2: warning: the dialogue id 1-1-1 of GPT-4o is also at ${a()}:1; both are annotated, this one as 1-1-1#2`);
    expect(run.stderr).toContain(`${b()}:1: warning: the dialogue id 1-1-1 of GPT-4o is also at ${a()}:1`);
    expect(run.stderr).toMatch(new RegExp(`${a()}:3: warning: This dialogue has no turns; it was skipped`));
    expect(run.stdout).toMatch(/3 of 3 dialogues annotated/);
    const written = parseSourceFile({ name: 'a.jsonl', text: await readFile(join(out, 'a.jsonl'), 'utf8') }, { codebook: DEFAULT_CODEBOOK });
    expect(written.dialogues.map((dialogue) => dialogue.turns[0].utterance)).toEqual(['甲：你看到了什么？', '乙：你看到了什么？']);
  }, 60_000);
});

describe('an id several teacher models hold, on the command line (issue 29 point 15)', () => {
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

  it("judge's failure lines name the teacher model beside 1-1-1, which both model folders hold, and not beside an id one model holds", async () => {
    for (const model of ['GPT-4o', 'Qwen']) {
      await mkdir(join(dir.path, model));
      const own = JSON.stringify({ topic_id: 2, topic_text: '潮汐', student_id: model === 'Qwen' ? 2 : 1, student_type: '全优型', scenario: '课堂探究', repeat_id: 1, dialogue: [{ role: '教师', content: '潮汐从何而来？' }, { role: '学生', content: '月亮' }] });
      await writeFile(join(dir.path, model, 'a.jsonl'), `${record(model)}\n${own}\n`);
    }
    server.setDefaultHandler(() => reply.status(500));
    const run = await runCaptured(['judge', dir.path, '--base-url', server.baseURL, '--model', 'judge-model', '--out', join(dir.path, '..', `${dir.path.split('/').pop()}-results.jsonl`), '--timeout', '10']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/1-1-1 · GPT-4o sample 0: not scored/);
    expect(run.stderr).toMatch(/1-1-1 · Qwen sample 0: not scored/);
    expect(run.stderr).toMatch(/: 2-1-1 sample 0: not scored/);
    expect(run.stderr).toMatch(/: 2-2-1 sample 0: not scored/);
  }, 60_000);
});
