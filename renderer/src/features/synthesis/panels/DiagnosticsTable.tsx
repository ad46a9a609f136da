import { useMemo, useState, type KeyboardEvent } from 'react';
import { flexRender, getCoreRowModel, getSortedRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import type { SynthesisRoundPayload } from '../../../../../shared/synthesis/synthesis-job';
import { SaveOutcome } from '../../../components/SaveOutcome';
import { SortableHeaderCell } from '../../../components/SortableHeaderCell';
import { saveTable, type TableSave } from '../../../stores/export/save-table';
import { diagnosticRows, diagnosticsCsv, VERDICT_ORDER, type DiagnosticRow } from './diagnostics-rows';
import { inBoth, percent, points, verdictReason, verdictWord, weightPercent } from './format';
import { useSynthesisPanelText, type SynthesisPanelTextApi } from './strings';
import './panels.css';

function columnsFor(text: SynthesisPanelTextApi, withGroups: boolean): ColumnDef<DiagnosticRow>[] {
  const { t, lang } = text;
  const numeric = (id: string, header: string, value: (row: DiagnosticRow) => number | null, shown: (value: number | null) => string): ColumnDef<DiagnosticRow> => ({
    id,
    header,
    accessorFn: (row) => value(row) ?? -1,
    cell: (context) => shown(value(context.row.original)),
    meta: { numeric: true },
  });
  const share = (value: number | null) => (value === null ? '—' : percent(value));
  return [
    {
      id: 'metric',
      header: t('colMetric'),
      accessorFn: (row) => inBoth(row.name, lang).shown,
      cell: (context) => {
        const row = context.row.original;
        const name = inBoth(row.name, lang);
        return (
          <span className="synthesis-metric-name" title={name.other}>
            {row.locked && (
              <span className="synthesis-badge synthesis-badge-lock" data-testid="synthesis-metric-locked">
                {t('locked')}
              </span>
            )}{' '}
            {name.shown}
            <span className="synthesis-other">
              {row.id} · {name.other}
            </span>
          </span>
        );
      },
    },
    { id: 'dimension', header: t('colDimension'), accessorFn: (row) => (row.dimensionName ? row.dimensionName[lang] : row.dimensionId), cell: (context) => <span title={context.row.original.dimensionId}>{String(context.getValue())}</span> },
    numeric('weight', t('colWeight'), (row) => row.weight, (value) => (value === null ? '—' : weightPercent(value))),
    numeric('n', t('colN'), (row) => row.diagnostic.n, (value) => String(value ?? '—')),
    numeric('mean', t('colMean'), (row) => row.diagnostic.mean, points),
    numeric('sd', t('colSd'), (row) => row.diagnostic.sd, points),
    numeric('floor', t('colFloor'), (row) => row.diagnostic.floorShare, share),
    numeric('ceiling', t('colCeiling'), (row) => row.diagnostic.ceilingShare, share),
    numeric('across', t('colAcross'), (row) => row.diagnostic.discrimination.acrossAnswers, points),
    ...(withGroups ? [numeric('between', t('colBetween'), (row) => row.diagnostic.discrimination.betweenGroups, points)] : []),
    {
      id: 'verdict',
      header: t('colVerdict'),
      accessorFn: (row) => VERDICT_ORDER[row.diagnostic.verdict],
      cell: (context) => {
        const d = context.row.original.diagnostic;
        return (
          <span className={`synthesis-verdict synthesis-verdict-${d.verdict}`} data-testid="synthesis-verdict" data-verdict={d.verdict} title={d.reason}>
            {verdictWord(lang, d.verdict)}
            <span className="synthesis-reason">{verdictReason(lang, d)}</span>
          </span>
        );
      },
    },
  ];
}

/**
 * A round's diagnostics, one row per metric, sortable; a row is chosen by click or Enter (↑ ↓
 * move between rows). The caption states the thresholds the verdicts used.
 */
export function DiagnosticsTable(props: { payload: SynthesisRoundPayload; locked: readonly string[]; selectedMetric: string | null; onSelectMetric(metricId: string): void }) {
  const { payload, locked, selectedMetric, onSelectMetric } = props;
  const text = useSynthesisPanelText();
  const { t } = text;
  // the table caches each row's accessor values until its data changes: new rows when the language does, so sorting and cells follow it
  const rows = useMemo(() => diagnosticRows(payload, locked), [payload, locked, text.lang]);
  const withGroups = rows.some((row) => row.diagnostic.discrimination.betweenGroups !== null);
  const columns = useMemo(() => columnsFor(text, withGroups), [text, withGroups]);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [save, setSave] = useState<TableSave<'csv'> | null>(null);
  const table = useReactTable({ data: rows, columns, getRowId: (row) => row.id, state: { sorting }, sortDescFirst: false, onSortingChange: setSorting, getCoreRowModel: getCoreRowModel(), getSortedRowModel: getSortedRowModel() });
  const shownRows = table.getRowModel().rows;
  const thresholds = rows[0]?.diagnostic.thresholds;
  const range = payload.rubricSet.rubrics[0]?.range ?? { min: 1, max: 5 };
  const tabbable = shownRows.some((row) => row.id === selectedMetric) ? selectedMetric : (shownRows[0]?.id ?? null);

  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, metricId: string) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelectMetric(metricId);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const sibling = event.key === 'ArrowDown' ? event.currentTarget.nextElementSibling : event.currentTarget.previousElementSibling;
      if (sibling instanceof HTMLElement) sibling.focus();
    }
  };

  if (rows.length === 0) {
    return (
      <section className="synthesis-panel" data-testid="synthesis-diagnostics">
        <h3>{t('diagnosticsTitle', { round: payload.round })}</h3>
        <p className="muted">{t('diagnosticsNone')}</p>
      </section>
    );
  }
  return (
    <section className="synthesis-panel" data-testid="synthesis-diagnostics" aria-labelledby="synthesis-diagnostics-title">
      <div className="synthesis-panel-head">
        <h3 id="synthesis-diagnostics-title">{t('diagnosticsTitle', { round: payload.round })}</h3>
        <button
          type="button"
          className="quiet"
          data-testid="synthesis-diagnostics-csv"
          onClick={() => void saveTable('csv', { defaultName: `${payload.spec.id}-r${payload.round}-diagnostics.csv`, fileKind: 'csv', content: () => diagnosticsCsv(payload.round, rows) }, setSave)}
        >
          {t('exportCsv')}
        </button>
      </div>
      <div className="synthesis-table-scroll">
        <table className="synthesis-table synthesis-rows-selectable" aria-label={t('diagnosticsLabel')}>
          {thresholds && (
            <caption data-testid="synthesis-diagnostics-caption">
              {t('diagnosticsCaption', { floor: percent(thresholds.floorShare), ceiling: percent(thresholds.ceilingShare), minSd: points(thresholds.minSd), min: range.min, max: range.max })}
            </caption>
          )}
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <SortableHeaderCell key={header.id} header={header} testId={`synthesis-diagnostics-sort-${header.column.id}`} />
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {shownRows.map((row) => (
              <tr
                key={row.id}
                tabIndex={row.id === tabbable ? 0 : -1}
                aria-selected={row.id === selectedMetric}
                data-testid="synthesis-diagnostic-row"
                data-metric={row.id}
                data-verdict={row.original.diagnostic.verdict}
                onClick={() => onSelectMetric(row.id)}
                onKeyDown={(event) => onKeyDown(event, row.id)}
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={cell.column.id === 'verdict' || cell.column.id === 'metric' ? 'synthesis-wrap' : cell.column.columnDef.meta?.numeric ? 'numeric' : undefined}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <SaveOutcome save={save} testId="synthesis-diagnostics-saved" words={{ saved: (path) => t('saved', { path }), canceled: t('saveCanceled'), failed: t('saveFailed') }} />
    </section>
  );
}
