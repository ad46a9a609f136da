/**
 * Turns what was dropped on the window (files and folders, through the File and Directory
 * Entries API) into SourceFiles. Names are relative to the dropped folder's parent, so a
 * dropped `GPT-4o/` folder gives `GPT-4o/topic_1.jsonl` and the folder names the teacher
 * model, exactly as with "Import a folder…". The filters mirror the main process's file
 * reader (electron/main/services/import-files.ts) so both ways in behave alike.
 */
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
  skipped: { name: string; reason: string }[];
}

export const DROP_EXTENSIONS = ['.jsonl', '.json', '.csv', '.tsv', '.txt'] as const;
const MIB = 1024 * 1024;
export const DROP_LIMITS = { maxFileBytes: 64 * MIB, maxTotalBytes: 256 * MIB, maxEntries: 10_000 };

function extensionOf(name: string): string {
  const base = name.split('/').pop() ?? name;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
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

export type DecodeResult = { ok: true; text: string } | { ok: false; reason: string };

/** UTF-8 (or UTF-16 with a byte-order mark); invalid UTF-8 is refused, never decoded into plausible garbage. */
export function decodeFileText(buffer: ArrayBuffer): DecodeResult {
  const bytes = new Uint8Array(buffer);
  let text: string;
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le', { fatal: true }).decode(bytes.subarray(2));
    else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be', { fatal: true }).decode(bytes.subarray(2));
    else {
      const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bom ? bytes.subarray(3) : bytes);
    }
  } catch {
    return { ok: false, reason: 'not UTF-8 text; save it as UTF-8 (in Excel: "CSV UTF-8")' };
  }
  if (text.includes('\u0000')) return { ok: false, reason: 'contains NUL characters: a binary file, or UTF-16 without a byte-order mark' };
  return { ok: true, text };
}

const byName = new Intl.Collator('en', { numeric: true }).compare;

export async function readDroppedEntries(roots: readonly EntryLike[], limits = DROP_LIMITS): Promise<DroppedFiles> {
  const result: DroppedFiles = { files: [], skipped: [] };
  let totalBytes = 0;
  let seen = 0;

  async function addFile(entry: FileEntryLike): Promise<void> {
    const name = displayName(entry);
    seen += 1;
    if (seen > limits.maxEntries) {
      result.skipped.push({ name, reason: `stopped after ${limits.maxEntries} files; drop a smaller folder` });
      return;
    }
    const extension = extensionOf(name);
    if (!DROP_EXTENSIONS.some((allowed) => allowed === extension)) {
      result.skipped.push({ name, reason: `unsupported file type${extension ? ` (${extension})` : ''}; supported: ${DROP_EXTENSIONS.join(', ')}` });
      return;
    }
    const file = await fileOf(entry);
    if (file.size > limits.maxFileBytes) {
      result.skipped.push({ name, reason: `too large (${(file.size / MIB).toFixed(1)} MB; the limit is ${limits.maxFileBytes / MIB} MB)` });
      return;
    }
    if (totalBytes + file.size > limits.maxTotalBytes) {
      result.skipped.push({ name, reason: `the import would exceed ${limits.maxTotalBytes / MIB} MB in total; import it separately` });
      return;
    }
    const decoded = decodeFileText(await file.arrayBuffer());
    if (!decoded.ok) {
      result.skipped.push({ name, reason: decoded.reason });
      return;
    }
    totalBytes += file.size;
    result.files.push({ name, text: decoded.text });
  }

  async function visit(entry: EntryLike, isRoot: boolean): Promise<void> {
    // A hidden file dropped on purpose is read; hidden files found inside a folder are not.
    if (!isRoot && entry.name.startsWith('.')) {
      result.skipped.push({ name: `${displayName(entry)}${entry.isDirectory ? '/' : ''}`, reason: entry.isDirectory ? 'hidden folder' : 'hidden file' });
      return;
    }
    if (isDirectory(entry)) {
      const children = (await readAllEntries(entry)).sort((a, b) => byName(a.name, b.name));
      for (const child of children) await visit(child, false);
    } else if (isFileEntry(entry)) {
      try {
        await addFile(entry);
      } catch (error) {
        result.skipped.push({ name: displayName(entry), reason: `could not be read (${error instanceof Error ? error.message : String(error)})` });
      }
    }
  }

  for (const root of roots) {
    try {
      await visit(root, true);
    } catch (error) {
      result.skipped.push({ name: displayName(root), reason: `could not be read (${error instanceof Error ? error.message : String(error)})` });
    }
  }
  return result;
}
