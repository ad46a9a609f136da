import { flexRender, type Header } from '@tanstack/react-table';

/** A column header that sorts on click, announcing its order (aria-sort) and showing ▲/▼. */
export function SortableHeaderCell<Row>({ header, testId }: { header: Header<Row, unknown>; testId: string }) {
  const sorted = header.column.getIsSorted();
  return (
    <th scope="col" className={header.column.columnDef.meta?.numeric ? 'numeric' : undefined} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
      <button type="button" className="sort-button" data-testid={testId} data-sorted={sorted || 'none'} onClick={header.column.getToggleSortingHandler()}>
        {flexRender(header.column.columnDef.header, header.getContext())}
        <span className="sort-mark" aria-hidden="true">
          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
        </span>
      </button>
    </th>
  );
}
