import { useShallow } from 'zustand/react/shallow';
import { useT } from '../../i18n';
import { selectImportActions } from '../../stores/import/selectors';
import { useImportStore } from '../../stores/import/store';
import { formatName } from './format-names';
import { MappingEditor } from './MappingEditor';
import { TeacherModelField } from './TeacherModelField';

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
            <span className="muted">{entry.format ? formatName(entry.format) : t('report.verdict.unsupported')}</span>
          </header>
          <TeacherModelField
            entry={entry}
            index={index}
            // rows may still name their own model in a model column; the report decides once they are read
            required={false}
            ask={!entry.mapping?.teacherModel}
            onChange={actions.setTeacherModel}
          />
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
