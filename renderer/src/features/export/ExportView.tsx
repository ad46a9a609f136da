import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { EXPORT_SCOPES, type ExportScope } from '../../../../shared/export/scope';
import { UNSURE_VALUES, type UnsureValues } from '../../../../shared/export/unsure-values';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { ExportCounts } from '../../db/repositories/export';
import { useT, type MessageKey, type Translate } from '../../i18n';
import { useAppStore } from '../../stores/app/store';
import { useDatasetsStore } from '../../stores/datasets/store';
import { useExportStore, type ExportFormat } from '../../stores/export/store';
import { useAdjudicationText } from '../adjudication/strings';
import { useExportText, type ExportStringKey } from './strings';

const FORMATS: ExportFormat[] = ['sid-jsonl', 'long-csv'];

const UNSURE_WORDS: Record<UnsureValues, { label: ExportStringKey; hint: Record<ExportFormat, ExportStringKey>; saved: ExportStringKey }> = {
  empty: { label: 'unsureEmpty', hint: { 'sid-jsonl': 'unsureEmptyHintSid', 'long-csv': 'unsureEmptyHintCsv' }, saved: 'savedUnsureEmpty' },
  guess: { label: 'unsureGuess', hint: { 'sid-jsonl': 'unsureGuessHintSid', 'long-csv': 'unsureGuessHintCsv' }, saved: 'savedUnsureGuess' },
};

const SCOPE_WORDS: Record<ExportScope, { label: MessageKey; hint: MessageKey; none: MessageKey }> = {
  verified: { label: 'export.scopeVerified', hint: 'export.scopeVerifiedHint', none: 'export.noneVerified' },
  'verified-turns': { label: 'export.scopeVerifiedTurns', hint: 'export.scopeVerifiedTurnsHint', none: 'export.noneVerifiedTurns' },
  all: { label: 'export.scopeAll', hint: 'export.scopeAllHint', none: 'export.noneAtAll' },
};

/** "12 turns in 5 dialogues" for the verified turns, "3 dialogues, 40 turns" for whole dialogues. */
function scopeCount(t: Translate, scope: ExportScope, counts: ExportCounts): string {
  const { dialogues, turns } = counts[scope];
  return t(scope === 'verified-turns' ? 'export.countsTurns' : 'export.countsDialogues', { dialogues, turns });
}

