/**
 * The disk surface's runner: makes the kind's full disk (tests/support/full-disk.ts) under its
 * folder, runs the built CLI as a user does against the scripted server in this process, and
 * classifies what it said (classify.ts). A refusal that leaves a temporary or half-written file,
 * or after which a rerun with room does not finish the job (each key once), is a partial write.
 */
import { execFile, spawn } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_CLI } from '../../../scripts/cli/launch.mjs';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { SID_RUBRIC_IDS } from '../../../shared/judge';
import { makeFullFolder, type FullFolder } from '../../support/full-disk';
import { promptTurns, validAnswer } from '../../support/jobs/valid-answers';
import { judgeReply, reply, scoresFor, startLlmServer, synthesisPlayer, type ChatHandler, type LlmTestServer } from '../../support/llm-server';
import { sidScenario, tutoringRoles } from '../../unit/cli/generate-support';
import { specYaml } from '../../unit/cli/synthesize-support';
import { classifyCli, type Classified, type CliRun } from '../classify';
import type { GeneratedKind } from '../generate';

const ROOT = new URL('../../../', import.meta.url).pathname;
const RUN_GUARD_MS = 40_000;

function runBuiltCli(args: readonly string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [BUILT_CLI, ...args], { cwd: ROOT, timeout: RUN_GUARD_MS, killSignal: 'SIGKILL', encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const failure = error as (Error & { code?: number | string; killed?: boolean; signal?: string | null }) | null;
      resolve({ code: child.exitCode, signal: failure?.signal ?? null, timedOut: failure?.killed === true && failure.signal === 'SIGKILL', stdout, stderr });
    });
  });
}

/** A full-disk command case: its command line writing under `disk`, and whether a finished rerun's output is whole. */
interface DiskCase {
  handler: ChatHandler;
  args(server: LlmTestServer, disk: string, work: string): Promise<string[]>;
  wholeProblem(disk: string): string | null;
}

const keysOnce = (file: string, keyOf: (line: Record<string, unknown>) => string): string | null => {
  const lines = readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
  const keys = lines.map(keyOf);
  return new Set(keys).size === keys.length && keys.length > 0 ? null : `${file}: ${keys.length} lines, ${new Set(keys).size} keys`;
};

const CASES: Record<string, DiskCase> = {
  annotate: {
    handler: ({ body }) => reply.json(validAnswer(DEFAULT_CODEBOOK, promptTurns(String(body.messages.at(-1)?.content ?? '')), (_turn, _field, codes) => codes[codes.length - 1])),
    args: async (server, disk, work) => ['annotate', join(work, 'GPT-4o'), '--base-url', server.baseURL, '--model', 'm', '--out', join(disk, 'annotated')],
    wholeProblem: (disk) => (readdirSync(join(disk, 'annotated')).includes('a.jsonl') ? null : 'the rerun wrote no a.jsonl'),
  },
  judge: {
    handler: () => judgeReply.valid(scoresFor([...SID_RUBRIC_IDS], 3)),
    args: async (server, disk, work) => ['judge', join(work, 'GPT-4o'), '--base-url', server.baseURL, '--model', 'm', '--out', join(disk, 'results.jsonl'), '--samples', '3', '--concurrency', '1'],
    wholeProblem: (disk) => keysOnce(join(disk, 'results.jsonl'), (line) => `${line.group}/${line.dialogue}#${line.sample}`),
  },
  generate: {
    handler: tutoringRoles,
    args: async (server, disk, work) => ['generate', await sidScenario(work, 2), '--out', join(disk, 'generated'), '--base-url', server.baseURL, '--model', 'teacher=tutor', '--model', 'student=student', '--concurrency', '1'],
    wholeProblem: (disk) => keysOnce(join(disk, 'generated', 'conversations.jsonl'), (line) => `${line.connectionId}/${line.conversationId}`),
  },
  'synthesize-rubric': {
    handler: synthesisPlayer({ lenient: [] }),
    args: async (server, disk, work) => {
      const spec = join(work, 'spec.yaml');
      writeFileSync(spec, specYaml({ maxRounds: 1 }));
      return ['synthesize-rubric', spec, '--out', join(disk, 'rubric.json'), '--language', 'en', '--base-url', server.baseURL, '--model', 'drafter=d', '--model', 'teacher=t', '--model', 'judge=j'];
    },
    wholeProblem: (disk) => (readdirSync(disk).includes('rubric.json') ? null : 'the rerun wrote no rubric.json'),
  },
};

