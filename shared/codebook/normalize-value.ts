import type { FieldValue } from '../model/dataset';
import { foldForMatch, splitValueParts } from './text-fold';
import { takesOneLabel } from './lookup';
import type { FieldDef } from './types';

/** folded spelling (code, zh, en, alias) → label code, built once per field definition */
const spellingIndexes = new WeakMap<FieldDef, Map<string, string>>();

function spellingIndex(field: FieldDef): Map<string, string> {
  let index = spellingIndexes.get(field);
  if (!index) {
    index = new Map();
    for (const label of field.labels) {
      for (const spelling of [label.code, label.name.zh, label.name.en, ...label.aliases]) {
        const folded = foldForMatch(spelling);
        if (folded && !index.has(folded)) index.set(folded, label.code);
      }
    }
    spellingIndexes.set(field, index);
  }
  return index;
}

/**
 * `理解（Understand）` after folding is `理解(understand)`: a name with a gloss in brackets.
 * The name runs to the first `(` after the first character, the gloss from there to a closing
 * `)` that ends the text, and neither is empty. This is what `/^(.+?)\s*\((.+)\)$/` matched
 * (folded text has no line breaks), by one scan: that regex backtracks quadratically on a
 * cell of many `(`.
 */
export function splitGloss(folded: string): [name: string, gloss: string] | undefined {
  if (!folded.endsWith(')')) return undefined;
  const open = folded.indexOf('(', 1);
  if (open === -1 || open > folded.length - 3) return undefined;
  return [folded.slice(0, open), folded.slice(open + 1, -1)];
}

/**
 * One part to a label code. A glossed part matches when the parts that match name the same
 * label (`理解（Understand）` as a Bloom level → understand; as a cognition state neither part
 * matches, so it stays unknown).
 */
export function matchLabelCode(field: FieldDef, part: string): string | undefined {
  const index = spellingIndex(field);
  const folded = foldForMatch(part);
  const direct = index.get(folded);
  if (direct !== undefined) return direct;
  const glossed = splitGloss(folded);
  if (!glossed) return undefined;
  const first = index.get(glossed[0].trim());
  const second = index.get(glossed[1].trim());
  if (first !== undefined && second !== undefined) return first === second ? first : undefined;
  return first ?? second;
}

function unknownValue(raw: string, unknown: string[]): FieldValue {
  return { raw, codes: [], unknown, status: 'unknown' };
}

function computeValue(field: FieldDef, raw: string): FieldValue {
  const trimmed = raw.trim();
  if (trimmed.length === 0) return { raw, codes: [], unknown: [], status: 'empty' };
  if (field.type === 'text') return { raw, codes: [], unknown: [], status: 'ok' };

  // The whole cell first: some names contain a separator ("L3 open / inferential").
  const whole = matchLabelCode(field, trimmed);
  if (whole !== undefined) return { raw, codes: [whole], unknown: [], status: 'ok' };

  const parts = splitValueParts(trimmed);
  // separators only (",,,、、、"): no label at all, which must not pass as an empty set marked ok
  if (parts.length === 0) return unknownValue(raw, [trimmed]);
  if (takesOneLabel(field)) {
    if (parts.length !== 1) return unknownValue(raw, parts.length > 1 ? parts : [trimmed]);
    const code = matchLabelCode(field, parts[0]);
    return code === undefined ? unknownValue(raw, [parts[0]]) : { raw, codes: [code], unknown: [], status: 'ok' };
  }

  const codes: string[] = [];
  const unknown: string[] = [];
  for (const part of parts) {
    const code = matchLabelCode(field, part);
    if (code === undefined) unknown.push(part);
    else if (!codes.includes(code)) codes.push(code);
  }
  return { raw, codes, unknown, status: unknown.length > 0 ? 'unknown' : 'ok' };
}

/**
 * Label-field results are memoised per field because pre-annotations repeat the same few strings
 * thousands of times; the cache is dropped when it grows past a bound. Text fields and empty
 * cells are not: their value is as cheap to build as to copy, and a text field's cells are
 * mostly distinct utterances, which would only churn the cache.
 */
const MEMO_LIMIT = 5000;
const memo = new WeakMap<FieldDef, Map<string, FieldValue>>();

/** Callers own the value they get (the codes and unknown lists included), never the cached one. */
function copyValue(value: FieldValue): FieldValue {
  return { raw: value.raw, codes: value.codes.length === 0 ? [] : value.codes.slice(), unknown: value.unknown.length === 0 ? [] : value.unknown.slice(), status: value.status };
}

/**
 * Maps a raw cell onto the field's labels. `raw` is kept exactly; codes are in order of
 * appearance in raw, without repeats. Matching ignores case, full-/half-width and
 * surrounding whitespace. A one-value field (single/ordinal/boolean) given several parts is
 * 'unknown' with every part in `unknown`. Open-vocabulary fields report unknown parts the
 * same way; it is the importer that treats them as notes rather than problems.
 */
export function normalizeValue(field: FieldDef, raw: string): FieldValue {
  const value = sharedNormalizedValue(field, raw);
  return value === undefined ? computeValue(field, raw) : copyValue(value);
}

/**
 * normalizeValue's result from the memo itself, not copied, for a caller that only reads it and
 * keeps nothing (an import check whose dialogues are dropped); undefined for the values that are
 * not memoised (text fields, empty cells), which the caller computes with normalizeValue.
 */
export function sharedNormalizedValue(field: FieldDef, raw: string): Readonly<FieldValue> | undefined {
  if (field.type === 'text' || raw.length === 0) return undefined;
  let cache = memo.get(field);
  if (!cache) {
    cache = new Map();
    memo.set(field, cache);
  }
  const cached = cache.get(raw);
  if (cached) return cached;
  const value = computeValue(field, raw);
  if (cache.size >= MEMO_LIMIT) cache.clear();
  cache.set(raw, value);
  return value;
}
