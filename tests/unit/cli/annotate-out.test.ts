/**
 * `annotate --out` never writes over what it reads, nor over a file it did not write itself
 * (issue 29 point 4): an output folder that is, lies inside or holds an input (links resolved) is
 * refused before any call, naming both paths; so is a file in --out that no earlier run of the same
 * job wrote (or that was changed since). A rerun of the same job still writes and resumes.
 */
import { cp, mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { reply, startLlmServer, type LlmTestServer } from '../../support/llm-server';
import { promptTurns, validAnswer } from '../../support/jobs/valid-answers';
import { makeTempDir, type TempDir } from '../../support/temp-dir';
import { runCaptured } from './run-captured';

const MODELS = 'tests/fixtures/import/models';
const GPT_FILE = 'GPT-4o/GPT-4o-interdis_topic_1.jsonl';

/** Every file under `folder` with its bytes, by path relative to it. */
async function snapshot(folder: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[path.slice(folder.length + 1)] = await readFile(path, 'utf8');
  }
  return files;
}

describe('annotate --out', () => {
  let dir: TempDir;
  let server: LlmTestServer;
  let data: string;
  beforeEach(async () => {
    dir = await makeTempDir();
    server = await startLlmServer();
    server.setDefaultHandler(({ body }) => reply.json(validAnswer(DEFAULT_CODEBOOK, promptTurns(String(body.messages.at(-1)?.content ?? '')), (_turn, _field, codes) => codes[codes.length - 1])));
    // a copy: a run that wrote over its inputs must not damage the fixtures
    data = join(dir.path, 'data');
    await cp(MODELS, data, { recursive: true });
  });
  afterEach(async () => {
    await server.close();
    await dir.remove();
  });

  const annotate = (inputs: string[], out: string) => runCaptured(['annotate', ...inputs, '--base-url', server.baseURL, '--model', 'test-model', '--out', out]);

  /** Refused with the usage code before any call, both paths named, and the inputs byte for byte as they were. */
  async function expectRefused(run: Awaited<ReturnType<typeof annotate>>, before: Record<string, string>, ...named: string[]) {
    expect(run.code, run.stderr).toBe(2);
    for (const path of named) expect(run.stderr).toContain(path);
    expect(server.log.chatRequests()).toHaveLength(0);
    expect(await snapshot(data)).toEqual(before);
  }

  it('refuses --out equal to the input folder: nothing overwritten, no .jsonl beside a .json', async () => {
    const before = await snapshot(data);
    await expectRefused(await annotate([data], data), before, data);
  });

  it('refuses --out inside the input folder, and an input inside --out', async () => {
    const before = await snapshot(data);
    const inside = join(data, 'annotated');
    await expectRefused(await annotate([data], inside), before, data, inside);
    await expectRefused(await annotate([join(data, 'GPT-4o')], data), before, join(data, 'GPT-4o'), data);
    // a file given directly, in the folder written to
    await expectRefused(await annotate([join(data, GPT_FILE)], join(data, 'GPT-4o')), before, join(data, GPT_FILE));
  });

  it('refuses a link to the input folder as --out, and a link inside --out that leads to an input', async () => {
    const before = await snapshot(data);
    const linked = join(dir.path, 'linked');
    await symlink(data, linked);
    await expectRefused(await annotate([data], linked), before, data, linked);
    // out/GPT-4o is a link to the input's own GPT-4o folder: out/GPT-4o/x.jsonl is the input file
    const out = join(dir.path, 'out');
    await mkdir(out);
    await symlink(join(data, 'GPT-4o'), join(out, 'GPT-4o'));
    await expectRefused(await annotate([data], out), before, join(out, GPT_FILE));
  });

  it('refuses two inputs that would make the same output file', async () => {
    const other = join(dir.path, 'other', 'GPT-4o');
    await mkdir(other, { recursive: true });
    await cp(join(data, GPT_FILE), join(other, 'GPT-4o-interdis_topic_1.jsonl'));
    const run = await annotate([join(data, 'GPT-4o'), other], join(dir.path, 'out'));
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(join(data, GPT_FILE));
    expect(run.stderr).toContain(join(other, 'GPT-4o-interdis_topic_1.jsonl'));
    expect(server.log.chatRequests()).toHaveLength(0);
  });

  it('refuses to write over a file in --out it did not write, naming it and how to go on', async () => {
    const out = join(dir.path, 'out');
    await mkdir(join(out, 'GPT-4o'), { recursive: true });
    const foreign = join(out, GPT_FILE);
    await writeFile(foreign, 'an expert\'s own file\n');
    const run = await annotate([data], out);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(foreign);
    expect(run.stderr).toMatch(/another --out|remove/);
    expect(server.log.chatRequests()).toHaveLength(0);
    expect(await readFile(foreign, 'utf8')).toBe('an expert\'s own file\n');
    expect(await readdir(join(out, 'GPT-4o'))).toEqual(['GPT-4o-interdis_topic_1.jsonl']);
  });

  it('a rerun of the same job writes its own files again and resumes; another job, or a file changed since, is refused', async () => {
    const out = join(dir.path, 'out');
    // the first run: the Qwen dialogues' answers never validate, so only the GPT-4o file is written
    const gptOnly = (prompt: string) => prompt.includes('仙人掌');
    server.setDefaultHandler(({ body }) => {
      const prompt = String(body.messages.at(-1)?.content ?? '');
      return reply.json(validAnswer(DEFAULT_CODEBOOK, gptOnly(prompt) ? promptTurns(prompt) : promptTurns(prompt).slice(1)));
    });
    const first = await annotate([data], out);
    expect(first.code, first.stderr).toBe(1);
    const written = await snapshot(out);
    expect(Object.keys(written).filter((path) => !path.startsWith('.maieutic'))).toEqual([GPT_FILE]);
    // the rerun against a healthy endpoint finishes the job, writing over its own file
    server.setDefaultHandler(({ body }) => reply.json(validAnswer(DEFAULT_CODEBOOK, promptTurns(String(body.messages.at(-1)?.content ?? '')))));
    const second = await annotate([data], out);
    expect(second.code, second.stderr).toBe(0);
    expect(await readFile(join(out, GPT_FILE), 'utf8')).toBe(written[GPT_FILE]);
    await expect(readFile(join(out, 'Qwen/Qwen-interdis_topic_1.jsonl'), 'utf8')).resolves.toContain('topic_id');

    // another job (another model) on the same --out would replace this job's files: refused
    const calls = server.log.chatRequests().length;
    const other = await runCaptured(['annotate', data, '--base-url', server.baseURL, '--model', 'another-model', '--out', out]);
    expect(other.code, other.stderr).toBe(2);
    expect(other.stderr).toContain(join(out, GPT_FILE));
    expect(server.log.chatRequests()).toHaveLength(calls);

    // the same job again after the expert edited an output: their edit is kept, the run refused
    const edited = `${await readFile(join(out, GPT_FILE), 'utf8')}\n`;
    await writeFile(join(out, GPT_FILE), edited);
    const afterEdit = await annotate([data], out);
    expect(afterEdit.code, afterEdit.stderr).toBe(2);
    expect(afterEdit.stderr).toContain(join(out, GPT_FILE));
    expect(afterEdit.stderr).toMatch(/changed/);
    expect(await readFile(join(out, GPT_FILE), 'utf8')).toBe(edited);
  }, 60_000);
});
