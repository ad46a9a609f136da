import type { Codebook } from '../../../shared/codebook/types';
import type { ParsedFile, SourceFile } from '../../../shared/model/dataset';
import type { FileInspection, ParseJob, ParseProgress } from './parse-tasks';
import type { WorkerRequest, WorkerResponse } from './protocol';

type Pending = {
  onProgress: (progress: ParseProgress) => void;
  resolve: (response: WorkerResponse) => void;
  reject: (error: Error) => void;
};

/** The parsers stay out of the main bundle: they normally run in the worker. */
function loadFallback() {
  return import('./parse-tasks');
}

/** Lets the browser paint (the progress indicator) between files when parsing on the main thread. */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs parsing in a Web Worker so that a large import does not freeze the window. Where a
 * worker cannot start (no Worker, a blocked script), it parses on the main thread file by
 * file instead, still reporting progress; `usesWorker` tells the UI which happened.
 */
class ParseClient {
  private worker: Worker | null = null;
  private broken = typeof Worker === 'undefined';
  private nextRequestId = 1;
  private readonly pending = new Map<number, Pending>();

  get usesWorker(): boolean {
    return !this.broken;
  }

  private ensureWorker(): Worker | null {
    if (this.broken) return null;
    if (this.worker) return this.worker;
    try {
      const worker = new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module', name: 'maieutic-parse' });
      worker.addEventListener('message', (event: MessageEvent<WorkerResponse>) => this.onMessage(event.data));
      worker.addEventListener('error', (event) => this.onWorkerFailure(new Error(event.message || 'The parsing worker failed to start.')));
      this.worker = worker;
      return worker;
    } catch {
      this.broken = true;
      return null;
    }
  }

  private onMessage(response: WorkerResponse): void {
    const pending = this.pending.get(response.requestId);
    if (!pending) return;
    if (response.kind === 'progress') {
      pending.onProgress(response.progress);
      return;
    }
    this.pending.delete(response.requestId);
    pending.resolve(response);
  }

  /** A worker that fails to load fails every open request; those requests are then re-run on the main thread. */
  private onWorkerFailure(error: Error): void {
    this.broken = true;
    this.worker?.terminate();
    this.worker = null;
    const open = [...this.pending.values()];
    this.pending.clear();
    for (const pending of open) pending.reject(error);
  }

  private request(build: (requestId: number) => WorkerRequest, onProgress: (progress: ParseProgress) => void): Promise<WorkerResponse> | null {
    const worker = this.ensureWorker();
    if (!worker) return null;
    const requestId = this.nextRequestId++;
    return new Promise<WorkerResponse>((resolve, reject) => {
      this.pending.set(requestId, { onProgress, resolve, reject });
      worker.postMessage(build(requestId));
    });
  }

  async inspect(files: SourceFile[], codebook: Codebook): Promise<FileInspection[]> {
    const viaWorker = this.request((requestId) => ({ requestId, kind: 'inspect', files, codebook }), () => {});
    if (viaWorker) {
      try {
        const response = await viaWorker;
        if (response.kind === 'inspected') return response.inspections;
        if (response.kind === 'failed') throw new Error(response.message);
      } catch (error) {
        if (!this.broken) throw error;
      }
    }
    await nextFrame();
    const { inspectFiles } = await loadFallback();
    return inspectFiles(files, codebook);
  }

  async parse(jobs: ParseJob[], codebook: Codebook, onProgress: (progress: ParseProgress) => void): Promise<ParsedFile[]> {
    const viaWorker = this.request((requestId) => ({ requestId, kind: 'parse', jobs, codebook }), onProgress);
    if (viaWorker) {
      try {
        const response = await viaWorker;
        if (response.kind === 'parsed') return response.files;
        if (response.kind === 'failed') throw new Error(response.message);
      } catch (error) {
        if (!this.broken) throw error;
      }
    }
    const { parseJobs } = await loadFallback();
    const results: ParsedFile[] = [];
    for (const [index, job] of jobs.entries()) {
      onProgress({ done: index, total: jobs.length, file: job.file.name });
      await nextFrame();
      results.push(...parseJobs([job], codebook));
    }
    onProgress({ done: jobs.length, total: jobs.length, file: null });
    return results;
  }
}

export const parseClient = new ParseClient();
export type { FileInspection, ParseJob, ParseProgress };
