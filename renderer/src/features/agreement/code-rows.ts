/**
 * The per-code rows of label-set fields (discipline, teaching strategy: one absent/present row
 * per code) are collapsed under their field's own row unless the user expanded that field.
 */
type CodeRow = { fieldId: string; code: string | null };

export function rowsShown<Row extends CodeRow>(rows: readonly Row[], expandedFields: readonly string[]): Row[] {
  return rows.filter((row) => row.code === null || expandedFields.includes(row.fieldId));
}

/** How many per-code rows a field has (0 for a field that is not a label set). */
export function codeRowCount(rows: readonly CodeRow[], fieldId: string): number {
  return rows.filter((row) => row.fieldId === fieldId && row.code !== null).length;
}
