/**
 * What `judge`, `judge --pairwise` and `generate` share around the engine: reading the keys of the lines
 * already in the output file (a torn last line cut off; judge's failed lines taken out to be asked
 * again), and running a job through the app's
 * job registry with those items answered as done, each new result appended to the file (and
 * synced) as it comes, so a run stopped at any point resumes from its output.
 */
import { mkdtemp, open, readFile, rm, stat, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jobItemKey, type JobDefinition, type JobEvent, type JobItemEvent, type JobProgress, type JobWorkItem } from '../../../shared/jobs';
import { writeFileAtomic } from '../../services/atomic-write';
import { openPrivateAppend } from '../../services/private-files';
import { notRegularFileReason } from '../../services/regular-file';
import { asWriteFailure, writingTo } from '../../services/write-failure';
import { JobRegistry } from '../../services/jobs/job-registry';
import type { JobContext, JobKindRunner } from '../../services/jobs/job-runner';
import type { CliIo } from '../io';
import { fileLine } from '../terminal-text';

/**
 * Every parsed line of `out`, in order, to `visit` (its 0-based index and value), or null when
 * the file cannot be read or a line is not JSON (every problem printed as file:line). A torn last
 * line (a run killed mid-write) is cut off first. A missing file has no lines.
 */
async function eachResultLine(out: string, io: CliIo, visit: (value: unknown, index: number) => string | null): Promise<boolean> {
  // a device (/dev/full, /dev/zero) reads without end and takes no appends the next run can read
  const kind = await stat(out).then(notRegularFileReason, () => null);
  if (kind !== null) {
    io.stderr(`${fileLine(out, null, `${kind}: the results are kept in a regular file; name one (made when missing)`)}\n`);
    return false;
  }
  let text: string;
  try {
    text = await readFile(out, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    io.stderr(`${fileLine(out, null, `cannot read the results file (${(error as NodeJS.ErrnoException).code ?? String(error)})`)}\n`);
    return false;
  }
  const lines = text.split('\n');
  let problems = 0;
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index].replace(/\r$/, '');
    if (raw.trim() === '') continue;
    const last = index === lines.length - 1;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      if (last) {
        // not ended by a line feed: the write was cut short; the answer is asked again
        await truncate(out, Buffer.byteLength(lines.slice(0, index).join('\n'), 'utf8') + (index > 0 ? 1 : 0));
        io.stderr(`${fileLine(out, index + 1, 'a cut-off last line was removed; it is asked again')}\n`);
        break;
      }
      io.stderr(`${fileLine(out, index + 1, 'not a JSON line')}\n`);
      problems++;
      continue;
    }
    const problem = visit(value, index);
    if (problem !== null) {
      io.stderr(`${fileLine(out, index + 1, problem)}\n`);
      problems++;
    }
  }
  return problems === 0;
}

/**
 * The keys of the lines already in `out` (`keyOf` reads one parsed line: its key, or what is
 * wrong with it). A torn last line is cut off; any other line that does not read stops the run
 * (null, every problem printed as file:line): appending to it would mix results that cannot be
 * reported together.
 */
export async function readDoneKeys(out: string, io: CliIo, keyOf: (value: unknown) => { key: string } | { problem: string }): Promise<Set<string> | null> {
  const done = new Set<string>();
  const read = await eachResultLine(out, io, (value) => {
    const line = keyOf(value);
    if ('problem' in line) return line.problem;
    done.add(line.key);
    return null;
  });
  return read ? done : null;
}

/** How a results line is read: its key and whether it is a failure, or what is wrong with it. */
export type ResultLineKey = (value: unknown) => { key: string; failed: boolean } | { problem: string };

/** The results already in a file: the keys answered, and those whose only lines are failures. */
export interface ResultsOnFile {
  answered: Set<string>;
  failed: Set<string>;
}

/** The results in `out` by key (see readDoneKeys); null when a line does not read. */
export async function readResults(out: string, io: CliIo, keyOf: ResultLineKey): Promise<ResultsOnFile | null> {
  const answered = new Set<string>();
  const failed = new Set<string>();
  const read = await eachResultLine(out, io, (value) => {
    const line = keyOf(value);
    if ('problem' in line) return line.problem;
    (line.failed ? failed : answered).add(line.key);
    return null;
  });
  if (!read) return null;
  for (const key of answered) failed.delete(key);
  return { answered, failed };
}

/**
 * Takes out of `out` the failed lines a rerun asks again (`retried` says which keys it asks),
 * and any failed line of a key that also has an answer, in one atomic rewrite; every other line
 * stays byte for byte. The new answers are then appended, so the file keeps one line per key and
 * judge-report never counts a failure beside its retry. Returns how many lines were taken out.
 */
