/**
 * Bytes to text, and when that fails, why in words a user can act on: the first line that is
 * not valid, the encoding the bytes more likely are (GB18030/GBK, UTF-16 without a byte-order
 * mark), or the binary format they are. The happy path is one native decode; everything that
 * looks at single bytes runs only after a failure.
 */

export const TEXT_ENCODINGS = ['utf-8', 'gb18030', 'utf-16le', 'utf-16be'] as const;
export type TextEncodingName = (typeof TEXT_ENCODINGS)[number];

/** `gbk` and `gb2312` are read as GB18030, which contains both. */
export function textEncodingNamed(name: string): TextEncodingName | null {
  const folded = name.trim().toLowerCase().replace(/_/g, '-');
  if (folded === 'gbk' || folded === 'gb2312' || folded === 'cp936') return 'gb18030';
  if (folded === 'utf8') return 'utf-8';
  if (folded === 'utf16le') return 'utf-16le';
  if (folded === 'utf16be') return 'utf-16be';
  return TEXT_ENCODINGS.find((encoding) => encoding === folded) ?? null;
}

/** How people call each encoding in messages. */
export const ENCODING_NAMES: Record<TextEncodingName, string> = {
  'utf-8': 'UTF-8',
  gb18030: 'GB18030 (GBK)',
  'utf-16le': 'UTF-16 little-endian',
  'utf-16be': 'UTF-16 big-endian',
};

interface TextDecoderLike {
  decode(input: Uint8Array): string;
}
type TextDecoderConstructor = new (label: string, options: { fatal: boolean; ignoreBOM?: boolean }) => TextDecoderLike;

// TextDecoder exists in Node, browsers and workers alike; shared/ compiles without DOM types.
const Decoder = (globalThis as unknown as { TextDecoder: TextDecoderConstructor }).TextDecoder;

/** The text, or null when the bytes are not valid in `encoding`. A BOM is kept (the caller strips it). */
export function decodeStrict(bytes: Uint8Array, encoding: TextEncodingName): string | null {
  try {
    return new Decoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Strict UTF-8 decoding as a platform does it best. The web TextDecoder is the default and works
 * everywhere shared/ runs; Node passes its own (electron/services/node-utf8.ts), which
 * validates and decodes a large file several times faster. Both give the same text or null.
 */
export interface Utf8Decoder {
  /** the text, or null when the bytes are not valid UTF-8; a BOM is kept */
  decode(bytes: Uint8Array): string | null;
  /** whether a byte 0 (in UTF-8 exactly the NUL character) occurs */
  hasNul(bytes: Uint8Array): boolean;
}

export const WEB_UTF8_DECODER: Utf8Decoder = {
  decode: (bytes) => decodeStrict(bytes, 'utf-8'),
  hasNul: (bytes) => bytes.indexOf(0) !== -1,
};

const LF = 0x0a;

/** 1-based line of byte `offset` (counting LF bytes before it with the native indexOf). */
export function lineAtByte(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let at = bytes.indexOf(LF); at !== -1 && at < offset; at = bytes.indexOf(LF, at + 1)) line++;
  return line;
}

export interface BadLine {
  line: number;
  /** 1-based character column of the first undecodable byte, as an editor showing � counts it */
  column: number;
}

/**
 * The first line that does not decode in `encoding` (UTF-8 or GB18030: in both, the LF byte is
 * never part of a multi-byte character, so each line decodes on its own). Lines are decoded
 * natively one by one; only the bad line is decoded a second time, leniently, to find the column.
 */
export function firstBadLine(bytes: Uint8Array, encoding: 'utf-8' | 'gb18030'): BadLine | null {
  const strict = new Decoder(encoding, { fatal: true, ignoreBOM: true });
  let start = 0;
  let line = 1;
  while (start <= bytes.length) {
    const end = bytes.indexOf(LF, start);
    const stop = end === -1 ? bytes.length : end;
    const lineBytes = bytes.subarray(start, stop);
    try {
      strict.decode(lineBytes);
    } catch {
      const lenient = new Decoder(encoding, { fatal: false, ignoreBOM: true }).decode(lineBytes);
      return { line, column: lenient.indexOf('\uFFFD') + 1 || 1 };
    }
    if (end === -1) return null;
    start = end + 1;
    line++;
  }
  return null;
}

const SAMPLE_BYTES = 256 * 1024;

/**
 * Whether bytes that are not UTF-8 read as Chinese in GB18030. GB18030 gives almost any byte pair
 * a meaning, so a successful decode alone proves little (Latin-1 "és" decodes to a rare
 * ideograph): real Chinese text is mostly GB2312 characters, whose two bytes are both ≥ 0xA1.
 */
export function looksLikeGb18030(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, SAMPLE_BYTES);
  let common = 0;
  let other = 0;
  for (let i = 0; i < end; ) {
    const lead = bytes[i];
    if (lead < 0x80) {
      i++;
      continue;
    }
    const trail = bytes[i + 1] ?? 0;
    if (trail >= 0x30 && trail <= 0x39) {
      other++;
      i += 4;
    } else {
      if (lead >= 0xa1 && trail >= 0xa1) common++;
      else other++;
      i += 2;
    }
  }
  // one pair proves nothing (an overlong UTF-8 sequence can look like one hanzi)
  return common >= 2 && common >= 4 * other;
}

/** UTF-16 without a BOM: ASCII characters leave a NUL in every other byte, at even offsets for big-endian. */
export function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const end = Math.min(bytes.length, SAMPLE_BYTES) & ~1;
  if (end < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < end; i += 2) {
    if (bytes[i] === 0) evenNul++;
    if (bytes[i + 1] === 0) oddNul++;
  }
  const pairs = end / 2;
  // one stray NUL says nothing about the encoding
  if (Math.max(evenNul, oddNul) < 2) return null;
  if (oddNul >= pairs * 0.1 && evenNul * 10 <= oddNul) return 'utf-16le';
  if (evenNul >= pairs * 0.1 && oddNul * 10 <= evenNul) return 'utf-16be';
  return null;
}
