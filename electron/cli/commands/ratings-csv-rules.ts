/**
 * What the two readers of a ratings CSV (the fast one, ratings-csv-fast.ts, and the row-by-row
 * one, agreement-input.ts) share: the shape of what they return, the header check, the default
 * category list and its warning, and the bound on categories.
 */
import { MAX_CATEGORIES, numericCategories } from '../../../shared/agreement';
import type { AgreementData } from '../../../shared/agreement';

/** A problem or warning at a line of the input file (line 1 for the file as a whole). */
export interface LineMessage {
  line: number;
  message: string;
}

export interface FieldData {
  /** the value of the `field` column, or null when the file has none */
  field: string | null;
  data: AgreementData;
}

export type AgreementInput = { ok: true; fields: FieldData[]; raters: string[]; warnings: LineMessage[] } | { ok: false; problems: LineMessage[] };

/** Labels seen, as the default category list: numerically when every label is a number, otherwise by code point. */
export function sortedLabels(labels: Iterable<string>): string[] {
  const unique = [...new Set(labels)];
  const numbers = numericCategories(unique);
  if (numbers) return unique.map((label, index) => ({ label, number: numbers[index] })).sort((a, b) => a.number - b.number).map((entry) => entry.label);
  return unique.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export const EMPTY_RATINGS_FILE = 'The file is empty; it needs the header item,rater,label (and optionally field).';

/** The header of a ratings file checked (the same for the fast reader and the row-by-row one): problems, warnings and where each column is. */
export function checkRatingsHeader(header: readonly string[], headerLine: number): { problems: LineMessage[]; warnings: LineMessage[]; columns: string[] } {
  const columns = header.map((column) => column.toLowerCase());
  const problems: LineMessage[] = [];
  const warnings: LineMessage[] = [];
  const seen = new Set<string>();
  const repeated = columns.find((column) => seen.size === seen.add(column).size);
  if (repeated !== undefined) problems.push({ line: headerLine, message: `The header names the column "${repeated}" twice.` });
  const missing = ['item', 'rater', 'label'].filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    problems.push({ line: headerLine, message: `The header needs the columns item, rater and label (missing: ${missing.join(', ')}; found: ${header.join(', ')}). For a table of counts per category use --layout counts.` });
  }
  if (problems.length > 0) return { problems, warnings, columns };
  for (const column of header) {
    if (!['item', 'rater', 'label', 'field'].includes(column.toLowerCase())) warnings.push({ line: headerLine, message: `The column "${column}" is not used (the columns are item, rater, label and optionally field).` });
  }
  return { problems, warnings, columns };
}

/** Why a field's category list is too long to compute, or null (the bound of MAX_CATEGORIES). */
export function tooManyCategories(count: number, field: string | null): string | null {
  if (count <= MAX_CATEGORIES) return null;
  const where = field === null ? 'The label column has' : `The field "${field}" has`;
  return `${where} ${count.toLocaleString('en-US')} distinct labels; agreement computes at most ${MAX_CATEGORIES.toLocaleString('en-US')} categories per field (Cohen's kappa and Krippendorff's alpha use categories × categories tables). A label column with this many values usually holds free text or ids: check that the "label" column is the one with the codes.`;
}

/** The warning given when the categories are the labels seen (no --categories). */
export function labelsSeenWarning(list: readonly string[], field: string | null): string {
  const named = field === null ? '' : ` for field "${field}"`;
  return `No --categories given; using the ${list.length} label${list.length === 1 ? '' : 's'} seen${named}, sorted: ${list.join(', ')}. A category nobody used is then left out, which changes weighted kappa, Gwet's AC1 and Randolph's kappa; give the full ordered list with --categories.`;
}

