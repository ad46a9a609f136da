/**
 * Which candidate of a preference branch is chosen: the highest Pass@k at the largest k of the
 * scenario (ties: the first of them); null when every candidate scores the same, since a pair
 * of equals teaches a preference nothing.
 */
export function chooseCandidate(candidates: readonly { passAtK: Record<string, number> }[], ks: readonly number[]): number | null {
  if (candidates.length === 0 || ks.length === 0) return null;
  const key = String(Math.max(...ks));
  const values = candidates.map((candidate) => candidate.passAtK[key] ?? 0);
  if (values.every((value) => value === values[0])) return null;
  let best = 0;
  values.forEach((value, index) => {
    if (value > values[best]) best = index;
  });
  return best;
}
