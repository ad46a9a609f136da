import type { Codebook } from '../codebook/types';
import type { ParsedDialogue } from '../model/dataset';
import type { IssueSink } from './issues';
import type { ColumnMapping } from './types';

/** What every format parser receives. */
export interface ParserContext {
  file: string;
  codebook: Codebook;
  teacherModel: string;
  issues: IssueSink;
  mapping?: ColumnMapping;
  /**
   * Nobody keeps the dialogues (checkSourceFile without a taker: `validate`): a parser may skip
   * what only a kept dialogue holds (the extras), and field values may be shared, read-only
   * memo entries instead of each turn's own copy. Issues and counts are the same either way.
   */
  checkOnly?: boolean;
  /** ParseOptions.readOnlyValues: field values may be shared, read-only memo entries (implied by checkOnly) */
  readOnlyValues?: boolean;
  /** ParseOptions.withoutEntryExtras: the extras of turn and annotation entries are not collected (implied by checkOnly) */
  withoutEntryExtras?: boolean;
}

/**
 * One dialogue a parser produced. `annotations` counts its annotation entries (SID), or its
 * turns that received a pre-annotation (other formats).
 */
export interface ParsedEntry {
  dialogue: ParsedDialogue;
  annotations: number;
}

/**
 * What the per-file checks and the counts read of one dialogue: a ParsedEntry's, or, when nothing
 * is kept, those of a record read without building it (sid/clean-record.ts).
 */
export interface EntryCounts {
  line: number;
  externalId: string;
  turns: number;
  annotations: number;
}

export function countsOf({ dialogue, annotations }: ParsedEntry): EntryCounts {
  return { line: dialogue.line, externalId: dialogue.externalId, turns: dialogue.turns.length, annotations };
}

/** What every format parser returns, in file order; issues go to ctx.issues. */
export type ParserOutput = ParsedEntry[];
