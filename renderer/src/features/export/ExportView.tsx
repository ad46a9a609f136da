import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useT } from '../../i18n';
import { useAppStore } from '../../stores/app/store';
import { useDatasetsStore } from '../../stores/datasets/store';
import { useExportStore, type ExportFormat } from '../../stores/export/store';
import type { ExportScope } from '../../db/repositories/export';

const SCOPES: ExportScope[] = ['all', 'verified'];
const FORMATS: ExportFormat[] = ['sid-jsonl', 'long-csv'];

export function ExportView({ datasetId }: { datasetId: string }) {
  const t = useT();
  const goTo = useAppStore((state) => state.goTo);
  const current = useDatasetsStore((state) => state.current);
  const loadCurrent = useDatasetsStore((state) => state.loadCurrent);
  const state = useExportStore(
    useShallow((store) => ({
      scope: store.scope,
      format: store.format,
      counts: store.counts,
      status: store.status,
      saved: store.saved,
      error: store.error,
      setScope: store.setScope,
      setFormat: store.setFormat,
      loadCounts: store.loadCounts,
      exportDataset: store.exportDataset,
    })),
  );
  const { loadCounts } = state;

  useEffect(() => {
    void loadCurrent(datasetId);
    void loadCounts(datasetId);
  }, [datasetId, loadCurrent, loadCounts]);

  const chosen = state.counts ? state.counts[state.scope] : null;
  const working = state.status === 'working';

  return (
    <section className="view export-view" data-testid="export-view">
      <header className="view-header">
        <h1>{t('export.title', { name: current?.id === datasetId ? current.name : '' })}</h1>
        <button type="button" data-testid="export-back" onClick={() => goTo('datasets')}>
          {t('common.back')}
        </button>
      </header>

      <fieldset className="choice-group" disabled={working}>
        <legend>{t('export.scope')}</legend>
        {SCOPES.map((scope) => (
          <label key={scope} className="radio">
            <input type="radio" name="export-scope" data-testid={`export-scope-${scope}`} checked={state.scope === scope} onChange={() => state.setScope(scope)} />
            <span>
              {t(scope === 'all' ? 'export.scopeAll' : 'export.scopeVerified')}
              {state.counts && (
                <span className="muted" data-testid={`export-count-${scope}`} data-dialogues={state.counts[scope].dialogues} data-turns={state.counts[scope].turns}>
                  {' '}
                  {t('export.counts', { dialogues: state.counts[scope].dialogues, turns: state.counts[scope].turns })}
                </span>
              )}
            </span>
          </label>
        ))}
      </fieldset>

      <fieldset className="choice-group" disabled={working}>
        <legend>{t('export.format')}</legend>
        {FORMATS.map((format) => (
          <label key={format} className="radio">
            <input type="radio" name="export-format" data-testid={`export-format-${format}`} checked={state.format === format} onChange={() => state.setFormat(format)} />
            <span>
              {t(format === 'sid-jsonl' ? 'export.formatSid' : 'export.formatLongCsv')}
              <span className="muted"> — {t(format === 'sid-jsonl' ? 'export.formatSidHint' : 'export.formatLongCsvHint')}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {chosen && chosen.dialogues === 0 && (
        <p className="notice-inline" data-testid="export-nothing">
          {state.scope === 'verified' ? t('export.noneVerified') : t('export.noneAtAll')}
        </p>
      )}

      <div className="button-row">
        <button
          type="button"
          className="primary"
          data-testid="export-save"
          disabled={working || !chosen || chosen.dialogues === 0}
          onClick={() => void state.exportDataset(datasetId)}
        >
          {working ? t('export.saving') : t('export.save')}
        </button>
      </div>

      {state.status === 'saved' && state.saved && (
        <p className="success-inline" data-testid="export-result" data-path={state.saved.path} aria-live="polite">
          {t('export.saved', { dialogues: state.saved.dialogues, turns: state.saved.turns, path: state.saved.path })}
        </p>
      )}
      {state.status === 'canceled' && (
        <p className="muted" data-testid="export-canceled">
          {t('export.canceled')}
        </p>
      )}
      {state.status === 'error' && state.error && (
        <p className="error-inline" role="alert" data-testid="export-error">
          {t('export.failed', { message: state.error })}
        </p>
      )}
    </section>
  );
}
