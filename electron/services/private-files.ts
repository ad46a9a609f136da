/**
 * What main keeps in the app's data folder (connections, encrypted keys, cached answers, job
 * journals, backups, the browser hosts' lock and port records) is this user's alone: other
 * users of the machine may neither list nor read it. Folders are made 0700 and files 0600 as
 * they are created; a folder of ours found looser (written by an older version) is tightened
 * when it is opened again. A symbolic link in the place of a folder is the user's own
 * arrangement and is followed, never changed. Modes mean nothing on Windows, where the per-user
 * profile folders already keep other users out.
 */
import { lstatSync, mkdirSync, chmodSync } from 'node:fs';
import { chmod, lstat, mkdir, open, type FileHandle } from 'node:fs/promises';
import { writeFileAtomic, type AtomicWriteIo } from './atomic-write';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** the permission bits that let someone other than the owner in */
const OTHERS_BITS = 0o077;

const modesApply = process.platform !== 'win32';

/** true when `mode` lets group or others read, write or enter */
export function isOpenToOthers(mode: number): boolean {
  return modesApply && (mode & OTHERS_BITS) !== 0;
}

/** Creates `path` (and missing parents) 0700; tightens it to 0700 if it is a folder of this user's open to others. */
export async function makePrivateDir(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (!modesApply) return;
  const info = await lstat(path);
  if (info.isDirectory() && info.uid === process.getuid?.() && isOpenToOthers(info.mode)) await chmod(path, PRIVATE_DIR_MODE);
}

/** makePrivateDir for the synchronous callers (the response cache opens its file synchronously). */
export function makePrivateDirSync(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (!modesApply) return;
  const info = lstatSync(path);
  if (info.isDirectory() && info.uid === process.getuid?.() && isOpenToOthers(info.mode)) chmodSync(path, PRIVATE_DIR_MODE);
}

/** Opens `path` for appending (created 0600 when missing); one found open to others (an older version's) is closed to them. */
export async function openPrivateAppend(path: string): Promise<FileHandle> {
  const handle = await open(path, 'a', PRIVATE_FILE_MODE);
  try {
    if (isOpenToOthers((await handle.stat()).mode)) await handle.chmod(PRIVATE_FILE_MODE);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/** writeFileAtomic for a file of the data folder: the new file is 0600, whatever the old one was. */
export function writePrivateFileAtomic(path: string, content: string | Uint8Array, io?: AtomicWriteIo): Promise<number> {
  return writeFileAtomic(path, content, io, { mode: PRIVATE_FILE_MODE });
}
