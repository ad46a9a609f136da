/**
 * Reads the files a user picked (or every importable file under a picked folder) into
 * `SourceFile`s for the renderer's importer. Plain Node: unit-tested without Electron.
 */
import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { SourceFile } from '../../../shared/model/dataset';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits, decodeImportBytes } from '../../../shared/import/file-rules';
import { SKIP, type SkipReason, type SkippedFile, skipBeforeReading } from '../../../shared/import/skip-reasons';
import { NODE_UTF8_DECODER } from '../../services/node-utf8';
import { errorCode, isInsideFolder, notRegularFileSkip, readRegularFile } from '../../services/regular-file';

export { DEFAULT_IMPORT_LIMITS, IMPORTABLE_EXTENSIONS, type ImportLimits } from '../../../shared/import/file-rules';

export type { SkippedFile } from '../../../shared/import/skip-reasons';

export interface ReadFilesResult {
  files: SourceFile[];
  skipped: SkippedFile[];
}

/** Numeric collation so `topic_2` comes before `topic_10`. */
const byName = new Intl.Collator('en', { numeric: true }).compare;

/**
 * Reads files the user picked one by one. Names are bare file names. Hidden files are read
 * like any other: picking one is deliberate, unlike finding one while walking a folder.
 */
export async function readPickedFiles(
  paths: readonly string[],
  limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
): Promise<ReadFilesResult> {
  const collector = new FileCollector(limits);
  for (const path of paths) {
    const name = basename(path);
    const info = await stat(path).catch((error: unknown) => error as Error);
    if (info instanceof Error) collector.skip(name, SKIP.unreadable(errorCode(info)));
    else if (info.isDirectory()) collector.skip(name, SKIP.pickedFolder());
    else await collector.addFile(path, name);
  }
  return collector.result();
}

/**
 * Reads what was dropped on the window, by the paths the preload found for the dropped items:
 * a dropped file as a picked one (its bare name; a hidden file dropped on purpose is read), a
 * dropped folder as "Import a folder…" reads it (names from the folder's parent, only regular
 * files inside it). One set of limits for the whole drop.
 */
export async function readDroppedPaths(paths: readonly string[], limits: ImportLimits = DEFAULT_IMPORT_LIMITS): Promise<ReadFilesResult> {
  const collector = new FileCollector(limits);
  for (const path of paths) {
    if (collector.full) break;
    const name = basename(path);
    const info = await stat(path).catch((error: unknown) => error as Error);
    if (info instanceof Error) collector.skip(name, SKIP.unreadable(errorCode(info)));
    else if (info.isDirectory()) await walk(path, dirname(path), await realpath(path), collector);
    else await collector.addFile(path, name);
  }
  return collector.result();
}

/**
 * Reads every importable file under `folder`, recursively. Names are relative to the folder's
 * parent, so the folder's own name (the teacher model, by SID convention) stays in every name:
 * picking `…/annotated/GPT-4o` gives `GPT-4o/topic_1.jsonl`.
 */
export function readFolder(folder: string, limits: ImportLimits = DEFAULT_IMPORT_LIMITS): Promise<ReadFilesResult> {
  return readFolderTree(folder, dirname(folder), limits);
}

/** Reads every importable file under `folder`, naming each relative to `nameRoot` with `/`. */
export async function readFolderTree(
  folder: string,
  nameRoot: string,
  limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
): Promise<ReadFilesResult> {
  const collector = new FileCollector(limits);
  const rootInfo = await stat(folder).catch((error: unknown) => error as Error);
  if (rootInfo instanceof Error) throw new Error(`Could not open the folder ${folder} (${errorCode(rootInfo)})`);
  if (!rootInfo.isDirectory()) throw new Error(`Not a folder: ${folder}`);
  await walk(folder, nameRoot, await realpath(folder), collector);
  return collector.result();
}

/** `realRoot`: the picked folder with every link resolved; nothing outside it is read. */
async function walk(folder: string, nameRoot: string, realRoot: string, collector: FileCollector): Promise<void> {
  const entries = await readdir(folder, { withFileTypes: true }).catch((error: unknown) => error as Error);
  if (entries instanceof Error) {
    collector.skip(`${displayName(nameRoot, folder)}/`, SKIP.folderUnreadable(errorCode(entries)));
    return;
  }
  entries.sort((a, b) => byName(a.name, b.name));
  for (const entry of entries) {
    if (collector.full) return;
    const path = join(folder, entry.name);
    const name = displayName(nameRoot, path);
    if (entry.name.startsWith('.')) {
      collector.skip(entry.isDirectory() ? `${name}/` : name, entry.isDirectory() ? SKIP.hiddenFolder() : SKIP.hiddenFile());
    } else if (entry.isDirectory()) {
      await walk(path, nameRoot, realRoot, collector);
    } else if (entry.isSymbolicLink()) {
      await addLink(path, name, realRoot, collector);
    } else if (entry.isFile()) {
      // readRegularFile checks again on the opened file: it may have been replaced since
      await collector.addFile(path, name);
    } else {
      collector.skip(name, notRegularFileSkip(entry) ?? { code: 'not-regular', reason: 'not a regular file' });
    }
  }
}

/**
 * A link is read only when it ends at a regular file inside the picked folder: a link to
 * /etc/passwd must not be read and quoted in the report. Links to folders are not followed
 * either: a link back up the tree would never end.
 */
async function addLink(path: string, name: string, realRoot: string, collector: FileCollector): Promise<void> {
  const target = await realpath(path).catch((error: unknown) => error as Error);
  if (target instanceof Error) {
    collector.skip(name, SKIP.linkUnfollowable(errorCode(target)));
    return;
  }
  const info = await stat(target).catch((error: unknown) => error as Error);
  if (info instanceof Error) collector.skip(name, SKIP.unreadable(errorCode(info)));
  else if (info.isDirectory()) collector.skip(`${name}/`, SKIP.linkToFolder());
  else if (!isInsideFolder(realRoot, target)) collector.skip(name, SKIP.linkOutsideFolder());
  else await collector.addFile(target, name);
}

class FileCollector {
  private readonly files: SourceFile[] = [];
  private readonly skipped: SkippedFile[] = [];
  private totalBytes = 0;
  private entries = 0;

  constructor(private readonly limits: ImportLimits) {}

  get full(): boolean {
    return this.entries > this.limits.maxEntries;
  }

  skip(name: string, reason: SkipReason): void {
    this.skipped.push({ name, ...reason });
  }

  async addFile(path: string, name: string): Promise<void> {
    this.entries += 1;
    if (this.full) {
      this.skip(name, SKIP.tooManyFiles(this.limits));
      return;
    }
    const read = await readRegularFile(path, (size) => skipBeforeReading(name, size, this.totalBytes, this.limits));
    if (!read.ok) {
      this.skip(name, read.skip);
      return;
    }
    const bytes = read.bytes;
    const decoded = decodeImportBytes(bytes, undefined, NODE_UTF8_DECODER);
    if (!decoded.ok) {
      this.skip(name, SKIP.notText(decoded.reason, decoded.likely));
      return;
    }
    this.totalBytes += bytes.byteLength;
    this.files.push({ name, text: decoded.text });
  }

  result(): ReadFilesResult {
    return { files: this.files, skipped: this.skipped };
  }
}

function displayName(nameRoot: string, path: string): string {
  return relative(nameRoot, path).split(sep).join('/');
}
