import type { IssueSink } from '../issues';
import { snippet } from '../issues';
import type { DelimitedRows } from './read-rows';

/**
 * What the header says that would otherwise pass unseen: a column name given twice (only one
 * of the two can be mapped, so the other's data would be dropped without a word) and a header
 * with no rows under it (a file that imports nothing).
 */
export function warnAboutHeader(table: DelimitedRows, issues: IssueSink): void {
  const firstColumn = new Map<string, number>();
  table.header.forEach((name, index) => {
    const key = name.toLowerCase();
    if (key === '') return;
    const earlier = firstColumn.get(key);
    if (earlier === undefined) firstColumn.set(key, index);
    else {
      issues.warn(
        table.headerLine,
        'duplicate-column',
        `The header names the column "${snippet(name, 40)}" twice (columns ${earlier + 1} and ${index + 1}); only one of them can be read, so check which one holds the data and rename the other.`,
      );
    }
  });
  if (table.rows.length === 0) issues.warn(table.headerLine, 'header-only', 'The file has a header row but no data rows under it; nothing to import.');
}
