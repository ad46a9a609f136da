/**
 * `npm run bench -- llm`: the job engine of main (registry, pre-annotation runner, caller,
 * adaptive limit, cache, journal) against the scripted server in a child process. 2,000 calls
 * answered after 50 ms at concurrency 16, beside the ideal 2,000 × 50 ms / 16 = 6.25 s and the
 * 15% target and beside the floor of the bare openai client making the same calls, with this
 * process's heap at the start, its peak (sampled every 50 ms) and the end; then the engine's own
 * cost per call against a server that answers at once (wall and CPU, and CPU beyond the client's).
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { jobItemKey, type JobEvent } from '../../../shared/jobs';
import OpenAI from 'openai';
import { buildPreAnnotationMessages, DEFAULT_PRE_ANNOTATION_TEMPLATE, type PreAnnotationJobDefinition } from '../../../shared/llm';
import { testLlmServices } from '../../support/llm-services';
import { makeTempDir } from '../../support/temp-dir';
import { round } from '../bench-math';
import type { BenchSection } from '../sections';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CALLS = 2_000;
const DELAY_MS = 50;
const CONCURRENCY = 16;
const IDEAL_S = (CALLS * DELAY_MS) / CONCURRENCY / 1000;
const TARGET = 1.15;
const INSTANT_CALLS = 1_000;

async function startServer(delayMs: number): Promise<{ baseURL: string; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'tests/bench/llm/server-child.ts'), String(delayMs)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const baseURL = await new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => resolve((JSON.parse(line) as { baseURL: string }).baseURL));
    child.once('exit', (code) => reject(new Error(`the bench server stopped (exit ${code})`)));
  });
  return { baseURL, stop: () => child.kill() };
}

function definition(prefix: string, count: number): PreAnnotationJobDefinition {
  const dialogues = Array.from({ length: count }, (_, index) => ({
    id: `${prefix}-${index}`,
    turns: [
      { speaker: 'teacher' as const, utterance: `${prefix} ${index}: 你觉得植物为什么需要阳光？` },
      { speaker: 'student' as const, utterance: '因为要进行光合作用。' },
    ],
  }));
  return { kind: 'pre-annotation', title: prefix, connectionIds: ['bench'], itemIds: dialogues.map((dialogue) => dialogue.id), parameters: { datasetId: 'bench', layerName: 'bench', codebook: DEFAULT_CODEBOOK, template: DEFAULT_PRE_ANNOTATION_TEMPLATE, dialogues } };
}

/** One job of `count` calls against a server answering after `delayMs`; wall, CPU and heap of this process. */
async function runJob(delayMs: number, prefix: string, count: number) {
  const server = await startServer(delayMs);
  const data = await makeTempDir('maieutic-bench-llm-');
  let finished: (event: JobEvent) => void = () => undefined;
  const done = new Promise<JobEvent>((resolve) => {
    finished = resolve;
  });
  // the renderer's part: each result acknowledged once stored, so main lets go of it
  const services: ReturnType<typeof testLlmServices> = testLlmServices(data.path, (event) => {
    if (event.type === 'item') void services.jobs.acknowledge(event.jobId, [jobItemKey(event.item)]);
    if (event.type === 'finished') finished(event);
  });
  try {
    await services.ready;
    await services.connections.save({ id: 'bench', name: 'bench', baseURL: server.baseURL, model: 'bench-model', extraHeaders: {}, sampling: {}, concurrency: { start: CONCURRENCY, min: 1, max: CONCURRENCY } }, { keep: true });
    // v8's heap figures: process.memoryUsage() also reads the RSS, which costs more than the sampling is worth
    const heapUsed = () => getHeapStatistics().used_heap_size;
    const heapStart = heapUsed();
    let heapPeak = heapStart;
    const sampler = setInterval(() => {
      heapPeak = Math.max(heapPeak, heapUsed());
    }, 50);
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await services.jobs.start(definition(prefix, count));
    const end = await done;
    const wallS = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    clearInterval(sampler);
    const heapEnd = heapUsed();
    if (end.type !== 'finished' || end.status !== 'succeeded' || end.progress.done !== count || end.progress.failed > 0) throw new Error(`the bench job did not succeed: ${JSON.stringify(end)}`);
    const mb = (bytes: number) => round(bytes / 1048576, 1);
    return { calls: count, wallS: round(wallS, 2), cpuS: round((cpu.user + cpu.system) / 1e6, 2), heapMb: { start: mb(heapStart), peak: mb(heapPeak), end: mb(heapEnd) } };
  } finally {
    await services.shutdown();
    server.stop();
    await data.remove();
  }
}

/**
 * The floor: the same number of calls with the same messages through the bare openai client at
 * the same concurrency, nothing else (no engine, no prompt, no check, no cache, no journal).
 */
async function bareClient(delayMs: number, count: number) {
  const server = await startServer(delayMs);
  try {
    const client = new OpenAI({ baseURL: server.baseURL, apiKey: 'bench', maxRetries: 0, logLevel: 'off' });
    const built = buildPreAnnotationMessages({ codebook: DEFAULT_CODEBOOK, template: DEFAULT_PRE_ANNOTATION_TEMPLATE, turns: definition('bare', 1).parameters.dialogues[0].turns });
    let next = 0;
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < count) {
          next++;
          await client.chat.completions.create({ model: 'bench-model', messages: built.messages });
        }
      }),
    );
    const cpu = process.cpuUsage(cpuStart);
    return { calls: count, wallS: round((performance.now() - start) / 1000, 2), cpuMsPerCall: round((cpu.user + cpu.system) / 1000 / count, 3) };
  } finally {
    server.stop();
  }
}

export const llmSection: BenchSection = {
  name: 'llm',
  async run() {
    const floor = await bareClient(DELAY_MS, CALLS);
    const slow = await runJob(DELAY_MS, 'slow', CALLS);
    const instantFloor = await bareClient(0, INSTANT_CALLS);
    const instant = await runJob(0, 'instant', INSTANT_CALLS);
    return {
      cores: availableParallelism(),
      bareClientFloor: { ...floor, answerAfterMs: DELAY_MS, ratioToIdeal: round(floor.wallS / IDEAL_S, 3), note: 'the openai client alone, same calls and concurrency: what no engine on this machine can beat' },
      slowServer: { ...slow, answerAfterMs: DELAY_MS, concurrency: CONCURRENCY, idealS: IDEAL_S, ratioToIdeal: round(slow.wallS / IDEAL_S, 3), ratioToBareClient: round(slow.wallS / floor.wallS, 3), target: `within ${Math.round((TARGET - 1) * 100)}% of the ideal`, withinTarget: slow.wallS <= IDEAL_S * TARGET },
      instantBareClient: instantFloor,
      instantServer: { ...instant, concurrency: CONCURRENCY, wallMsPerCall: round((instant.wallS * 1000) / INSTANT_CALLS, 3), cpuMsPerCall: round((instant.cpuS * 1000) / INSTANT_CALLS, 3), engineCpuMsPerCallBeyondClient: round((instant.cpuS * 1000) / INSTANT_CALLS - instantFloor.cpuMsPerCall, 3), note: 'the engine per call (prompt, schema, cache lookup and write, journal append and sync, answer check) with the server answering at once; the server runs in another process' },
    };
  },
};
