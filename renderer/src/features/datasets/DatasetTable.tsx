import { useEffect, useMemo, useRef } from 'react';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnFiltersState,
  type Row,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useShallow } from 'zustand/react/shallow';
import type { DialogueRow } from '../../db/repositories/dialogues';
import { useT } from '../../i18n';
import { useCommands } from '../../keyboard';
import { SortableHeaderCell } from '../../components/SortableHeaderCell';
import { useAppStore } from '../../stores/app/store';
import { useDatasetsStore } from '../../stores/datasets/store';
import type { DatasetCommand } from './handled-commands';
import { buildColumns, COLUMN_WIDTHS, GLOBAL_FILTER_COLUMN, globalRowFilter, HIDDEN_COLUMNS } from './columns';

/** Fixed row height: measuring rows would make a 2,000-row scroll stutter. Keep in sync with table.css. */
const ROW_HEIGHT = 40;

interface DatasetTableProps {
  rows: DialogueRow[];
  /** receives the rows in their current sorted and filtered order */
  onVisibleRowsChange(rows: DialogueRow[]): void;
}

export function DatasetTable({ rows, onVisibleRowsChange }: DatasetTableProps) {
  const t = useT();
  const openDialogue = useAppStore((state) => state.openDialogue);
  const lastDialogueId = useAppStore((state) => state.dialogueId);
  const table = useDatasetsStore((state) => state.table);
  const selectedId = useDatasetsStore((state) => state.selectedDialogueId);
  const { setTable, select } = useDatasetsStore(useShallow((state) => ({ setTable: state.setTable, select: state.select })));

  const columns = useMemo(() => buildColumns(t, openDialogue), [t, openDialogue]);
  const columnFilters = useMemo<ColumnFiltersState>(() => {
    const filters: ColumnFiltersState = [];
    if (table.teacherModel !== '') filters.push({ id: 'teacherModel', value: table.teacherModel });
    if (table.status !== '') filters.push({ id: 'status', value: table.status });
    if (table.hasFlags) filters.push({ id: 'flaggedCount', value: true });
    return filters;
  }, [table.teacherModel, table.status, table.hasFlags]);

  const reactTable = useReactTable({
    data: rows,
    columns,
    getRowId: (row) => row.id,
    state: { sorting: table.sorting, globalFilter: table.globalFilter, columnFilters, columnVisibility: HIDDEN_COLUMNS },
    onSortingChange: (updater: Updater<SortingState>) => {
      const current = useDatasetsStore.getState().table.sorting;
      setTable({ sorting: typeof updater === 'function' ? updater(current) : updater });
    },
    globalFilterFn: globalRowFilter,
    getColumnCanGlobalFilter: (candidate) => candidate.id === GLOBAL_FILTER_COLUMN,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    enableSortingRemoval: true,
  });

  const visibleRows = reactTable.getRowModel().rows;

  useEffect(() => {
    onVisibleRowsChange(visibleRows.map((row) => row.original));
  }, [visibleRows, onVisibleRowsChange]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: visibleRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  const selectedIndex = selectedId === null ? -1 : visibleRows.findIndex((row) => row.id === selectedId);

  // Coming back from review, the dialogue just reviewed is the selection (once: later the user's choice wins).
  const restoredRef = useRef(false);
  useEffect(() => {
    if (restoredRef.current || rows.length === 0) return;
    restoredRef.current = true;
    if (lastDialogueId && rows.some((row) => row.id === lastDialogueId)) select(lastDialogueId);
  }, [lastDialogueId, rows, select]);

  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  const move = (step: 1 | -1) => {
    if (visibleRows.length === 0) return;
    const next = selectedIndex < 0 ? (step === 1 ? 0 : visibleRows.length - 1) : Math.max(0, Math.min(visibleRows.length - 1, selectedIndex + step));
    select(visibleRows[next].id);
  };

  const handlers: Record<DatasetCommand, () => void> = {
    'list.next': () => move(1),
    'list.prev': () => move(-1),
    'list.open': () => {
      if (selectedIndex >= 0) openDialogue(visibleRows[selectedIndex].id);
    },
  };
  useCommands('datasets', handlers);

  const virtualItems = virtualizer.getVirtualItems();
  const paddingTop = virtualItems.length > 0 ? virtualItems[0].start : 0;
  const paddingBottom = virtualItems.length > 0 ? virtualizer.getTotalSize() - virtualItems[virtualItems.length - 1].end : 0;
  const visibleColumnCount = reactTable.getVisibleLeafColumns().length;

  const renderRow = (row: Row<DialogueRow>, index: number) => {
    const selected = row.id === selectedId;
    return (
      <tr
        key={row.id}
        data-testid="dataset-row"
        data-dialogue-id={row.id}
        data-index={index}
        aria-rowindex={index + 2}
        aria-selected={selected}
        className={selected ? 'selected' : undefined}
        style={{ height: ROW_HEIGHT }}
        onClick={() => select(row.id)}
        onDoubleClick={() => openDialogue(row.id)}
      >
        {row.getVisibleCells().map((cell) => (
          <td key={cell.id} className={cell.column.columnDef.meta?.numeric ? 'numeric' : undefined}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
    );
  };

  return (
    <div
      className="table-scroll"
      ref={scrollRef}
      data-testid="dataset-table"
      data-row-count={visibleRows.length}
      role="region"
      aria-label={t('table.label')}
      tabIndex={0}
    >
      <table className="data-table" role="grid" aria-rowcount={visibleRows.length + 1}>
        <colgroup>
          {reactTable.getVisibleLeafColumns().map((leaf) => (
            <col key={leaf.id} style={{ width: COLUMN_WIDTHS[leaf.id] }} />
          ))}
        </colgroup>
        <thead>
          {reactTable.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {group.headers.map((header) => (
                <SortableHeaderCell key={header.id} header={header} testId={`dataset-sort-${header.column.id}`} />
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden="true" className="spacer">
              <td colSpan={visibleColumnCount} style={{ height: paddingTop }} />
            </tr>
          )}
          {virtualItems.map((item) => renderRow(visibleRows[item.index], item.index))}
          {paddingBottom > 0 && (
            <tr aria-hidden="true" className="spacer">
              <td colSpan={visibleColumnCount} style={{ height: paddingBottom }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