export async function dropFailedLines(out: string, results: ResultsOnFile, retried: (key: string) => boolean, keyOf: ResultLineKey): Promise<number> {
  const drop = (raw: string): boolean => {
    if (raw.trim() === '') return false;
    const line = keyOf(JSON.parse(raw.replace(/\r$/, '')));
    return !('problem' in line) && line.failed && (results.answered.has(line.key) || retried(line.key));
  };
  let text: string;
  try {
    text = await readFile(out, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const lines = text.split('\n');
  const kept = lines.filter((raw) => !drop(raw));
  const dropped = lines.length - kept.length;
  if (dropped > 0) await writeFileAtomic(out, kept.join('\n'));
  return dropped;
}

/** The summary's words for the failed lines a rerun asked again (none: nothing). */
export function retriedText(retried: number): string {
  return retried === 0 ? '' : `, retried ${retried} failed line${retried === 1 ? '' : 's'}`;
}

/** The runner, with the items already in the output file answered as done without a call. */
function skippingDone<P>(runner: JobKindRunner<P>, isDone: (item: JobWorkItem) => boolean): JobKindRunner<P> {
  return {
    kind: runner.kind,
    priced: (definition: JobDefinition) => runner.priced(definition),
    async open(definition: JobDefinition, context: JobContext) {
      const worker = await runner.open(definition, context);
      return {
        parallel: worker.parallel,
        close: worker.close?.bind(worker),
        run: (item, signal, recall) => (isDone(item) ? Promise.resolve({ ok: true, payload: null as unknown as P, cached: true, tokens: { input: 0, output: 0 }, cost: null }) : worker.run(item, signal, recall)),
      };
    },
  };
}

/** The progress line on stderr: `judge: 12/40 answers, …` (`generate: 3/20 conversations, …`). */
export function progressLine(progress: JobProgress, command = 'judge', unit = 'answers'): string {
  const parts = [`${progress.done}/${progress.total} ${unit}`, `${progress.failed} failed`, `${progress.cached} from cache or file`, `${(progress.tokens.input + progress.tokens.output).toLocaleString('en-US')} tokens`];
  if (progress.rate !== null) parts.push(`${progress.rate.toFixed(1)}/min`);
  if (progress.eta !== null) parts.push(`about ${Math.ceil(progress.eta)} s left`);
  return `${command}: ${parts.join(', ')}\n`;
}

/** One result as a line of the output: the JSON value, and the file:line message when it failed. */
export interface OutputLine {
  value: unknown;
  failure?: string;
}

export interface LinesRunResult {
  written: number;
  failed: number;
  failures: string[];
  finished: Extract<JobEvent, { type: 'finished' }> | null;
}

/** Runs the job, appending `lineOf(event)` for each item not done before; progress to stderr. */
export async function runToLines<P>(options: {
  out: string;
  io: CliIo;
  runner: JobKindRunner<P>;
  definition: JobDefinition;
  isDone(item: JobWorkItem): boolean;
  lineOf(event: JobItemEvent<P>): OutputLine | null;
  /** the progress line's command and unit (judge, answers by default) */
  progress?: { command: string; unit: string };
  /** `out` is the run's own record of answers and prompts, not a document the user named: 0600 (private-files.ts) */
  privateFile?: boolean;
}): Promise<LinesRunResult> {
  const { out, io, isDone } = options;
  const output = await writingTo(out, () => (options.privateFile ? openPrivateAppend(out) : open(out, 'a')));
  const size = (await output.stat()).size;
  // the first write that fails (a full disk): nothing is written after it, so the file ends at
  // most in a torn line the next run cuts off, and the job is cancelled so nothing more is paid for
  let failedWrite: unknown = null;
  const append = async (text: string) => {
    if (failedWrite !== null) return;
    try {
      // appendFile writes every byte (a bare write may write part of them and say so)
      await output.appendFile(text);
      await output.datasync();
    } catch (error) {
      failedWrite = error;
      if (jobId !== null) await registry.cancel(jobId).catch(() => undefined);
    }
  };
  let writing: Promise<unknown> = size > 0 && !(await readFile(out, 'utf8')).endsWith('\n') ? append('\n') : Promise.resolve();
  const result: LinesRunResult = { written: 0, failed: 0, failures: [], finished: null };
  const journals = await mkdtemp(join(tmpdir(), `maieutic-${options.progress?.command ?? 'judge'}-`));
  let lastPrinted = 0;
  let jobId: string | null = null;
  let ended: () => void = () => undefined;
  const end = new Promise<void>((resolve) => (ended = resolve));
  const registry: JobRegistry = new JobRegistry({
    folder: journals,
    runners: [skippingDone(options.runner, isDone)],
    emit: (event) => {
      if (event.type === 'item') {
        // the registry keeps each result until it is acknowledged (the renderer's store): once the
        // line is on disk it is let go, so a long run's memory stays flat
        const acknowledge = () => registry.acknowledge(event.jobId, [jobItemKey(event.item)]);
        const line = isDone(event.item) ? null : options.lineOf(event as JobItemEvent<P>);
        if (!line) {
          writing = writing.then(acknowledge);
          return;
        }
        if (failedWrite !== null) return;
        if (line.failure !== undefined) {
          result.failed++;
          result.failures.push(line.failure);
        }
        result.written++;
        const text = `${JSON.stringify(line.value)}\n`;
        writing = writing.then(async () => {
          await append(text);
          if (failedWrite === null) await acknowledge();
        });
      } else if (event.type === 'progress' && Date.now() - lastPrinted >= 1000) {
        lastPrinted = Date.now();
        io.stderr(progressLine(event.progress, options.progress?.command, options.progress?.unit));
      } else if (event.type === 'finished') {
        result.finished = event;
        ended();
      }
    },
  });
  try {
    jobId = (await registry.start(options.definition)).id;
    await end;
  } finally {
    await registry.shutdown();
    await writing.catch((error: unknown) => void (failedWrite ??= error));
    await output.close().catch(() => undefined);
    await rm(journals, { recursive: true, force: true });
  }
  if (failedWrite !== null) throw asWriteFailure(out, failedWrite);
  return result;
}
