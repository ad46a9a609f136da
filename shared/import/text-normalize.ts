/** `[结束]` / `[End]` (any width, any case) closing the teacher's last turn. */
const END_MARKER_AT_END = /\[\s*(?:结束|end)\s*\]\s*$/i;
const END_MARKER_ANYWHERE = /\[\s*(?:结束|end)\s*\]/gi;
/** whitespace, punctuation and symbols: ignored when comparing an annotation's text with a turn */
const NOISE_CHARACTER = /^[\s\p{P}\p{S}]$/u;
/** True when the utterance ends with the end-of-dialogue marker (the utterance keeps it). */
export function hasEndMarker(utterance: string): boolean {
  const tail = utterance.trimEnd();
  const last = tail.charAt(tail.length - 1);
  // most utterances end otherwise: skip the NFKC copy of the whole text for them
  if (last !== ']' && last !== '］') return false;
  return END_MARKER_AT_END.test(tail.slice(-12).normalize('NFKC'));
}

/**
 * The form used for the second alignment level: width folded (NFKC), case folded, end
 * markers removed, and whitespace/punctuation/symbols dropped, so `你好，世界！[结束]` and
 * `你好, 世界!` compare equal. (The same as `.replace(/[\s\p{P}\p{S}]+/gu, '')` after the
 * markers, by a table of the characters seen: the Unicode-property regex was most of the cost.)
 */
export function foldForAlignment(text: string): string {
  return foldedByTable(text) ?? foldFully(text);
}

function foldFully(text: string): string {
  const lowered = text.normalize('NFKC').toLowerCase();
  return withoutNoise(lowered.includes('[') ? lowered.replace(END_MARKER_ANYWHERE, '') : lowered);
}

/**
 * Per UTF-16 code unit, how it folds on its own: 0 not yet looked at; 1 kept as it is (a CJK
 * ideograph, a-z, 0-9: no decomposition, no case, never part of a composition); 2 dropped (noise
 * whose NFKC and lower case are noise too, no bracket); 3 anything else.
 */
const foldByUnit = new Uint8Array(0x10000);
const KEPT = 1;
const DROPPED = 2;

function unitFold(unit: number): number {
  let known = foldByUnit[unit];
  if (known === 0) {
    const char = String.fromCharCode(unit);
    const folded = char.normalize('NFKC').toLowerCase();
    const inert = (unit >= 0x4e00 && unit <= 0x9fff) || (unit >= 0x3400 && unit <= 0x4dbf) || (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x30 && unit <= 0x39);
    if (inert && folded === char) known = KEPT;
    else if (isNoiseUnit(unit) && !folded.includes('[') && [...folded].every((part) => part.length === 1 && isNoiseUnit(part.charCodeAt(0)))) known = DROPPED;
    else known = 3;
    foldByUnit[unit] = known;
  }
  return known;
}

/**
 * foldFully's result for a text of kept and dropped units only (most Chinese utterances), read
 * from the table without NFKC and lower-casing copies; null for any other text. Such a text
 * folds unit by unit: no unit of it composes with a neighbour, changes case or is an end marker.
 */
function foldedByTable(text: string): string | null {
  let kept = '';
  let runStart = 0;
  for (let at = 0; at < text.length; at++) {
    const fold = unitFold(text.charCodeAt(at));
    if (fold === KEPT) continue;
    if (fold !== DROPPED) return null;
    if (at > runStart) kept += text.slice(runStart, at);
    runStart = at + 1;
  }
  if (runStart === 0) return text;
  return runStart < text.length ? kept + text.slice(runStart) : kept;
}

/** Per UTF-16 code unit: 0 not yet looked at, 1 noise, 2 kept. Filled as characters are met. */
const noiseByUnit = new Uint8Array(0x10000);

function isNoiseUnit(unit: number): boolean {
  let known = noiseByUnit[unit];
  if (known === 0) noiseByUnit[unit] = known = NOISE_CHARACTER.test(String.fromCharCode(unit)) ? 1 : 2;
  return known === 1;
}

const isHighSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;

/** `text` without whitespace, punctuation and symbols (code points, as the `u` flag reads them). */
function withoutNoise(text: string): string {
  let kept = '';
  let runStart = 0;
  for (let at = 0; at < text.length; at++) {
    const unit = text.charCodeAt(at);
    const pair = isHighSurrogate(unit) && isLowSurrogate(text.charCodeAt(at + 1));
    const noise = pair ? NOISE_CHARACTER.test(text.slice(at, at + 2)) : isNoiseUnit(unit);
    if (noise) {
      if (at > runStart) kept += text.slice(runStart, at);
      runStart = at + (pair ? 2 : 1);
    }
    if (pair) at++;
  }
  if (runStart === 0) return text;
  return runStart < text.length ? kept + text.slice(runStart) : kept;
}
