/**
 * Reads the files a user picked or dropped, or the folder walk (electron/services/folder-walk.ts)
 * found under a chosen folder, into `SourceFile`s for the renderer's importer, within one set
 * of limits per import. Plain Node: unit-tested without Electron.
 */
import { stat } from 'node:fs/promises';
import { basename, dirname, relative, sep } from 'node:path';
import type { SourceFile } from '../../../shared/model/dataset';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits, decodeImportBytes } from '../../../shared/import/file-rules';
import { SKIP, type SkipReason, type SkippedFile, skipBeforeReading } from '../../../shared/import/skip-reasons';
import { NODE_UTF8_DECODER } from '../../services/node-utf8';
import { FileCount, walkFolder } from '../../services/folder-walk';
import { errorCode, readRegularFile } from '../../services/regular-file';

export { DEFAULT_IMPORT_LIMITS, IMPORTABLE_EXTENSIONS, type ImportLimits } from '../../../shared/import/file-rules';

export type { SkippedFile } from '../../../shared/import/skip-reasons';

export interface ReadFilesResult {
  files: SourceFile[];
  skipped: SkippedFile[];
}

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
    else if (info.isDirectory()) await collector.addFolder(path, dirname(path));
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
  await collector.addFolder(folder, nameRoot);
  return collector.result();
}

class FileCollector {
  private readonly files: SourceFile[] = [];
  private readonly skipped: SkippedFile[] = [];
  private readonly count: FileCount;
  private totalBytes = 0;

  constructor(private readonly limits: ImportLimits) {
    this.count = new FileCount(limits);
  }

  get full(): boolean {
    return this.count.exhausted;
  }

  skip(name: string, reason: SkipReason): void {
    this.skipped.push({ name, ...reason });
  }

  /** A file picked or dropped on its own: it counts against the same limit as a walk's files. */
  async addFile(path: string, name: string): Promise<void> {
    const tooMany = this.count.admit();
    if (tooMany) this.skip(name, tooMany);
    else await this.read(path, name);
  }

  /** Every file the walk of `folder` hands over, named relative to `nameRoot`. */
  async addFolder(folder: string, nameRoot: string): Promise<void> {
    for await (const entry of walkFolder(folder, this.count)) {
      const name = displayName(nameRoot, entry.path);
      if (entry.kind === 'file') await this.read(entry.readFrom, name);
      else this.skip(entry.isFolder ? `${name}/` : name, entry.skip);
    }
  }

  private async read(path: string, name: string): Promise<void> {
    // readRegularFile checks again on the opened file: it may have been replaced since the walk
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
