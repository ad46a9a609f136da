/**
 * mulberry32: a small, fast, seeded generator (32-bit state). The bootstrap needs the same
 * resamples for the same seed on every machine, which Math.random cannot give.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = nextState(state);
    return mulberry32Output(state);
  };
}

/**
 * The generator one draw on (`seededRandom(seed)` is at `nextState(seed >>> 0)` for its first
 * draw). With indexAt, the bootstrap draws tens of millions of rows in its own loop, the state in
 * a local: a function call per draw was a third of its time.
 */
export const nextState = (state: number): number => (state + 0x6d2b79f5) >>> 0;

/** The whole number below `bound` that a draw at `state` gives (`Math.floor(next() * bound)`). */
export const indexAt = (state: number, bound: number): number => Math.floor(mulberry32Output(state) * bound);

/** The number in [0, 1) mulberry32 gives for an advanced state. */
function mulberry32Output(state: number): number {
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
