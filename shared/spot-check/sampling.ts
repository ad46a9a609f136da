/**
 * Seeded, reproducible samples for a spot-check (issue 11): a share or a number of a data set's
 * dialogues or turns, optionally stratified with proportional allocation. The population is
 * sorted by its stable ids before drawing, so the same seed and settings draw the same items
 * whatever order the database or a file lists them in.
 */
import { seededRandom } from '../metrics/random';
import type { SampleItem, SampleStratum } from '../model/spot-check';

/** One item that can be drawn: a dialogue (no turn) or a turn, with the stratum it belongs to. */
export interface SampleCandidate {
  dialogueId: string;
  /** the turn's 0-based index, with its id, when turns are sampled */
  turn?: { id: string; index: number };
  stratum: string;
}

/** How many are drawn: a share of the population (0.2 = 20%), or a number of items. */
export type SampleAmount = { fraction: number } | { size: number };

export interface DrawnSample {
  items: SampleItem[];
  strata: SampleStratum[];
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Source order by stable id: dialogue id, then turn index. */
export function compareCandidates(a: SampleCandidate, b: SampleCandidate): number {
  return compareText(a.dialogueId, b.dialogueId) || (a.turn?.index ?? -1) - (b.turn?.index ?? -1);
}

/**
 * The sample size asked for: `ceil(fraction × N)` (so 20% of 7 is 2, never 1.4 rounded down to 1),
 * at least one item of a non-empty population when the fraction is above 0; a size is capped at N.
 */
export function requestedSize(amount: SampleAmount, population: number): number {
  if (population <= 0) return 0;
  if ('size' in amount) return Math.max(0, Math.min(population, Math.floor(amount.size)));
  const fraction = Math.min(1, Math.max(0, amount.fraction));
  if (fraction === 0) return 0;
  // a float product like 0.2 × 35 = 7.000000000000001 must not round up to 8
  return Math.min(population, Math.max(1, Math.ceil(Number((fraction * population).toFixed(9)))));
}

/**
 * Proportional allocation of `total` over strata of the given sizes, by the largest-remainder
 * (Hamilton) method: each stratum gets floor(total × N_h / N), and the items left over go one
 * each to the strata with the largest fractional remainders (ties: the larger stratum, then the
 * earlier key). Every non-empty stratum gets at least one item, even when that takes the total
 * above `total` (a stratum left out could not be estimated); a stratum that got its one item
 * that way gives it back to no other. No stratum gets more than it has.
 */
export function allocateProportionally(sizes: readonly number[], total: number): number[] {
  const population = sizes.reduce((sum, size) => sum + size, 0);
  if (population === 0 || total <= 0) return sizes.map(() => 0);
  const quotas = sizes.map((size) => (total * size) / population);
  const allocated = sizes.map((size, at) => (size === 0 ? 0 : Math.min(size, Math.max(1, Math.floor(quotas[at])))));
  let sum = allocated.reduce((a, b) => a + b, 0);
  const better = (a: number, b: number): boolean => {
    const byRemainder = quotas[a] - allocated[a] - (quotas[b] - allocated[b]);
    if (Math.abs(byRemainder) > 1e-12) return byRemainder > 0;
    return sizes[a] !== sizes[b] ? sizes[a] > sizes[b] : a < b;
  };
  while (sum < total) {
    let pick = -1;
    for (let at = 0; at < sizes.length; at++) if (allocated[at] < sizes[at] && (pick === -1 || better(at, pick))) pick = at;
    if (pick === -1) break;
    allocated[pick]++;
    sum++;
  }
  while (sum > total) {
    // over the total only through the one-per-stratum rule: take back from the most over-allocated stratum with more than one
    let pick = -1;
    for (let at = 0; at < sizes.length; at++) if (allocated[at] > 1 && (pick === -1 || better(pick, at))) pick = at;
    if (pick === -1) break;
    allocated[pick]--;
    sum--;
  }
  return allocated;
}

/**
 * Draws the sample: candidates sorted by stable id and grouped by stratum (strata in key order),
 * each stratum's share allocated by allocateProportionally, and each stratum's items chosen by a
 * partial Fisher–Yates shuffle driven by one mulberry32 stream seeded with `seed`. The items come
 * back in source order (dialogue id, turn index), the order the review queue walks them.
 * Unstratified sampling is one stratum, "all".
 */
export function drawSample(candidates: readonly SampleCandidate[], amount: SampleAmount, seed: number): DrawnSample {
  const sorted = [...candidates].sort(compareCandidates);
  const byStratum = new Map<string, SampleCandidate[]>();
  for (const candidate of sorted) {
    const list = byStratum.get(candidate.stratum);
    if (list) list.push(candidate);
    else byStratum.set(candidate.stratum, [candidate]);
  }
  const keys = [...byStratum.keys()].sort(compareText);
  const sizes = keys.map((key) => byStratum.get(key)?.length ?? 0);
  const allocation = allocateProportionally(sizes, requestedSize(amount, sorted.length));
  const random = seededRandom(seed);
  const drawn: SampleCandidate[] = [];
  keys.forEach((key, at) => {
    const pool = [...(byStratum.get(key) ?? [])];
    const wanted = allocation[at];
    for (let index = 0; index < wanted; index++) {
      const other = index + Math.floor(random() * (pool.length - index));
      [pool[index], pool[other]] = [pool[other], pool[index]];
    }
    drawn.push(...pool.slice(0, wanted));
  });
  drawn.sort(compareCandidates);
  return {
    items: drawn.map((candidate) => ({ dialogueId: candidate.dialogueId, ...(candidate.turn ? { turnId: candidate.turn.id } : {}), stratum: candidate.stratum })),
    strata: keys.map((key, at) => ({ key, population: sizes[at], sampled: allocation[at] })),
  };
}
