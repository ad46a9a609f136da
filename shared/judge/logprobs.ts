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

/** One generated token with its alternatives, as `choices[0].logprobs.content[i]` of the OpenAI chat API. */
export interface ContentTokenLogprob extends TokenLogprob {
  top_logprobs: readonly TokenLogprob[];
}

interface ObjectFrame {
  rubric: string | null;
  /** the offset of the score's first character, and its text */
  score: { at: number; text: string } | null;
}

/**
 * The alternatives at each rubric's score token of a judge answer, by rubric id, for
 * expectedScore. The tokens' text is read as JSON from its first `{` (after a `<think>` block):
 * in every object, the string after the key "rubric" names the rubric and the number after the
 * key "score" is its score (keys inside strings, like a rationale quoting `"score": 2`, are
 * text, not keys). A score counts only when one token holds the whole number (`" 4"`); a number
 * split over tokens (`"1"`, `"0"`), a rubric scored twice or an object without both keys gives
 * no entry, so no expected score is made up.
 */
export function scoreTokenAlternatives(content: readonly ContentTokenLogprob[]): Map<string, readonly TokenLogprob[]> {
  const starts: number[] = [];
  let text = '';
  for (const token of content) {
    starts.push(text.length);
    text += token.token;
  }
  const tokenAt = (offset: number): number => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const thinkEnd = text.trimStart().startsWith('<think>') ? text.indexOf('</think>') : -1;
  let at = text.indexOf('{', thinkEnd === -1 ? 0 : thinkEnd);
  const found = new Map<string, readonly TokenLogprob[]>();
  const seen = new Set<string>();
  if (at === -1) return found;
  const frames: ObjectFrame[] = [];
  let lastString: string | null = null;
  let key: string | null = null;
  for (; at < text.length; at++) {
    const ch = text[at];
    if (ch === '"') {
      let end = at + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      try {
        lastString = JSON.parse(text.slice(at, end + 1)) as string;
      } catch {
        lastString = null;
      }
      const frame = frames[frames.length - 1];
      if (key === 'rubric' && frame && lastString !== null) frame.rubric = lastString;
      if (key !== null) key = null;
      at = end;
    } else if (ch === ':') {
      key = lastString;
      lastString = null;
    } else if (ch === '{') {
      frames.push({ rubric: null, score: null });
      key = null;
    } else if (ch === '}') {
      const frame = frames.pop();
      if (frame?.rubric && frame.score) {
        const index = tokenAt(frame.score.at);
        const whole = content[index].token.trim() === frame.score.text && tokenAt(frame.score.at + frame.score.text.length - 1) === index;
        if (seen.has(frame.rubric)) found.delete(frame.rubric);
        else if (whole) found.set(frame.rubric, content[index].top_logprobs);
        seen.add(frame.rubric);
      }
      if (frames.length === 0) break;
      key = null;
    } else if (key === 'score' && (ch === '-' || (ch >= '0' && ch <= '9'))) {
      let end = at + 1;
      while (end < text.length && /[0-9.eE+-]/.test(text[end])) end++;
      const frame = frames[frames.length - 1];
      if (frame) frame.score = { at, text: text.slice(at, end) };
      key = null;
      at = end - 1;
    } else if (ch === ',' || ch === '[' || ch === ']') key = null;
  }
  return found;
}
