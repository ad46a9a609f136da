/**
 * Which files the importer reads and how their bytes become text. One set of rules for every
 * way a file arrives: the main process's file and folder pickers and the renderer's drop zone.
 */
import { fileExtension } from './teacher-model';

export const IMPORTABLE_EXTENSIONS = ['.jsonl', '.json', '.csv', '.tsv', '.txt'] as const;

export interface ImportLimits {
  /** a single file larger than this is skipped */
  maxFileBytes: number;
  /** files that would take the running total over this are skipped (the text crosses IPC whole) */
  maxTotalBytes: number;
  /** a folder walk stops after this many files, so picking a home folder by mistake ends quickly */
  maxEntries: number;
}

const MIB = 1024 * 1024;

export const DEFAULT_IMPORT_LIMITS: ImportLimits = { maxFileBytes: 64 * MIB, maxTotalBytes: 256 * MIB, maxEntries: 10_000 };

/** `.jsonl` for `GPT-4o/a.JSONL`; empty when the name has no extension */
export function dottedExtension(name: string): string {
  const extension = fileExtension(name);
  return extension ? `.${extension}` : '';
}

export function isImportableName(name: string): boolean {
  const extension = dottedExtension(name);
  return IMPORTABLE_EXTENSIONS.some((importable) => importable === extension);
}

export function formatBytes(bytes: number): string {
  return bytes >= MIB ? `${(bytes / MIB).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** Why a file is skipped before it is read, or null when it may be read. */
export function skipReasonBeforeReading(name: string, size: number, totalSoFar: number, limits: ImportLimits): string | null {
  const extension = dottedExtension(name);
  const supported = IMPORTABLE_EXTENSIONS.join(', ');
  if (!isImportableName(name)) {
    if (extension === '.xlsx' || extension === '.xls') return `Excel workbook; save it as "CSV UTF-8" first (supported: ${supported})`;
    return `unsupported file type${extension ? ` (${extension})` : ''}; supported: ${supported}`;
  }
  if (size > limits.maxFileBytes) return `too large (${formatBytes(size)}; the limit is ${formatBytes(limits.maxFileBytes)})`;
  if (totalSoFar + size > limits.maxTotalBytes) return `the import would exceed ${formatBytes(limits.maxTotalBytes)} in total; import it separately`;
  return null;
}

export function tooManyFilesReason(limits: ImportLimits): string {
  return `stopped after ${limits.maxEntries} files; choose a smaller folder`;
}

export type DecodeResult = { ok: true; text: string } | { ok: false; reason: string };

interface TextDecoderLike {
  decode(input: Uint8Array): string;
}
type TextDecoderConstructor = new (label: string, options: { fatal: boolean; ignoreBOM?: boolean }) => TextDecoderLike;

// TextDecoder exists in Node, browsers and workers alike; shared/ compiles without DOM types.
const Decoder = (globalThis as unknown as { TextDecoder: TextDecoderConstructor }).TextDecoder;

/**
 * Decodes file bytes as UTF-8 (or UTF-16 when a byte-order mark says so) and drops the BOM.
 * Invalid UTF-8 is refused rather than decoded with replacement characters: a GBK file read as
 * UTF-8 would import as plausible-looking garbage.
 */
export function decodeImportBytes(bytes: Uint8Array): DecodeResult {
  let text: string;
  let utf8 = false;
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new Decoder('utf-16le', { fatal: true }).decode(bytes.subarray(2));
    else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new Decoder('utf-16be', { fatal: true }).decode(bytes.subarray(2));
    else {
      const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
      utf8 = true;
      text = new Decoder('utf-8', { fatal: true, ignoreBOM: true }).decode(hasBom ? bytes.subarray(3) : bytes);
    }
  } catch {
    return { ok: false, reason: 'not UTF-8 text; save it as UTF-8 (in Excel: "CSV UTF-8")' };
  }
  // in UTF-8 the byte 0 is exactly the NUL character: the bytes are searched ten times faster than the text
  if (utf8 ? bytes.indexOf(0) !== -1 : text.includes('\u0000')) return { ok: false, reason: 'contains NUL characters: a binary file, or UTF-16 without a byte-order mark' };
  return { ok: true, text };
}