const said = (run: CliRun) => `${run.stdout}\n${run.stderr}`;

/** Files a rerun could take for an output: temporary files of an atomic write, generate's old .partial files. */
function leftovers(disk: FullFolder): string[] {
  return readdirSync(disk.path, { recursive: true }).map(String).filter((name) => /\.partial$|\.tmp$/.test(name));
}

async function onFullDisk(kind: GeneratedKind, command: string, when: string): Promise<Classified & { said: string }> {
  const work = kind.target as string;
  const disk = makeFullFolder(256);
  if ('unavailable' in disk) return { outcome: 'crash', detail: `no full disk: ${disk.unavailable}`, said: '' };
  const server = await startLlmServer();
  try {
    const diskCase = CASES[command]!;
    let filled = when !== 'filled-at-the-first-call';
    server.setDefaultHandler((request) => {
      if (!filled) {
        filled = true;
        disk.fill();
      }
      return diskCase.handler(request);
    });
    const args = await diskCase.args(server, disk.path, work);
    if (when === 'full-before-the-run') disk.fill();
    const run = await runBuiltCli(args);
    // the commands print their summary as text, not JSON: a run with room is read by its exit
    const classified: Classified = run.code === 0 && !run.timedOut && !/^\s+at /m.test(run.stderr) ? { outcome: 'accepted', detail: run.stdout.split('\n')[0] ?? '' } : classifyCli(run, command);
    if (classified.outcome !== 'clear-error' && kind.expect !== 'accepted') return { ...classified, said: said(run) };
    if (classified.outcome === 'clear-error') {
      // one line naming a file on the full disk; a job's "internal error" or a second account is not clear
      const lines = run.stderr.split('\n').filter((line) => line.includes('could not be written'));
      if (lines.length !== 1 || !lines[0]!.startsWith(disk.path) || /internal error/.test(run.stderr)) {
        return { outcome: 'unclear-error', detail: `not one line naming the file: ${run.stderr.slice(-300)}`, said: said(run) };
      }
    }
    const left = leftovers(disk);
    if (left.length > 0) return { outcome: 'partial-import', detail: `left after the fault: ${left.join(', ')}`, said: said(run) };
    disk.free();
    server.setDefaultHandler(diskCase.handler);
    const rerun = await runBuiltCli(args);
    if (rerun.code !== 0) return { outcome: 'partial-import', detail: `the rerun with room failed (exit ${rerun.code}): ${rerun.stderr.slice(-300)}`, said: said(run) };
    const problem = diskCase.wholeProblem(disk.path);
    if (problem !== null) return { outcome: 'partial-import', detail: `after the rerun: ${problem}`, said: said(run) };
    return { ...classified, said: said(run) };
  } finally {
    await server.close();
    disk.remove();
  }
}

/** validate with its standard output on /dev/full (a full disk under a redirect). */
async function stdoutToDevFull(kind: GeneratedKind): Promise<Classified & { said: string }> {
  const full = openSync('/dev/full', 'w');
  try {
    const run = await new Promise<CliRun>((resolve) => {
      const child = spawn(process.execPath, [BUILT_CLI, 'validate', kind.target as string], { cwd: ROOT, stdio: ['ignore', full, 'pipe'] });
      const guard = setTimeout(() => child.kill('SIGKILL'), RUN_GUARD_MS);
      let stderr = '';
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => void (stderr += chunk));
      child.on('close', (code, signal) => {
        clearTimeout(guard);
        resolve({ code, signal, timedOut: signal === 'SIGKILL', stdout: '', stderr });
      });
    });
    // read as any command's text output (validate's --json is not asked for here)
    return { ...classifyCli(run, 'validate-text'), said: run.stderr };
  } finally {
    closeSync(full);
  }
}

export async function feed(kind: GeneratedKind): Promise<Classified & { said: string }> {
  if (kind.id === 'disk/validate-stdout-to-dev-full') return stdoutToDevFull(kind);
  if (kind.id === 'disk/judge-with-room') return onFullDisk(kind, 'judge', 'with-room');
  const match = /^disk\/(annotate|judge|generate|synthesize-rubric)-(full-before-the-run|filled-at-the-first-call)$/.exec(kind.id);
  if (!match) return { outcome: 'crash', detail: `the disk runner has no case for ${kind.id}`, said: '' };
  return onFullDisk(kind, match[1]!, match[2]!);
}
