/**
 * The few pieces of the WebAssembly binary format that bootstrap-module.ts is written with:
 * LEB128 numbers, sections and the opcodes it uses, by their text-format names, so the module
 * reads as its instructions rather than as bytes. (There is no WebAssembly toolchain in the
 * build, and one function does not justify one.)
 */

export function unsignedLeb(value: number): number[] {
  const bytes: number[] = [];
  let rest = value >>> 0;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest !== 0);
  return bytes;
}

export function signedLeb(value: number): number[] {
  const bytes: number[] = [];
  let rest = value | 0;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    const done = (rest === 0 && (byte & 0x40) === 0) || (rest === -1 && (byte & 0x40) !== 0);
    bytes.push(done ? byte : byte | 0x80);
    if (done) return bytes;
  }
}

export const vector = (items: number[][]): number[] => [...unsignedLeb(items.length), ...items.flat()];
export const section = (id: number, body: number[]): number[] => [id, ...unsignedLeb(body.length), ...body];
export const name = (text: string): number[] => vector([...text].map((character) => [character.charCodeAt(0)]));

export const TYPE = { i32: 0x7f, f64: 0x7c, v128: 0x7b, func: 0x60, void: 0x40 } as const;
export const SECTION = { type: 1, function: 3, memory: 5, export: 7, code: 10 } as const;
export const EXPORT_KIND = { func: 0, memory: 2 } as const;

const simd = (opcode: number): number[] => [0xfd, ...unsignedLeb(opcode)];
/** memory immediates: alignment as a power of two, then the constant offset */
const memory = (alignLog2: number, offset: number): number[] => [...unsignedLeb(alignLog2), ...unsignedLeb(offset)];

export const op = {
  block: [0x02, TYPE.void],
  loop: [0x03, TYPE.void],
  end: [0x0b],
  br: (depth: number) => [0x0c, ...unsignedLeb(depth)],
  brIf: (depth: number) => [0x0d, ...unsignedLeb(depth)],
  localGet: (index: number) => [0x20, ...unsignedLeb(index)],
  localSet: (index: number) => [0x21, ...unsignedLeb(index)],
  localTee: (index: number) => [0x22, ...unsignedLeb(index)],
  i32Const: (value: number) => [0x41, ...signedLeb(value)],
  i32GeS: [0x4e],
  i32GtS: [0x4a],
  i32Add: [0x6a],
  i32Mul: [0x6c],
  i32Or: [0x72],
  i32Xor: [0x73],
  i32Shl: [0x74],
  i32ShrU: [0x76],
  f64Mul: [0xa2],
  i32TruncF64S: [0xaa],
  f64ConvertI32U: [0xb8],
  v128Load: (offset: number) => [...simd(0x00), ...memory(4, offset)],
  v128Store: (offset: number) => [...simd(0x0b), ...memory(4, offset)],
  v128Const: (bytes: readonly number[]) => [...simd(0x0c), ...bytes],
  i8x16Shuffle: (lanes: readonly number[]) => [...simd(0x0d), ...lanes],
  i32x4Splat: simd(0x11),
  f64x2Splat: simd(0x14),
  i32x4ExtractLane: (lane: number) => [...simd(0x1b), lane],
  v128Or: simd(0x50),
  v128Xor: simd(0x51),
  i32x4ShrU: simd(0xad),
  i32x4Add: simd(0xae),
  i32x4Mul: simd(0xb5),
  f64x2Add: simd(0xf0),
  f64x2Mul: simd(0xf2),
  i32x4TruncSatF64x2SZero: simd(0xfc),
  f64x2ConvertLowI32x4U: simd(0xff),
} as const;

/** Four 32-bit lanes as the 16 little-endian bytes of a v128.const. */
export function i32x4Bytes(lanes: readonly [number, number, number, number]): number[] {
  return lanes.flatMap((lane) => [lane & 0xff, (lane >>> 8) & 0xff, (lane >>> 16) & 0xff, (lane >>> 24) & 0xff]);
}
