/**
 * The floor every import figure is printed beside: what plain JavaScript needs to read the same
 * file and JSON.parse every line, and nothing else (issue 9). In process for the in-process
 * figures; as a whole `node` process, read with readFileSync, for the CLI figures.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { median, round } from './bench-math';

/** JSON.parse of every non-empty line of `text`, in ms (the in-process floor of a parse figure). */
export function parseLinesMs(text: string): number {
  const start = performance.now();
  for (let at = 0; at < text.length; ) {
    let end = text.indexOf('\n', at);
    if (end === -1) end = text.length;
    if (end > at) JSON.parse(text.slice(at, end));
    at = end + 1;
  }
  return performance.now() - start;
}

const FLOOR_SCRIPT = `import { readFileSync } from 'node:fs';
const text = readFileSync(process.argv[2], 'utf8');
for (let at = 0; at < text.length; ) {
  let end = text.indexOf('\\n', at);
  if (end === -1) end = text.length;
  if (end > at) JSON.parse(text.slice(at, end));
  at = end + 1;
}
`;

/**
 * Loaded before the measured script (`--import`): writes the process's peak RSS (KB) and its CPU
 * time (user + system, µs, every thread) to $BENCH_PEAK_FILE at exit. CPU is the steadier figure
 * on a shared machine: wall time also counts the waits for a core.
 */
const PEAK_SCRIPT = `import { writeFileSync } from 'node:fs';
process.on('exit', () => {
  const usage = process.resourceUsage();
  writeFileSync(process.env.BENCH_PEAK_FILE, usage.maxRSS + ' ' + (usage.userCPUTime + usage.systemCPUTime));
});
`;

export interface ProcessRun {
  seconds: number;
  cpuSeconds: number;
  peakMegabytes: number;
}

/** Writes the floor script and the peak-RSS hook into `folder`; returns how to run both kinds of process. */
export function processBench(folder: string) {
  const floorScript = join(folder, 'floor.mjs');
  const peakHook = join(folder, 'peak-rss.mjs');
  const peakFile = join(folder, 'peak-rss.txt');
  writeFileSync(floorScript, FLOOR_SCRIPT);
  writeFileSync(peakHook, PEAK_SCRIPT);

  /** One whole node process: wall seconds and peak RSS; `okStatuses` are the exit codes expected. */
  const run = (args: readonly string[], okStatuses: readonly number[] = [0]): ProcessRun => {
    const start = performance.now();
    const child = spawnSync(process.execPath, ['--import', `file://${peakHook}`, ...args], { stdio: 'ignore', env: { ...process.env, BENCH_PEAK_FILE: peakFile } });
    const seconds = (performance.now() - start) / 1000;
    if (child.status === null || !okStatuses.includes(child.status)) throw new Error(`node ${args.join(' ')} exited ${child.status ?? child.signal}`);
    const [peakKilobytes, cpuMicroseconds] = readFileSync(peakFile, 'utf8').split(' ').map(Number);
    return { seconds, cpuSeconds: cpuMicroseconds / 1e6, peakMegabytes: peakKilobytes / 1024 };
  };

  /**
   * `args` and the floor on `file`, alternated `repeats` times after one unmeasured pair (disk
   * cache, JIT of nothing: both start cold), as medians beside each other with their ratios.
   */
  const againstFloor = (args: readonly string[], file: string, repeats: number, targetRatio: number, okStatuses?: readonly number[]) => {
    run([floorScript, file]);
    run(args, okStatuses);
    const floors: ProcessRun[] = [];
    const runs: ProcessRun[] = [];
    for (let i = 0; i < repeats; i++) {
      floors.push(run([floorScript, file]));
      runs.push(run(args, okStatuses));
    }
    const seconds = median(runs.map((r) => r.seconds));
    const floorSeconds = median(floors.map((r) => r.seconds));
    const cpu = median(runs.map((r) => r.cpuSeconds));
    const floorCpu = median(floors.map((r) => r.cpuSeconds));
    const peak = median(runs.map((r) => r.peakMegabytes));
    const floorPeak = median(floors.map((r) => r.peakMegabytes));
    return {
      medianSeconds: round(seconds, 3),
      floorSeconds: round(floorSeconds, 3),
      ratio: round(seconds / floorSeconds, 2),
      targetRatio,
      withinTarget: seconds / floorSeconds <= targetRatio,
      runsSeconds: runs.map((r) => round(r.seconds, 3)),
      floorRunsSeconds: floors.map((r) => round(r.seconds, 3)),
      medianCpuSeconds: round(cpu, 3),
      floorCpuSeconds: round(floorCpu, 3),
      cpuRatio: round(cpu / floorCpu, 2),
      cpuWithinTarget: cpu / floorCpu <= targetRatio,
      peakMegabytes: round(peak, 1),
      floorPeakMegabytes: round(floorPeak, 1),
      peakRatio: round(peak / floorPeak, 2),
    };
  };

  return { run, againstFloor };
}
