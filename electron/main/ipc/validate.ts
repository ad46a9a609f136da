/**
 * Hand-written guards for IPC arguments. The renderer is untrusted: every handler parses its
 * argument through one of these before touching the file system, and a bad argument becomes an
 * Error whose message names the channel, the field and what was wrong.
 */
import { isAbsolute } from 'node:path';
import { fileNameProblem } from '../../../shared/export/file-name-rules';
import { EXPORT_COMPANION_SUFFIXES, type OpenImportArgs, type ReadDroppedArgs, type ReadyToCloseArgs, type SaveExportArgs, type SaveExportCompanion, type UnsavedWorkReport } from '../../../shared/ipc/contract';

const EXPORT_KINDS = ['jsonl', 'csv', 'json', 'md', 'yaml'] as const satisfies readonly SaveExportArgs['kind'][];
const IMPORT_MODES = ['files', 'folder'] as const satisfies readonly OpenImportArgs['mode'][];

/** Longest file name most file systems accept (bytes on ext4/APFS, UTF-16 units on NTFS). */
const MAX_FILE_NAME_LENGTH = 255;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  return typeof value;
}

/** A plain object (not null, not an array) whose keys are all in `allowed`. */
export function expectObject(
  channel: string,
  value: unknown,
  allowed: readonly string[],
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${channel}: the argument must be an object, got ${describe(value)}`);
  }
  const record = value as Record<string, unknown>;
  const extra = Object.keys(record).filter((key) => !allowed.includes(key));
  if (extra.length > 0) {
    throw new Error(`${channel}: unexpected field${extra.length > 1 ? 's' : ''} ${extra.map((k) => `"${k}"`).join(', ')}`);
  }
  return record;
}

export function expectString(channel: string, record: Record<string, unknown>, key: string): string {
  const value = record[key];
  if (typeof value !== 'string') {
    throw new Error(`${channel}: "${key}" must be a string, got ${describe(value)}`);
  }
  return value;
}

export function expectOneOf<T extends string>(
  channel: string,
  record: Record<string, unknown>,
  key: string,
  options: readonly T[],
): T {
  const value = record[key];
  const match = options.find((option) => option === value);
  if (match === undefined) {
    throw new Error(`${channel}: "${key}" must be one of ${options.join(', ')}, got ${describe(value)}`);
  }
  return match;
}

/**
 * A bare file name the save dialog may propose: no directory part (the renderer must not choose
 * where a file lands), no control or text-direction characters, nothing Windows refuses or reads
 * as a device (`a:b.csv`, `CON.csv`), not `.` or `..`.
 */
export function expectFileName(channel: string, record: Record<string, unknown>, key: string): string {
  const name = expectString(channel, record, key);
  const problem = fileNameProblem(name, MAX_FILE_NAME_LENGTH);
  if (problem) throw new Error(`${channel}: "${key}" ${problem} (${describe(name)})`);
  return name;
}


/** Channels whose argument carries nothing: `{}`. */
export function parseEmptyArgs(channel: string, value: unknown): Record<string, never> {
  expectObject(channel, value, []);
  return {};
}

/** A drop is what one hand can drag: far fewer items than the folder walk's file limit. */
const MAX_DROPPED_ITEMS = 1000;

export function parseReadDroppedArgs(value: unknown): ReadDroppedArgs {
  const channel = 'files.readDropped';
  const record = expectObject(channel, value, ['paths']);
  const paths = record.paths;
  if (!Array.isArray(paths) || paths.length > MAX_DROPPED_ITEMS) {
    throw new Error(`${channel}: "paths" must be an array of at most ${MAX_DROPPED_ITEMS} paths, got ${describe(paths)}`);
  }
  for (const path of paths) {
    // getPathForFile gives absolute paths; anything else did not come from a drop
    if (typeof path !== 'string' || !isAbsolute(path) || path.includes('\0')) {
      throw new Error(`${channel}: every path must be an absolute path, got ${describe(path)}`);
    }
  }
  return { paths: paths as string[] };
}

export function parseOpenImportArgs(value: unknown): OpenImportArgs {
  const channel = 'files.openImport';
  const record = expectObject(channel, value, ['mode']);
  return { mode: expectOneOf(channel, record, 'mode', IMPORT_MODES) };
}

export function parseSaveExportArgs(value: unknown): SaveExportArgs {
  const channel = 'files.saveExport';
  const record = expectObject(channel, value, ['defaultName', 'content', 'kind', 'companions']);
  const args: SaveExportArgs = {
    defaultName: expectFileName(channel, record, 'defaultName'),
    content: expectString(channel, record, 'content'),
    kind: expectOneOf(channel, record, 'kind', EXPORT_KINDS),
  };
  if (record.companions === undefined) return args;
  if (!Array.isArray(record.companions)) throw new Error(`${channel}: "companions" must be an array, got ${describe(record.companions)}`);
  const companions: SaveExportCompanion[] = record.companions.map((entry: unknown, index) => {
    const where = `${channel}: companions[${index}]`;
    const companion = expectObject(where, entry, ['suffix', 'content']);
    return { suffix: expectOneOf(where, companion, 'suffix', EXPORT_COMPANION_SUFFIXES), content: expectString(where, companion, 'content') };
  });
  const suffixes = companions.map((companion) => companion.suffix);
  if (new Set(suffixes).size !== suffixes.length) throw new Error(`${channel}: "companions" names a suffix twice`);
  return { ...args, companions };
}

export function parseUnsavedWorkReport(value: unknown): UnsavedWorkReport {
  const channel = 'app.reportUnsavedWork';
  const record = expectObject(channel, value, ['pendingWrites']);
  const pendingWrites = record.pendingWrites;
  if (typeof pendingWrites !== 'number' || !Number.isInteger(pendingWrites) || pendingWrites < 0) {
    throw new Error(`${channel}: "pendingWrites" must be a whole number of at least 0, got ${describe(pendingWrites)}`);
  }
  return { pendingWrites };
}

/** Longest error text passed on to the "close anyway?" box; a runaway message must not fill the screen. */
const MAX_CLOSE_ERROR_LENGTH = 2_000;

export function parseReadyToCloseArgs(value: unknown): ReadyToCloseArgs {
  const channel = 'app.readyToClose';
  const record = expectObject(channel, value, ['requestId', 'flushed', 'error']);
  const requestId = expectString(channel, record, 'requestId');
  if (requestId.trim() === '') throw new Error(`${channel}: "requestId" is empty`);
  if (typeof record.flushed !== 'boolean') throw new Error(`${channel}: "flushed" must be true or false, got ${describe(record.flushed)}`);
  if (record.error === undefined) return { requestId, flushed: record.flushed };
  const error = expectString(channel, record, 'error');
  return {
    requestId,
    flushed: record.flushed,
    error: error.length > MAX_CLOSE_ERROR_LENGTH ? `${error.slice(0, MAX_CLOSE_ERROR_LENGTH)}…` : error,
  };
}
