/**
 * The one walk of a folder the user chose, for the app's folder import (and a dropped folder)
 * and the CLI alike: which files under it are read, in which order, and why each other entry
 * is not. It reads no file; the caller opens each file it is handed (regular-file.ts checks the
 * open file again, as it may have changed since).
 *
 * Order: each folder's entries in natural order of their names (shared/import/natural-order.ts:
 * `topic_2` before `topic_10`), a sub-folder's files where its name falls among them, compared
 * as `name/` so that the files come in the order the data-set table lists them (`a/x.jsonl`
 * beside `a.jsonl` as the table sorts the two paths).
 *
 * Rules, each entry passed over listed with its reason:
 * - only regular files inside the chosen folder are read: FIFOs, devices and sockets are never
 *   opened, a link is followed only to a regular file inside the folder (by real path, so a link
 *   to /etc/passwd is not read and quoted in the report), links to folders are not followed (a
 *   link back up the tree would never end);
 * - hidden entries and node_modules are not walked into;
 * - only importable file types (shared/import/file-rules.ts);
 * - the walk stops once more files than `maxEntries` were found, so picking a home folder by
 *   mistake ends quickly; every regular file counts, of an importable type or not.
 */
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImportLimits } from '../../shared/import/file-rules';
import { compareNames } from '../../shared/import/natural-order';
import { SKIP, type SkipReason, skipBeforeReading } from '../../shared/import/skip-reasons';
import { errorCode, isInsideFolder, notRegularFileSkip } from './regular-file';

export type WalkEntry =
  /** `path` is where the walk found it (name the file by it); `readFrom` is what to open: a link's target, resolved */
  | { kind: 'file'; path: string; readFrom: string }
  /** `isFolder`: a folder (or a link to one) passed over as a whole; names show it with a trailing `/` */
  | { kind: 'skipped'; path: string; isFolder: boolean; skip: SkipReason };

/**
 * How many files a walk (or several, and the files picked beside them) has found, against
 * `maxEntries`. Share one between walks that make one import.
 */
export class FileCount {
  private found = 0;

  constructor(readonly limits: ImportLimits) {}

  /** Counts one more file: null while within the limit, else the reason it is skipped (the walk then stops). */
  admit(): SkipReason | null {
    this.found += 1;
    return this.exhausted ? SKIP.tooManyFiles(this.limits) : null;
  }

  get exhausted(): boolean {
    return this.found > this.limits.maxEntries;
  }
}

const PACKAGE_FOLDER = 'node_modules';

/**
 * The entries under `folder`, in the order above. Throws only when `folder` itself cannot be
 * resolved (it does not exist); a folder under it that cannot be listed, the chosen one
 * included, is an entry skipped with the system's error code.
 */
export async function* walkFolder(folder: string, count: FileCount): AsyncGenerator<WalkEntry> {
  yield* walkInside(folder, await realpath(folder), count);
}

async function* walkInside(folder: string, realRoot: string, count: FileCount): AsyncGenerator<WalkEntry> {
  const listed = await readdir(folder, { withFileTypes: true }).catch((error: unknown) => error as Error);
  if (listed instanceof Error) {
    yield { kind: 'skipped', path: folder, isFolder: true, skip: SKIP.folderUnreadable(errorCode(listed)) };
    return;
  }
  for (const entry of listed.sort(byWalkOrder)) {
    if (count.exhausted) return;
    const path = join(folder, entry.name);
    if (entry.name.startsWith('.')) {
      yield { kind: 'skipped', path, isFolder: entry.isDirectory(), skip: entry.isDirectory() ? SKIP.hiddenFolder() : SKIP.hiddenFile() };
    } else if (entry.isDirectory()) {
      if (entry.name === PACKAGE_FOLDER) yield { kind: 'skipped', path, isFolder: true, skip: SKIP.packageFolder() };
      else yield* walkInside(path, realRoot, count);
    } else if (entry.isSymbolicLink()) {
      const link = await followLink(path, realRoot);
      if ('skip' in link) yield { kind: 'skipped', path, isFolder: link.isFolder, skip: link.skip };
      else yield fileEntry(entry.name, path, link.target, count);
    } else {
      const notRegular = notRegularFileSkip(entry);
      yield notRegular ? { kind: 'skipped', path, isFolder: false, skip: notRegular } : fileEntry(entry.name, path, path, count);
    }
  }
}

/** A regular file found: counted, then kept when its name is of a type the import reads. */
function fileEntry(name: string, path: string, readFrom: string, count: FileCount): WalkEntry {
  const skip = count.admit() ?? skipBeforeReading(name, 0, 0, count.limits);
  return skip ? { kind: 'skipped', path, isFolder: false, skip } : { kind: 'file', path, readFrom };
}

type FollowedLink = { target: string } | { skip: SkipReason; isFolder: boolean };

async function followLink(path: string, realRoot: string): Promise<FollowedLink> {
  const target = await realpath(path).catch((error: unknown) => error as Error);
  if (target instanceof Error) return { skip: SKIP.linkUnfollowable(errorCode(target)), isFolder: false };
  const info = await stat(target).catch((error: unknown) => error as Error);
  if (info instanceof Error) return { skip: SKIP.unreadable(errorCode(info)), isFolder: false };
  if (info.isDirectory()) return { skip: SKIP.linkToFolder(), isFolder: true };
  if (!isInsideFolder(realRoot, target)) return { skip: SKIP.linkOutsideFolder(), isFolder: false };
  const notRegular = notRegularFileSkip(info);
  return notRegular ? { skip: notRegular, isFolder: false } : { target };
}

const walkName = (entry: Dirent): string => (entry.isDirectory() ? `${entry.name}/` : entry.name);

function byWalkOrder(a: Dirent, b: Dirent): number {
  return compareNames(walkName(a), walkName(b));
}
