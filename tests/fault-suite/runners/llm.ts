/**
 * The llm-answers surface (kinds/llm-answers.ts): for each kind, the scripted server started in
 * this process with the kind's script as its default handler, the built CLI run against it as a
 * user runs it (asynchronously: the server answers from this process meanwhile), and its output
 * classified as the suite classifies any command (classifyCli). The key lives in the child's
 * environment only; a run that prints it is a failure whatever else it did.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { SID_RUBRIC_IDS } from '../../../shared/judge';
import { BUILT_CLI } from '../../../scripts/cli/launch.mjs';
import { promptTurns, validAnswer } from '../../support/jobs/valid-answers';
import { judgeReply, reply, scoresFor, startLlmServer, type ChatHandler } from '../../support/llm-server';
import { classifyCli, type Classified, type CliRun } from '../classify';
import type { GeneratedKind } from '../generate';
import type { LlmAnswerPlan } from '../kinds/llm-answers';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** one teacher model's folder of the import fixtures: one dialogue, so one call per attempt */
const INPUT = join(ROOT, 'tests/fixtures/import/models/GPT-4o');
const KEY_ENV = 'MAIEUTIC_FAULT_SUITE_KEY';
const KEY = 'sk-fault-suite-7f6e5d4c3b2a190817263544536271a0';
const MB = 1024 * 1024;
/** below the suite's hang guard (45 s), so a run that does not end is reported as such here */
const RUN_LIMIT_MS = 40_000;

const lastUserText = (body: { messages: unknown[] }) => String((body.messages.at(-1) as { content?: unknown } | undefined)?.content ?? '');

/** The server's answer per script name, for either command. */
const SCRIPTS: Record<string, ChatHandler> = {
  drip: () => reply.drip(100, 'x'.repeat(400)),
  endless: () => reply.endless(50),
  'oversized-chunked': () => reply.oversized(3 * MB, { declareLength: false }),
  'oversized-announced': () => reply.oversized(50 * MB),
  'mid-body': () => reply.drop('midBody'),
  'html-page': () => reply.htmlPage(502, `<html><body><h1>502 Bad Gateway</h1>${'<p>upstream</p>'.repeat(10_000)}</body></html>`),
  'not-json': () => reply.malformedBody('<html>busy</html> not json at all'),
  'not-a-completion': () => reply.malformedBody('{"result": "ok", "data": [1, 2, 3]}'),
  'wrong-shape': () => reply.json({ labels: 'all fine' }),
  'huge-retry-after': () => reply.rateLimited({ retryAfterSeconds: 999_999_999 }),
  'key-echoed': () => reply.status(500, { message: `upstream rejected the key ${KEY} for this project` }),
  /** answered by validFor (the command decides what a valid answer is) */
  valid: () => reply.status(500),
};

function runBuilt(argv: readonly string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BUILT_CLI, ...argv], { cwd: ROOT, env: { ...process.env, [KEY_ENV]: KEY }, timeout: RUN_LIMIT_MS, killSignal: 'SIGKILL', maxBuffer: 64 * MB, encoding: 'utf8' }, (error, stdout, stderr) => {
      const failure = error as (Error & { code?: number | string; killed?: boolean; signal?: string | null }) | null;
      const timedOut = failure?.killed === true && failure.signal === 'SIGKILL';
      const code = failure ? (typeof failure.code === 'number' ? failure.code : null) : 0;
      resolve({ code, signal: timedOut ? null : (failure?.signal ?? null), timedOut, stdout, stderr });
    });
  });
}

export async function feed(kind: GeneratedKind): Promise<Classified & { said: string }> {
  const plan = JSON.parse(readFileSync(kind.target as string, 'utf8')) as LlmAnswerPlan;
  const handler = SCRIPTS[plan.script];
  if (!handler) throw new Error(`runners/llm.ts has no script "${plan.script}"`);
  const server = await startLlmServer();
  server.setDefaultHandler(plan.script === 'valid' ? validFor(plan.command) : handler);
  try {
    const folder = dirname(kind.target as string);
    const out = plan.command === 'judge' ? join(folder, 'results.jsonl') : join(folder, 'out');
    const run = await runBuilt([plan.command, INPUT, '--base-url', server.baseURL, '--model', 'test-model', '--out', out, '--api-key-env', KEY_ENV, '--concurrency', '1', ...plan.args]);
    const said = `${run.stdout}\n${run.stderr}`;
    if (said.includes(KEY)) return { outcome: 'unclear-error', detail: 'the API key was printed', said };
    return { ...classifyLlmRun(run), said };
  } finally {
    await server.close();
  }
}

/** A failed call as these commands name it: `file:line: not annotated: reason` or `file:line: <id> sample n: not scored: reason`. */
const FAILED_ITEM = /^[^:\n]+:\d+: (?:.*: )?not (?:annotated|scored): \S/;

/**
 * classifyCli's verdict (crash, hang, stack trace, raw control characters, exit codes), with the
 * summary these commands print on stdout read as text (it is not --json), and a refusal that
 * counts as clear only when it names each failed dialogue or line with its reason.
 */
function classifyLlmRun(run: CliRun): Classified {
  const verdict = classifyCli({ ...run, stdout: '' }, 'llm', run);
  if (verdict.outcome !== 'clear-error') return verdict;
  const failed = run.stderr.split('\n').filter((line) => FAILED_ITEM.test(line));
  if (failed.length === 0) return { outcome: 'unclear-error', detail: `exit 1 without a failed dialogue or line named: ${run.stderr.slice(-300)}` };
  return { outcome: 'clear-error', detail: failed[0]!.slice(0, 300) };
}

function validFor(command: LlmAnswerPlan['command']): ChatHandler {
  return command === 'judge' ? () => judgeReply.valid(scoresFor([...SID_RUBRIC_IDS], 4)) : ({ body }) => reply.json(validAnswer(DEFAULT_CODEBOOK, promptTurns(lastUserText(body))));
}
