import type { Codebook } from '../../../shared/codebook/types';
import { PARSE_TIME_BUDGET_MS } from '../../../shared/import/parse-time-budget';
import type { ParsedFile, SourceFile } from '../../../shared/model/dataset';
import type { FileInspection, ParseJob, ParseProgress } from './parse-tasks';
import { RequestCancelled, RequestOverBudget, WorkerChannel, WorkerUnavailable } from '../workers/worker-channel';
import type { WorkerRequest, WorkerResponse } from './protocol';

/** The parsers stay out of the main bundle: they normally run in the worker. */
function loadFallback() {
  return import('./parse-tasks');
}

/** Lets the browser paint (the progress indicator) between files when parsing on the main thread. */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The user cancelled: the worker was stopped and nothing of the run is kept. */
export { RequestCancelled as ParseCancelled };

/** A file whose reading took longer than the budget: stopped, and nothing of it is kept. */
export interface OverBudget {
  kind: 'over-budget';
  budgetMs: number;
}

export type InspectOutcome = { kind: 'inspected'; inspection: FileInspection } | OverBudget;
export type ParseOutcome = { kind: 'parsed'; file: ParsedFile } | OverBudget;

export interface ParseRunOptions {
  /** aborting stops the worker at once; the call rejects with ParseCancelled */
  signal?: AbortSignal;
  /** how long one file may take (PARSE_TIME_BUDGET_MS unless a test sets it) */
  budgetMs?: number;
}

/**
 * Runs parsing in a Web Worker so that a large import does not freeze the window, one request
 * per file so that each file has its own time budget: a file over budget, or a Cancel, stops
 * the worker (a running parse cannot be interrupted otherwise) and the next file or import gets
 * a fresh one. Where a worker cannot start (no Worker, a blocked script), it parses on the main
 * thread file by file instead, still reporting progress; `usesWorker` tells the UI which
 * happened. The main thread can neither be stopped nor timed: there a Cancel only drops the
 * result, as before.
 */
class ParseClient {
  private readonly channel = new WorkerChannel<WorkerRequest, WorkerResponse>(
    () => new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module', name: 'maieutic-parse' }),
    'The parsing worker failed to start.',
  );

  get usesWorker(): boolean {
    return this.channel.usesWorker;
  }

  /** The worker's final answer, null when no worker can run (the caller then works on the main thread), or over budget. */
  private async viaWorker(build: (requestId: number) => WorkerRequest, options: ParseRunOptions): Promise<WorkerResponse | OverBudget | null> {
    const budgetMs = options.budgetMs ?? PARSE_TIME_BUDGET_MS;
    const pending = this.channel.request(build, (response) => response.kind !== 'progress', { signal: options.signal, budgetMs });
    if (!pending) return null;
    try {
      const response = await pending;
      if (response.kind === 'failed') throw new Error(response.message);
      return response;
    } catch (error) {
      if (error instanceof RequestOverBudget) return { kind: 'over-budget', budgetMs: error.budgetMs };
      if (error instanceof WorkerUnavailable) return null;
      throw error;
    }
  }

  async inspect(files: SourceFile[], codebook: Codebook, options: ParseRunOptions = {}): Promise<InspectOutcome[]> {
    const outcomes: InspectOutcome[] = [];
    for (const file of files) {
      const answer = await this.viaWorker((requestId) => ({ requestId, kind: 'inspect', files: [file], codebook }), options);
      if (answer?.kind === 'over-budget') outcomes.push(answer);
      else if (answer?.kind === 'inspected') outcomes.push({ kind: 'inspected', inspection: answer.inspections[0] });
      else {
        throwIfCancelled(options.signal);
        await nextFrame();
        const { inspectFile } = await loadFallback();
        outcomes.push({ kind: 'inspected', inspection: inspectFile(file, codebook) });
      }
    }
    return outcomes;
  }

  async parse(jobs: ParseJob[], codebook: Codebook, onProgress: (progress: ParseProgress) => void, options: ParseRunOptions = {}): Promise<ParseOutcome[]> {
    const outcomes: ParseOutcome[] = [];
    for (const [index, job] of jobs.entries()) {
      onProgress({ done: index, total: jobs.length, file: job.file.name });
      const answer = await this.viaWorker((requestId) => ({ requestId, kind: 'parse', jobs: [job], codebook }), options);
      if (answer?.kind === 'over-budget') outcomes.push(answer);
      else if (answer?.kind === 'parsed') outcomes.push({ kind: 'parsed', file: answer.files[0] });
      else {
        throwIfCancelled(options.signal);
        await nextFrame();
        const { parseJob } = await loadFallback();
        outcomes.push({ kind: 'parsed', file: parseJob(job, codebook) });
      }
    }
    onProgress({ done: jobs.length, total: jobs.length, file: null });
    return outcomes;
  }
}

function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new RequestCancelled();
}

export const parseClient = new ParseClient();
export type { FileInspection, ParseJob, ParseProgress };
