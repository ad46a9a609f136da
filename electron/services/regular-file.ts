/**
 * Reads a file only when it is a regular file, for every path that comes from a user or a folder
 * walk (the app's pickers and the CLI alike). A FIFO, a device such as /dev/zero (directly or
 * through a link) or a socket would block a plain `readFile` forever or never end, so the file
 * is opened without blocking and checked on the open descriptor: what is checked is what is read.
 */
import { constants, type Stats } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';
import { SKIP, type SkipReason } from '../../shared/import/skip-reasons';

/** `reason` is `skip.reason`, kept for the CLI; `code` is the system error code when opening failed. */
export type RegularFileRead = { ok: true; bytes: Buffer } | { ok: false; reason: string; skip: SkipReason; code?: string };

// Opening a FIFO for reading waits for a writer unless O_NONBLOCK is set; Windows has no such flag.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

type FileKind = Pick<Stats, 'isFile' | 'isDirectory' | 'isFIFO' | 'isCharacterDevice' | 'isBlockDevice' | 'isSocket'>;

/** Why `info` (Stats, or a Dirent from a folder listing) is not a file the importer reads, or null for a regular file. */
export function notRegularFileSkip(info: FileKind): SkipReason | null {
  if (info.isFile()) return null;
  if (info.isDirectory()) return { code: 'is-folder', reason: 'is a folder' };
  if (info.isFIFO()) return { code: 'fifo', reason: 'a named pipe (FIFO), not a regular file' };
  if (info.isCharacterDevice() || info.isBlockDevice()) return { code: 'device', reason: 'a device, not a regular file' };
  if (info.isSocket()) return { code: 'socket', reason: 'a socket, not a regular file' };
  return { code: 'not-regular', reason: 'not a regular file' };
}

export function notRegularFileReason(info: FileKind): string | null {
  return notRegularFileSkip(info)?.reason ?? null;
}

function refused(skip: SkipReason, code?: string): RegularFileRead {
  return code === undefined ? { ok: false, reason: skip.reason, skip } : { ok: false, reason: skip.reason, skip, code };
}

/**
 * The bytes of `path` when it is a regular file and `reasonBeforeReading(size)` (the size and
 * total limits) allows it; otherwise why not. `code` is the system error code when opening failed.
 */
export async function readRegularFile(
  path: string,
  reasonBeforeReading: (size: number) => SkipReason | string | null = () => null,
): Promise<RegularFileRead> {
  const read = await withRegularFile(path, reasonBeforeReading, (handle, size) => readWhole(handle, size));
  return read.ok ? { ok: true, bytes: read.value } : read;
}

/**
 * readRegularFile's checks, then `use` on the open file (its handle and the size stat gave),
 * closed when `use` is done: for a reader that reads the file as it goes. A system error (one
 * with a code) is the file's read error; any other error `use` throws is thrown on.
 */
export async function withRegularFile<T>(
  path: string,
  reasonBeforeReading: (size: number) => SkipReason | string | null,
  use: (handle: FileHandle, size: number) => Promise<T>,
): Promise<{ ok: true; value: T } | (RegularFileRead & { ok: false })> {
  let handle;
  try {
    handle = await open(path, OPEN_FLAGS);
  } catch (error) {
    const code = errorCode(error);
    // a socket cannot be opened at all (ENXIO); say what it is rather than only the code
    const kind = await stat(path).then(notRegularFileSkip, () => null);
    return refusedRead(kind ?? SKIP.unreadable(code), code);
  }
  try {
    const info = await handle.stat();
    const notRegular = notRegularFileSkip(info);
    if (notRegular) return refusedRead(notRegular);
    const limit = reasonBeforeReading(info.size);
    // the CLI words its own limits and shows no code
    if (typeof limit === 'string') return refusedRead({ code: 'too-large', reason: limit });
    if (limit) return refusedRead(limit);
    return { ok: true, value: await use(handle, info.size) };
  } catch (error) {
    if (!isSystemError(error)) throw error;
    const code = errorCode(error);
    return refusedRead(SKIP.unreadable(code), code);
  } finally {
    await handle.close();
  }
}

function refusedRead(skip: SkipReason, code?: string): RegularFileRead & { ok: false } {
  return refused(skip, code) as RegularFileRead & { ok: false };
}

/** The most one read asks for (Node refuses a read of 2 GiB or more). */
const MAX_READ = 1 << 30;

/**
 * The file's bytes: first the `size` stat gave, in as few reads as the system allows (readFile
 * reads in 512 KiB steps, each a round trip through the thread pool: a 78 MB ratings file waited
 * about 0.1 s on those), then whatever is there beyond it (a file that grew, or one whose size
 * the system does not report, as in /proc) read as readFile reads.
 */
export async function readWhole(handle: FileHandle, size: number): Promise<Buffer> {
  const bytes = Buffer.allocUnsafe(size);
  const filled = await readInto(handle, bytes);
  if (filled < size) return bytes.subarray(0, filled);
  const rest = await handle.readFile();
  return rest.length === 0 ? bytes : Buffer.concat([bytes, rest]);
}

/**
 * readWhole into a SharedArrayBuffer of the size stat gave (which a worker thread can read); a
 * file that turns out longer comes back in an ordinary buffer (scanned in one part).
 */
export async function readWholeShared(handle: FileHandle, size: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(new SharedArrayBuffer(size));
  const filled = await readInto(handle, bytes);
  if (filled < size) return bytes.subarray(0, filled);
  const rest = await handle.readFile();
  return rest.length === 0 ? bytes : Buffer.concat([bytes, rest]);
}

/** Fills `bytes` from the handle's position on (which it moves); how many bytes it holds. */
async function readInto(handle: FileHandle, bytes: Uint8Array): Promise<number> {
  let filled = 0;
  while (filled < bytes.length) {
    const { bytesRead } = await handle.read(bytes, filled, Math.min(bytes.length - filled, MAX_READ), null);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled;
}

function isSystemError(error: unknown): boolean {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';
}

export function errorCode(error: unknown): string {
  if (error instanceof Error) return (error as NodeJS.ErrnoException).code ?? error.message;
  return String(error);
}

/** Whether `path` lies strictly inside `folder` (both real paths: links resolved). */
export function isInsideFolder(folder: string, path: string): boolean {
  const inside = relative(folder, path);
  // `relative` gives an absolute path across Windows drives
  return inside !== '' && inside !== '..' && !inside.startsWith(`..${sep}`) && !isAbsolute(inside);
}
