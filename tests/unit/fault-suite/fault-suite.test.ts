/**
 * The fault suite: every hostile input kind of tests/fault-suite/kinds.ts, generated into a
 * temporary folder, fed through the built CLI (as users run it) and through the app's import
 * path (main-process file services + parseSourceFile, in a child process); the crafted backup
 * and project files through the app's restore path (main's backup handlers and the renderer's
 * restore over a fake IndexedDB, in a child process of their own). Each run is under a
 * hang guard: a generous kill timeout that detects a hang, not a speed. No kind may crash, hang,
 * import part of a refused file, give an unclear error or write raw control characters; every
 * kind expected to be refused or warned about is. The totals are printed with the test output.
 */
import { execFile, spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_CLI } from '../../../scripts/cli/launch.mjs';
import type { AppPathResult } from '../../fault-suite/app-path-runner';
import { type Classified, classifyApp, classifyCli, classifyRestore, type CliRun, FAILURES, meetsExpectation, missingMentions, type Outcome } from '../../fault-suite/classify';
import type { RestorePathResult } from '../../fault-suite/restore-runner';
import type { RunnerResult } from '../../fault-suite/runner-child';
import { type GeneratedKind, generateFaultInputs } from '../../fault-suite/generate';
import { SURFACES_WITHOUT_VALID_KIND } from '../../fault-suite/kinds';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const APP_RUNNER = fileURLToPath(new URL('../../fault-suite/app-path-runner.ts', import.meta.url));
const RESTORE_RUNNER = fileURLToPath(new URL('../../fault-suite/restore-runner.ts', import.meta.url));
const RUNNER_CHILD = fileURLToPath(new URL('../../fault-suite/runner-child.ts', import.meta.url));
const README = fileURLToPath(new URL('../../fault-suite/README.md', import.meta.url));
/** The hang guard: far beyond what any kind needs on a loaded 2-core machine. */
const KILL_AFTER_MS = 45_000;
/** A kind that runs out of memory should fail fast as a crash, not take the machine's memory. */
const HEAP_MB = 1024;

interface KindResult {
  kind: GeneratedKind;
  cli: (Classified & { said: string }) | null;
  app: (Classified & { said: string }) | null;
  restore: (Classified & { said: string }) | null;
  /** through the kind's own runner (tests/fault-suite/runners/) */
  runner: (Classified & { said: string }) | null;
}

const SIDES = ['cli', 'app', 'restore', 'runner'] as const;

function runCli(args: readonly string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [`--max-old-space-size=${HEAP_MB}`, BUILT_CLI, ...args],
      { cwd: ROOT, timeout: KILL_AFTER_MS, killSignal: 'SIGKILL', maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const failure = error as (Error & { code?: number | string; killed?: boolean; signal?: string | null }) | null;
        const timedOut = failure?.killed === true && failure.signal === 'SIGKILL';
        const code = failure ? (typeof failure.code === 'number' ? failure.code : null) : 0;
        resolve({ code, signal: failure?.signal ?? null, timedOut, stdout, stderr });
      },
    );
  });
}

async function inPool<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]);
      }
    }),
  );
  return results;
}

/**
 * Runs a path (the app's import, the restore) for every kind in one child, restarted after the
 * kind it was on when the watchdog fired (that kind is a hang), so one hang costs one timeout, not the run.
 */
async function runChildPath<Result extends { index: number }>(runner: string, manifestPath: string, kinds: readonly GeneratedKind[]): Promise<Map<number, Result | 'hang' | { exited: string }>> {
  const results = new Map<number, Result | 'hang' | { exited: string }>();
  let from = 0;
  while (from < kinds.length) {
    const resume = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', runner, manifestPath, String(from)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      let current = -1;
      let buffered = '';
      let stderr = '';
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const finish = (resumeAt: number) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(resumeAt);
      };
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          if (current >= 0) results.set(current, 'hang');
          child.kill('SIGKILL');
          finish(current >= 0 ? current + 1 : kinds.length);
        }, KILL_AFTER_MS);
      };
      arm();
      child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        let newline;
        while ((newline = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, newline);
          buffered = buffered.slice(newline + 1);
          if (line.startsWith('START ')) {
            current = Number(line.slice(6));
            arm();
          } else if (line.startsWith('RESULT ')) {
            const result = JSON.parse(line.slice(7)) as Result;
            results.set(result.index, result);
            current = -1;
          } else if (line === 'DONE') finish(kinds.length);
        }
      });
      child.on('exit', (code, signal) => {
        if (settled) return;
        // the child died on a kind (out of memory, a native crash): that kind crashed
        if (current >= 0) results.set(current, { exited: `exit ${code ?? signal}: ${stderr.slice(-300)}` });
        finish(current >= 0 ? current + 1 : kinds.length);
      });
    });
    from = resume;
  }
  return results;
}

