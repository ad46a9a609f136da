/**
 * Every command that writes files, on a full disk (issue 30 point 6): full before the run, and
 * filled while the run goes (at the first call, after the outputs were opened). Each says in one
 * line which file could not be written and that nothing finished was lost, exits 1, prints no
 * stack, leaves no temporary or half-written file beside its outputs, and a rerun once there is
 * room finishes the job from what the failed run kept (judge and generate: every key once).
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { SID_RUBRIC_IDS } from '../../../shared/judge';
import { judgeReply, reply, scoresFor, startLlmServer, synthesisPlayer, type ChatHandler, type LlmTestServer } from '../../support/llm-server';
import { makeFullFolder, type FullFolder } from '../../support/full-disk';
import { promptTurns, validAnswer } from '../../support/jobs/valid-answers';
import { makeTempDir, type TempDir } from '../../support/temp-dir';
import { sidScenario, tutoringRoles } from './generate-support';
import { runCaptured, type CapturedRun } from './run-captured';
import { specYaml } from './synthesize-support';

const MODELS = 'tests/fixtures/import/models';
const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Record<string, unknown>);

// made once to learn whether this machine can make one; a skip says why, and is never a pass
const probe = makeFullFolder(64);
const unavailable = 'unavailable' in probe ? probe.unavailable : null;
/** a read-only folder (not root) refuses only what is made after it: a disk filling mid-run needs the tmpfs */
const fillsMidRun = 'code' in probe && probe.code === 'ENOSPC';
if ('remove' in probe) probe.remove();
if (unavailable !== null) process.stdout.write(`\nSKIPPED full-disk CLI tests: ${unavailable}\n`);
else if (!fillsMidRun) process.stdout.write('\nSKIPPED the full-disk CLI tests of a disk filled mid-run: not root, so no tmpfs (the read-only folder cases run)\n');

interface CommandCase {
  name: string;
  handler: ChatHandler;
  /** the command line writing under `disk` (inputs under `work`, on a disk with room) */
  args(server: LlmTestServer, disk: string, work: string): Promise<string[]>;
  /** after a successful rerun: the output is whole (every key once) */
  whole(disk: string): Promise<void>;
}

const annotateAnswer: ChatHandler = ({ body }) => reply.json(validAnswer(DEFAULT_CODEBOOK, promptTurns(String(body.messages.at(-1)?.content ?? '')), (_turn, _field, codes) => codes[codes.length - 1]));

