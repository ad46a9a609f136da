import type { SourceFile } from '../../model/dataset';
import type { DelimitedPreview } from '../types';
import { readDelimitedRows } from './read-rows';

const PREVIEW_ROWS = 20;

/** Header, delimiter and the first rows, for the mapping step. rowCount counts non-blank data rows. */
export function previewDelimited(file: SourceFile): DelimitedPreview {
  const text = file.text.replace(/^\uFEFF/, '');
  const all = readDelimitedRows(file.name, text);
  return {
    delimiter: all.delimiter,
    columns: all.header,
    rows: all.rows.slice(0, PREVIEW_ROWS).map((row) => row.cells),
    rowCount: all.rows.length,
  };
}
