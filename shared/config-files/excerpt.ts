/**
 * What a message may quote of a file's content: a bounded piece, never the file. A file named by
 * mistake (or by an attacker: a scenario whose task file is /proc/self/environ) must not end up
 * on a terminal, in a log or in a dialog through an error message.
 */

/** Characters one quoted value keeps. */
export const EXCERPT_CHARACTERS = 40;

/** `text` cut to `max` characters (never inside a surrogate pair), `…` where it was cut. */
export function excerpt(text: string, max = EXCERPT_CHARACTERS): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** A list of values (a CSV header) quoted as `a, b, c`: at most `count` values, each an excerpt, and how many more there are. */
export function listExcerpt(values: readonly string[], count = 10): string {
  const shown = values.slice(0, count).map((value) => excerpt(value));
  const more = values.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}
