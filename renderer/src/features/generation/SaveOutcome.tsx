import type { TableSave } from '../../stores/export/save-table';
import type { GenerationTextApi } from './strings';

/** What became of the last save of a section: working, saved (with where), canceled or failed. */
export function SaveOutcome({ save, text }: { save: TableSave<string> | null; text: GenerationTextApi }) {
  if (!save) return null;
  const { t } = text;
  const words = save.status === 'working' ? t('saving') : save.status === 'saved' ? t('saved', { path: save.path ?? '' }) : save.status === 'canceled' ? t('saveCanceled') : t('saveFailed');
  return (
    <p className="muted small" role="status" data-testid="generation-save-outcome" data-status={save.status}>
      {words}
    </p>
  );
}
