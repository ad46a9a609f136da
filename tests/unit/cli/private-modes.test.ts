/**
 * What the CLI keeps beside its outputs that may hold model answers or prompts (answer caches,
 * journals, the ledger of written files, a batch's state) is the user's alone (issue 30 point 2):
 * folders 0700 and files 0600 whatever the umask, as main keeps its data folder. The outputs
 * themselves (the annotated files, the results, the rubric set) are the user's documents and follow
 * the umask. The built CLI, as users run it, under umask 0000 and 0022.
 */
import { spawn } from 'node:child_process';
import { chmod, lstat, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { SID_RUBRIC_IDS } from '../../../shared/judge';
import { BUILT_CLI } from '../../../scripts/cli/launch.mjs';
import { promptTurns, validAnswer } from '../../support/jobs/valid-answers';
import { judgeReply, reply, scoresFor, startLlmServer, synthesisPlayer, type ChatHandler, type LlmTestServer } from '../../support/llm-server';
import { REPO_ROOT } from '../../support/repo-paths';
import { makeTempDir, type TempDir } from '../../support/temp-dir';
import { sidScenario, tutoringRoles } from './generate-support';
import { specYaml } from './synthesize-support';

const ONE_FILE = 'tests/fixtures/import/models/GPT-4o';
const modesApply = process.platform !== 'win32';

function runBuilt(umask: string, argv: readonly string[], tmp: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    // the umask is the shell's, inherited by node: process.umask() cannot be set from a worker
    const child = spawn('/bin/sh', ['-c', `umask ${umask} && exec "$0" "$@"`, process.execPath, BUILT_CLI, ...argv], { cwd: REPO_ROOT, env: { ...process.env, TMPDIR: tmp }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

/** Every entry under `folder` (itself included) with its permission bits, as `path mode`. */
async function modesUnder(folder: string, root: string): Promise<string[]> {
  const entries = [folder, ...(await readdir(folder, { recursive: true })).map((path) => join(folder, path))];
  return Promise.all(entries.map(async (path) => `${relative(root, path) || '.'} ${((await lstat(path)).mode & 0o777).toString(8)}`));
}

async function modeOf(path: string, root: string): Promise<string> {
  return `${relative(root, path)} ${((await lstat(path)).mode & 0o777).toString(8)}`;
}

const isPrivate = (line: string) => /\s(700|600)$/.test(line);

describe.skipIf(!modesApply)('the CLI keeps its private files 0700/0600 whatever the umask', () => {
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

  const handlers: Record<string, ChatHandler> = {
    annotate: ({ body }) => reply.json(validAnswer(DEFAULT_CODEBOOK, promptTurns(String(body.messages.at(-1)?.content ?? '')))),
    judge: () => judgeReply.valid(scoresFor([...SID_RUBRIC_IDS], 4)),
    generate: tutoringRoles,
    synthesize: synthesisPlayer(),
  };

  for (const umask of ['0000', '0022']) {
    it(`annotate, judge, generate and synthesize-rubric under umask ${umask}`, async () => {
      // the job journals go to a folder of the system's temporary one, made here
      const tmp = join(dir.path, 'tmp');
      await mkdir(tmp, { recursive: true });
      const root = dir.path;
      const runs: { command: string; argv: string[]; privateFolders: string[]; privateFiles?: string[] }[] = [];
      runs.push({ command: 'annotate', argv: ['annotate', ONE_FILE, '--base-url', server.baseURL, '--model', 'test-model', '--out', join(root, 'annotated')], privateFolders: [join(root, 'annotated', '.maieutic')] });
      runs.push({ command: 'judge', argv: ['judge', ONE_FILE, '--base-url', server.baseURL, '--model', 'test-model', '--out', join(root, 'results.jsonl')], privateFolders: [join(root, 'results.jsonl.maieutic')] });
      const scenario = await sidScenario(root, 1);
      runs.push({ command: 'generate', argv: ['generate', scenario, '--out', join(root, 'generated'), '--base-url', server.baseURL, '--model', 'teacher=tutor-model', '--model', 'student=student-model'], privateFolders: [join(root, 'generated', '.maieutic-cache')], privateFiles: [join(root, 'generated', 'conversations.jsonl')] });
      const spec = join(root, 'spec.yaml');
      await writeFile(spec, specYaml({ maxRounds: 1 }));
      runs.push({ command: 'synthesize', argv: ['synthesize-rubric', spec, '--out', join(root, 'rubric.json'), '--language', 'en', '--base-url', server.baseURL, '--model', 'drafter=draft-model', '--model', 'teacher=tutor-model', '--model', 'judge=judge-model'], privateFolders: [join(root, 'rubric.synthesis')] });
      const loose: string[] = [];
      for (const run of runs) {
        server.setDefaultHandler(handlers[run.command]);
        const done = await runBuilt(umask, run.argv, tmp);
        expect([run.command, done.code], done.stderr).toEqual([run.command, 0]);
        for (const folder of run.privateFolders) loose.push(...(await modesUnder(folder, root)).filter((line) => !isPrivate(line)));
        for (const file of run.privateFiles ?? []) loose.push(...[await modeOf(file, root)].filter((line) => !isPrivate(line)));
      }
      expect(loose).toEqual([]);
      // what an older version left open to others is closed by the next run that writes it
      const ledger = join(root, 'annotated', '.maieutic', 'written.json');
      const conversations = join(root, 'generated', 'conversations.jsonl');
      for (const file of [ledger, conversations]) await chmod(file, 0o644);
      for (const run of runs.filter((entry) => entry.command === 'annotate' || entry.command === 'generate')) {
        server.setDefaultHandler(handlers[run.command]);
        expect((await runBuilt(umask, run.argv, tmp)).code).toBe(0);
      }
      expect([await modeOf(ledger, root), await modeOf(conversations, root)]).toEqual(['annotated/.maieutic/written.json 600', 'generated/conversations.jsonl 600']);
    }, 120_000);
  }
});
