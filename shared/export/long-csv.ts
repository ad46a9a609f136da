import Papa from 'papaparse/papaparse.min.js';
import { fieldAppliesTo } from '../codebook/lookup';
import type { Codebook, FieldDef } from '../codebook/types';
import type { FieldValue, Turn } from '../model/dataset';
import type { FieldReview } from '../model/review';
import { expertValue, indexFieldReviews } from './expert-value';
import type { ExportDialogue } from './types';

export const LONG_CSV_HEADER = ['dialogue', 'turn', 'field', 'pre_annotation', 'expert_value', 'status', 'reviewer', 'time'] as const;

export interface LongCsvOptions {
  /**
   * Prefix cells that a spreadsheet would run as a formula (`=…`, `@…`, `+cmd…`) with `'`.
   * On by default because utterances and model output are untrusted; plain numbers such as
   * `-3` are left alone.
   */
  escapeFormulae?: boolean;
}

/** A cell a spreadsheet would run as a formula; a plain negative number like -3 is not one. */
export const SPREADSHEET_FORMULA_START = /^[=+\-@\t\r](?!\d+(?:[.,]\d+)?$)/;

/** Label fields as canonical codes joined with ", "; unresolved values as imported. */
function preText(field: FieldDef, pre: FieldValue | undefined): string {
  if (!pre) return '';
  if (field.type === 'text' || pre.status === 'unknown' || pre.status === 'conflict') return pre.raw;
  return pre.codes.join(', ');
}

function expertText(field: FieldDef, turn: Turn, review: FieldReview | undefined): string {
  if (!review) return '';
  const value = expertValue(turn, field, review);
  return field.type === 'text' ? value.text : value.codes.join(', ');
}

function shouldWrite(field: FieldDef, turn: Turn, review: FieldReview | undefined): boolean {
  if (fieldAppliesTo(field, turn.speaker) || review) return true;
  const pre = turn.pre[field.id];
  return pre !== undefined && pre.status !== 'empty';
}

/**
 * One row per turn × field that applies to the speaker (or that holds a value anyway):
 * `dialogue` is the dialogue's database id (unique, unlike external ids shared by teacher
 * models), `turn` the 0-based turn index, label values are canonical codes joined with ", ",
 * `expert_value` is empty unless reviewed, `status` is accepted/changed/unsure/unreviewed.
 */
export function toLongCsv(items: readonly ExportDialogue[], codebook: Codebook, opts: LongCsvOptions = {}): string {
  const rows: string[][] = [[...LONG_CSV_HEADER]];
  for (const item of items) {
    const reviews = indexFieldReviews(item.fieldReviews);
    for (const turn of [...item.turns].sort((a, b) => a.index - b.index)) {
      for (const field of codebook.fields) {
        const review = reviews.get(`${turn.id}|${field.id}`);
        if (!shouldWrite(field, turn, review)) continue;
        rows.push([
          item.dialogue.id,
          String(turn.index),
          field.id,
          preText(field, turn.pre[field.id]),
          expertText(field, turn, review),
          review?.decision ?? 'unreviewed',
          review?.reviewer ?? '',
          review?.at ?? '',
        ]);
      }
    }
  }
  return `${Papa.unparse(rows, { newline: '\n', escapeFormulae: opts.escapeFormulae === false ? false : SPREADSHEET_FORMULA_START })}\n`;
}
