import type { DialogueRow } from '../../db/repositories/dialogues';
import { csvCell as cell } from './table-cells';

/** Stable English column names: this file feeds scripts and spreadsheets, whatever the UI language. */
export const TABLE_CSV_COLUMNS = [
  'external_id',
  'teacher_model',
  'topic_id',
  'topic',
  'student_type',
  'scenario',
  'turns',
  'verified_turns',
  'status',
  'flagged_values',
  'file',
  'line',
] as const;

/**
 * The table's current rows as RFC 4180 CSV, with a UTF-8 byte-order mark so that Excel reads
 * the Chinese text correctly.
 */
export function rowsToCsv(rows: readonly DialogueRow[]): string {
  const lines = [TABLE_CSV_COLUMNS.join(',')];
  for (const row of rows) {
    const values: (string | number | null)[] = [
      row.externalId,
      row.teacherModel,
      row.topicId,
      row.topicText,
      row.studentType,
      row.scenario,
      row.turnCount,
      row.verifiedTurns,
      row.status,
      row.flaggedCount,
      row.file,
      row.line,
    ];
    lines.push(values.map(cell).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
