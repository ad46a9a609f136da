import { describe, expect, it } from 'vitest';
import { classifyStorageError, errorMessage } from '../../../../renderer/src/db/errors';

function named(name: string, message = '', extra: Record<string, unknown> = {}) {
  return Object.assign(new Error(message), { name }, extra);
}

describe('classifyStorageError', () => {
  it('recognises the storage failures the user must hear about', () => {
    expect(classifyStorageError(named('QuotaExceededError', 'disk full'))).toEqual({ kind: 'quota', detail: 'QuotaExceededError: disk full' });
    expect(classifyStorageError(named('DatabaseClosedError'))?.kind).toBe('closed');
    expect(classifyStorageError(named('OpenFailedError', 'corrupt'))?.kind).toBe('open-failed');
    expect(classifyStorageError(named('VersionError'))?.kind).toBe('open-failed');
    expect(classifyStorageError(named('MissingAPIError'))?.kind).toBe('unavailable');
  });

  it('looks through Dexie wrappers for a quota error', () => {
    const aborted = named('AbortError', 'Transaction aborted', { inner: named('QuotaExceededError', 'no space') });
    expect(classifyStorageError(aborted)).toEqual({ kind: 'quota', detail: 'QuotaExceededError: no space' });
    const bulk = named('BulkError', '2 failures', { failures: [named('ConstraintError'), named('QuotaExceededError')] });
    expect(classifyStorageError(bulk)?.kind).toBe('quota');
  });

  it('leaves other errors to the generic notice', () => {
    expect(classifyStorageError(named('ConstraintError'))).toBeNull();
    expect(classifyStorageError(new TypeError('x'))).toBeNull();
    expect(classifyStorageError('QuotaExceededError')).toBeNull();
    expect(classifyStorageError(null)).toBeNull();
  });

  it('writes a readable message for any thrown value', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage({ name: 'DOMException', message: 'denied' })).toBe('DOMException: denied');
    expect(errorMessage(42)).toBe('42');
  });
});
