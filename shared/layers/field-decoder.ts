/**
 * A field's value decoded into one integer, the same way for the CLI's rating tables and the
 * agreement view's encoded layers:
 * - a one-label field: the index of the label in the codebook's ordered list;
 * - a label-set field: the id of the distinct set (`sets`; the empty set is a set, "none of the
 *   codes"), so exact-set agreement is equality and code membership a table lookup;
 * - a missing rating: missingCode(reason). No value; an empty one-label value; a label or code
 *   the codebook does not know (a set with any such part is missing as a whole); a conflict of
 *   merged fragments; several labels for a one-label field. Never coerced to a label.
 */
import type { Codebook, FieldDef, FieldType } from '../codebook/types';
import type { FieldValue } from '../model/dataset';
import type { AlphaLevel, WeightScheme } from '../agreement/types';
import { missingCode } from './missing-reasons';

const LABEL_TYPES: readonly FieldType[] = ['single', 'ordinal', 'boolean', 'set'];

/** The fields compared: the requested ids (an unknown or free-text id is a caller's bug), else every label field. */
export function comparableFields(codebook: Codebook, fieldIds?: readonly string[]): FieldDef[] {
  if (!fieldIds) return codebook.fields.filter((field) => LABEL_TYPES.includes(field.type));
  return fieldIds.map((id) => {
    const field = codebook.fields.find((candidate) => candidate.id === id);
    if (!field) throw new Error(`The codebook "${codebook.id}" has no field "${id}".`);
    if (!LABEL_TYPES.includes(field.type)) throw new Error(`The field "${id}" is free text; only label fields are compared.`);
    return field;
  });
}

/** The codebook fields that have labels (every field but free text), in codebook order. */
export function ratableFields(codebook: Codebook): FieldDef[] {
  return codebook.fields.filter((field) => field.type !== 'text' && field.labels.length > 0);
}

/** Linear-weighted kappa and ordinal alpha for ordinal fields; unweighted and nominal otherwise. */
export function defaultScales(ordinal: boolean): { weights: WeightScheme; level: AlphaLevel } {
  return ordinal ? { weights: 'linear', level: 'ordinal' } : { weights: 'none', level: 'nominal' };
}

export const NO_VALUE = missingCode('no-value');
export const NO_TURN = missingCode('no-turn');
export const NO_DIALOGUE = missingCode('no-dialogue');

/** Decodes one field's values; interns the distinct label sets it meets. */
export class FieldDecoder {
  readonly categories: string[];
  readonly index: Map<string, number>;
  readonly isSet: boolean;
  /** label-set fields: each distinct set met, as ascending label indices */
  readonly sets: number[][] = [];
  private readonly setIds = new Map<number, number>();

  constructor(readonly field: FieldDef) {
    this.categories = field.labels.map((label) => label.code);
    this.index = new Map(this.categories.map((category, position) => [category, position]));
    this.isSet = field.type === 'set';
    // Set ids are keyed by Σ 2^label, exact in a double up to 52 labels.
    if (this.isSet && this.categories.length > 52) throw new Error(`The field "${field.id}" has ${this.categories.length} labels; set agreement handles at most 52.`);
  }

  /** Label codes (an imported value's or the expert's) as one encoded value. */
  codes(codes: readonly string[]): number {
    const count = codes.length;
    if (!this.isSet) {
      if (count === 0) return missingCode('empty-value');
      let value = -1;
      for (let at = 0; at < count; at++) {
        const position = this.index.get(codes[at]);
        if (position === undefined) return missingCode('not-in-codebook');
        value = position;
      }
      return count > 1 ? missingCode('several-labels') : value;
    }
    let key = 0;
    if (this.categories.length <= 30) {
      // the common case (SID's sets have about ten codes): the key in a 32-bit integer, by bit operations
      for (let at = 0; at < count; at++) {
        const position = this.index.get(codes[at]);
        if (position === undefined) return missingCode('not-in-codebook');
        key |= 1 << position;
      }
    } else {
      for (let at = 0; at < count; at++) {
        const position = this.index.get(codes[at]);
        if (position === undefined) return missingCode('not-in-codebook');
        const bit = 2 ** position;
        if (Math.floor(key / bit) % 2 === 0) key += bit;
      }
    }
    let id = this.setIds.get(key);
    if (id === undefined) {
      id = this.sets.length;
      this.setIds.set(key, id);
      const chosen: number[] = [];
      for (let label = 0; label < this.categories.length; label++) if (Math.floor(key / 2 ** label) % 2 === 1) chosen.push(label);
      this.sets.push(chosen);
    }
    return id;
  }

  /** An imported value (a file's or the pre-annotation's) as one encoded value. */
  value(value: FieldValue | undefined): number {
    if (!value) return NO_VALUE;
    if (value.status === 'unknown') return missingCode('not-in-codebook');
    if (value.status === 'conflict') return missingCode('conflict');
    return this.codes(value.codes);
  }

  /** membership[set × k + label] is 1 when the set holds the label */
  membership(): Uint8Array {
    const k = this.categories.length;
    const table = new Uint8Array(this.sets.length * k);
    this.sets.forEach((set, id) => {
      for (const label of set) table[id * k + label] = 1;
    });
    return table;
  }
}
