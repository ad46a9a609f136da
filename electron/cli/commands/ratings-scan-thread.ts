/**
 * The worker thread that scans the second part of a large ratings CSV (ratings-scan-parts.ts):
 * started before the file is read, so that it boots while the file is read, and closed when the
 * command is done with it. Only the built CLI has the worker's file (worker-files.ts); without it
 * (the CLI run from its TypeScript sources) every file is scanned in one part on the main thread.
 */
import { Worker } from 'node:worker_threads';
import { ratingsScanWorkerFile } from '../worker-files';
import type { PartMessage } from './ratings-scan-worker';
import type { PartRequest, ScannedPart } from './ratings-scan-parts';

export interface RatingsScanThread {
  /** Scans the part in the worker; `request.bytes` must be a view of a SharedArrayBuffer. */
  scan(request: PartRequest): Promise<ScannedPart>;
  close(): Promise<void>;
}

/** A worker ready to scan one part, or null when there is no worker file. */
export function startRatingsScanThread(): RatingsScanThread | null {
  const workerFile = ratingsScanWorkerFile();
  if (workerFile === null) return null;
  const worker = new Worker(workerFile);
  // an idle worker must not keep the command's process alive
  worker.unref();
  return {
    scan(request) {
      const { bytes } = request;
      if (!(bytes.buffer instanceof SharedArrayBuffer)) return Promise.reject(new Error('The ratings scan worker reads a SharedArrayBuffer.'));
      const message: PartMessage = { buffer: bytes.buffer, byteOffset: bytes.byteOffset, byteLength: bytes.byteLength, delimiter: request.delimiter, roles: request.roles, hasField: request.hasField, crlf: request.crlf };
      return new Promise<ScannedPart>((resolve, reject) => {
        const settle = () => {
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
        };
        const onMessage = (part: ScannedPart) => {
          settle();
          resolve(part);
        };
        const onError = (error: Error) => {
          settle();
          reject(error);
        };
        const onExit = (code: number) => {
          settle();
          reject(new Error(`The ratings scan worker stopped (exit code ${code}) before it answered.`));
        };
        worker.on('message', onMessage);
        worker.on('error', onError);
        worker.on('exit', onExit);
        worker.postMessage(message);
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}
