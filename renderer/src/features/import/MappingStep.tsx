import { useShallow } from 'zustand/react/shallow';
import { useT } from '../../i18n';
import { selectImportActions } from '../../stores/import/selectors';
import { useImportStore } from '../../stores/import/store';
import { MappingEditor } from './MappingEditor';

/** CSV/TSV files need their columns assigned before they can be read; other files wait here unchanged. */
export function MappingStep() {
  const t = useT();
  const entries = useImportStore((state) => state.entries);
  const error = useImportStore((state) => state.error);
  const actions = useImportStore(useShallow(selectImportActions));

  return (
    <div className="import-mapping" data-testid="import-mapping">
      <p>{t('mapping.intro')}</p>
      {error && (
        <p className="error-inline" role="alert" data-testid="import-error">
          {t('report.failed', { message: error })}
        </p>
      )}
      {entries.map((entry, index) => (
        <section key={`${entry.name}-${index}`} className="mapping-file" data-testid="import-mapping-file" data-file={entry.name}>
          <header className="file-report-header">
            <h3 className="file-name">{entry.name}</h3>
            <span className="muted">{entry.format ?? t('report.verdict.unsupported')}</span>
          </header>
          <label className="inline-field">
            <span>{t('report.teacherModel')}</span>
            <input
              type="text"
              data-testid="import-teacher-model"
              value={entry.teacherModel}
              onChange={(event) => actions.setTeacherModel(index, event.target.value)}
            />
          </label>
          {entry.format === 'delimited' && entry.preview && entry.mapping && (
            <MappingEditor preview={entry.preview} mapping={entry.mapping} onChange={(mapping) => actions.setMapping(index, mapping)} />
          )}
        </section>
      ))}
      <footer className="wizard-footer">
        <span />
        <div className="button-row">
          <button type="button" data-testid="import-cancel" onClick={actions.cancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="primary" data-testid="import-parse" onClick={() => void actions.parseAll()}>
            {t('mapping.check')}
          </button>
        </div>
      </footer>
    </div>
  );
}
