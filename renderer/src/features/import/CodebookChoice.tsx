import { useMemo } from 'react';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { codebookForDataset } from '../../codebook';
import { useCodebooksStore } from '../../stores/codebooks/store';
import { useDatasetsStore } from '../../stores/datasets/store';
import { useCodebookImportStore } from '../../stores/import/codebook-import';
import { BUNDLED_CODEBOOK_REF, useImportStore } from '../../stores/import/store';
import { codebookVersionLabel, useCodebookChoiceText } from './codebook-strings';

/**
 * The codebook of the import target: a choice for a new data set (the bundled SID codebook and
 * every stored version, custom ones included) with "Import codebook…", or, for an existing data
 * set, the codebook it keeps.
 */
export function CodebookChoice({ disabled }: { disabled: boolean }) {
  const { t, lang } = useCodebookChoiceText();
  const target = useImportStore((state) => state.target);
  const setTarget = useImportStore((state) => state.setTarget);
  const importCodebook = useImportStore((state) => state.importCodebook);
  const outcome = useCodebookImportStore((state) => state.outcome);
  const reset = useCodebookImportStore((state) => state.reset);
  const versions = useCodebooksStore((state) => state.versions);
  const datasets = useDatasetsStore((state) => state.list);

  const options = useMemo(() => {
    const rows = versions.some((row) => row.id === `${BUNDLED_CODEBOOK_REF.codebookId}@${BUNDLED_CODEBOOK_REF.codebookHash}`)
      ? versions
      : [{ id: `${BUNDLED_CODEBOOK_REF.codebookId}@${BUNDLED_CODEBOOK_REF.codebookHash}`, codebookId: DEFAULT_CODEBOOK.id, hash: BUNDLED_CODEBOOK_REF.codebookHash ?? '', codebook: DEFAULT_CODEBOOK }, ...versions];
    return rows.map((row) => ({
      id: row.id,
      ref: { codebookId: row.codebookId, codebookHash: row.hash },
      label: `${codebookVersionLabel(row.codebook, row.hash, lang)}${row.hash === BUNDLED_CODEBOOK_REF.codebookHash && row.codebookId === BUNDLED_CODEBOOK_REF.codebookId ? ` (${t('bundled')})` : ''}`,
    }));
  }, [versions, lang, t]);

  if (target.kind === 'existing') {
    const dataset = datasets.find((summary) => summary.dataset.id === target.datasetId)?.dataset;
    if (!dataset) return null;
    const { codebook } = codebookForDataset(dataset);
    return (
      <p className="codebook-choice muted" data-testid="import-codebook-existing" data-codebook-id={dataset.codebookId}>
        {t('existingKeeps', { codebook: codebookVersionLabel(codebook, dataset.codebookHash, lang) })}
      </p>
    );
  }

  const chosen = target.codebook ?? BUNDLED_CODEBOOK_REF;
  const chosenId = `${chosen.codebookId}@${chosen.codebookHash ?? ''}`;
  const working = outcome.kind === 'working';
  return (
    <div className="codebook-choice" data-testid="import-codebook-choice">
      <div className="codebook-choice-row">
        <label>
          <span>{t('codebook')}</span>
          <select
            data-testid="import-codebook-select"
            value={chosenId}
            disabled={disabled || working}
            onChange={(event) => {
              const option = options.find((candidate) => candidate.id === event.target.value);
              if (option) void setTarget({ kind: 'new', name: target.name, codebook: option.ref });
            }}
          >
            {options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" data-testid="import-codebook-import" disabled={disabled || working} onClick={() => void importCodebook()}>
          {working ? t('importing') : t('importButton')}
        </button>
      </div>
      <p className="muted">{t('readAgainst')}</p>
      {outcome.kind === 'imported' && (
        <div className="codebook-import-outcome" data-testid="import-codebook-imported" data-version-id={outcome.versionId} data-rules={outcome.ruleCount} role="status">
          <p>{t(outcome.alreadyStored ? 'alreadyStored' : 'imported', { codebook: codebookVersionLabel(outcome, outcome.hash, lang) })}</p>
          <p data-testid="import-codebook-rules" data-has-rules={outcome.rulesFile !== null}>
            {outcome.rulesFile !== null
              ? t('withRules', { file: outcome.rulesFile, count: outcome.ruleCount })
              : t('noRules', { file: outcome.codebookFile.replace(/\.json$/i, '.rules.json') })}
          </p>
          {outcome.rulesDiffer && <p className="field-hint">{t('rulesKept')}</p>}
        </div>
      )}
      {outcome.kind === 'refused' && (
        <div className="error-inline codebook-import-outcome" data-testid="import-codebook-refused" data-file={outcome.file} role="alert">
          <p>{t('refused', { file: outcome.file })}</p>
          <ul>
            {outcome.problems.map((problem, index) => (
              <li key={index} data-testid="import-codebook-problem">
                {problem}
              </li>
            ))}
          </ul>
          <button type="button" onClick={reset}>
            {t('dismiss')}
          </button>
        </div>
      )}
    </div>
  );
}
