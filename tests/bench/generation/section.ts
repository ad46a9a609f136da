/**
 * `npm run bench -- generate`: the CLI's `generate` as a user runs it (scenario file, argument
 * parsing, the generation runner on the job registry, the endpoint caller with its adaptive
 * limit, the response cache, conversations.jsonl appended and synced per conversation, the SID
 * files at the end), in this process, against the scripted server in a child process answering
 * every call after 50 ms. 500 conversations of 10 turns (student and teacher alternating, the
 * budget max_turns: 10) at --concurrency 16: the turns of one conversation are sequential, so the
 * ideal is ceil(500 / 16) × 10 × 50 ms = 16 s. Printed beside it: the ratio and the 15% target,
 * the bare openai client's ratio to its own ideal on 160 such conversations (the machine's floor),
 * and this process's heap and RSS at the start, the middle and the end of the run (memory flat:
 * a finished conversation is written out, not kept).
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import OpenAI from 'openai';
import { runCli } from '../../../electron/cli/main';
import { makeTempDir } from '../../support/temp-dir';
import { round } from '../bench-math';
import type { BenchSection } from '../sections';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CONVERSATIONS = 500;
const TURNS = 10;
const DELAY_MS = 50;
const CONCURRENCY = 16;
const TARGET = 1.15;
const ROWS = 50;
const SAMPLE_EVERY_MS = 250;
/** the floor's conversations: 10 rounds of 16, enough to read its ratio to its own ideal, short enough to keep the section under 40 s */
const FLOOR_CONVERSATIONS = 160;
const idealS = (conversations: number) => (Math.ceil(conversations / CONCURRENCY) * TURNS * DELAY_MS) / 1000;

async function startServer(delayMs: number): Promise<{ baseURL: string; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'tests/bench/generation/server-child.ts'), String(delayMs)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const baseURL = await new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => resolve((JSON.parse(line) as { baseURL: string }).baseURL));
    child.once('exit', (code) => reject(new Error(`the bench server stopped (exit ${code})`)));
  });
  return { baseURL, stop: () => child.kill() };
}

/** A teacher-led scenario: ROWS topics × (CONVERSATIONS / ROWS) repeats, ten turns each. */
function scenarioYaml(): string {
  const rows = Array.from({ length: ROWS }, (_, index) => `    - { topic_id: ${index + 1}, topic: "topic ${index + 1}" }`).join('\n');
  return `format: maieutic.scenario/1
id: bench-teacher-led
version: "1"
name: { en: Bench, zh: 基准 }
roles:
  teacher: { connection: teacher, system: "You are a Socratic teacher of {{topic}}. Ask one question at a time." }
  student: { connection: student, system: "You are a student learning {{topic}}.", turn_at: { 1: "Ask your first question." } }
tasks:
  rows:
${rows}
repeats: ${CONVERSATIONS / ROWS}
flow:
  directions: ["START -> student", "student -> teacher", "teacher -> student"]
  max_turns: ${TURNS}
  exit: { keywords: ["[End]"], roles: [teacher] }
`;
}

interface MemorySample {
  atS: number;
  heapMb: number;
  rssMb: number;
}

/**
 * A full collection, so that the heap figure is what the run holds, not garbage not yet collected
 * (the heap sampled without it grows between collections whatever is kept). tsx gives no
 * --expose-gc; the flag set at run time makes `gc` visible in a new context.
 */
function collector(): () => void {
  setFlagsFromString('--expose_gc');
  return runInNewContext('gc') as () => void;
}

const mb = (bytes: number) => round(bytes / 1048576, 1);
const sample = (startedAt: number): MemorySample => {
  const usage = process.memoryUsage();
  return { atS: round((performance.now() - startedAt) / 1000, 2), heapMb: mb(usage.heapUsed), rssMb: mb(usage.rss) };
};
const collected = (gc: () => void, startedAt: number): MemorySample => {
  gc();
  return sample(startedAt);
};

/**
 * The floor: FLOOR_CONVERSATIONS ten-turn conversations through the bare openai client, 16 lanes
 * each playing whole conversations turn after turn with messages that grow as a dialogue's do,
 * nothing else (no engine, no cache, no journal, no files): what no engine on this machine can
 * beat, as a ratio to its own ideal.
 */
