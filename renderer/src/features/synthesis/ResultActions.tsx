import { useState } from 'react';
import type { RubricSetRow } from '../../../../shared/model/judge';
import type { SynthesisSessionRow } from '../../../../shared/model/synthesis';
import type { Round } from '../../../../shared/synthesis/types';
import { errorMessage } from '../../db/errors';
import { rubricSetFileText } from '../../db/repositories/rubric-sets';
import { formatNumber } from '../../i18n';
import { useAppStore } from '../../stores/app/store';
import { saveTable, type TableSave } from '../../stores/export/save-table';
import { exportFileName } from '../../stores/rubrics/store';
import { useSynthesisStore } from '../../stores/synthesis/store';
import type { SynthesisTextApi } from './strings';

interface ResultActionsProps {
  session: SynthesisSessionRow;
  best: Round;
  /** the working metrics differ from the round they are based on */
  unscoredEdits: boolean;
  text: SynthesisTextApi;
}

/**
 * The session's result: saved as a rubric-set version (the best round's metrics, or with the
 * educator's unscored edits), exported as the judge's JSON file the Rubric sets view imports, and
 * the way to where it is used.
 */
export function ResultActions({ session, best, unscoredEdits, text }: ResultActionsProps) {
  const { t, lang } = text;
  const saveRubricSet = useSynthesisStore((state) => state.saveRubricSet);
  const datasetId = useAppStore((state) => state.datasetId);
  const openRubricSets = useAppStore((state) => state.openRubricSets);
  const goTo = useAppStore((state) => state.goTo);
  const [saved, setSaved] = useState<{ row: RubricSetRow; which: 'best' | 'working' } | null>(null);
  const [exported, setExported] = useState<TableSave<'json'> | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fine = best.diagnostics.filter((diagnostic) => diagnostic.verdict === 'fine').length;

  const save = async (which: 'best' | 'working'): Promise<RubricSetRow | null> => {
    setBusy(true);
    setMessage(null);
    try {
      const row = await saveRubricSet(session.id, which);
      setSaved({ row, which });
      return row;
    } catch (error) {
      setMessage(t('actionFailed', { message: errorMessage(error) }));
      return null;
    } finally {
      setBusy(false);
    }
  };
  // the file is the set as saved (saving again is idempotent, and keeps up with later edits), so importing it gives the same version
  const exportJson = async () => {
    const row = await save(saved?.which ?? (unscoredEdits ? 'working' : 'best'));
    if (row) await saveTable('json' as const, { defaultName: exportFileName(row), fileKind: 'json', content: () => rubricSetFileText(row.set) }, setExported);
  };

  return (
    <section className="synthesis-result" data-testid="synthesis-result" aria-labelledby="synthesis-result-title">
      <h3 id="synthesis-result-title">{t('resultHeading')}</h3>
      <p data-testid="synthesis-result-best" data-best={best.version}>
        {t('resultBest', { round: best.version, fine: formatNumber(lang, fine), total: formatNumber(lang, best.diagnostics.length) })} {unscoredEdits && t('resultEdited')}
      </p>
      <div className="button-row">
        <button type="button" className="primary" data-testid="synthesis-save-best" disabled={busy} onClick={() => void save('best')}>
          {t('saveBest')}
        </button>
        {unscoredEdits && (
          <button type="button" data-testid="synthesis-save-working" disabled={busy} onClick={() => void save('working')}>
            {t('saveWorking')}
          </button>
        )}
        <button type="button" data-testid="synthesis-export-json" disabled={busy || exported?.status === 'working'} onClick={() => void exportJson()}>
          {t('exportJson')}
        </button>
      </div>
      {saved && (
        <p data-testid="synthesis-saved" data-row-id={saved.row.id} role="status">
          {t('savedAs', { id: saved.row.setId, version: saved.row.version })}
        </p>
      )}
      {exported && exported.status !== 'working' && (
        <p data-testid="synthesis-export-status" data-status={exported.status} role="status">
          {exported.status === 'saved' ? t('exportSaved', { path: exported.path ?? '' }) : exported.status === 'canceled' ? t('exportCanceled') : t('exportFailed')}
        </p>
      )}
      {message && (
        <p className="error-inline" role="alert" data-testid="synthesis-result-error">
          {message}
        </p>
      )}
      {datasetId ? (
        <div className="button-row">
          <button type="button" data-testid="synthesis-open-rubric-sets" onClick={() => openRubricSets('judge')}>
            {t('openRubricSets')}
          </button>
          <button type="button" className="quiet" data-testid="synthesis-open-judge" onClick={() => goTo('judge')}>
            {t('openJudge')}
          </button>
        </div>
      ) : (
        <p className="muted" data-testid="synthesis-need-dataset">{t('needDataset')}</p>
      )}
    </section>
  );
}
