/**
 * Which files the importer reads and how their bytes become text. One set of rules for every
 * way a file arrives: the main process's file and folder pickers and the renderer's drop zone.
 */
import { binaryKind } from './encoding/file-signatures';
import {
  decodeStrict,
  ENCODING_NAMES,
  firstBadLine,
  lineAtByte,
  looksLikeGb18030,
  type TextEncodingName,
  utf16WithoutBom,
  type Utf8Decoder,
  WEB_UTF8_DECODER,
} from './encoding/text-decoding';
import { fileExtension } from './teacher-model';

export { ENCODING_NAMES, TEXT_ENCODINGS, textEncodingNamed, type TextEncodingName, type Utf8Decoder, WEB_UTF8_DECODER } from './encoding/text-decoding';

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

/**
 * A size over a limit and the limit, in words that tell them apart: a file a few bytes over a
 * 1 MB limit would read "1.0 MB; at most 1.0 MB" rounded, so such sizes are given in bytes.
 */
export function formatSizeOverLimit(size: number, limit: number): { size: string; limit: string } {
  const rounded = { size: formatBytes(size), limit: formatBytes(limit) };
  return rounded.size !== rounded.limit ? rounded : { size: `${size.toLocaleString('en')} bytes`, limit: `${limit.toLocaleString('en')} bytes` };
}

/** The one size limit of a single file, for the app's import and the CLI alike. */
export function tooLargeReason(size: number, limits: ImportLimits = DEFAULT_IMPORT_LIMITS): string | null {
  if (size <= limits.maxFileBytes) return null;
  const words = formatSizeOverLimit(size, limits.maxFileBytes);
  return `too large (${words.size}; the import limit is ${words.limit})`;
}

/** Why a file is skipped before it is read, or null when it may be read. */
export function skipReasonBeforeReading(name: string, size: number, totalSoFar: number, limits: ImportLimits): string | null {
  const extension = dottedExtension(name);
  const supported = IMPORTABLE_EXTENSIONS.join(', ');
  if (!isImportableName(name)) {
    if (extension === '.xlsx' || extension === '.xls') return `Excel workbook; save it as "CSV UTF-8" first (supported: ${supported})`;
    return `unsupported file type${extension ? ` (${extension})` : ''}; supported: ${supported}`;
  }
  const tooLarge = tooLargeReason(size, limits);
  if (tooLarge) return tooLarge;
  if (totalSoFar + size > limits.maxTotalBytes) return `the import would exceed ${formatBytes(limits.maxTotalBytes)} in total; import it separately`;
  return null;
}

export function tooManyFilesReason(limits: ImportLimits): string {
  return `stopped after ${limits.maxEntries} files; choose a smaller folder`;
}

/** A likely reading of bytes that are not UTF-8: offered to the user, never applied unasked. */
export interface LikelyEncoding {
  encoding: TextEncodingName;
  /** the whole file decoded that way (so the app can import it without reading the file again) */
  text: string;
}

/** A file left out of an import, and why; `likely` when its bytes read as text in another encoding. */
export interface SkippedImportFile {
  name: string;
  reason: string;
  likely?: LikelyEncoding;
}

export type DecodeFailureKind = 'binary' | 'invalid-text' | 'utf-16-without-bom' | 'nul';

export type DecodeResult =
  | { ok: true; text: string }
  | {
      ok: false;
      kind: DecodeFailureKind;
      /** one English clause, e.g. `line 3 is not valid UTF-8 (column 5)` */
      reason: string;
      /** the first line that could not be read (1 for the file as a whole) */
      line: number;
      likely?: LikelyEncoding;
    };

const BOMS: readonly { bytes: readonly number[]; encoding: TextEncodingName }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

/** The byte-order mark `bytes` start with (UTF-8, UTF-16 LE or BE), if any. */
export function byteOrderMark(bytes: Uint8Array): (typeof BOMS)[number] | undefined {
  return BOMS.find((bom) => bom.bytes.every((byte, index) => bytes[index] === byte));
}

/**
 * A file whose only line breaks are CR (classic Mac, some exports) would be one line to the
 * JSON Lines and CSV readers; its CRs become LF so every record keeps its own line number.
 */
export function withLineFeeds(text: string): string {
  // the LF test first: it ends at the first line break of every ordinary file
  return text.indexOf('\n') === -1 && text.indexOf('\r') !== -1 ? text.replace(/\r/g, '\n') : text;
}

