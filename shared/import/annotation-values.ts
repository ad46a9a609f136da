import { normalizeValue, sharedNormalizedValue } from '../codebook/normalize-value';
import type { Codebook, FieldDef } from '../codebook/types';
import type { FieldValue, FieldValues } from '../model/dataset';

/**
 * A cell of an annotation object as a string. LLM output sometimes holds numbers, lists
 * (`["生物", "地理"]`) or null instead of strings: lists are joined with ", ", null is "".
 */
export function cellText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(cellText).join(', ');
  return JSON.stringify(value);
}

/** How annotationValues reads one field, worked out once per codebook rather than per cell. */
export interface FieldReader {
  id: string;
  field: FieldDef;
  /** `toString`, `constructor`, …: a plain read would find Object.prototype's when the key is absent */
  inheritedName: boolean;
}

const readersOfCodebook = new WeakMap<Codebook, FieldReader[]>();

export function fieldReaders(codebook: Codebook): FieldReader[] {
  let readers = readersOfCodebook.get(codebook);
  if (!readers) {
    readers = codebook.fields.map((field) => ({ id: field.id, field, inheritedName: field.id in Object.prototype }));
    readersOfCodebook.set(codebook, readers);
  }
  return readers;
}

// Read-only values (the `shared` case) need no lists of their own. Not frozen: a frozen object has
// a map of its own, and every reader of field values (labels, merging, metrics) would then meet two
// shapes and be recompiled; the read-only promise is the callers' (ParseOptions.readOnlyValues).
const NO_PARTS: string[] = [];
const EMPTY_CELL: FieldValue = { raw: '', codes: NO_PARTS, unknown: NO_PARTS, status: 'empty' };

/** normalizeValue's result for a read-only caller, without copies or lists of its own. */
function sharedValue(field: FieldDef, raw: string): FieldValue {
  if (raw.length === 0) return EMPTY_CELL;
  if (field.type === 'text') return { raw, codes: NO_PARTS, unknown: NO_PARTS, status: raw.trim().length === 0 ? 'empty' : 'ok' };
  return (sharedNormalizedValue(field, raw) as FieldValue | undefined) ?? normalizeValue(field, raw);
}

/**
 * The codebook fields present as keys of one annotation object, normalised. `shared`: the values
 * may be memo entries shared with other turns (sharedNormalizedValue), for a caller that only
 * reads them.
 */
export function annotationValues(codebook: Codebook, annotation: Record<string, unknown>, shared = false): FieldValues {
  const values: FieldValues = {};
  for (const { id, field, inheritedName } of fieldReaders(codebook)) {
    const cell = annotation[id];
    // one property read per field in the usual case; hasOwn only when the read cannot tell
    if ((inheritedName || cell === undefined) && !Object.hasOwn(annotation, id)) continue;
    const raw = cellText(cell);
    values[id] = shared ? sharedValue(field, raw) : normalizeValue(field, raw);
  }
  return values;
}

function sameMeaning(a: FieldValue, b: FieldValue): boolean {
  if (a.status !== b.status) return false;
  if (a.status === 'unknown') return a.raw.trim() === b.raw.trim();
  if (a.codes.length !== b.codes.length) return false;
  const codes = new Set(a.codes);
  return b.codes.every((code) => codes.has(code));
}

function union(lists: string[][]): string[] {
  return [...new Set(lists.flat())];
}

/**
 * One field's value for a turn that received several annotation entries. Empty fragments do
 * not vote. Agreeing fragments keep their meaning (raw joined with " | " when spelled
 * differently); disagreeing ones become a 'conflict' whose codes are the union for set fields
 * and empty for one-value fields. Text fields are pieces of one utterance, so they are joined.
 */
export function mergeFieldValues(field: FieldDef, fragments: FieldValue[]): { value: FieldValue; conflict: boolean } {
  const voting = fragments.filter((fragment) => fragment.status !== 'empty');
  if (voting.length === 0) return { value: { ...fragments[0], codes: [], unknown: [] }, conflict: false };
  const raws = voting.map((fragment) => fragment.raw);
  const joinedRaw = raws.every((raw) => raw === raws[0]) ? raws[0] : raws.join(' | ');
  if (field.type === 'text') {
    return { value: { raw: joinedRaw, codes: [], unknown: [], status: 'ok' }, conflict: false };
  }
  if (voting.every((fragment) => sameMeaning(fragment, voting[0]))) {
    return { value: { ...voting[0], raw: joinedRaw, codes: [...voting[0].codes], unknown: [...voting[0].unknown] }, conflict: false };
  }
  const codes = field.type === 'set' ? union(voting.map((fragment) => fragment.codes)) : [];
  const unknown = union(voting.map((fragment) => fragment.unknown));
  return { value: { raw: raws.join(' | '), codes, unknown, status: 'conflict' }, conflict: true };
}
