import Papa from 'papaparse/papaparse.min.js';
import { fieldAppliesTo } from '../codebook/lookup';
import type { Codebook, FieldDef } from '../codebook/types';
import type { FieldValue, Turn } from '../model/dataset';
import type { FieldReview } from '../model/review';
import { expertValue, indexFieldReviews } from './expert-value';
import type { ExportDialogue } from './types';

/** The first eight columns are the original layout; `external_id` and `teacher_model` were added after them so positional readers keep working. */
export const LONG_CSV_HEADER = ['dialogue', 'turn', 'field', 'pre_annotation', 'expert_value', 'status', 'reviewer', 'time', 'external_id', 'teacher_model'] as const;

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
 * `expert_value` is empty unless reviewed, `status` is accepted/changed/unsure/unreviewed;
 * `external_id` is the source's `<topic>-<student>-<repeat>` (or `<file>:<line>`) and
 * `teacher_model` the model as the reviewer corrected it, for grouping without a join.
 */
export function toLongCsv(items: readonly ExportDialogue[], codebook: Codebook, opts: LongCsvOptions = {}): string {
  const rows: string[][] = [[...LONG_CSV_HEADER]];
  for (const item of items) {
    const reviews = indexFieldReviews(item.fieldReviews);
    const teacherModel = item.dialogueReview?.teacherModel ?? item.dialogue.teacherModel;
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
          item.dialogue.externalId,
          teacherModel,
        ]);
      }
    }
  }
  return `${Papa.unparse(rows, { newline: '\n', escapeFormulae: opts.escapeFormulae === false ? false : SPREADSHEET_FORMULA_START })}\n`;
}