export function ExportView({ datasetId }: { datasetId: string }) {
  const t = useT();
  const adjudicationText = useAdjudicationText().t;
  const { t: exportText, lang } = useExportText();
  const goTo = useAppStore((state) => state.goTo);
  const current = useDatasetsStore((state) => state.current);
  const loadCurrent = useDatasetsStore((state) => state.loadCurrent);
  const state = useExportStore(
    useShallow((store) => ({
      scope: store.scope,
      format: store.format,
      adjudicated: store.adjudicated,
      adjudications: store.adjudications,
      setAdjudicated: store.setAdjudicated,
      unsureValues: store.unsureValues,
      setUnsureValues: store.setUnsureValues,
      counts: store.counts,
      status: store.status,
      pending: store.pending,
      saved: store.saved,
      error: store.error,
      setScope: store.setScope,
      setFormat: store.setFormat,
      loadCounts: store.loadCounts,
      exportDataset: store.exportDataset,
      confirmExport: store.confirmExport,
      cancelExport: store.cancelExport,
    })),
  );
  const { loadCounts, cancelExport, counts } = state;

  useEffect(() => {
    void loadCurrent(datasetId);
    void loadCounts(datasetId);
  }, [datasetId, loadCurrent, loadCounts]);
  // A question left open by leaving the view is not answered by coming back to it.
  useEffect(() => cancelExport, [cancelExport]);

  const chosen = counts ? counts[state.scope] : null;
  const working = state.status === 'working' || state.status === 'confirming';
  const pending = state.pending;

  return (
    <section className="view export-view" data-testid="export-view">
      <header className="view-header">
        <h1>{t('export.title', { name: current?.id === datasetId ? current.name : '' })}</h1>
        <button type="button" data-testid="export-back" onClick={() => goTo('datasets')}>
          {t('common.back')}
        </button>
      </header>

      {counts && (
        <p
          className="export-progress"
          data-testid="export-progress"
          data-verified-dialogues={counts.verified.dialogues}
          data-verified-turns={counts['verified-turns'].turns}
          data-verified-turn-dialogues={counts['verified-turns'].dialogues}
        >
          {t('export.progress', {
            verifiedDialogues: counts.verified.dialogues,
            verifiedTurns: counts['verified-turns'].turns,
            turnDialogues: counts['verified-turns'].dialogues,
            dialogues: counts.all.dialogues,
            turns: counts.all.turns,
          })}
        </p>
      )}

      <fieldset className="choice-group" disabled={working}>
        <legend>{t('export.scope')}</legend>
        {EXPORT_SCOPES.map((scope) => (
          <label key={scope} className="radio">
            <input type="radio" name="export-scope" data-testid={`export-scope-${scope}`} checked={state.scope === scope} onChange={() => state.setScope(scope)} />
            <span>
              <span className="choice-label">{t(SCOPE_WORDS[scope].label)}</span>
              {counts && (
                <span className="muted" data-testid={`export-count-${scope}`} data-dialogues={counts[scope].dialogues} data-turns={counts[scope].turns}>
                  {' '}
                  {scopeCount(t, scope, counts)}
                </span>
              )}
              <span className="choice-hint muted">{t(SCOPE_WORDS[scope].hint)}</span>
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
              <span className="choice-label">{t(format === 'sid-jsonl' ? 'export.formatSid' : 'export.formatLongCsv')}</span>
              <span className="choice-hint muted">{t(format === 'sid-jsonl' ? 'export.formatSidHint' : 'export.formatLongCsvHint')}</span>
            </span>
          </label>
        ))}
        {state.format === 'sid-jsonl' && (
          <label className="checkbox" data-testid="export-adjudicated-option" data-records={state.adjudications ?? ''}>
            <input type="checkbox" data-testid="export-adjudicated" checked={state.adjudicated} disabled={!state.adjudications} onChange={(event) => state.setAdjudicated(event.target.checked)} />
            <span>
              <span className="choice-label">{adjudicationText('exportOption')}</span>
              <span className="choice-hint muted">{state.adjudications ? adjudicationText('exportOptionHint', { n: state.adjudications }) : adjudicationText('exportOptionNone')}</span>
            </span>
          </label>
        )}
      </fieldset>

      <fieldset className="choice-group" disabled={working} data-testid="export-unsure" data-value={state.unsureValues}>
        <legend>{exportText('unsureLegend')}</legend>
        {UNSURE_VALUES.map((choice) => (
          <label key={choice} className="radio">
            <input type="radio" name="export-unsure" data-testid={`export-unsure-${choice}`} checked={state.unsureValues === choice} onChange={() => void state.setUnsureValues(choice)} />
            <span>
              <span className="choice-label">{exportText(UNSURE_WORDS[choice].label)}</span>
              <span className="choice-hint muted">{exportText(UNSURE_WORDS[choice].hint[state.format])}</span>
            </span>
          </label>
        ))}
        <p className="choice-hint muted">{exportText('unsureRemembered')}</p>
      </fieldset>

      {chosen && chosen.dialogues === 0 && (
        <p className="notice-inline" data-testid="export-nothing">
          {t(counts?.all.dialogues === 0 ? 'export.noneAtAll' : SCOPE_WORDS[state.scope].none)}
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
          {state.status === 'working' ? t('export.saving') : t('export.save')}
        </button>
      </div>

      {state.status === 'saved' && state.saved && (
        <p className="success-inline" data-testid="export-result" data-path={state.saved.path} aria-live="polite">
          {t('export.saved', { dialogues: state.saved.dialogues, turns: state.saved.turns, path: state.saved.path })}
          <span className="export-result-labels" data-testid="export-result-labels" data-unreviewed={state.saved.labels.unreviewed}>
            {t('export.savedLabels', { ...state.saved.labels })}
          </span>
          {state.saved.labels.unsure > 0 && (
            <span className="export-result-labels" data-testid="export-result-unsure" data-unsure-values={state.saved.unsureValues}>
              {exportText(UNSURE_WORDS[state.saved.unsureValues].saved, { n: state.saved.labels.unsure.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en') })}
            </span>
          )}
          {state.saved.cardPaths.length > 0 && (
            <span className="export-result-labels" data-testid="export-result-card" data-paths={state.saved.cardPaths.join('\n')}>
              {t('export.savedCard', { paths: state.saved.cardPaths.map((path) => path.split(/[\\/]/).pop() ?? path).join(', ') })}
            </span>
          )}
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

      <ConfirmDialog
        open={state.status === 'confirming' && pending !== null}
        title={t('export.confirmTitle', { unreviewed: pending?.labels.unreviewed ?? 0 })}
        confirmLabel={t('export.confirmAccept')}
        cancelLabel={t('common.cancel')}
        onCancel={state.cancelExport}
        onConfirm={() => void state.confirmExport()}
      >
        {pending && (
          <>
            <p data-testid="export-unreviewed-warning" data-unreviewed={pending.labels.unreviewed}>
              {t('export.confirmBody', {
                unreviewed: pending.labels.unreviewed,
                total: pending.labels.accepted + pending.labels.changed + pending.labels.unsure + (pending.labels.labelled ?? 0) + pending.labels.unreviewed,
              })}
            </p>
            <p>{t(state.format === 'sid-jsonl' ? 'export.confirmMarkSid' : 'export.confirmMarkCsv')}</p>
            <p className="muted">{t(state.scope === 'all' ? 'export.confirmOnlyChecked' : 'export.confirmReviewFirst')}</p>
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}
