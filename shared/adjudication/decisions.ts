/**
 * Adjudication records with their provenance, and the adjudicated layer's values built from
 * them. A record says which value was decided, which raters had given it, who decided, a note
 * and whether the guideline needs an update; `unresolved` keeps the item open with no value.
 */
import type { FieldDef } from '../codebook/types';
import type { AdjudicationRow } from '../model/adjudication';
import type { FieldValue, FieldValues } from '../model/dataset';
import type { AdjudicationItem } from './queue';
import { canonicalCodes, hasValue, sameCodes } from './ratings';

/** What the adjudicator chose for an item. */
export type AdjudicationChoice =
  /** the value of the rater with this key */
  | { kind: 'rater'; rater: string }
  /** a value none of the raters need have given (typed in) */
  | { kind: 'value'; codes: readonly string[] }
  | { kind: 'unresolved' };

export interface DecisionMeta {
  datasetId: string;
  /** the adjudicator's annotator id */
  decidedBy: string;
  note?: string;
  needsGuidelineUpdate?: boolean;
  at: string;
}

function baseRow(item: AdjudicationItem, meta: DecisionMeta) {
  return {
    id: item.id,
    datasetId: meta.datasetId,
    dialogueId: item.dialogueId,
    turnId: item.turnId,
    fieldId: item.fieldId,
    text: null,
    compared: item.ratings.map((rating) => rating.rater),
    decidedBy: meta.decidedBy,
    needsGuidelineUpdate: meta.needsGuidelineUpdate ?? false,
    note: (meta.note ?? '').trim(),
    at: meta.at,
  };
}

/** The raters whose value equals `codes`, in the raters' order. */
export function ratersAgreeingWith(item: AdjudicationItem, codes: readonly string[]): string[] {
  return item.ratings.filter(({ rating }) => hasValue(rating) && sameCodes(rating.codes, codes)).map(({ rater }) => rater);
}

/**
 * The record of a decision on `item`. A typed value is put in codebook order and must be a value
 * of the field (one code for a one-label field, codebook codes only); a rater without a value
 * cannot be chosen.
 */
export function decisionRow(item: AdjudicationItem, field: FieldDef, choice: AdjudicationChoice, meta: DecisionMeta): AdjudicationRow {
  if (field.id !== item.fieldId) throw new Error(`The item is about field "${item.fieldId}", not "${field.id}".`);
  if (choice.kind === 'unresolved') return { ...baseRow(item, meta), status: 'unresolved', codes: [], agreedWith: [] };
  let codes: string[];
  if (choice.kind === 'rater') {
    const rating = item.ratings.find((entry) => entry.rater === choice.rater)?.rating;
    if (!rating) throw new Error(`The rater "${choice.rater}" is not compared on this item.`);
    if (!hasValue(rating)) throw new Error(`The rater "${choice.rater}" has no value for this item (${rating.missing}).`);
    codes = [...rating.codes];
  } else {
    // an open vocabulary (discipline) takes new values, after the codebook's own in codebook order
    const known = field.openVocabulary ? choice.codes.filter((code) => field.labels.some((label) => label.code === code)) : choice.codes;
    const extra = field.openVocabulary ? [...new Set(choice.codes.map((code) => code.trim()).filter((code) => code !== '' && !known.includes(code)))] : [];
    const ordered = canonicalCodes(field, known);
    if (ordered === null) throw new Error(`A code of ${choice.codes.join(', ')} is not a label of "${field.id}".`);
    const canonical = [...ordered, ...extra];
    if (field.type !== 'set' && canonical.length !== 1) throw new Error(`"${field.id}" takes exactly one label (got ${canonical.length}).`);
    codes = canonical;
  }
  return { ...baseRow(item, meta), status: 'adjudicated', codes, agreedWith: ratersAgreeingWith(item, codes) };
}

/** The record of an item every rater with a value agreed on, accepted as it is. */
export function unanimousRow(item: AdjudicationItem, meta: DecisionMeta): AdjudicationRow {
  if (item.groups.length !== 1) throw new Error(`The raters disagree on ${item.id}; it is not unanimous.`);
  const codes = [...item.groups[0].codes];
  return { ...baseRow(item, meta), status: 'unanimous', codes, agreedWith: ratersAgreeingWith(item, codes) };
}

/** The decided value as the adjudicated layer holds it; null for an unresolved record (no value). */
export function adjudicatedFieldValue(row: Pick<AdjudicationRow, 'status' | 'codes'>): FieldValue | null {
  if (row.status === 'unresolved') return null;
  return { raw: row.codes.join(', '), codes: [...row.codes], unknown: [], status: row.codes.length === 0 ? 'empty' : 'ok' };
}

/** The adjudicated layer's values of one turn from its records (unresolved ones leave their field out). */
export function adjudicatedTurnValues(rows: readonly Pick<AdjudicationRow, 'fieldId' | 'status' | 'codes'>[]): FieldValues {
  const values: FieldValues = {};
  for (const row of rows) {
    const value = adjudicatedFieldValue(row);
    if (value) values[row.fieldId] = value;
  }
  return values;
}
