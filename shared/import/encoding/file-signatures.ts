/**
 * What a file is when its first bytes are a known binary signature ("magic bytes"): a PNG, a
 * ZIP or an Excel workbook named `.csv` is told what it is, not to "save it as UTF-8".
 */

export interface BinaryKind {
  /** "a PNG image", "an Excel workbook (.xlsx)" */
  what: string;
  /** what to do instead, as one clause */
  advice: string;
}

const NOT_DATA = 'it holds no dialogues; import the .jsonl, .json or .csv data file instead';
const EXTRACT = 'extract it first and import the files inside';

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  for (let i = 0; i < signature.length; i++) if (bytes[at + i] !== signature[i]) return false;
  return true;
}

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/** ZIP entries are named near the start: an OOXML file lists `xl/` or `word/` parts within the first few KB. */
function zipKind(bytes: Uint8Array): BinaryKind {
  const head = String.fromCharCode(...bytes.subarray(0, 4096));
  if (head.includes('xl/')) return { what: 'an Excel workbook (.xlsx)', advice: 'open it in Excel and save it as "CSV UTF-8"' };
  if (head.includes('word/')) return { what: 'a Word document (.docx)', advice: NOT_DATA };
  if (head.includes('ppt/')) return { what: 'a PowerPoint file (.pptx)', advice: NOT_DATA };
  if (head.includes('content.xml') || head.includes('opendocument')) return { what: 'an OpenDocument file (.ods/.odt)', advice: 'save it as CSV (UTF-8) first' };
  return { what: 'a ZIP archive', advice: EXTRACT };
}

const SIGNATURES: readonly { bytes: readonly number[]; at?: number; kind: BinaryKind | ((bytes: Uint8Array) => BinaryKind) }[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], kind: { what: 'a PNG image', advice: NOT_DATA } },
  { bytes: [0xff, 0xd8, 0xff], kind: { what: 'a JPEG image', advice: NOT_DATA } },
  { bytes: ascii('GIF8'), kind: { what: 'a GIF image', advice: NOT_DATA } },
  { bytes: ascii('WEBP'), at: 8, kind: { what: 'a WebP image', advice: NOT_DATA } },
  { bytes: ascii('%PDF-'), kind: { what: 'a PDF document', advice: NOT_DATA } },
  { bytes: [0x50, 0x4b, 0x03, 0x04], kind: zipKind },
  { bytes: [0x50, 0x4b, 0x05, 0x06], kind: { what: 'an empty ZIP archive', advice: NOT_DATA } },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], kind: { what: 'an old-format Office file (.xls or .doc)', advice: 'open it and save it as "CSV UTF-8"' } },
  { bytes: [0x1f, 0x8b], kind: { what: 'a gzip-compressed file', advice: EXTRACT } },
  { bytes: ascii('BZh'), kind: { what: 'a bzip2-compressed file', advice: EXTRACT } },
  { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], kind: { what: 'an xz-compressed file', advice: EXTRACT } },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], kind: { what: 'a 7-Zip archive', advice: EXTRACT } },
  { bytes: ascii('Rar!'), kind: { what: 'a RAR archive', advice: EXTRACT } },
  { bytes: [...ascii('SQLite format 3'), 0], kind: { what: 'an SQLite database', advice: 'export the table as CSV (UTF-8) first' } },
  { bytes: ascii('PAR1'), kind: { what: 'a Parquet file', advice: 'convert it to JSON Lines or CSV first' } },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], kind: { what: 'a program (ELF executable)', advice: NOT_DATA } },
  { bytes: [0x4d, 0x5a], kind: { what: 'a Windows program (.exe or .dll)', advice: NOT_DATA } },
];

/** The binary format `bytes` starts with, or null for anything else (text included). */
export function binaryKind(bytes: Uint8Array): BinaryKind | null {
  for (const signature of SIGNATURES) {
    if (startsWith(bytes, signature.bytes, signature.at)) return typeof signature.kind === 'function' ? signature.kind(bytes) : signature.kind;
  }
  return null;
}
