/**
 * The one order of names a reader expects wherever Maieutic lists files or dialogues: numbers
 * inside a name compare as numbers (`topic_2` before `topic_10`, `7-2-1` before `12-3-1`), letters
 * as an English reader sorts them (case and accents only break ties). The data-set table sorts
 * by it and a folder import reads each folder's entries in it, so files arrive in the order the
 * table later lists them.
 */
const collator = new Intl.Collator('en', { numeric: true });

export const compareNatural: (a: string, b: string) => number = collator.compare;

/**
 * compareNatural made total: two different names the collator holds equal (canonically
 * equivalent Unicode, ignorable characters) still get one fixed order, by UTF-16 code units,
 * so a walk lists the same folder the same way on every run and platform.
 */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
