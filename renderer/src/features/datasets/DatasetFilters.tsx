import { useShallow } from 'zustand/react/shallow';
import type { DialogueStatus } from '../../../../shared/model/review';
import { useT } from '../../i18n';
import { useDatasetsStore } from '../../stores/datasets/store';
import { hasActiveFilters } from './filters';
import { STATUS_KEYS } from './StatusChip';

const STATUSES: DialogueStatus[] = ['unreviewed', 'in-progress', 'verified'];

function isStatus(value: string): value is DialogueStatus {
  return STATUSES.some((status) => status === value);
}

export function DatasetFilters({ teacherModels }: { teacherModels: string[] }) {
  const t = useT();
  const table = useDatasetsStore((state) => state.table);
  const { setTable, resetFilters } = useDatasetsStore(useShallow((state) => ({ setTable: state.setTable, resetFilters: state.resetFilters })));

  return (
    <div className="filter-bar" role="search">
      <label className="filter-search">
        <span className="visually-hidden">{t('filters.search')}</span>
        <input
          type="search"
          data-testid="dataset-filter-text"
          placeholder={t('filters.searchPlaceholder')}
          value={table.globalFilter}
          onChange={(event) => setTable({ globalFilter: event.target.value })}
        />
      </label>
      <label>
        <span>{t('filters.teacherModel')}</span>
        <select data-testid="dataset-filter-model" value={table.teacherModel} onChange={(event) => setTable({ teacherModel: event.target.value })}>
          <option value="">{t('filters.all')}</option>
          {teacherModels.map((model) => (
            <option key={model} value={model}>
              {model || '—'}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('filters.status')}</span>
        <select
          data-testid="dataset-filter-status"
          value={table.status}
          onChange={(event) => setTable({ status: isStatus(event.target.value) ? event.target.value : '' })}
        >
          <option value="">{t('filters.all')}</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(STATUS_KEYS[status])}
            </option>
          ))}
        </select>
      </label>
      <label className="checkbox">
        <input type="checkbox" data-testid="dataset-filter-flags" checked={table.hasFlags} onChange={(event) => setTable({ hasFlags: event.target.checked })} />
        <span>{t('filters.hasFlags')}</span>
      </label>
      {hasActiveFilters(table) && (
        <button type="button" className="quiet" data-testid="dataset-clear-filters" onClick={resetFilters}>
          {t('filters.clear')}
        </button>
      )}
    </div>
  );
}
