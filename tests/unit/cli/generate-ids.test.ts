/**
 * Every generated conversation gets an SID id of its own (issue 29 point 14): task rows naming
 * one topic_id and student_id (here three rows of topic 1 crossed with two learning states, two
 * repeats) number their repeat ids on across those rows, the command line says how, the SID file
 * imports without a duplicate, and judge then scores every dialogue.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { SID_RUBRIC_IDS } from '../../../shared/judge';
import { parseSourceFile } from '../../../shared/import';
import { judgeReply, scoresFor } from '../../support/llm-server';
import { lines, sidScenario, tutoringRoles, useGenerateHarness } from './generate-support';
import { runCaptured } from './run-captured';

describe('generate: distinct SID ids', () => {
  const harness = useGenerateHarness();
  const { args } = harness;

  it('rows sharing a topic and student number their repeats on across the rows; the file imports without a duplicate and judge scores all', async () => {
    harness.state.server.setDefaultHandler(tutoringRoles);
    const scenario = await sidScenario(harness.state.dir.path, 2, (doc) => {
      doc.setIn(['tasks', 'rows'], doc.createNode([1, 2, 3].map((n) => ({ topic_id: 1, topic: `话题${n}`, topic_text: `话题${n}：植物与环境` }))));
      doc.set('repeats', 2);
    });
    const out = join(harness.state.dir.path, 'out');
    const run = await runCaptured(args(scenario, out, '--concurrency', '4'));
    expect(run.code, run.stderr).toBe(0);
    // said once, before the run: which rows share ids and how their dialogues are told apart
    expect(run.stderr).toMatch(/2 topic_id and student_id pairs are named by several task rows .*topic_id 1, student_id 1 by rows 1, 3, 5.*repeat_id counts on across the rows sharing a pair, in row order \(row 1: 1–2, row 3: 3–4, row 5: 5–6\)/);

    const text = await readFile(join(out, 'tutor-model.jsonl'), 'utf8');
    const parsed = parseSourceFile({ name: 'tutor-model.jsonl', text }, { codebook: DEFAULT_CODEBOOK });
    expect(parsed.issues).toEqual([]);
    expect(parsed.dialogues).toHaveLength(12);
    const ids = parsed.dialogues.map((dialogue) => dialogue.externalId);
    expect(new Set(ids).size).toBe(12);
    expect(ids.filter((id) => id.startsWith('1-1-')).sort()).toEqual(['1-1-1', '1-1-2', '1-1-3', '1-1-4', '1-1-5', '1-1-6']);
    // each record keeps its own row's topic: row 2 of the file's rows (the third expanded row) is 1-1-3 and 1-1-4
    const records = lines(text);
    expect(records.filter((record) => record.topic_text === '话题2：植物与环境' && record.student_id === 1).map((record) => record.repeat_id).sort()).toEqual([3, 4]);

    harness.state.server.setDefaultHandler(() => judgeReply.valid(scoresFor([...SID_RUBRIC_IDS], 4)));
    const results = join(harness.state.dir.path, 'results.jsonl');
    const judged = await runCaptured(['judge', join(out, 'tutor-model.jsonl'), '--base-url', harness.state.server.baseURL, '--model', 'judge-model', '--out', results, '--api-key-env', 'GENERATE_TEST_KEY']);
    expect(judged.code, judged.stderr).toBe(0);
    expect(lines(await readFile(results, 'utf8'))).toHaveLength(12);
  }, 90_000);
});
