/**
 * Folding used to compare label spellings: NFKC turns full-width forms into half-width
 * (`（Understand）` → `(understand)`, `Ｌ２` → `L2`, the ideographic space → a space),
 * then case and runs of whitespace are ignored.
 */
export function foldForMatch(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Separators seen between the values of a multi-valued cell: `生物,地理`, `生物, 地理`,
 * `生物，地理`, `生物、地理`, `;` `；` `/` (full-width slash too), with any whitespace around.
 */
const VALUE_SEPARATOR = /[,，、;；/／]/;

/**
 * The non-empty, trimmed parts of a raw cell, exactly as written (not folded). The whitespace
 * around a separator goes with the trim: a regex `\s*[,…]\s*` would rescan a long run of
 * spaces from each of its positions (quadratic on a cell of spaces).
 */
export function splitValueParts(raw: string): string[] {
  return raw
    .split(VALUE_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}
