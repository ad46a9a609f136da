/** The data set's audit trail: every change of a value, filterable, exported as CSV. Text only. */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { AUDIT_REASONS, type AuditReason } from '../../../../shared/model/edit-log';
import { filterAuditRows, REASON_WORDS, turnNumberText, type AuditRow } from '../../../../shared/audit/rows';
import { useAuditStore } from '../../stores/audit/store';
import { useAuditText } from './strings';
import './audit.css';

const ROW_HEIGHT = 34;
const MAX_HEIGHT = 560;

/** a datetime-local input's value (local time) as an ISO instant; '' stays unset */
const toIso = (local: string, end: boolean): string | undefined => {
  if (local === '') return undefined;
  const date = new Date(local);
  if (Number.isNaN(date.getTime())) return undefined;
  if (end) date.setSeconds(59, 999);
  return date.toISOString();
};
const toLocal = (iso: string | undefined): string => {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** local time as `YYYY-MM-DD HH:MM:SS`: short, sortable, the same in both languages */
export function shortTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export function AuditView({ datasetId }: { datasetId: string }) {
  const { t, lang } = useAuditText();
  const { status, error, rows, filter, codebook, save, load, setFilter, exportCsv } = useAuditStore();
  useEffect(() => {
    void load(datasetId, lang);
  }, [datasetId, lang, load]);

  const shown = useMemo(() => filterAuditRows(rows, filter), [rows, filter]);
  const people = useMemo(() => [...new Set(rows.map((row) => row.who))].sort(), [rows]);
  const fields = useMemo(() => [...new Set(rows.flatMap((row) => (row.fieldId ? [row.fieldId] : [])))], [rows]);
  const fieldName = (fieldId: string | null) => (fieldId ? (codebook?.fields.find((field) => field.id === fieldId)?.name[lang] ?? fieldId) : '');

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: shown.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items.length > 0 ? items[0].start : 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;

  if (status === 'loading' && rows.length === 0) return <p className="audit-view">{t('loading')}</p>;
  if (status === 'missing') return <p className="audit-view">{t('missing')}</p>;
  if (status === 'error') return <p className="audit-view" role="alert">{t('failed', { message: error ?? '' })}</p>;

  const cell = (row: AuditRow) => [
    shortTime(row.at),
    row.dialogue,
    turnNumberText(row.turnIndex),
    row.rubric ? t('rubricField', { rubric: row.rubric }) : fieldName(row.fieldId),
    row.layer || (row.fieldId ? t('expertLayer') : ''),
    REASON_WORDS[row.reason][lang],
    row.who,
    row.before,
    row.after,
    row.note,
  ];

  return (
    <section className="audit-view" data-testid="audit-view" aria-labelledby="audit-title">
      <h1 id="audit-title">{t('title')}</h1>
      <p className="audit-intro">{t('intro')}</p>
      {rows.length === 0 ? (
        <div className="audit-empty" data-testid="audit-empty">
          <h2>{t('emptyTitle')}</h2>
          <p>{t('emptyBody')}</p>
        </div>
      ) : (
        <>
          <div className="audit-filters">
            <label>
              {t('who')}
              <select data-testid="audit-filter-who" value={filter.who ?? ''} onChange={(event) => setFilter({ ...filter, who: event.target.value || undefined })}>
                <option value="">{t('any')}</option>
                {people.map((who) => <option key={who} value={who}>{who}</option>)}
              </select>
            </label>
            <label>
              {t('field')}
              <select data-testid="audit-filter-field" value={filter.fieldId ?? ''} onChange={(event) => setFilter({ ...filter, fieldId: event.target.value || undefined })}>
                <option value="">{t('any')}</option>
                {fields.map((fieldId) => <option key={fieldId} value={fieldId}>{fieldName(fieldId)}</option>)}
              </select>
            </label>
            <label>
              {t('reason')}
              <select data-testid="audit-filter-reason" value={filter.reason ?? ''} onChange={(event) => setFilter({ ...filter, reason: (event.target.value || undefined) as AuditReason | undefined })}>
                <option value="">{t('any')}</option>
                {AUDIT_REASONS.map((reason) => <option key={reason} value={reason}>{REASON_WORDS[reason][lang]}</option>)}
              </select>
            </label>
            <label>
              {t('from')}
              <input type="datetime-local" data-testid="audit-filter-from" value={toLocal(filter.from)} onChange={(event) => setFilter({ ...filter, from: toIso(event.target.value, false) })} />
            </label>
            <label>
              {t('to')}
              <input type="datetime-local" data-testid="audit-filter-to" value={toLocal(filter.to)} onChange={(event) => setFilter({ ...filter, to: toIso(event.target.value, true) })} />
            </label>
            <button type="button" className="quiet" onClick={() => setFilter({})}>{t('clear')}</button>
          </div>
          <div className="audit-actions">
            <span data-testid="audit-count" data-shown={shown.length} data-total={rows.length} aria-live="polite">{t('count', { shown: shown.length, total: rows.length })}</span>
            <button type="button" data-testid="audit-export-csv" disabled={save?.status === 'working' || shown.length === 0} onClick={() => void exportCsv()}>{t('exportCsv')}</button>
            {save && (
              <span data-testid="audit-save-status" data-status={save.status}>
                {save.status === 'working' ? t('saving') : save.status === 'saved' ? t('saved', { path: save.path ?? '' }) : save.status === 'canceled' ? t('canceled') : t('saveFailed')}
              </span>
            )}
          </div>
          {shown.length === 0 ? (
            <p data-testid="audit-no-match">{t('noMatch')}</p>
          ) : (
            <div className="table-scroll audit-scroll" ref={scrollRef} tabIndex={0} data-testid="audit-rows" data-row-count={shown.length} style={{ maxHeight: MAX_HEIGHT }}>
              <table className="data-table" aria-rowcount={shown.length + 1}>
                <thead>
                  <tr>
                    {(['colTime', 'colDialogue', 'colTurn', 'colField', 'colLayer', 'colReason', 'colWho', 'colBefore', 'colAfter', 'colNote'] as const).map((key) => <th key={key} scope="col">{t(key)}</th>)}
                  </tr>
                </thead>
                <tbody>
                  {paddingTop > 0 && <tr aria-hidden="true"><td colSpan={10} style={{ height: paddingTop }} /></tr>}
                  {items.map((item) => {
                    const row = shown[item.index];
                    return (
                      <tr key={row.seq} data-testid="audit-row" data-reason={row.reason} data-field={row.fieldId ?? ''} style={{ height: ROW_HEIGHT }}>
                        {cell(row).map((value, index) => <td key={index} title={value}>{value}</td>)}
                      </tr>
                    );
                  })}
                  {paddingBottom > 0 && <tr aria-hidden="true"><td colSpan={10} style={{ height: paddingBottom }} /></tr>}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
