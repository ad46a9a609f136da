/**
 * Writes a file so that readers (and a crash) see either the old content or the new content,
 * never a half-written file: write a temporary file in the same directory, fsync it, rename it
 * over the target. On failure the temporary file is removed and an existing target is untouched.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { asWriteFailure, FileWriteError } from './write-failure';

/** The file-system calls the write depends on; replaced in tests to inject failures. */
export interface AtomicWriteIo {
  open: typeof open;
  rename: typeof rename;
  stat: typeof stat;
  unlink: typeof unlink;
}

const nodeIo: AtomicWriteIo = { open, rename, stat, unlink };

/**
 * Windows refuses a rename while another process (an antivirus scanner, a file indexer, an
 * editor that previewed the file) briefly holds the target open; retrying a few times clears it.
 */
const TRANSIENT_RENAME_CODES = new Set(['EPERM', 'EACCES', 'EBUSY']);
const RENAME_ATTEMPTS = 5;
const RENAME_RETRY_MS = 40;

export interface AtomicWriteOptions {
  /** the new file's permissions; by default those of the file replaced, or 0666 less the umask */
  mode?: number;
}

/** Writes `content` (strings as UTF-8) to `path` atomically; returns the number of bytes written. */
export async function writeFileAtomic(
  path: string,
  content: string | Uint8Array,
  io: AtomicWriteIo = nodeIo,
  options: AtomicWriteOptions = {},
): Promise<number> {
  const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const tempPath = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const mode = options.mode ?? (await existingMode(path, io));
    const handle = await io.open(tempPath, 'wx', mode);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await renameWithRetry(tempPath, path, io);
  } catch (error) {
    await io.unlink(tempPath).catch(() => undefined);
    // a full, read-only or forbidden place is named as such (the CLI's one line, the job's reason)
    const failure = asWriteFailure(path, error);
    if (failure instanceof FileWriteError) throw failure;
    throw new Error(`Could not save ${path}: ${(error as Error).message}`, { cause: error });
  }
  await syncDirectory(dirname(path), io);
  return data.byteLength;
}

/** Keeps the permissions of a file being replaced (e.g. one the user made read-only for others). */
async function existingMode(path: string, io: AtomicWriteIo): Promise<number> {
  const info = await io.stat(path).catch(() => null);
  return info?.isFile() ? info.mode & 0o777 : 0o666;
}

async function renameWithRetry(from: string, to: string, io: AtomicWriteIo): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await io.rename(from, to);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (attempt >= RENAME_ATTEMPTS || !TRANSIENT_RENAME_CODES.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, RENAME_RETRY_MS * attempt));
    }
  }
}

/**
 * Makes the rename itself durable on POSIX. Best effort: Windows cannot open a directory this
 * way, and the file is already complete on disk either way.
 */
async function syncDirectory(directory: string, io: AtomicWriteIo): Promise<void> {
  const handle = await io.open(directory, 'r').catch(() => null);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close().catch(() => undefined);
}
