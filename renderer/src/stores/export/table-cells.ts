import { SPREADSHEET_FORMULA_START } from '../../../../shared/export/long-csv';

/**
 * One CSV cell; a text a spreadsheet would run as a formula (imported ids, user-typed names: untrusted)
 * gets a leading apostrophe; plain numbers such as `-3` are left alone.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'string' && SPREADSHEET_FORMULA_START.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export { markdownCell } from '../../../../shared/export/markdown-cell';
