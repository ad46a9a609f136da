/**
 * Where the built CLI's worker scripts are. Only the built CLI's entry (bin.ts, out/cli/main.js)
 * knows, since they are files beside it; the CLI run from its TypeScript sources has none, and
 * its commands then do all their work on the main thread.
 */
let ratingsScanWorker: URL | null = null;

export function setRatingsScanWorkerFile(file: URL | null): void {
  ratingsScanWorker = file;
}

/** out/cli/ratings-scan-worker.js in the built CLI, else null. */
export function ratingsScanWorkerFile(): URL | null {
  return ratingsScanWorker;
}
