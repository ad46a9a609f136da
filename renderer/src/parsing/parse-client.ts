import type { Codebook } from '../../../shared/codebook/types';
import type { ParsedFile, SourceFile } from '../../../shared/model/dataset';
import type { FileInspection, ParseJob, ParseProgress } from './parse-tasks';
import { WorkerChannel, WorkerUnavailable } from '../workers/worker-channel';
import type { WorkerRequest, WorkerResponse } from './protocol';

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
  private readonly channel = new WorkerChannel<WorkerRequest, WorkerResponse>(
    () => new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module', name: 'maieutic-parse' }),
    'The parsing worker failed to start.',
  );

  get usesWorker(): boolean {
    return this.channel.usesWorker;
  }

  private request(build: (requestId: number) => WorkerRequest, onProgress: (progress: ParseProgress) => void): Promise<WorkerResponse> | null {
    return this.channel.request(build, (response) => {
      if (response.kind !== 'progress') return true;
      onProgress(response.progress);
      return false;
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
        if (!(error instanceof WorkerUnavailable)) throw error;
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
        if (!(error instanceof WorkerUnavailable)) throw error;
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
