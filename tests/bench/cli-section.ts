import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildCli, BUILT_CLI, isBuiltCliCurrent } from '../../scripts/cli/launch.mjs';
import type { BenchSection } from './sections';
import { median, round } from './bench-math';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const REPEATS = 9;
/** the issue-9 target for `--help`, wall clock of a whole process */
const TARGET_SECONDS = 0.15;

/** Median wall seconds of a whole process, after one unmeasured run (disk cache). */
function wallSeconds(command: string, args: readonly string[]): { medianSeconds: number; runsSeconds: number[] } {
  const once = () => {
    const start = performance.now();
    const run = spawnSync(command, args, { cwd: ROOT, stdio: 'ignore' });
    if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${run.status}`);
    return (performance.now() - start) / 1000;
  };
  once();
  const runs = Array.from({ length: REPEATS }, once);
  return { medianSeconds: round(median(runs), 3), runsSeconds: runs.map((run) => round(run, 3)) };
}

/**
 * Start-up of `cli --help` as whole processes: node with no script (the floor), the bundle
 * out/cli/main.js, the launcher `npm run cli` runs (its staleness check included), `npm run cli`,
 * and `npm run env` (npm's start-up alone, the floor of the `npm run` row), each beside the 0.15 s
 * target.
 */
export const cliSection: BenchSection = {
  name: 'cli',
  async run() {
    if (!isBuiltCliCurrent() && (await buildCli()) !== 0) throw new Error('The CLI could not be built.');
    const figure = (command: string, args: readonly string[]) => {
      const measured = wallSeconds(command, args);
      return { ...measured, targetSeconds: TARGET_SECONDS, withinTarget: measured.medianSeconds <= TARGET_SECONDS };
    };
    return {
      cores: availableParallelism(),
      nodeWithoutScript: figure(process.execPath, ['-e', '']),
      builtCliHelp: figure(process.execPath, [BUILT_CLI, '--help']),
      launcherHelp: figure(process.execPath, ['scripts/cli/launch.mjs', '--help']),
      // npm's own start-up (about 0.25 s here) comes before the launcher and is not the CLI's:
      // npmRunEnvOnly is npm running its built-in `env` script (no node after it), the floor of any `npm run`
      npmRunCliHelp: figure('npm', ['run', '-s', 'cli', '--', '--help']),
      npmRunEnvOnly: figure('npm', ['run', '-s', 'env']),
    };
  },
};
