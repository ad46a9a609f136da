import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useT } from '../../i18n';
import { useDatasetsStore } from '../../stores/datasets/store';
import { suggestDatasetName } from '../../stores/import/file-verdict';
import { blocksImport, commitTotals, importHints, selectImportActions } from '../../stores/import/selectors';
import { useImportStore } from '../../stores/import/store';
import { CodebookChoice } from './CodebookChoice';
import { FileReport } from './FileReport';
import { ImportHints } from './ImportHints';
import { LayerOption } from './LayerOption';
import { useLayerText } from './layer-strings';
import { SkippedFiles } from './SkippedFiles';
import { EncodingOffers } from './EncodingOffers';

export function ReportStep() {
  const t = useT();
  const entries = useImportStore((state) => state.entries);
  const skipped = useImportStore((state) => state.skipped);
  const target = useImportStore((state) => state.target);
  const step = useImportStore((state) => state.step);
  const error = useImportStore((state) => state.error);
  const layer = useImportStore((state) => state.layer);
  const layerPreview = useImportStore((state) => state.layerPreview);
  const layerText = useLayerText();
  const actions = useImportStore(useShallow(selectImportActions));
  const datasets = useDatasetsStore((state) => state.list);
  const loadList = useDatasetsStore((state) => state.loadList);

  useEffect(() => {
    void loadList();
  }, [loadList]);

  const totals = useMemo(() => commitTotals(entries), [entries]);
  const attaching = layer !== null && target.kind === 'existing';
  const hints = useMemo(() => importHints(entries, attaching), [entries, attaching]);
  const blocked = hints.some(blocksImport);
  const committing = step === 'committing';
  const nameMissing = target.kind === 'new' && target.name.trim() === '';
  const layerReady =
    layer !== null &&
    layer.name.trim() !== '' &&
    layerPreview.status === 'ready' &&
    layerPreview.matched.values.length > 0 &&
    layerPreview.alreadyAttachedAs === null;
  const canCommit = totals.files > 0 && !blocked && !committing && !nameMissing && (!attaching || layerReady);

  return (
    <div className="import-report" data-testid="import-report">
      <fieldset className="target" disabled={committing}>
        <legend>{t('report.target')}</legend>
        <label className="radio">
          <input
            type="radio"
            name="import-target"
            data-testid="import-target-new"
            checked={target.kind === 'new'}
            onChange={() => void actions.setTarget({ kind: 'new', name: target.kind === 'new' ? target.name : suggestDatasetName(entries.map((entry) => entry.name)) })}
          />
          <span>{t('report.targetNew')}</span>
        </label>
        {target.kind === 'new' && (
          <input
            type="text"
            className="dataset-name-input"
            data-testid="import-dataset-name"
            aria-label={t('report.datasetName')}
            value={target.name}
            onChange={(event) => void actions.setTarget({ kind: 'new', name: event.target.value, codebook: target.codebook })}
          />
        )}
        {datasets.length > 0 && (
          <>
            <label className="radio">
              <input
                type="radio"
                name="import-target"
                data-testid="import-target-existing"
                checked={target.kind === 'existing'}
                onChange={() => void actions.setTarget({ kind: 'existing', datasetId: datasets[0].dataset.id })}
              />
              <span>{t('report.targetExisting')}</span>
            </label>
            {target.kind === 'existing' && (
              <select
                data-testid="import-dataset-select"
                aria-label={t('report.targetExisting')}
                value={target.datasetId}
                onChange={(event) => void actions.setTarget({ kind: 'existing', datasetId: event.target.value })}
              >
                {datasets.map((summary) => (
                  <option key={summary.dataset.id} value={summary.dataset.id}>
                    {summary.dataset.name}
                  </option>
                ))}
              </select>
            )}
          </>
        )}
        {nameMissing && entries.length > 0 && <p className="field-hint">{t('report.nameRequired')}</p>}
        <CodebookChoice disabled={committing} />
        {target.kind === 'existing' && <LayerOption disabled={committing} />}
      </fieldset>

      {error && (
        <p className="error-inline" role="alert" data-testid="import-error">
          {t('report.failed', { message: error })}
        </p>
      )}

      <div className="file-reports">
        {entries.map((entry, index) => (
          <FileReport
            key={`${entry.name}-${index}`}
            entry={entry}
            index={index}
            disabled={committing}
            attachingLayer={attaching}
            onInclude={actions.setInclude}
            onTeacherModel={actions.setTeacherModel}
          />
        ))}
      </div>
      <EncodingOffers skipped={skipped} disabled={committing} onReadAs={(name) => void actions.readSkippedAs(name)} />
      <SkippedFiles skipped={skipped} />

      <footer className="wizard-footer">
        <div className="wizard-status">
          <p data-testid="import-totals" data-files={totals.files} data-dialogues={totals.dialogues} data-turns={totals.turns}>
            {totals.files > 0
              ? t('report.totals', { files: totals.files, dialogues: totals.dialogues, turns: totals.turns })
              : entries.length > 0
                ? t('report.nothingChosen')
                : skipped.length > 0
                  ? t('report.allSkipped', { count: skipped.length })
                  : t('report.nothingFound')}
          </p>
          <ImportHints hints={hints} />
        </div>
        <div className="button-row">
          <button type="button" data-testid="import-cancel" onClick={actions.cancel} disabled={committing}>
            {t('common.cancel')}
          </button>
          <button type="button" className="primary" data-testid="import-confirm" disabled={!canCommit} onClick={() => void actions.commit()}>
            {attaching ? layerText(committing ? 'attaching' : 'confirm') : committing ? t('report.importing') : t('report.import')}
          </button>
        </div>
      </footer>
    </div>
  );
}
