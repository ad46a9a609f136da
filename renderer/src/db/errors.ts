/**
 * Storage failures the user must hear about. IndexedDB is fragile (quota, a closed
 * connection after a version change in another window, a corrupt profile), so these are
 * recognised wherever errors are caught at the top and shown in a banner, never swallowed.
 */

export type StorageProblemKind = 'quota' | 'closed' | 'open-failed' | 'unavailable';

export interface StorageProblem {
  kind: StorageProblemKind;
  /** the underlying error's name and message, for the details line */
  detail: string;
}

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  inner?: unknown;
  failures?: unknown;
}

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null;
}

function describe(error: ErrorLike): string {
  const name = typeof error.name === 'string' ? error.name : 'Error';
  const message = typeof error.message === 'string' ? error.message : '';
  return message ? `${name}: ${message}` : name;
}

const KIND_BY_NAME: Record<string, StorageProblemKind> = {
  QuotaExceededError: 'quota',
  DatabaseClosedError: 'closed',
  OpenFailedError: 'open-failed',
  VersionError: 'open-failed',
  UpgradeError: 'open-failed',
  InvalidStateError: 'open-failed',
  MissingAPIError: 'unavailable',
};

/**
 * Recognises a storage problem in an error, looking through Dexie's wrappers
 * (`AbortError.inner`, `BulkError.failures`) because a full disk surfaces as an aborted
 * transaction whose inner error is the `QuotaExceededError`.
 */
export function classifyStorageError(error: unknown, depth = 0): StorageProblem | null {
  if (!isErrorLike(error) || depth > 4) return null;
  const name = typeof error.name === 'string' ? error.name : '';
  const direct = KIND_BY_NAME[name];
  if (direct) return { kind: direct, detail: describe(error) };
  const inner = classifyStorageError(error.inner, depth + 1);
  if (inner) return inner;
  if (Array.isArray(error.failures)) {
    for (const failure of error.failures) {
      const found = classifyStorageError(failure, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/** A readable one-line message for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (isErrorLike(error)) return describe(error);
  return String(error);
}
