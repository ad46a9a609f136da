/**
 * Whether a model's final answer is right, for the Pass@k probe. Three checkers:
 * - `exact`: the answer equals the reference after trimming and Unicode NFC normalisation.
 * - `numeric`: the final number of each (GSM8K style) is the same number (relative 1e-9).
 * - `regex`: the answer matches the scenario's regular expression (the reference is unused).
 * Generated code is never executed.
 */
import type { AnswerCheckSpec } from './types';

export interface AnswerVerdict {
  correct: boolean;
  /** what was compared, as found in the answer; null when nothing could be (no number in it) */
  extracted: string | null;
}

/** Long answers are cut to their end before a regular expression from a file runs on them. */
const REGEX_INPUT_LIMIT = 10_000;

/**
 * A number as written: a mixed number (`1 1/2`), a fraction (`3/4`), digits with thousands
 * commas (`1,234.50`: a comma counts only before three digits) or plain decimals (`.5`, `42.`),
 * each with an optional minus (ASCII or U+2212).
 */
const NUMBER = /[-−]?(?:\d+\s+\d+\s*\/\s*\d+|\d+\s*\/\s*\d+|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)/g;

/** Where GSM8K-style answers put their final number, most explicit first. */
const FINAL_MARKERS: readonly RegExp[] = [
  /####([^\n#]*)/g,
  /\\boxed\{([^{}]*)\}/g,
  /(?:final answer|answer)\s*(?:is|:|=)\s*([^\n]*)/gi,
  /答案\s*(?:是|为|：|:)\s*([^\n]*)/g,
];

function numberValue(token: string): number {
  const text = token.replace(/−/g, '-').replace(/,/g, '');
  const negative = text.startsWith('-');
  const unsigned = negative ? text.slice(1) : text;
  const mixed = /^(\d+)\s+(\d+)\s*\/\s*(\d+)$/.exec(unsigned);
  const fraction = /^(\d+)\s*\/\s*(\d+)$/.exec(unsigned);
  const value = mixed ? Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]) : fraction ? Number(fraction[1]) / Number(fraction[2]) : Number(unsigned);
  return negative ? -value : value;
}

/**
 * The final number of a text, GSM8K style: the first number after the last `####`, else in the
 * last `\boxed{…}`, else after the last "answer is" / "答案是", else the last number anywhere.
 * Currency signs, units, a trailing period and a percent sign are not part of it: "50%" is 50
 * (percentages compare as the number of percent, as GSM8K writes them). Null when there is none.
 */
export function finalNumber(text: string): { value: number; written: string } | null {
  for (const marker of FINAL_MARKERS) {
    const last = [...text.matchAll(marker)].at(-1);
    const first = last ? [...last[1].matchAll(NUMBER)][0] : undefined;
    if (first) return { value: numberValue(first[0]), written: first[0] };
  }
  const any = [...text.matchAll(NUMBER)].at(-1);
  return any ? { value: numberValue(any[0]), written: any[0] } : null;
}

function sameNumber(a: number, b: number): boolean {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

export function checkAnswer(spec: AnswerCheckSpec, answer: string, reference: string): AnswerVerdict {
  switch (spec.kind) {
    case 'exact': {
      const extracted = answer.trim().normalize('NFC');
      return { correct: extracted === reference.trim().normalize('NFC'), extracted };
    }
    case 'numeric': {
      const found = finalNumber(answer);
      const expected = finalNumber(reference);
      if (!expected) throw new Error(`The reference answer ${JSON.stringify(reference)} holds no number for the numeric check.`);
      return { correct: found !== null && sameNumber(found.value, expected.value), extracted: found?.written ?? null };
    }
    case 'regex': {
      const match = new RegExp(spec.pattern, spec.flags.replace(/[gy]/g, '')).exec(answer.slice(-REGEX_INPUT_LIMIT));
      return { correct: match !== null, extracted: match?.[0] ?? null };
    }
  }
}
