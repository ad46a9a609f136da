/**
 * A JSON escape such as "\ud800" with no partner gives a string holding half of a character: it
 * survives JSON.parse, shows as "�" and is refused by other tools (a strict UTF-8 writer, a
 * database). UTF-8 bytes cannot hold one (the decoder refuses them), so only an escape in the
 * text can: the text is searched first, and the parsed value walked only when it may hold one.
 */

/** an escape of a surrogate half in JSON text: cheap to find, and absent from almost every file */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function mayHoldLoneSurrogate(jsonText: string): boolean {
  return SURROGATE_ESCAPE.test(jsonText);
}

/** Whether a string or key anywhere in a parsed JSON value holds a lone surrogate (own stack: any depth). */
export function holdsLoneSurrogate(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (LONE_SURROGATE.test(item)) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) pending.push(child);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        if (LONE_SURROGATE.test(key)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

export const LONE_SURROGATE_MESSAGE =
  'This record holds text with a lone surrogate (an unpaired \\ud800-\\udfff escape), which stands for no character: it is kept as written, but shows as "\ufffd" and other tools may refuse it; correct the text in the file.';
