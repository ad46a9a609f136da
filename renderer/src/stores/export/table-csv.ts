import type { DialogueRow } from '../../db/repositories/dialogues';

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

/** A cell a spreadsheet would run as a formula; plain numbers such as `-3` are left alone. */
const FORMULA_START = /^[=+\-@\t\r](?!\d+(?:[.,]\d+)?$)/;

function cell(value: string | number | null): string {
  const raw = value === null ? '' : String(value);
  // Topic texts and ids come from imported files: untrusted, so never executable in Excel.
  const text = typeof value === 'string' && FORMULA_START.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

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
