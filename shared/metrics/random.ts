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

/**
 * nextState with the state held as a signed 32-bit number: the same 32 bits, but V8 keeps an
 * int32 in a register, where a uint32 above 2^31 becomes a double on every step.
 */
export const nextState32 = (state: number): number => (state + 0x6d2b79f5) | 0;

/** indexAt's scale for `bound`: bound / 2^32, exact for any bound below 2^53. */
export const drawScale = (bound: number): number => bound / 4294967296;

/**
 * indexAt(state, bound) for a state from nextState32 and `scale = drawScale(bound)`. The same
 * number to the bit: indexAt rounds (bits / 2^32) · bound once, and this rounds bits · (bound /
 * 2^32), the same exact product, once; `| 0` is Math.floor for a result in [0, 2^31).
 */
export const indexAtScaled = (state: number, scale: number): number => (mulberry32Bits(state) * scale) | 0;

/** The 32 output bits mulberry32 gives for an advanced state (either sign of the same bits). */
function mulberry32Bits(state: number): number {
  let t = state | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/** The number in [0, 1) mulberry32 gives for an advanced state. */
function mulberry32Output(state: number): number {
  return mulberry32Bits(state) / 4294967296;
}

/**
 * `ceil(fraction × n)` of the items (at least one, fraction clamped to [0, 1]), drawn with the
 * seed (a seeded Fisher–Yates shuffle), in their original order: the same seed draws the same
 * items. The app's pre-annotation sample and the CLI's `annotate --sample` both use it.
 */
export function seededSample<T>(items: readonly T[], fraction: number, seed: number): T[] {
  if (items.length === 0) return [];
  return seededPick(items, Math.max(1, Math.ceil(items.length * Math.min(1, Math.max(0, fraction)))), seed);
}

/** `count` of the items (clamped to 0…n) drawn with the seed, as seededSample draws them, in their original order. */
export function seededPick<T>(items: readonly T[], count: number, seed: number): T[] {
  const wanted = Math.max(0, Math.min(items.length, Math.trunc(count)));
  const random = seededRandom(seed);
  const positions = items.map((_, index) => index);
  for (let index = positions.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [positions[index], positions[other]] = [positions[other], positions[index]];
  }
  return positions
    .slice(0, wanted)
    .sort((a, b) => a - b)
    .map((position) => items[position]);
}
