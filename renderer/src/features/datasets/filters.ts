import type { DialogueRow } from '../../db/repositories/dialogues';
import type { TableState } from '../../stores/datasets/store';

/** Case-insensitive match of every whitespace-separated term against the row's text columns. */
export function matchesGlobalFilter(row: DialogueRow, query: string): boolean {
  const terms = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const haystack = [row.externalId, row.teacherModel, row.topicId ?? '', row.topicText, row.studentType, row.scenario, row.file]
    .join('\n')
    .toLowerCase();
  return terms.every((term) => haystack.includes(term));
}

export function matchesTableFilters(row: DialogueRow, table: Pick<TableState, 'globalFilter' | 'teacherModel' | 'status' | 'hasFlags'>): boolean {
  if (table.teacherModel !== '' && row.teacherModel !== table.teacherModel) return false;
  if (table.status !== '' && row.status !== table.status) return false;
  if (table.hasFlags && row.flaggedCount === 0) return false;
  return matchesGlobalFilter(row, table.globalFilter);
}

export function hasActiveFilters(table: Pick<TableState, 'globalFilter' | 'teacherModel' | 'status' | 'hasFlags'>): boolean {
  return table.globalFilter.trim() !== '' || table.teacherModel !== '' || table.status !== '' || table.hasFlags;
}

/** Ratio in [0, 1] for the progress bar; a dialogue without turns counts as done only when verified. */
export function progressRatio(row: Pick<DialogueRow, 'verifiedTurns' | 'turnCount' | 'status'>): number {
  if (row.turnCount === 0) return row.status === 'verified' ? 1 : 0;
  return Math.min(1, row.verifiedTurns / row.turnCount);
}
