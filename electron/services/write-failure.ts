/**
 * A file that could not be written because of where it lives (the disk is full, the folder is
 * not the user's to write, the disk is read-only), named by its path. Node's own errors for a
 * failed write name no file (`ENOSPC: no space left on device, write`), so every writer wraps
 * the error with the path it was writing. The CLI prints the message as its one line and exits 1;
 * a job stopped by one says it with its own reason code, in the reader's language.
 */
import { jobReason, type JobReason, type WriteFailurePlace } from '../../shared/jobs';

/** The error codes that say the place cannot take the file, rather than that the app went wrong (shared/jobs WRITE_FAILURE_PLACES). */
const PLACE_CODES: Record<WriteFailurePlace, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EFBIG: 'the file would be larger than this system allows',
  EACCES: 'no permission to write there',
  EPERM: 'the system does not allow writing there',
  EROFS: 'the disk is read-only',
};

export type WriteFailureCode = WriteFailurePlace;

export function isWriteFailureCode(code: unknown): code is WriteFailureCode {
  return typeof code === 'string' && Object.hasOwn(PLACE_CODES, code);
}

export class FileWriteError extends Error {
  constructor(
    readonly path: string,
    readonly code: WriteFailureCode,
    options?: { cause?: unknown },
  ) {
    super(`${path}: could not be written (${PLACE_CODES[code]}, ${code}); nothing finished was lost: make room or choose another place, then try again.`, options);
    this.name = 'FileWriteError';
  }

  /** the job's reason when this stops it */
  get why(): JobReason {
    return jobReason('write-failed', { file: this.path, place: this.code });
  }
}

/** The write failure that stopped a job, from its finished event (the CLI prints it as its one line), or null. */
export function jobWriteFailure(end: { status: string; errorWhy?: JobReason } | null | undefined): FileWriteError | null {
  const params = end?.status === 'failed' && end.errorWhy?.code === 'write-failed' ? end.errorWhy.params : null;
  return params?.file !== undefined && isWriteFailureCode(params.place) ? new FileWriteError(params.file, params.place) : null;
}

/** `error` as a FileWriteError naming `path` when its code says the place cannot take the file; any other error as it is. */
export function asWriteFailure(path: string, error: unknown): unknown {
  if (error instanceof FileWriteError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return isWriteFailureCode(code) ? new FileWriteError(path, code, { cause: error }) : error;
}

/** Runs `write`, turning a failure of the place into a FileWriteError naming `path`. */
export async function writingTo<T>(path: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw asWriteFailure(path, error);
  }
}

/** writingTo for synchronous writes (the response cache). */
export function writingToSync<T>(path: string, write: () => T): T {
  try {
    return write();
  } catch (error) {
    throw asWriteFailure(path, error);
  }
}