/**
 * Decodes file bytes as UTF-8 (or UTF-16 when a byte-order mark says so), or in `encoding` when
 * the user chose one, and drops the BOM. Text that is not valid is refused rather than decoded
 * with replacement characters (a GBK file read as UTF-8 would import as plausible-looking
 * garbage); the failure names the first bad line and, when it can tell, what the file is.
 * `utf8` is how the platform decodes UTF-8 (Node's is faster; the result is the same).
 */
export function decodeImportBytes(bytes: Uint8Array, encoding?: TextEncodingName, utf8: Utf8Decoder = WEB_UTF8_DECODER): DecodeResult {
  const bom = byteOrderMark(bytes);
  const chosen = encoding ?? bom?.encoding ?? 'utf-8';
  const body = bom && bom.encoding === chosen ? bytes.subarray(bom.bytes.length) : bytes;
  const text = chosen === 'utf-8' ? utf8.decode(body) : decodeStrict(body, chosen);
  // in UTF-8 and GB18030 the byte 0 is exactly the NUL character: searching the bytes is far faster
  const hasNul = text === null || (chosen === 'utf-8' ? utf8.hasNul(body) : chosen === 'gb18030' ? body.indexOf(0) !== -1 : text.includes('\u0000'));
  if (!hasNul) return { ok: true, text: withLineFeeds(text) };
  return explainFailure(body, chosen, text);
}

function explainFailure(bytes: Uint8Array, encoding: TextEncodingName, decoded: string | null): DecodeResult & { ok: false } {
  const binary = binaryKind(bytes);
  if (binary) return { ok: false, kind: 'binary', line: 1, reason: `${binary.what}, not a text file; ${binary.advice}` };
  const name = ENCODING_NAMES[encoding];
  const utf16 = encoding === 'utf-8' || encoding === 'gb18030' ? utf16WithoutBom(bytes) : null;
  if (utf16) {
    const text = decodeStrict(bytes, utf16);
    const likely = text !== null && !text.includes('\u0000') ? { encoding: utf16, text: withLineFeeds(text) } : undefined;
    const reason = `${ENCODING_NAMES[utf16]} text without a byte-order mark (every other byte is NUL)`;
    return { ok: false, kind: 'utf-16-without-bom', line: 1, reason: likely ? reason : `${reason}; save it as UTF-8`, likely };
  }
  if (decoded !== null) {
    const line = lineAtByte(bytes, decodedNulOffset(bytes));
    return { ok: false, kind: 'nul', line, reason: `line ${line} contains a NUL byte: a binary file, or text damaged in copying` };
  }
  if (encoding === 'utf-16le' || encoding === 'utf-16be') return { ok: false, kind: 'invalid-text', line: 1, reason: `not valid ${name} text` };
  const bad = firstBadLine(bytes, encoding) ?? { line: 1, column: 1 };
  const reason = `line ${bad.line} is not valid ${name} (column ${bad.column})`;
  if (encoding === 'utf-8' && looksLikeGb18030(bytes)) {
    const text = decodeStrict(bytes, 'gb18030');
    if (text !== null && !text.includes('\u0000')) {
      return { ok: false, kind: 'invalid-text', line: bad.line, reason: `${reason}; it looks like GB18030 (GBK), the usual encoding of Chinese text saved on Windows`, likely: { encoding: 'gb18030', text: withLineFeeds(text) } };
    }
  }
  return { ok: false, kind: 'invalid-text', line: bad.line, reason: `${reason}; save it as UTF-8 (in Excel: "CSV UTF-8")` };
}

/** Offset of the first NUL byte (a NUL character in UTF-8 and GB18030 is the byte 0). */
function decodedNulOffset(bytes: Uint8Array): number {
  const at = bytes.indexOf(0);
  return at === -1 ? 0 : at;
}

/** A few characters of `text` that show what it says, for "read as GB18030 it begins …". */
export function textPreview(text: string, max = 40): string {
  const firstNonAscii = text.search(/[^\x00-\x7f]/);
  const from = Math.max(0, firstNonAscii);
  const flat = text.slice(from, from + max * 2).replace(/\s+/g, ' ').trim();
  return `${from > 0 ? '…' : ''}${flat.slice(0, max).trimEnd()}${flat.length > max || from + max * 2 < text.length ? '…' : ''}`;
}
