import type { ReactNode } from 'react';
import type { JudgeRunRow } from '../../../../shared/model/judge';
import { useJudgeStore } from '../../stores/judge/store';
import type { JudgeTextApi } from './strings';

/**
 * The Judge view's title and its actions. `actions` is where other features put their one header
 * button (start a run, edit rubric sets): the list stays flat so each is one line.
 */
export function JudgeHeader({ datasetId, run, text, onDelete, actions }: { datasetId: string; run: JudgeRunRow | null; text: JudgeTextApi; onDelete(): void; actions?: ReactNode }) {
  const { t } = text;
  const runs = useJudgeStore((s) => s.runs);
  const runId = useJudgeStore((s) => s.runId);
  const importing = useJudgeStore((s) => s.importOutcome.kind === 'working');
  const store = useJudgeStore.getState();
  return (
    <header className="judge-header">
      <h1>{t('title')}</h1>
      <p className="judge-intro">{t('intro')}</p>
      <div className="judge-actions">
        <button type="button" data-testid="judge-import" onClick={() => void store.pickImport(datasetId)} disabled={importing}>
          {t('importButton')}
        </button>
        {actions}
        {runs.length > 0 && (
          <label>
            {t('run')}{' '}
            <select data-testid="judge-run-select" value={runId ?? ''} onChange={(event) => void store.selectRun(event.target.value || null)}>
              {runs.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name} · {candidate.createdAt.slice(0, 16).replace('T', ' ')}
                </option>
              ))}
            </select>
          </label>
        )}
        {run && (
          <button type="button" className="quiet" data-testid="judge-delete-run" onClick={onDelete}>
            {t('deleteRun')}
          </button>
        )}
      </div>
      <ImportOutcome text={text} />
    </header>
  );
}

function ImportOutcome({ text }: { text: JudgeTextApi }) {
  const outcome = useJudgeStore((s) => s.importOutcome);
  const { t } = text;
  if (outcome.kind === 'none') return null;
  if (outcome.kind === 'working') return <p role="status">{t('importWorking')}</p>;
  if (outcome.kind === 'refused') {
    return (
      <div className="judge-outcome judge-refused" data-testid="judge-import-outcome" data-kind="refused" role="alert">
        <p>{t('importRefused')}</p>
        <pre>{outcome.message}</pre>
      </div>
    );
  }
  const { report } = outcome;
  return (
    <div className="judge-outcome" data-testid="judge-import-outcome" data-kind="imported" data-stored={report.stored} data-unmatched={report.unmatchedCount} role="status">
      <p>{t('imported', { stored: report.stored, file: report.run.sourceFile ?? report.run.name })}</p>
      {report.unmatchedCount > 0 && (
        <>
          <p>{t('importedUnmatched', { n: report.unmatchedCount })}</p>
          <ul className="judge-unmatched">
            {report.unmatched.slice(0, 10).map((line) => (
              <li key={line.line} data-testid="judge-unmatched-line" data-line={line.line}>
                {report.run.sourceFile}:{line.line} — {line.group} {line.dialogue}
              </li>
            ))}
          </ul>
        </>
      )}
      {report.duplicateLines > 0 && <p>{t('importedDuplicates', { n: report.duplicateLines })}</p>}
    </div>
  );
}
