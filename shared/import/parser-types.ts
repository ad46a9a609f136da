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
}

/**
 * One dialogue a parser produced. `annotations` counts its annotation entries (SID), or its
 * turns that received a pre-annotation (other formats).
 */
export interface ParsedEntry {
  dialogue: ParsedDialogue;
  annotations: number;
}

/** What every format parser returns, in file order; issues go to ctx.issues. */
export type ParserOutput = ParsedEntry[];
