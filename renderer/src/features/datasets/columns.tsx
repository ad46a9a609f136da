import { createColumnHelper, type ColumnDef, type FilterFn, type SortingFn } from '@tanstack/react-table';
import { compareNatural, type DialogueRow } from '../../db/repositories/dialogues';
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

/** `7-1-1` before `12-3-1`: ids and topic numbers are read as numbers, not character by character. */
const naturalSort: SortingFn<DialogueRow> = (a, b, columnId) => compareNatural(String(a.getValue(columnId) ?? ''), String(b.getValue(columnId) ?? ''));

/** By topic number (naturally), then by topic text. */
const topicSort: SortingFn<DialogueRow> = (a, b) =>
  compareNatural(a.original.topicId ?? '', b.original.topicId ?? '') || compareNatural(a.original.topicText, b.original.topicText);

/** longer than this, a first sentence is not a title */
const TOPIC_TITLE_MAX = 60;

/**
 * SID topic texts open with the topic's title ("丝绸之路上的物理与地理。学习目标：…"): the title is
 * shown in full and the rest, muted, fills what room is left; the tooltip holds the whole text.
 */
export function splitTopicTitle(text: string): { title: string; rest: string } {
  // a sentence end first ("水的净化：化学与生物。" keeps its colon), then a semicolon
  for (const ender of [/[。！？!?]|\.\s/u, /[；;]/u]) {
    const match = ender.exec(text);
    if (match && match.index > 0 && match.index < TOPIC_TITLE_MAX) {
      const end = match.index + match[0].length;
      return { title: text.slice(0, end).trim(), rest: text.slice(end).trim() };
    }
  }
  return { title: text, rest: '' };
}

/** The one column the global filter is evaluated on: the filter itself reads every text column of the row. */
export const GLOBAL_FILTER_COLUMN = 'externalId';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own column arrays mix value types
export function buildColumns(t: Translate, onOpen: (dialogueId: string) => void): ColumnDef<DialogueRow, any>[] {
  const columns = [
    column.accessor('externalId', {
      header: () => t('table.externalId'),
      sortingFn: naturalSort,
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
      sortingFn: topicSort,
      cell: (info) => {
        const { topicId, topicText } = info.row.original;
        const { title, rest } = splitTopicTitle(topicText);
        return (
          <span className="cell-text topic-cell" title={topicId !== null ? `${topicId} · ${topicText}` : topicText} data-testid="dataset-row-topic">
            {topicId !== null && <span className="topic-id">{topicId}</span>}
            <span className="topic-title">{title || (topicId === null ? '—' : '')}</span>
            {rest !== '' && <span className="topic-rest"> {rest}</span>}
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
      header: () => (
        <span title={t('table.flagsTitle')} data-testid="dataset-flags-header">
          {t('table.flags')}
        </span>
      ),
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

/** The topic gets the room: ids are short (`12-3-1`), topics are the text a reviewer reads. */
export const COLUMN_WIDTHS: Record<string, string> = {
  externalId: '8%',
  teacherModel: '12%',
  topic: '37%',
  studentType: '11%',
  turnCount: '6%',
  progress: '17%',
  flaggedCount: '9%',
};
