/**
 * The bootstrap's innermost loop (bootstrap.ts, sumDrawn) as one WebAssembly SIMD function:
 *
 *   sumResamples(table, rows, resamples, state, scale, out) -> state
 *
 * For each of `resamples` resamples it draws `rows` rows exactly as sumDrawn does (mulberry32
 * states one step apart, row = (bits · scale) truncated, scale = rows / 2^32) and adds each drawn
 * row's eight columns (64 bytes at table + 64·row) into eight sums in draw order, then stores the
 * eight sums at out + 64·resample. It returns the state after the last draw.
 *
 * The results equal the JavaScript loop's to the bit: four generator states advance side by side
 * (the state after k steps is state + k·C mod 2^32, so lanes need no chain), the integer
 * operations are the same 32-bit ones (i32x4.mul is Math.imul lane by lane), u32 → f64 is exact,
 * the multiplication rounds once as in JavaScript, and truncation of a value in [0, 2^31) is `| 0`.
 * Each pair of columns is one f64x2 lane pair, and the draws are added one after another in
 * draw order, so every column's sum is the same sequence of IEEE additions.
 */
import { EXPORT_KIND, i32x4Bytes, name, op, section, SECTION, TYPE, unsignedLeb, vector } from './wasm-encoding';

/** mulberry32's increment (random.ts nextState) */
const STEP = 0x6d2b79f5;

// parameters, then locals
const TABLE = 0;
const ROWS = 1;
const RESAMPLES = 2;
const STATE = 3;
const SCALE = 4;
const OUT = 5;
const SAMPLE = 6;
const K = 7;
const ROW = 8;
const BITS = 9;
const SUMS = [10, 11, 12, 13] as const; // columns 0–1, 2–3, 4–5, 6–7
const STATES = 14;
const LOW_ROWS = 15;
const HIGH_ROWS = 16;
const SCALES = 17;

/** mulberry32's output bits of the state(s) in `local`, with the 32-bit operations of `ops`, left on the stack. */
function mulberryBits(local: number, ops: { xor: readonly number[]; or: readonly number[]; add: readonly number[]; mul: readonly number[]; shrU: readonly number[]; constant: (value: number) => number[] }): number[] {
  const get = op.localGet(local);
  const set = op.localSet(local);
  return [
    // t = imul(t ^ (t >>> 15), t | 1)
    ...get, ...get, ...op.i32Const(15), ...ops.shrU, ...ops.xor,
    ...get, ...ops.constant(1), ...ops.or,
    ...ops.mul, ...set,
    // t ^= t + imul(t ^ (t >>> 7), t | 61)
    ...get, ...get,
    ...get, ...get, ...op.i32Const(7), ...ops.shrU, ...ops.xor,
    ...get, ...ops.constant(61), ...ops.or,
    ...ops.mul, ...ops.add, ...ops.xor, ...set,
    // t ^ (t >>> 14)
    ...get, ...get, ...op.i32Const(14), ...ops.shrU, ...ops.xor,
  ];
}

const SCALAR = { xor: op.i32Xor, or: op.i32Or, add: op.i32Add, mul: op.i32Mul, shrU: op.i32ShrU, constant: op.i32Const };
const LANES = {
  xor: op.v128Xor,
  or: op.v128Or,
  add: op.i32x4Add,
  mul: op.i32x4Mul,
  shrU: op.i32x4ShrU,
  constant: (value: number) => op.v128Const(i32x4Bytes([value, value, value, value])),
};

/** With the drawn row's index on the stack: its eight columns added into the sums. */
function addRow(): number[] {
  const code = [...op.i32Const(6), ...op.i32Shl, ...op.localGet(TABLE), ...op.i32Add, ...op.localSet(ROW)];
  SUMS.forEach((sum, pair) => code.push(...op.localGet(sum), ...op.localGet(ROW), ...op.v128Load(16 * pair), ...op.f64x2Add, ...op.localSet(sum)));
  return code;
}

/** The lanes' rows (the low two of `bits` lanes, as f64, times the scale, truncated) into `target`. */
const rowsOfLowLanes = (target: number): number[] => [...op.f64x2ConvertLowI32x4U, ...op.localGet(SCALES), ...op.f64x2Mul, ...op.i32x4TruncSatF64x2SZero, ...op.localSet(target)];

const ZERO = op.v128Const(new Array(16).fill(0));
/** the third and fourth lanes moved to the first and second */
const HIGH_TO_LOW = [8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7];