function appSaid(result: AppPathResult): string {
  return [
    ...result.skipped.map((file) => `${file.name}: skipped: ${file.reason}`),
    ...result.files.flatMap((file) => file.errors.map((error) => `${file.name}:${error.line}: ${error.message}`)),
  ].join('\n');
}

function classifyAppResult(result: AppPathResult | 'hang' | { exited: string } | undefined): Classified & { said: string } {
  if (result === undefined) return { outcome: 'crash', detail: 'the app path gave no result', said: '' };
  if (result !== 'hang' && 'exited' in result) return { outcome: 'crash', detail: result.exited, said: '' };
  return { ...classifyApp(result), said: result === 'hang' ? '' : appSaid(result) };
}

function restoreSaid(result: RestorePathResult): string {
  return [...(result.refused?.problems ?? []).map((problem) => `${problem.table} row ${problem.row}, ${problem.field}: ${problem.detail}`), result.thrown ?? ''].join('\n');
}

function classifyRestoreResult(result: RestorePathResult | 'hang' | { exited: string } | undefined): Classified & { said: string } {
  if (result === undefined) return { outcome: 'crash', detail: 'the restore path gave no result', said: '' };
  if (result !== 'hang' && 'exited' in result) return { outcome: 'crash', detail: result.exited, said: '' };
  return { ...classifyRestore(result), said: result === 'hang' ? '' : restoreSaid(result) };
}

function classifyRunnerResult(result: RunnerResult | 'hang' | { exited: string } | undefined): Classified & { said: string } {
  if (result === undefined) return { outcome: 'crash', detail: 'the runner gave no result', said: '' };
  if (result === 'hang') return { outcome: 'hang', detail: 'killed by the hang guard', said: '' };
  if ('exited' in result) return { outcome: 'crash', detail: result.exited, said: '' };
  return { outcome: result.outcome, detail: result.detail, said: result.said };
}

const OUTCOMES: readonly Outcome[] = ['clear-error', 'warning', 'accepted', ...FAILURES];

interface Tally {
  tried: number;
  outcomes: Record<Outcome, number>;
  /** refused or warned about as it should have been, but accepted without a word */
  silent: number;
}

/** The outcomes of every side run for the kinds `pick` keeps (one side, or one surface's kinds on all sides). */
function tally(results: readonly KindResult[], pick: (result: KindResult, side: (typeof SIDES)[number]) => boolean): Tally {
  const outcomes = Object.fromEntries(OUTCOMES.map((outcome) => [outcome, 0])) as Record<Outcome, number>;
  let tried = 0;
  let silent = 0;
  for (const result of results) {
    for (const side of SIDES) {
      const classified = result[side];
      if (!classified || !pick(result, side)) continue;
      tried += 1;
      outcomes[classified.outcome] += 1;
      if (result.kind.expect !== 'accepted' && classified.outcome === 'accepted') silent += 1;
    }
  }
  return { tried, outcomes, silent };
}

function totalsLine(label: string, { tried, outcomes, silent }: Tally): string {
  return (
    `${label}: ${tried} runs, ${outcomes['clear-error']} clear errors, ${outcomes.warning} warnings, ${outcomes.accepted} accepted; ` +
    `${outcomes.crash} crashes, ${outcomes.hang} hangs, ${outcomes['unclear-error']} unclear errors, ${silent} silent acceptances, ${outcomes['partial-import']} partial writes, ${outcomes['raw-control-characters']} raw control characters`
  );
}

