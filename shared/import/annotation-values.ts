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

/**
 * The codebook fields present as keys of one annotation object, normalised. `shared`: the values
 * may be memo entries shared with other turns (sharedNormalizedValue), for a caller that only
 * reads them.
 */
export function annotationValues(codebook: Codebook, annotation: Record<string, unknown>, shared = false): FieldValues {
  const values: FieldValues = {};
  for (const field of codebook.fields) {
    if (!Object.hasOwn(annotation, field.id)) continue;
    const raw = cellText(annotation[field.id]);
    values[field.id] = (shared ? (sharedNormalizedValue(field, raw) as FieldValue | undefined) : undefined) ?? normalizeValue(field, raw);
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
