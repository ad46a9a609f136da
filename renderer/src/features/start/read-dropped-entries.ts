/**
 * Turns what was dropped on the window (files and folders, through the File and Directory
 * Entries API) into SourceFiles, where no path on disk is known (the browser dev host). The
 * desktop app reads drops in main instead (RendererApi.readDroppedFiles), with the pickers'
 * checks: the Entries API cannot tell a FIFO from an empty file and leaves links inside a
 * dropped folder out without a word. Names are relative to the dropped folder's parent, so a
 * dropped `GPT-4o/` folder gives `GPT-4o/topic_1.jsonl` and the folder names the teacher
 * model, exactly as with "Import a folder…".
 */
import { DEFAULT_IMPORT_LIMITS, type ImportLimits, decodeImportBytes } from '../../../../shared/import/file-rules';
import { SKIP, type SkippedFile, skipBeforeReading } from '../../../../shared/import/skip-reasons';
import type { SourceFile } from '../../../../shared/model/dataset';

export interface FileLike {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface EntryLike {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  /** `/GPT-4o/topic_1.jsonl`: the path from the drop root */
  fullPath: string;
}

export interface FileEntryLike extends EntryLike {
  file(success: (file: FileLike) => void, failure?: (error: unknown) => void): void;
}

export interface DirectoryEntryLike extends EntryLike {
  createReader(): { readEntries(success: (entries: EntryLike[]) => void, failure?: (error: unknown) => void): void };
}

/** A dropped File as an entry at the drop root, for hosts that give no FileSystemEntry. */
export function plainFileEntry(file: FileLike): FileEntryLike {
  return { isFile: true, isDirectory: false, name: file.name, fullPath: `/${file.name}`, file: (success) => success(file) };
}

export interface DroppedFiles {
  files: SourceFile[];
  skipped: SkippedFile[];
}

function displayName(entry: EntryLike): string {
  return entry.fullPath.replace(/^\/+/, '') || entry.name;
}

function isDirectory(entry: EntryLike): entry is DirectoryEntryLike {
  return entry.isDirectory;
}

function isFileEntry(entry: EntryLike): entry is FileEntryLike {
  return entry.isFile;
}

/** `readEntries` hands out a directory in batches (100 in Chromium) until it returns an empty one. */
async function readAllEntries(directory: DirectoryEntryLike): Promise<EntryLike[]> {
  const reader = directory.createReader();
  const all: EntryLike[] = [];
  for (;;) {
    const batch = await new Promise<EntryLike[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

function fileOf(entry: FileEntryLike): Promise<FileLike> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

const byName = new Intl.Collator('en', { numeric: true }).compare;

export async function readDroppedEntries(roots: readonly EntryLike[], limits: ImportLimits = DEFAULT_IMPORT_LIMITS): Promise<DroppedFiles> {
  const result: DroppedFiles = { files: [], skipped: [] };
  let totalBytes = 0;
  let seen = 0;

  async function addFile(entry: FileEntryLike): Promise<void> {
    const name = displayName(entry);
    seen += 1;
    if (seen > limits.maxEntries) {
      result.skipped.push({ name, ...SKIP.tooManyFiles(limits) });
      return;
    }
    const file = await fileOf(entry);
    const reason = skipBeforeReading(name, file.size, totalBytes, limits);
    if (reason) {
      result.skipped.push({ name, ...reason });
      return;
    }
    const decoded = decodeImportBytes(new Uint8Array(await file.arrayBuffer()));
    if (!decoded.ok) {
      result.skipped.push({ name, ...SKIP.notText(decoded.reason, decoded.likely) });
      return;
    }
    totalBytes += file.size;
    result.files.push({ name, text: decoded.text });
  }

  async function visit(entry: EntryLike, isRoot: boolean): Promise<void> {
    // A hidden file dropped on purpose is read; hidden files found inside a folder are not.
    if (!isRoot && entry.name.startsWith('.')) {
      result.skipped.push({ name: `${displayName(entry)}${entry.isDirectory ? '/' : ''}`, ...(entry.isDirectory ? SKIP.hiddenFolder() : SKIP.hiddenFile()) });
      return;
    }
    if (isDirectory(entry)) {
      const children = (await readAllEntries(entry)).sort((a, b) => byName(a.name, b.name));
      for (const child of children) await visit(child, false);
    } else if (isFileEntry(entry)) {
      try {
        await addFile(entry);
      } catch (error) {
        result.skipped.push({ name: displayName(entry), ...SKIP.unreadable(error instanceof Error ? error.message : String(error)) });
      }
    }
  }

  for (const root of roots) {
    try {
      await visit(root, true);
    } catch (error) {
      result.skipped.push({ name: displayName(root), ...SKIP.unreadable(error instanceof Error ? error.message : String(error)) });
    }
  }
  return result;
}
