/** `[结束]` / `[End]` (any width, any case) closing the teacher's last turn. */
const END_MARKER_AT_END = /\[\s*(?:结束|end)\s*\]\s*$/i;
const END_MARKER_ANYWHERE = /\[\s*(?:结束|end)\s*\]/gi;
/** whitespace, punctuation and symbols: ignored when comparing an annotation's text with a turn */
const NOISE = /[\s\p{P}\p{S}]+/gu;

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
 * `你好, 世界!` compare equal.
 */
export function foldForAlignment(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(END_MARKER_ANYWHERE, '').replace(NOISE, '');
}