const body: number[] = [
  ...op.localGet(SCALE), ...op.f64x2Splat, ...op.localSet(SCALES),
  ...op.i32Const(0), ...op.localSet(SAMPLE),
  ...op.block, ...op.loop, // resamples
  ...op.localGet(SAMPLE), ...op.localGet(RESAMPLES), ...op.i32GeS, ...op.brIf(1),
  ...SUMS.flatMap((sum) => [...ZERO, ...op.localSet(sum)]),
  ...op.i32Const(0), ...op.localSet(K),
  // four draws at a time while four remain
  ...op.block, ...op.loop,
  ...op.localGet(K), ...op.i32Const(4), ...op.i32Add, ...op.localGet(ROWS), ...op.i32GtS, ...op.brIf(1),
  ...op.localGet(STATE), ...op.i32x4Splat, ...op.v128Const(i32x4Bytes([STEP, (2 * STEP) | 0, (3 * STEP) | 0, (4 * STEP) | 0])), ...op.i32x4Add, ...op.localSet(STATES),
  ...op.localGet(STATE), ...op.i32Const((4 * STEP) | 0), ...op.i32Add, ...op.localSet(STATE),
  ...mulberryBits(STATES, LANES), ...op.localSet(STATES),
  ...op.localGet(STATES), ...rowsOfLowLanes(LOW_ROWS),
  ...op.localGet(STATES), ...op.localGet(STATES), ...op.i8x16Shuffle(HIGH_TO_LOW), ...rowsOfLowLanes(HIGH_ROWS),
  ...op.localGet(LOW_ROWS), ...op.i32x4ExtractLane(0), ...addRow(),
  ...op.localGet(LOW_ROWS), ...op.i32x4ExtractLane(1), ...addRow(),
  ...op.localGet(HIGH_ROWS), ...op.i32x4ExtractLane(0), ...addRow(),
  ...op.localGet(HIGH_ROWS), ...op.i32x4ExtractLane(1), ...addRow(),
  ...op.localGet(K), ...op.i32Const(4), ...op.i32Add, ...op.localSet(K),
  ...op.br(0), ...op.end, ...op.end,
  // the last rows % 4 draws one at a time
  ...op.block, ...op.loop,
  ...op.localGet(K), ...op.localGet(ROWS), ...op.i32GeS, ...op.brIf(1),
  ...op.localGet(STATE), ...op.i32Const(STEP), ...op.i32Add, ...op.localTee(STATE), ...op.localSet(BITS),
  ...mulberryBits(BITS, SCALAR),
  ...op.f64ConvertI32U, ...op.localGet(SCALE), ...op.f64Mul, ...op.i32TruncF64S, ...addRow(),
  ...op.localGet(K), ...op.i32Const(1), ...op.i32Add, ...op.localSet(K),
  ...op.br(0), ...op.end, ...op.end,
  // the eight sums of this resample
  ...op.localGet(OUT), ...op.localGet(SAMPLE), ...op.i32Const(6), ...op.i32Shl, ...op.i32Add, ...op.localSet(ROW),
  ...SUMS.flatMap((sum, pair) => [...op.localGet(ROW), ...op.localGet(sum), ...op.v128Store(16 * pair)]),
  ...op.localGet(SAMPLE), ...op.i32Const(1), ...op.i32Add, ...op.localSet(SAMPLE),
  ...op.br(0), ...op.end, ...op.end,
  ...op.localGet(STATE),
  ...op.end,
];

const locals = vector([
  [4, TYPE.i32], // SAMPLE, K, ROW, BITS
  [8, TYPE.v128], // SUMS, STATES, LOW_ROWS, HIGH_ROWS, SCALES
]);

/** The module's bytes: the function `sumResamples` and its memory `memory` (one page to start). */
export const BOOTSTRAP_MODULE_BYTES = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  ...section(SECTION.type, vector([[TYPE.func, ...vector([[TYPE.i32], [TYPE.i32], [TYPE.i32], [TYPE.i32], [TYPE.f64], [TYPE.i32]]), ...vector([[TYPE.i32]])]])),
  ...section(SECTION.function, vector([[0]])),
  ...section(SECTION.memory, vector([[0x00, 1]])),
  ...section(SECTION.export, vector([[...name('sumResamples'), EXPORT_KIND.func, 0], [...name('memory'), EXPORT_KIND.memory, 0]])),
  ...section(SECTION.code, vector([functionCode([...locals, ...body])])),
]);

/** A code-section entry: the function's size, then its locals and instructions. */
function functionCode(code: number[]): number[] {
  return [...unsignedLeb(code.length), ...code];
}
