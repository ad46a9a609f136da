import type { ScoreRange } from './types';

/** One alternative at a token position, as the OpenAI API returns it in `top_logprobs` (natural log). */
export interface TokenLogprob {
  token: string;
  logprob: number;
}

export interface ExpectedScore {
  /** Σ s·p(s) / Σ p(s) over the allowed score tokens present; null when none is present */
  value: number | null;
  /** Σ p(s) before renormalising: how much of the model's probability fell on allowed scores */
  mass: number;
  /** p(s) after renormalising, per score present */
  probabilities: Record<number, number>;
}

/**
 * G-Eval's probability-weighted score (Liu et al. 2023) from the top logprobs at the position of
 * the score token. A token counts as score s when, trimmed of whitespace, it is exactly the
 * integer s written in digits (`"4"`, `" 4"`; not `"4."` or `"04"`) and s lies within the range;
 * alternatives for the same score (`"4"` and `" 4"`) add up. Probabilities are renormalised
 * over the allowed scores only (the rest, `"\n"`, `"four"`, is left out; `mass` says how much
 * that was). None present: undefined (null), never a guess. A duplicated token is counted once.
 */
export function expectedScore(alternatives: readonly TokenLogprob[], range: ScoreRange): ExpectedScore {
  const byScore = new Map<number, number>();
  const seen = new Set<string>();
  for (const { token, logprob } of alternatives) {
    if (seen.has(token) || !Number.isFinite(logprob) || logprob > 0) continue;
    seen.add(token);
    const trimmed = token.trim();
    if (!/^-?(0|[1-9][0-9]*)$/.test(trimmed)) continue;
    const score = Number(trimmed);
    if (score < range.min || score > range.max) continue;
    byScore.set(score, (byScore.get(score) ?? 0) + Math.exp(logprob));
  }
  let mass = 0;
  for (const p of byScore.values()) mass += p;
  if (byScore.size === 0 || mass === 0) return { value: null, mass: 0, probabilities: {} };
  let weighted = 0;
  const probabilities: Record<number, number> = {};
  for (const [score, p] of [...byScore].sort((a, b) => a[0] - b[0])) {
    probabilities[score] = p / mass;
    weighted += score * p;
  }
  return { value: weighted / mass, mass, probabilities };
}