async function bareClient(baseURL: string, conversations = FLOOR_CONVERSATIONS): Promise<{ wallS: number; cpuMsPerCall: number }> {
  const client = new OpenAI({ baseURL, apiKey: 'bench', maxRetries: 0, logLevel: 'off' });
  let next = 0;
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < conversations) {
        const conversation = next++;
        const messages: { role: 'system' | 'user' | 'assistant'; content: string }[] = [{ role: 'system', content: `You are a student learning topic ${conversation}.` }];
        for (let turn = 0; turn < TURNS; turn++) {
          const answer = await client.chat.completions.create({ model: 'bench-model', messages });
          messages.push({ role: turn % 2 === 0 ? 'assistant' : 'user', content: answer.choices[0]?.message.content ?? '' });
        }
      }
    }),
  );
  const wallS = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  return { wallS: round(wallS, 2), cpuMsPerCall: round((cpu.user + cpu.system) / 1000 / (conversations * TURNS), 3) };
}

export const generateSection: BenchSection = {
  name: 'generate',
  async run() {
    const server = await startServer(DELAY_MS);
    const dir = await makeTempDir('maieutic-bench-generate-');
    try {
      // warm-up (JIT, sockets), untimed: the floor runs first and would pay it alone
      await bareClient(server.baseURL, 2 * CONCURRENCY);
      const floor = await bareClient(server.baseURL);
      const file = join(dir.path, 'bench.yaml');
      await writeFile(file, scenarioYaml());
      const out = join(dir.path, 'out');
      let stderr = '';
      let stdout = '';
      const gc = collector();
      let startedAt = performance.now();
      const start = collected(gc, startedAt);
      startedAt = performance.now();
      const samples: MemorySample[] = [sample(startedAt)];
      const sampler = setInterval(() => samples.push(sample(startedAt)), SAMPLE_EVERY_MS);
      let middle: MemorySample | null = null;
      const atMiddle = setTimeout(() => (middle = collected(gc, startedAt)), (idealS(CONVERSATIONS) * 1000) / 2);
      const cpuStart = process.cpuUsage();
      const code = await runCli(['generate', file, '--out', out, '--concurrency', String(CONCURRENCY), '--base-url', server.baseURL, '--model', 'bench-model'], {
        stdout: (text) => void (stdout += text),
        stderr: (text) => void (stderr += text),
      });
      const wallS = (performance.now() - startedAt) / 1000;
      const cpu = process.cpuUsage(cpuStart);
      clearInterval(sampler);
      clearTimeout(atMiddle);
      const end = collected(gc, startedAt);
      if (code !== 0) throw new Error(`generate exited ${code}:\n${stderr}`);
      const written = /generate: ([\d,]+) conversations? written/.exec(stdout)?.[1] ?? '?';
      return {
        cores: availableParallelism(),
        conversations: CONVERSATIONS,
        turnsPerConversation: TURNS,
        calls: CONVERSATIONS * TURNS,
        written: Number(written.replace(/,/g, '')),
        answerAfterMs: DELAY_MS,
        concurrency: CONCURRENCY,
        wallS: round(wallS, 2),
        cpuS: round((cpu.user + cpu.system) / 1e6, 2),
        idealS: idealS(CONVERSATIONS),
        ideal: 'ceil(conversations / concurrency) × turns × answer delay: turns within a conversation are sequential',
        ratioToIdeal: round(wallS / idealS(CONVERSATIONS), 3),
        target: `within ${Math.round((TARGET - 1) * 100)}% of the ideal`,
        withinTarget: wallS <= idealS(CONVERSATIONS) * TARGET,
        cpuMsPerCall: round(((cpu.user + cpu.system) / 1000) / (CONVERSATIONS * TURNS), 3),
        bareClientFloor: {
          conversations: FLOOR_CONVERSATIONS,
          ...floor,
          idealS: idealS(FLOOR_CONVERSATIONS),
          ratioToIdeal: round(floor.wallS / idealS(FLOOR_CONVERSATIONS), 3),
          note: 'the openai client alone, 16 lanes of sequential ten-turn conversations: what no engine on this machine can beat',
        },
        ratioToIdealBeyondFloor: round(wallS / idealS(CONVERSATIONS) / (floor.wallS / idealS(FLOOR_CONVERSATIONS)), 3),
        memory: {
          afterFullCollection: { start, middle, end },
          sampledPeak: { heapMb: Math.max(...samples.map((s) => s.heapMb)), rssMb: Math.max(...samples.map((s) => s.rssMb)), everyMs: SAMPLE_EVERY_MS },
          note: 'this process (the CLI run; the server runs in another). Start, middle (at half the ideal) and end after a full collection: what the run holds; the peak sampled between collections',
        },
      };
    } finally {
      server.stop();
      await dir.remove();
    }
  },
};
