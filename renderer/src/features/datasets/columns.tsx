import { createColumnHelper, type ColumnDef, type FilterFn } from '@tanstack/react-table';
import type { DialogueRow } from '../../db/repositories/dialogues';
import type { Translate } from '../../i18n';
import { matchesGlobalFilter } from './filters';
import { ProgressCell } from './ProgressCell';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData, TValue> {
    /** right-aligned, tabular figures */
    numeric?: boolean;
  }
}

const column = createColumnHelper<DialogueRow>();

export const globalRowFilter: FilterFn<DialogueRow> = (row, _columnId, query: string) => matchesGlobalFilter(row.original, query);

const equalsFilter: FilterFn<DialogueRow> = (row, columnId, wanted: string) => wanted === '' || row.getValue(columnId) === wanted;

const hasFlagsFilter: FilterFn<DialogueRow> = (row, _columnId, wanted: boolean) => !wanted || row.original.flaggedCount > 0;

/** The one column the global filter is evaluated on: the filter itself reads every text column of the row. */
export const GLOBAL_FILTER_COLUMN = 'externalId';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own column arrays mix value types
export function buildColumns(t: Translate, onOpen: (dialogueId: string) => void): ColumnDef<DialogueRow, any>[] {
  const columns = [
    column.accessor('externalId', {
      header: () => t('table.externalId'),
      sortingFn: 'alphanumeric',
      cell: (info) => (
        <button
          type="button"
          className="link-button"
          data-testid="dataset-row-open"
          title={t('table.openTitle')}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(info.row.original.id);
          }}
        >
          {info.getValue()}
        </button>
      ),
    }),
    column.accessor('teacherModel', {
      header: () => t('table.teacherModel'),
      filterFn: equalsFilter,
      cell: (info) => <span className="cell-text">{info.getValue() || '—'}</span>,
    }),
    column.accessor((row) => row.topicId ?? row.topicText, {
      id: 'topic',
      header: () => t('table.topic'),
      sortingFn: 'alphanumeric',
      cell: (info) => {
        const { topicId, topicText } = info.row.original;
        return (
          <span className="cell-text" title={topicText}>
            {topicId !== null && <span className="topic-id">{topicId}</span>}
            {topicText || (topicId === null ? '—' : '')}
          </span>
        );
      },
    }),
    column.accessor('studentType', {
      header: () => t('table.studentType'),
      cell: (info) => <span className="cell-text">{info.getValue() || '—'}</span>,
    }),
    column.accessor('turnCount', {
      header: () => t('table.turns'),
      meta: { numeric: true },
      cell: (info) => info.getValue(),
    }),
    column.accessor((row) => (row.turnCount === 0 ? 0 : row.verifiedTurns / row.turnCount), {
      id: 'progress',
      header: () => t('table.progress'),
      cell: (info) => <ProgressCell row={info.row.original} />,
    }),
    column.accessor('status', {
      header: () => t('table.status'),
      filterFn: equalsFilter,
    }),
    column.accessor('flaggedCount', {
      header: () => t('table.flags'),
      meta: { numeric: true },
      filterFn: hasFlagsFilter,
      cell: (info) =>
        info.getValue() > 0 ? (
          <span className="flag-count" title={t('table.flagsTitle')}>
            {info.getValue()}
          </span>
        ) : (
          <span className="muted">0</span>
        ),
    }),
  ];
  return columns;
}

/** Hidden columns exist only to be filtered on (the status is shown inside the progress cell). */
export const HIDDEN_COLUMNS = { status: false } as const;

export const COLUMN_WIDTHS: Record<string, string> = {
  externalId: '15%',
  teacherModel: '13%',
  topic: '28%',
  studentType: '12%',
  turnCount: '7%',
  progress: '17%',
  flaggedCount: '8%',
};