const CASES: CommandCase[] = [
  {
    name: 'annotate',
    handler: annotateAnswer,
    args: async (server, disk) => ['annotate', MODELS, '--base-url', server.baseURL, '--model', 'm', '--out', join(disk, 'annotated')],
    whole: async (disk) => {
      const files = (await readdir(join(disk, 'annotated'), { recursive: true })).filter((name) => name.endsWith('.jsonl') && !name.startsWith('.maieutic'));
      expect(files.sort()).toEqual(['GPT-4o/GPT-4o-interdis_topic_1.jsonl', 'Qwen/Qwen-interdis_topic_1.jsonl'].sort());
    },
  },
  {
    name: 'judge',
    handler: () => judgeReply.valid(scoresFor([...SID_RUBRIC_IDS], 3)),
    args: async (server, disk) => ['judge', MODELS, '--base-url', server.baseURL, '--model', 'm', '--out', join(disk, 'results.jsonl'), '--samples', '2', '--concurrency', '1'],
    whole: async (disk) => {
      const written = lines(await readFile(join(disk, 'results.jsonl'), 'utf8'));
      const keys = written.map((line) => `${line.group}/${line.dialogue}#${line.sample}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(written.every((line) => line.status === 'valid')).toBe(true);
      expect(keys.length).toBeGreaterThanOrEqual(4);
    },
  },
  {
    name: 'generate',
    handler: tutoringRoles,
    args: async (server, disk, work) => ['generate', await sidScenario(work, 2), '--out', join(disk, 'generated'), '--base-url', server.baseURL, '--model', 'teacher=tutor', '--model', 'student=student', '--concurrency', '1'],
    whole: async (disk) => {
      const conversations = lines(await readFile(join(disk, 'generated', 'conversations.jsonl'), 'utf8'));
      const keys = conversations.map((line) => `${line.connectionId}/${line.conversationId}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(conversations.every((line) => line.status === 'complete')).toBe(true);
      expect(await readdir(join(disk, 'generated'))).toContain('tutor.jsonl');
    },
  },
  {
    name: 'synthesize-rubric',
    handler: synthesisPlayer({ lenient: [] }),
    args: async (server, disk, work) => {
      const spec = join(work, 'spec.yaml');
      await import('node:fs/promises').then(({ writeFile }) => writeFile(spec, specYaml({ maxRounds: 1 })));
      return ['synthesize-rubric', spec, '--out', join(disk, 'rubric.json'), '--language', 'en', '--base-url', server.baseURL, '--model', 'drafter=d', '--model', 'teacher=t', '--model', 'judge=j'];
    },
    whole: async (disk) => {
      expect(JSON.parse(await readFile(join(disk, 'rubric.json'), 'utf8'))).toMatchObject({ rubrics: expect.any(Array) });
    },
  },
];

/** The one line the failed run must print, naming a file under the disk. */
function expectOneClearLine(run: CapturedRun, disk: FullFolder) {
  expect(run.code, run.stderr).toBe(1);
  const said = run.stderr.split('\n').filter((line) => line.includes('could not be written'));
  expect(said, run.stderr).toHaveLength(1);
  expect(said[0]).toContain(disk.path);
  expect(said[0]).toContain(disk.code);
  expect(said[0]).toContain('nothing finished was lost');
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(run.stderr).not.toMatch(/internal error|maieutic: Error/);
}

/** No temporary or half-written file a rerun could take for an output. */
async function expectNoPartialFiles(disk: FullFolder) {
  const names = await readdir(disk.path, { recursive: true });
  expect(names.filter((name) => /\.partial$|\.tmp$/.test(name))).toEqual([]);
}

describe.skipIf(unavailable !== null)('a full disk under every command that writes files', () => {
  let work: TempDir;
  let server: LlmTestServer;
  let disk: FullFolder;
  beforeEach(async () => {
    work = await makeTempDir();
    server = await startLlmServer();
    disk = makeFullFolder(256) as FullFolder;
  });
  afterEach(async () => {
    disk.remove();
    await server.close();
    await work.remove();
  });

  for (const command of CASES) {
    it(`${command.name}: full before the run: one line naming the file, exit 1, nothing half written; with room again the rerun finishes`, async () => {
      server.setDefaultHandler(command.handler);
      const args = await command.args(server, disk.path, work.path);
      disk.fill();
      const failed = await runCaptured(args);
      expectOneClearLine(failed, disk);
      await expectNoPartialFiles(disk);
      disk.free();
      const rerun = await runCaptured(args);
      expect(rerun.code, rerun.stderr).toBe(0);
      await command.whole(disk.path);
    }, 60_000);

    it.skipIf(!fillsMidRun)(`${command.name}: filled while the run goes: one line, exit 1, no unhandled rejection; the rerun finishes what was left`, async () => {
      let filled = false;
      server.setDefaultHandler((request) => {
        if (!filled) {
          filled = true;
          disk.fill();
        }
        return command.handler(request);
      });
      const args = await command.args(server, disk.path, work.path);
      const failed = await runCaptured(args);
      expectOneClearLine(failed, disk);
      await expectNoPartialFiles(disk);
      disk.free();
      server.setDefaultHandler(command.handler);
      const rerun = await runCaptured(args);
      expect(rerun.code, rerun.stderr).toBe(0);
      await command.whole(disk.path);
    }, 60_000);
  }
});
