/**
 * Runs bootstrap-module.ts: the sums of every resample of one eight-column block in one call.
 * Null where WebAssembly SIMD is not available (or not allowed, as under a Content-Security-Policy
 * without 'wasm-unsafe-eval'); the bootstrap then runs its JavaScript loop, which gives the same
 * numbers, only more slowly.
 */
import { BOOTSTRAP_MODULE_BYTES } from './bootstrap-module';

/** The part of the WebAssembly API used here (shared/ compiles without DOM or Node types). */
interface WasmMemory {
  buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: { memory: WasmMemory; sumResamples: (table: number, rows: number, resamples: number, state: number, scale: number, out: number) => number } };
}

const PAGE_BYTES = 65536;
const ROW_BYTES = 64;
/** the module's addresses are 32-bit and its memory at most 4 GiB: keep well inside both */
const MAX_BYTES = 1 << 30;

export interface ResampleSums {
  /** eight sums per resample, resample after resample */
  sums: Float64Array;
  /** the generator state after the last draw */
  state: number;
}

/** (table, rows, resamples, state, scale) → sums; `table` holds eight columns per row. */
export type SumResamples = (table: Float64Array, rows: number, resamples: number, state: number, scale: number) => ResampleSums | null;

let loaded: SumResamples | null | undefined;

/** The SIMD summation, or null when it cannot run here; compiled once. */
export function simdSumResamples(): SumResamples | null {
  if (loaded === undefined) loaded = load();
  return loaded;
}

function load(): SumResamples | null {
  const api = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
  if (!api) return null;
  let exports: InstanceType<WasmApi['Instance']>['exports'];
  try {
    exports = new api.Instance(new api.Module(BOOTSTRAP_MODULE_BYTES), {}).exports;
  } catch {
    return null;
  }
  const { memory, sumResamples } = exports;
  return (table, rows, resamples, state, scale) => {
    const tableBytes = rows * ROW_BYTES;
    const needed = tableBytes + resamples * ROW_BYTES;
    if (table.length !== rows * 8 || needed > MAX_BYTES) return null;
    const missing = Math.ceil((needed - memory.buffer.byteLength) / PAGE_BYTES);
    if (missing > 0) {
      try {
        memory.grow(missing);
      } catch {
        return null; // no memory for it here: the JavaScript loop needs none beyond the table
      }
    }
    new Float64Array(memory.buffer, 0, rows * 8).set(table);
    const after = sumResamples(0, rows, resamples, state | 0, scale, tableBytes);
    return { sums: new Float64Array(memory.buffer, tableBytes, resamples * 8).slice(), state: after };
  };
}