/** The surfaces README.md lists, as `- **name**` bullets under "## Surfaces". */
function surfacesInReadme(): string[] {
  const text = readFileSync(README, 'utf8');
  const section = text.split(/^## /m).find((part) => part.startsWith('Surfaces')) ?? '';
  return [...section.matchAll(/^- \*\*([a-z0-9-]+)\*\*/gm)].map((match) => match[1]!);
}

let generated: ReturnType<typeof generateFaultInputs>;
let results: KindResult[] = [];

describe('fault suite: hostile inputs through the built CLI and the app import path', () => {
  beforeAll(async () => {
    generated = generateFaultInputs();
    const manifestPath = join(generated.root, 'manifest.json');
    writeFileSync(manifestPath, JSON.stringify({ kinds: generated.kinds }));
    const { kinds } = generated;
    const width = Math.max(1, Math.min(2, availableParallelism()));
    const [cliRuns, appRuns] = await Promise.all([
      inPool(kinds, width, async (kind) => {
        if (!kind.cli) return null;
        const run = await runCli(kind.cli);
        const textRun = kind.terminal ? await runCli(kind.cli.filter((arg) => arg !== '--json')) : undefined;
        return { ...classifyCli(run, kind.cli[0], textRun, { refusesCommandLine: kind.refusesCommandLine }), said: `${run.stdout}\n${run.stderr}` };
      }),
      runChildPath<AppPathResult>(APP_RUNNER, manifestPath, kinds),
    ]);
    // after the others: its database work would only compete with them for the two cores
    const restoreRuns = await runChildPath<RestorePathResult>(RESTORE_RUNNER, manifestPath, kinds);
    const runnerRuns = await runChildPath<RunnerResult>(RUNNER_CHILD, manifestPath, kinds);
    results = kinds.map((kind, index) => ({
      kind,
      cli: cliRuns[index],
      app: kind.app ? classifyAppResult(appRuns.get(index)) : null,
      restore: kind.restore ? classifyRestoreResult(restoreRuns.get(index)) : null,
      runner: kind.runner !== null ? classifyRunnerResult(runnerRuns.get(index)) : null,
    }));
  }, 600_000);

  afterAll(() => {
    if (generated) rmSync(generated.root, { recursive: true, force: true });
  });

  it('prints its totals', () => {
    const tried = results.filter((result) => SIDES.some((side) => result[side])).length;
    const unavailable = results.filter((result) => result.kind.target === null);
    const surfaces = [...new Set(results.map((result) => result.kind.surface))];
    const lines = [
      `fault suite: ${tried} kinds tried on ${surfaces.length} surfaces (${results.length} defined${unavailable.length ? `; not on this system: ${unavailable.map((result) => `${result.kind.id} (${result.kind.unavailable})`).join(', ')}` : ''})`,
      totalsLine('fault suite, every surface', tally(results, () => true)),
      ...SIDES.map((side) => totalsLine(`  through the ${side === 'cli' ? 'CLI' : side === 'app' ? "app's import" : side === 'restore' ? "app's restore" : "app's other paths"}`, tally(results, (_, at) => at === side))),
      ...surfaces.map((surface) => totalsLine(`  surface ${surface}`, tally(results, (result) => result.kind.surface === surface))),
    ];
    // MAIEUTIC_FAULT_SUITE_TABLE=1: every kind's outcome on each side, to review what the suite saw
    if (process.env.MAIEUTIC_FAULT_SUITE_TABLE) {
      for (const result of results) {
        for (const side of SIDES) {
          const classified = result[side];
          if (classified) lines.push(`  ${result.kind.id} [${side}] ${classified.outcome}: ${classified.detail.replace(/\s+/g, ' ').slice(0, 160)}`);
        }
      }
    }
    // written to the terminal directly, so it survives reporters that hide a passing test's console
    process.stdout.write(`\n${lines.join('\n')}\n`);
    expect(tried).toBeGreaterThanOrEqual(95);
  });

  it('README.md lists exactly the surfaces the suite attacks, and every surface has a kind that must be refused and one that must be read', () => {
    const surfaces = [...new Set(results.map((result) => result.kind.surface))];
    expect(surfacesInReadme()).toEqual(surfaces);
    for (const surface of surfaces) {
      const expectations = new Set(results.filter((result) => result.kind.surface === surface).map((result) => result.kind.expect));
      expect([surface, expectations.has('refused') || expectations.has('warned')]).toEqual([surface, true]);
      expect([surface, expectations.has('accepted') || SURFACES_WITHOUT_VALID_KIND.has(surface)]).toEqual([surface, true]);
    }
  });

  it('no kind crashes, hangs, imports part of a refused file (or restores part of one), gives an unclear error or writes raw control characters', () => {
    const failures = results.flatMap((result) =>
      SIDES.flatMap((side) => {
        const classified = result[side];
        return classified && FAILURES.includes(classified.outcome) ? [`${result.kind.id} (${side}): ${classified.outcome}: ${classified.detail}`] : [];
      }),
    );
    expect(failures).toEqual([]);
  });

  it('the CLI and the app come to the same verdict on every kind both read (one set of rules and limits)', () => {
    const differ = results.flatMap((result) =>
      result.cli && result.app && result.cli.outcome !== result.app.outcome ? [`${result.kind.id}: CLI ${result.cli.outcome} (${result.cli.detail.slice(0, 120)}), app ${result.app.outcome} (${result.app.detail.slice(0, 120)})`] : [],
    );
    expect(differ).toEqual([]);
  });

  it('every kind is refused, warned about or accepted as it should be, and names what it found', () => {
    const wrong = results.flatMap((result) =>
      SIDES.flatMap((side) => {
        const classified = result[side];
        if (!classified || FAILURES.includes(classified.outcome)) return [];
        if (!meetsExpectation(classified.outcome, result.kind.expect)) return [`${result.kind.id} (${side}): expected ${result.kind.expect}, got ${classified.outcome}: ${classified.detail}`];
        const missing = result.kind.expect === 'accepted' ? [] : missingMentions(classified.said, result.kind.mentions);
        return missing.length > 0 ? [`${result.kind.id} (${side}): does not mention ${missing.join(', ')}: ${classified.said.slice(0, 300)}`] : [];
      }),
    );
    expect(wrong).toEqual([]);
  });
});
