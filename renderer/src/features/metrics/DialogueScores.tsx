import { useEffect, useMemo, useRef, useState } from 'react';
import { flexRender, getCoreRowModel, getSortedRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { formatScore, METRIC_NAMES, SCORE_KEYS, type DialogueScore, type ScoreKey } from '../../../../shared/metrics';
import { SortableHeaderCell } from '../../components/SortableHeaderCell';
import { METRIC_GLOSSARY } from './metric-glossary';
import { metricTooltip } from './MetricsLegend';
import type { MetricsTextApi } from './strings';

type ScoredDialogue = DialogueScore & { dialogueId: string };

const ROW_HEIGHT = 34;
/** the header row's height and the box's border, so a short list gets a box just its size */
const HEADER_HEIGHT = 46;
const MAX_SCROLL_HEIGHT = 420;

interface DialogueScoresProps {
  dialogues: readonly ScoredDialogue[];
  metric: ScoreKey;
  /** the dialogue last opened in review from here: marked, and scrolled to when the view comes back */
  openedDialogueId: string | null;
  text: MetricsTextApi;
  onMetric(key: ScoreKey): void;
  onOpen(dialogue: ScoredDialogue): void;
}

const scoreOf = (dialogue: ScoredDialogue, key: ScoreKey) => (key === 'TotalScore' ? dialogue.totalScore : dialogue.values[key]);

/** Every scored dialogue, sortable by any metric; opening one marks the turns behind the chosen metric in review. */
export function DialogueScores({ dialogues, metric, openedDialogueId, text, onMetric, onOpen }: DialogueScoresProps) {
  const { t, lang } = text;
  const [sorting, setSorting] = useState<SortingState>([{ id: metric, desc: false }]);
  // Choosing a metric sorts by it, lowest first: the dialogues that pull a model down come first.
  useEffect(() => setSorting([{ id: metric, desc: false }]), [metric]);
  const columns = useMemo<ColumnDef<ScoredDialogue>[]>(
    () => [
      { id: 'id', header: t('dialogue'), accessorFn: (row) => row.id },
      { id: 'group', header: t('group'), accessorFn: (row) => row.group, cell: (context) => <span title={context.row.original.group}>{context.row.original.group}</span> },
      ...SCORE_KEYS.map(
        (key): ColumnDef<ScoredDialogue> => ({
          id: key,
          header: () => <abbr title={metricTooltip(key, lang)}>{METRIC_NAMES[key].short}</abbr>,
          accessorFn: (row) => scoreOf(row, key) ?? -1,
          cell: (context) => formatScore(key, scoreOf(context.row.original, key)),
          meta: { numeric: true },
        }),
      ),
    ],
    [t, lang],
  );
  const table = useReactTable({
    data: dialogues as ScoredDialogue[],
    columns,
    getRowId: (row) => row.dialogueId,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items.length > 0 ? items[0].start : 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const columnCount = columns.length + 1;

  // Back from review: the table shows the dialogue that was opened, where the reader left it.
  const returnedTo = useRef(false);
  useEffect(() => {
    if (returnedTo.current || openedDialogueId === null) return;
    const index = rows.findIndex((row) => row.original.dialogueId === openedDialogueId);
    if (index === -1) return;
    returnedTo.current = true;
    virtualizer.scrollToIndex(index, { align: 'center' });
    scrollRef.current?.scrollIntoView({ block: 'center' });
  }, [openedDialogueId, rows, virtualizer]);

  return (
    <section className="metrics-drill" aria-labelledby="metrics-drill-title">
      <h2 id="metrics-drill-title">{t('drillTitle')}</h2>
      <label>
        {t('drillMetric')}{' '}
        <select data-testid="metrics-drill-metric" value={metric} onChange={(event) => onMetric(event.target.value as ScoreKey)}>
          {SCORE_KEYS.map((key) => (
            <option key={key} value={key}>
              {METRIC_NAMES[key].short} — {METRIC_GLOSSARY[key].name[lang]}
            </option>
          ))}
        </select>
      </label>
      <div
        className="table-scroll metrics-drill-scroll"
        ref={scrollRef}
        data-testid="metrics-dialogues"
        data-row-count={rows.length}
        style={{ height: Math.min(MAX_SCROLL_HEIGHT, HEADER_HEIGHT + rows.length * ROW_HEIGHT) }}
      >
        <table className="data-table" aria-rowcount={rows.length + 1}>
          <colgroup>
            <col className="metrics-col-dialogue" />
            <col className="metrics-col-group" />
            {SCORE_KEYS.map((key) => (
              <col key={key} className={key === 'TotalScore' ? 'metrics-col-total' : undefined} />
            ))}
            <col className="metrics-col-open" />
          </colgroup>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <SortableHeaderCell key={header.id} header={header} testId={`metrics-sort-${header.column.id}`} />
                ))}
                <th scope="col" />
              </tr>
            ))}
          </thead>
          <tbody>
            {paddingTop > 0 && (
              <tr aria-hidden="true" className="spacer">
                <td colSpan={columnCount} style={{ height: paddingTop }} />
              </tr>
            )}
            {items.map((item) => {
              const row = rows[item.index];
              return (
                <tr
                  key={row.id}
                  data-testid="metrics-dialogue-row"
                  data-dialogue-id={row.original.dialogueId}
                  data-score={scoreOf(row.original, metric) ?? ''}
                  aria-current={row.original.dialogueId === openedDialogueId ? 'true' : undefined}
                  className={row.original.dialogueId === openedDialogueId ? 'selected' : undefined}
                  style={{ height: ROW_HEIGHT }}
                  onDoubleClick={() => onOpen(row.original)}
                >
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={cell.column.columnDef.meta?.numeric ? 'numeric' : undefined}>
                      {flexRender(cell.column.columnDef.cell ?? ((context) => String(context.getValue())), cell.getContext())}
                    </td>
                  ))}
                  <td>
                    <button type="button" className="link-button" data-testid="metrics-open-dialogue" onClick={() => onOpen(row.original)}>
                      {t('openInReview')}
                    </button>
                  </td>
                </tr>
              );
            })}
            {paddingBottom > 0 && (
              <tr aria-hidden="true" className="spacer">
                <td colSpan={columnCount} style={{ height: paddingBottom }} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
