import { fieldById } from '../../codebook/lookup';
import type { Codebook } from '../../codebook/types';
import type { IssueSink } from '../issues';
import { snippet } from '../issues';
import type { ColumnMapping } from '../types';

/** Column indexes for a mapping, after checking that every named column exists. */
export interface ResolvedColumns {
  dialogueId: number[];
  turnOrder: number | null;
  teacherModel: number | null;
  /** long layout: one turn per row */
  speaker: number;
  utterance: number;
  fields: { fieldId: string; column: number }[];
  /** wide layout: several turns per row */
  rowTurns: { role: string; utterance: number; fields: { fieldId: string; column: number }[] }[] | null;
  /** columns no part of the mapping uses */
  unmapped: number[];
}

/**
 * Checks the mapping against the header: every required column must be chosen and present
 * ('missing-column' names it), every field must exist in the codebook. Null after an error.
 */
const LISTED_COLUMNS = 20;

/** The header's names for a message; a header of thousands of columns is cut after the first few. */
function headerList(header: readonly string[]): string {
  const shown = header.slice(0, LISTED_COLUMNS).map((name) => snippet(name, 40));
  return header.length > LISTED_COLUMNS ? `${shown.join(', ')}, … (${header.length} columns)` : shown.join(', ');
}

export function resolveColumns(header: readonly string[], mapping: ColumnMapping, codebook: Codebook, issues: IssueSink, headerLine: number): ResolvedColumns | null {
  const used = new Set<number>();
  let ok = true;
  const column = (name: string | undefined, role: string, required: boolean): number | null => {
    if (name === undefined || name === '') {
      if (required) {
        issues.error(headerLine, 'missing-column', `No column is chosen for the ${role}. The header has: ${headerList(header)}.`);
        ok = false;
      }
      return null;
    }
    const index = header.indexOf(name.trim());
    if (index === -1) {
      issues.error(headerLine, 'missing-column', `The column "${name}" (${role}) is not in the header. The header has: ${headerList(header)}.`);
      ok = false;
      return null;
    }
    used.add(index);
    return index;
  };
  const fieldColumns = (fields: Record<string, string>): { fieldId: string; column: number }[] =>
    Object.entries(fields).flatMap(([fieldId, name]) => {
      if (!fieldById(codebook, fieldId)) {
        issues.error(headerLine, 'missing-column', `The mapping names a field "${fieldId}" that the codebook does not have.`);
        ok = false;
        return [];
      }
      const index = column(name, `field ${fieldId}`, true);
      return index === null ? [] : [{ fieldId, column: index }];
    });

  const dialogueId = [mapping.dialogueId, ...(mapping.dialogueIdParts ?? [])].map((name) => column(name, 'dialogue id', true));
  const wide = mapping.turnsPerRow && mapping.turnsPerRow.length > 0 ? mapping.turnsPerRow : null;
  const resolved: ResolvedColumns = {
    dialogueId: dialogueId.filter((index): index is number => index !== null),
    turnOrder: wide ? null : column(mapping.turnOrder, 'turn order', false),
    teacherModel: column(mapping.teacherModel, 'teacher model', false),
    speaker: wide ? -1 : (column(mapping.speaker, 'speaker', true) ?? -1),
    utterance: wide ? -1 : (column(mapping.utterance, 'utterance', true) ?? -1),
    fields: wide ? [] : fieldColumns(mapping.fields),
    rowTurns: wide
      ? wide.map((turn) => ({ role: turn.role, utterance: column(turn.utterance, `${turn.role} utterance`, true) ?? -1, fields: fieldColumns(turn.fields ?? {}) }))
      : null,
    unmapped: [],
  };
  resolved.unmapped = header.map((_, index) => index).filter((index) => !used.has(index));
  return ok ? resolved : null;
}
