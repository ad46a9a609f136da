import type { Codebook } from '../codebook/types';
import type { SourceFormat } from '../model/dataset';

/**
 * One turn of a wide row: a row that holds several turns side by side
 * (conversational-uptake: `student_text`, `teacher_text`).
 */
export interface RowTurnColumns {
  /** the role written for this turn (`student`, `教师`, …), resolved through the codebook */
  role: string;
  /** column holding the utterance */
  utterance: string;
  /** codebook field id -> column name for this turn's pre-annotation */
  fields?: Record<string, string>;
}

/** Which column holds what, for turn-per-row CSV/TSV files (chosen in the mapping step). */
export interface ColumnMapping {
  dialogueId: string;
  /**
   * further columns that, with `dialogueId`, identify a dialogue (e.g. `obs_id` + `exchange_idx`);
   * the external id is the values joined with "-"
   */
  dialogueIdParts?: string[];
  /** optional: without it the row order within a dialogue is the turn order */
  turnOrder?: string;
  /** ignored when `turnsPerRow` is set */
  speaker: string;
  /** ignored when `turnsPerRow` is set */
  utterance: string;
  /** optional column holding the teacher model per row */
  teacherModel?: string;
  /** codebook field id -> column name, for every field that has a column (long layout) */
  fields: Record<string, string>;
  /**
   * Wide layout: every row is one dialogue whose turns are these column groups, in order.
   * When set, `speaker`, `utterance`, `turnOrder` and `fields` are not used.
   */
  turnsPerRow?: RowTurnColumns[];
}

export interface ParseOptions {
  codebook: Codebook;
  /** overrides the model derived from the file/folder name */
  teacherModel?: string;
  /**
   * The name to derive the teacher model from (teacherModelFromName) when `SourceFile.name` is
   * a display path that does not show the folder structure, e.g. the CLI shows `./x.jsonl` for
   * a file of the folder `GPT-4o` given as `.`; default `SourceFile.name`.
   */
  teacherModelFrom?: string;
  /** for delimited files; when absent it is guessed from the header (guessColumnMapping) */
  mapping?: ColumnMapping;
  /** skip detection and parse as this format */
  format?: SourceFormat;
  /**
   * The dialogues handed on are only read, never changed (the CLI's `metrics`): their SID field
   * values may be memo entries shared between turns instead of each turn's own copy.
   */
  readOnlyValues?: boolean;
  /**
   * The caller reads the dialogues' turns, labels and record-level extras (review provenance)
   * only (the CLI's `metrics`): the keys of turn and annotation entries that Maieutic does not
   * model, which only an export writes back, are not collected.
   */
  withoutEntryExtras?: boolean;
}

/** What the mapping step shows before the user confirms a CSV/TSV import. */
export interface DelimitedPreview {
  delimiter: ',' | '\t' | ';';
  columns: string[];
  /** first rows, as text cells */
  rows: string[][];
  rowCount: number;
}

/** Totals over several parsed files (summarizeImport). */
export interface ImportSummary {
  files: number;
  /** files that yield nothing because they have at least one error */
  failedFiles: string[];
  dialogues: number;
  turns: number;
  annotations: number;
  errors: number;
  warnings: number;
  /** issue count per issue code */
  byCode: Record<string, number>;
}
