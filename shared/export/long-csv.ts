import Papa from 'papaparse/papaparse.min.js';
import type { Codebook, FieldDef } from '../codebook/types';
import type { FieldValue, Turn } from '../model/dataset';
import type { FieldReview } from '../model/review';
import { expertValue, indexFieldReviews } from './expert-value';
import { dialoguesInScope, turnIdsInScope, verifiedTurnIds, type ExportScope } from './scope';
import type { ExportDialogue } from './types';
import { DEFAULT_UNSURE_VALUES, leavesUnsureEmpty, type UnsureValues } from './unsure-values';
import { exportAcceptance, exportedFieldValues } from './value-status';
import type { AdjudicationRow } from '../model/adjudication';
import { valueProvenance, type ProvenanceContext } from './value-provenance';

/**
 * The first eight columns are the original layout; `external_id` and `teacher_model`, then
 * `turn_verified` and `dialogue_status`, then the per-value provenance (value-provenance.ts:
 * `source_layer` … `codebook_hash`), then `acceptance` (how an accepted value was accepted), were
 * added after them so positional readers keep working.
 */
export const LONG_CSV_HEADER = [
  'dialogue',
  'turn',
  'field',
  'pre_annotation',
  'expert_value',
  'status',
  'reviewer',
  'time',
  'external_id',
  'teacher_model',
  'turn_verified',
  'dialogue_status',
  'source_layer',
  'source_layer_id',
  'source_layer_name',
  'annotator',
  'annotator_id',
  'adjudicated',
  'adjudication_status',
  'codebook_id',
  'codebook_version',
  'codebook_hash',
  'acceptance',
] as const;

export interface LongCsvOptions {
  /**
   * Prefix cells that a spreadsheet would run as a formula (`=…`, `@…`, `+cmd…`) with `'`.
   * On by default because utterances and model output are untrusted; plain numbers such as
   * `-3` are left alone.
   */
  escapeFormulae?: boolean;
  /** which turns get rows (scope.ts); 'all' by default */
  scope?: ExportScope;
  /** names of layers and annotators and the codebook version for the provenance columns; without it ids stand for names and the codebook columns are empty */
  provenance?: ProvenanceContext;
  /** the data set's adjudication records: their status goes in `adjudication_status` (the CSV writes expert values, never adjudicated ones) */
  adjudicationRows?: readonly AdjudicationRow[];
  /** labels the expert marked unsure: `expert_value` left empty (default) or the expert's guess; `status` says unsure either way */
  unsureValues?: UnsureValues;
}

/** A cell a spreadsheet would run as a formula; a plain negative number like -3 is not one. */
export const SPREADSHEET_FORMULA_START = /^[=+\-@\t\r](?!\d+(?:[.,]\d+)?$)/;

/** Label fields as canonical codes joined with ", "; unresolved values as imported. */
function preText(field: FieldDef, pre: FieldValue | undefined): string {
  if (!pre) return '';
  if (field.type === 'text' || pre.status === 'unknown' || pre.status === 'conflict') return pre.raw;
  return pre.codes.join(', ');
}

function expertText(field: FieldDef, turn: Turn, review: FieldReview | undefined, unsureValues: UnsureValues): string {
  if (!review || leavesUnsureEmpty(field.id, review, unsureValues)) return '';
  const value = expertValue(turn, field, review);
  return field.type === 'text' ? value.text : value.codes.join(', ');
}

/**
 * One row per turn in scope × field that applies to the (corrected) speaker, or that holds a
 * value anyway (value-status.ts): `dialogue` is the dialogue's database id (unique, unlike
 * external ids shared by teacher models), `turn` the 0-based turn index, label values are
 * canonical codes joined with ", ", `expert_value` is empty unless reviewed (and for an unsure
 * label left empty), `status` is accepted/changed (corrected)/unsure, or unreviewed for a value no
 * expert decided on — also in a verified turn; `acceptance` says how an accepted value was
 * accepted (verify, deliberate, or unknown for reviews stored before it was recorded); `external_id` is the source's `<topic>-<student>-<repeat>` (or
 * `<file>:<line>`), `teacher_model` the model as the reviewer corrected it, `turn_verified`
 * true/false and `dialogue_status` unreviewed/in-progress/verified.
 */
export function toLongCsv(items: readonly ExportDialogue[], codebook: Codebook, opts: LongCsvOptions = {}): string {
  const rows: string[][] = [[...LONG_CSV_HEADER]];
  const scope = opts.scope ?? 'all';
  const adjudications = new Map((opts.adjudicationRows ?? []).map((row) => [row.id, row]));
  const codebookVersion = opts.provenance?.codebook;
  const unsureValues = opts.unsureValues ?? DEFAULT_UNSURE_VALUES;
  for (const item of dialoguesInScope(items, scope)) {
    const reviews = indexFieldReviews(item.fieldReviews);
    const teacherModel = item.dialogueReview?.teacherModel ?? item.dialogue.teacherModel;
    const dialogueStatus = item.dialogueReview?.status ?? 'unreviewed';
    const inScope = turnIdsInScope(item, scope);
    const verified = verifiedTurnIds(item);
    for (const turn of [...item.turns].sort((a, b) => a.index - b.index)) {
      if (!inScope.has(turn.id)) continue;
      for (const { field, review, status } of exportedFieldValues(turn, codebook, reviews)) {
        const source = valueProvenance({ review, adjudication: adjudications.get(`${turn.id}|${field.id}`), fromAdjudication: false }, opts.provenance);
        rows.push([
          item.dialogue.id,
          String(turn.index),
          field.id,
          preText(field, turn.pre[field.id]),
          expertText(field, turn, review, unsureValues),
          status,
          review?.reviewer ?? '',
          review?.at ?? '',
          item.dialogue.externalId,
          teacherModel,
          String(verified.has(turn.id)),
          dialogueStatus,
          source.layer.role,
          source.layer.id,
          source.layer.name,
          source.annotator?.name ?? '',
          source.annotator?.id ?? '',
          String(source.adjudicated),
          source.adjudicationStatus ?? '',
          codebookVersion?.id ?? '',
          codebookVersion?.version ?? '',
          codebookVersion?.hash ?? '',
          exportAcceptance(review) ?? '',
        ]);
      }
    }
  }
  return `${Papa.unparse(rows, { newline: '\n', escapeFormulae: opts.escapeFormulae === false ? false : SPREADSHEET_FORMULA_START })}\n`;
}
