/**
 * `annotate` against the scripted server, through the real engine: output files at the same
 * relative paths holding SID records whose labels are the model's, a rerun answered from the
 * cache with no new call, a seeded sample, answers that never validate reported and not
 * written, and the key from the environment never printed.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { parseSourceFile } from '../../../shared/import';
import { reply, startLlmServer, type LlmTestServer } from '../../support/llm-server';
import { promptTurns, validAnswer } from '../../support/jobs/valid-answers';
import { makeTempDir, type TempDir } from '../../support/temp-dir';
import { runCaptured } from './run-captured';

const MODELS = 'tests/fixtures/import/models';
const KEY = 'sk-annotate-9d8c7b6a5f4e3d2c1b0a';

describe('annotate', () => {
  let dir: TempDir;
  let server: LlmTestServer;
  beforeEach(async () => {
    dir = await makeTempDir();
    server = await startLlmServer();
    // every label the last of its field's codes, so the output cannot be the imported values by chance
    server.setDefaultHandler(({ body }) => reply.json(validAnswer(DEFAULT_CODEBOOK, promptTurns(String(body.messages.at(-1)?.content ?? '')), (_turn, _field, codes) => codes[codes.length - 1])));
    process.env.ANNOTATE_TEST_KEY = KEY;
  });
  afterEach(async () => {
    delete process.env.ANNOTATE_TEST_KEY;
    await server.close();
    await dir.remove();
  });

  const args = (out: string, ...extra: string[]) => ['annotate', MODELS, '--base-url', server.baseURL, '--model', 'test-model', '--out', out, '--api-key-env', 'ANNOTATE_TEST_KEY', ...extra];

  it('writes one SID file per input file at its relative path, labelled by the model; a rerun asks nothing again', async () => {
    const out = join(dir.path, 'out');
    const first = await runCaptured(args(out));
    expect(first.stderr).not.toContain(KEY);
    expect(first.stdout).not.toContain(KEY);
    expect(first.code).toBe(0);
    const inputs = [parseSourceFile({ name: 'a.jsonl', text: readFileSync(join(MODELS, 'GPT-4o/GPT-4o-interdis_topic_1.jsonl'), 'utf8') }, { codebook: DEFAULT_CODEBOOK }), parseSourceFile({ name: 'b.json', text: readFileSync(join(MODELS, 'Qwen/Qwen-interdis_topic_1.json'), 'utf8') }, { codebook: DEFAULT_CODEBOOK })];
    const dialogues = inputs.reduce((sum, file) => sum + file.dialogues.length, 0);
    expect(server.log.chatRequests().length).toBe(dialogues);
    expect(first.stdout).toMatch(new RegExp(`${dialogues} of ${dialogues} dialogues annotated \\(0 from the cache\\), 0 failed`));
    for (const [path, input] of [['GPT-4o/GPT-4o-interdis_topic_1.jsonl', inputs[0]], ['Qwen/Qwen-interdis_topic_1.jsonl', inputs[1]]] as const) {
      const written = parseSourceFile({ name: path, text: await readFile(join(out, path), 'utf8') }, { codebook: DEFAULT_CODEBOOK });
      expect(written.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
      expect(written.dialogues.map((dialogue) => dialogue.turns.map((turn) => turn.utterance))).toEqual(input.dialogues.map((dialogue) => dialogue.turns.map((turn) => turn.utterance)));
      // every teacher turn's intent is the model's (the last code), not the imported one; student turns have none
      const lastCode = DEFAULT_CODEBOOK.fields.find((field) => field.id === 'teacher_intent')?.labels.at(-1)?.code;
      for (const dialogue of written.dialogues) {
        for (const turn of dialogue.turns) expect(turn.pre.teacher_intent?.codes ?? [], `${path} turn ${turn.index}`).toEqual(turn.speaker === 'teacher' ? [lastCode] : []);
      }
    }
    const second = await runCaptured(args(out));
    expect(second.code).toBe(0);
    expect(server.log.chatRequests().length).toBe(dialogues);
    expect(second.stdout).toMatch(new RegExp(`\\(${dialogues} from the cache\\)`));
  }, 60_000);

  it('a seeded sample picks the same dialogues twice; an answer that never validates is reported and not written', async () => {
    server.setDefaultHandler(({ body }) => reply.json(validAnswer(DEFAULT_CODEBOOK, promptTurns(String(body.messages.at(-1)?.content ?? '')).slice(1))));
    const run = await runCaptured([...args(join(dir.path, 'bad')), '--sample', '0.5', '--seed', '3']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/not annotated: .*turn/i);
    expect(run.stdout).toMatch(/0 of \d+ dialogues annotated/);
    const asked = server.log.chatRequests().map((entry) => String((entry.body as { messages: { content: string }[] }).messages.at(-1)?.content));
    const again = await runCaptured([...args(join(dir.path, 'bad2')), '--sample', '0.5', '--seed', '3']);
    expect(again.code).toBe(1);
    const askedAgain = server.log.chatRequests().slice(asked.length).map((entry) => String((entry.body as { messages: { content: string }[] }).messages.at(-1)?.content));
    expect(new Set(askedAgain)).toEqual(new Set(asked));
  }, 60_000);

  it('refuses a command line without the model, base URL or output folder, or with a bad share', async () => {
    for (const argv of [['annotate', MODELS, '--base-url', 'http://x/v1', '--out', 'o'], ['annotate', MODELS, '--model', 'm', '--out', 'o'], ['annotate', '--base-url', 'http://x/v1', '--model', 'm', '--out', 'o'], [...args('o'), '--sample', '0'], [...args('o'), '--concurrency', 'many']]) {
      const run = await runCaptured(argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/Usage: .* annotate/);
    }
  });
});
