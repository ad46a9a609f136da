import { normalizeValue } from '../codebook/normalize-value';
import type { FieldValue } from '../model/dataset';
import type { AskedField } from './asked-fields';

/** What an answer's value for one field gave: a value for the layer, or why it cannot be one. */
export type ReadValue = { ok: true; value: FieldValue } | { ok: false; code: 'wrong-type' | 'unknown-label' | 'missing-value'; message: string };

export function emptyValue(): FieldValue {
  return { raw: '', codes: [], unknown: [], status: 'empty' };
}

/** How a value is named in a problem: model text is quoted as JSON and cut short, other values by their kind. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** null, "" and [] all say "no value" (a model writes any of them for a field that does not apply). */
export function isNoValue(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim().length === 0) || (Array.isArray(value) && value.length === 0);
}

const isScalarLabel = (value: unknown): value is string | number => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/**
 * Unknown parts fail a closed field. An open vocabulary keeps them, flagged 'unknown', as the
 * import does with the same value in a file; a one-label field given several parts fails either way.
 */
function fromNormalized(asked: AskedField, value: FieldValue): ReadValue {
  const { field } = asked;
  if (value.status === 'empty') return { ok: false, code: 'missing-value', message: `${field.id} is empty` };
  if (value.unknown.length === 0) return { ok: true, value };
  if (asked.shape === 'label' && value.unknown.length > 1) return { ok: false, code: 'wrong-type', message: `${field.id} takes one label but the answer gives several (${describeValue(value.raw)})` };
  if (field.openVocabulary) return { ok: true, value };
  const parts = value.unknown.map((part) => describeValue(part)).join(', ');
  return { ok: false, code: 'unknown-label', message: `${field.id}: ${parts} is not a label of this field` };
}

function readBoolean(asked: AskedField, answer: unknown): ReadValue {
  const codes = asked.booleanCodes!;
  if (typeof answer === 'boolean') return { ok: true, value: { raw: String(answer), codes: [answer ? codes.true : codes.false], unknown: [], status: 'ok' } };
  if (typeof answer !== 'string') return { ok: false, code: 'wrong-type', message: `${asked.field.id} takes true or false, not ${describeValue(answer)}` };
  const read = fromNormalized(asked, normalizeValue(asked.field, answer));
  if (read.ok && read.value.codes.length === 1 && (read.value.codes[0] === codes.true || read.value.codes[0] === codes.false)) return read;
  return read.ok ? { ok: false, code: 'unknown-label', message: `${asked.field.id} takes true or false, not ${describeValue(answer)}` } : read;
}

/**
 * One field's value on a turn it applies to, normalised as the import normalises a cell (codes,
 * Chinese or English names, aliases; a list as its items joined with ", ").
 */
export function readAppliedValue(asked: AskedField, answer: unknown): ReadValue {
  const { field } = asked;
  if (answer === null || answer === undefined) return { ok: false, code: 'missing-value', message: `${field.id} applies to this turn but the answer gives ${answer === null ? 'null' : 'no value'}` };
  if (asked.shape === 'boolean') return readBoolean(asked, answer);
  if (asked.shape === 'label') {
    if (!isScalarLabel(answer)) return { ok: false, code: 'wrong-type', message: `${field.id} takes one label, not ${describeValue(answer)}` };
    return fromNormalized(asked, normalizeValue(field, String(answer)));
  }
  if (!Array.isArray(answer)) return { ok: false, code: 'wrong-type', message: `${field.id} takes a list of labels, not ${describeValue(answer)}` };
  if (answer.length === 0) return { ok: true, value: emptyValue() };
  if (!answer.every(isScalarLabel)) return { ok: false, code: 'wrong-type', message: `${field.id} takes a list of labels, and one of its items is ${describeValue(answer.find((item) => !isScalarLabel(item)))}` };
  const joined = answer.map(String).join(', ');
  const value = normalizeValue(field, joined);
  // a list of empty strings names nothing: the same as []
  return value.status === 'empty' ? { ok: true, value: emptyValue() } : fromNormalized(asked, value);
}
