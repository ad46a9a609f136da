/**
 * Rows of IndexedDB as JSON text and back, losslessly for what our tables hold: typed arrays
 * (turnBlocks' Int32Array columns), Dates, undefined properties (kept, as IndexedDB keeps them), NaN,
 * ±Infinity and -0,
 * nested objects and arrays. A tagged object `{"$b":kind,…}` stands for what JSON lacks; a real
 * object whose own key is `$b` is wrapped (`{"$b":"o","v":{…}}`) so it cannot be mistaken.
 * Pure: used by the renderer to write chunks and to read them back.
 */

type Typed = Int8Array | Uint8Array | Uint8ClampedArray | Int16Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array;
const TYPED: Record<string, new (values: number[]) => Typed> = {
  Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array,
};

function encodeValue(value: unknown): unknown {
  if (value === undefined) return { $b: 'u' };
  if (value === null || typeof value !== 'object') {
    // JSON has no NaN or ±Infinity, and writes -0 as 0
    if (typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0))) return { $b: 'n', v: Object.is(value, -0) ? '-0' : String(value) };
    return value;
  }
  if (Array.isArray(value)) return value.map(encodeValue);
  if (value instanceof Date) return { $b: 'd', v: value.getTime() };
  if (ArrayBuffer.isView(value)) {
    const kind = value.constructor.name;
    if (!(kind in TYPED)) throw new Error(`Backup: cannot store a ${kind}`);
    return { $b: 't', k: kind, v: Array.from(value as Typed, (n) => (Number.isFinite(n) && !Object.is(n, -0) ? n : Object.is(n, -0) ? '-0' : String(n))) };
  }
  if (value instanceof ArrayBuffer) return { $b: 'a', v: Array.from(new Uint8Array(value)) };
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = encodeValue(inner);
  return '$b' in out ? { $b: 'o', v: out } : out;
}

function decodeValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(decodeValue);
  const record = value as Record<string, unknown>;
  if ('$b' in record) {
    switch (record.$b) {
      case 'u':
        return undefined;
      case 'n':
        return Number(record.v);
      case 'd':
        return new Date(record.v as number);
      case 't': {
        const make = TYPED[String(record.k)];
        if (!make || !Array.isArray(record.v)) throw new Error(`Backup: unknown typed array ${String(record.k)}`);
        return new make((record.v as unknown[]).map((n) => Number(n)));
      }
      case 'a':
        return new Uint8Array(record.v as number[]).buffer;
      case 'o':
        return decodeObject(record.v as Record<string, unknown>);
      default:
        throw new Error(`Backup: unknown tag ${JSON.stringify(record.$b)}`);
    }
  }
  return decodeObject(record);
}

function decodeObject(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(record)) out[key] = decodeValue(inner);
  return out;
}

/** A chunk of rows as the JSON array text written into the file. */
export function encodeRows(rows: readonly unknown[]): string {
  return JSON.stringify(rows.map(encodeValue));
}

/** Back from `encodeRows`' text (or the parsed array). */
export function decodeRows(rows: string | unknown[]): unknown[] {
  const parsed: unknown = typeof rows === 'string' ? JSON.parse(rows) : rows;
  if (!Array.isArray(parsed)) throw new Error('Backup: a chunk of rows is not an array');
  return parsed.map(decodeValue);
}
