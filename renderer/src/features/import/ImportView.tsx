import { ProgressBar } from '../../components/ProgressBar';
import { useT } from '../../i18n';
import { useImportStore } from '../../stores/import/store';
import { MappingStep } from './MappingStep';
import { useReadingText } from './reading-strings';
import { ReportStep } from './ReportStep';

export function ImportView() {
  const t = useT();
  const step = useImportStore((state) => state.step);
  const progress = useImportStore((state) => state.progress);
  const fileCount = useImportStore((state) => state.entries.length);
  const parsedInWorker = useImportStore((state) => state.parsedInWorker);
  // the column step exists only for CSV/TSV files: without one the import is the report alone, and a
  // "1 · Columns" that never comes would only puzzle
  const hasColumnStep = useImportStore((state) => state.entries.some((entry) => entry.format === 'delimited'));
  const cancel = useImportStore((state) => state.cancel);
  const pickFiles = useImportStore((state) => state.pickFiles);
  const target = useImportStore((state) => state.target);
  const { t: readingWords } = useReadingText();
  const targetDatasetId = target.kind === 'existing' ? target.datasetId : null;

  return (
    <section className="view import-view" data-testid="import-view" data-step={step}>
      <header className="view-header">
        <h1>{t('import.title')}</h1>
        {hasColumnStep && (
          <ol className="steps" data-testid="import-steps" aria-label={t('import.steps')}>
            <li className={step === 'mapping' ? 'current' : undefined}>{t('import.stepMapping')}</li>
            <li className={step === 'report' || step === 'committing' ? 'current' : undefined}>{t('import.stepReport')}</li>
          </ol>
        )}
      </header>

      {(step === 'reading' || step === 'inspecting' || step === 'parsing') && (
        <div className="progress-panel" data-testid="import-progress" aria-live="polite">
          <p>
            {step === 'parsing' && progress
              ? t('import.parsing', { done: progress.done, total: progress.total, file: progress.file ?? '' })
              : t('import.reading', { count: fileCount })}
          </p>
          <ProgressBar value={progress && progress.total > 0 ? progress.done / progress.total : 0} label={t('import.progressLabel')} />
          {!parsedInWorker && <p className="muted">{t('import.mainThread')}</p>}
          <button type="button" data-testid="import-cancel" onClick={cancel}>
            {t('common.cancel')}
          </button>
        </div>
      )}
      {step === 'mapping' && <MappingStep />}
      {(step === 'report' || step === 'committing') && <ReportStep />}
      {step === 'cancelled' && (
        <div className="empty-state import-cancelled" data-testid="import-cancelled" role="status">
          <h2>{readingWords('cancelledTitle')}</h2>
          <p>{readingWords('cancelledText')}</p>
          <div className="button-row">
            <button type="button" className="primary" data-testid="import-again-files" onClick={() => void pickFiles('files', targetDatasetId)}>
              {t('start.importFiles')}
            </button>
            <button type="button" data-testid="import-again-folder" onClick={() => void pickFiles('folder', targetDatasetId)}>
              {t('start.importFolder')}
            </button>
            <button type="button" data-testid="import-cancelled-back" onClick={cancel}>
              {t('common.back')}
            </button>
          </div>
        </div>
      )}
      {step === 'idle' && (
        <div className="empty-state" data-testid="import-idle">
          <p>{t('import.nothing')}</p>
          <button type="button" onClick={cancel}>
            {t('common.back')}
          </button>
        </div>
      )}
    </section>
  );
}
