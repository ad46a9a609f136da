import { useState } from 'react';
import type { CodebookVersionRow } from '../../../../shared/model/codebook-version';
import type { Dataset } from '../../../../shared/model/dataset';
import { formatDateTime } from '../../i18n';
import { useCodebooksStore } from '../../stores/codebooks/store';
import { useCodebookText } from './strings';
import { useCodebookVersionUse } from './use-codebook-versions';
import './codebook.css';

const shortHash = (hash: string) => hash.slice(0, 12);
/** a version id is `${codebookId}@${hash}` */
const hashOfId = (id: string) => id.slice(id.lastIndexOf('@') + 1);

/**
 * Settings → Codebooks: every stored codebook version (name, version, short hash, the version it
 * was edited from, who, when) with the data sets that use it, and the data sets made before
 * versioning, which recorded none. "Use this version" moves a data set to another version of its
 * own codebook (audited).
 */
export function CodebookVersionsSection() {
  const { t, lang } = useCodebookText();
  const use = useCodebookVersionUse();
  const moveToVersion = useCodebooksStore((state) => state.moveToVersion);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (version: CodebookVersionRow, dataset: Dataset) => {
    setBusy(true);
    const result = await moveToVersion({ datasetId: dataset.id, versionId: version.id });
    setBusy(false);
    setMessage(result.ok ? { text: t('usedNow', { name: dataset.name, hash: shortHash(version.hash) }), error: false } : { text: t('useFailed', { message: result.problems.join(' ') }), error: true });
  };

  const unrecorded = use?.datasets.filter((dataset) => !dataset.codebookHash) ?? [];
  return (
    <section className="settings-section cb-versions" data-testid="settings-codebooks" aria-labelledby="settings-codebooks-title">
      <h2 id="settings-codebooks-title">{t('versionsTitle')}</h2>
      <p className="muted">{t('versionsHint')}</p>
      {use === undefined ? (
        <p className="muted">{t('versionsLoading')}</p>
      ) : (
        <div className="cb-versions-scroll">
          <table className="data-table" data-testid="codebook-versions">
            <thead>
              <tr>
                {(['colCodebook', 'colVersion', 'colHash', 'colBasedOn', 'colWho', 'colWhen', 'colDatasets'] as const).map((key) => (
                  <th key={key} scope="col">
                    {t(key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {use.versions.map((version) => {
                const users = use.datasets.filter((dataset) => dataset.codebookId === version.codebookId && dataset.codebookHash === version.hash);
                const others = use.datasets.filter((dataset) => dataset.codebookId === version.codebookId && dataset.codebookHash !== version.hash);
                return (
                  <tr key={version.id} data-testid="codebook-version-row" data-version-id={version.id} data-hash={shortHash(version.hash)}>
                    <td>{version.codebook.name[lang] || version.codebookId}</td>
                    <td>{version.codebook.version}</td>
                    <td>
                      <code title={version.hash}>{shortHash(version.hash)}</code>
                    </td>
                    <td data-testid="codebook-version-based-on">{version.basedOn ? <code title={version.basedOn}>{shortHash(hashOfId(version.basedOn))}</code> : <span className="muted">{t('bundled')}</span>}</td>
                    <td data-testid="codebook-version-who">{version.reviewer ?? '—'}</td>
                    <td>{formatDateTime(lang, version.createdAt)}</td>
                    <td data-testid="codebook-version-datasets">
                      {users.length === 0 ? <span className="muted">{t('noDatasets')}</span> : users.map((dataset) => dataset.name).join(', ')}
                      {others.length > 0 && <UseFor version={version} datasets={others} busy={busy} onChoose={choose} />}
                    </td>
                  </tr>
                );
              })}
              {unrecorded.length > 0 && (
                <tr data-testid="codebook-version-unrecorded">
                  <td colSpan={6}>
                    {t('notRecordedTitle')}
                    <div className="rv-hint cb-hint">{t('notRecordedHint')}</div>
                  </td>
                  <td>{unrecorded.map((dataset) => dataset.name).join(', ')}</td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      {message && (
        <p className={message.error ? 'error-inline' : 'success-inline'} role={message.error ? 'alert' : 'status'} data-testid="codebook-version-message">
          {message.text}
        </p>
      )}
    </section>
  );
}

function UseFor({ version, datasets, busy, onChoose }: { version: CodebookVersionRow; datasets: Dataset[]; busy: boolean; onChoose(version: CodebookVersionRow, dataset: Dataset): void }) {
  const { t } = useCodebookText();
  const [datasetId, setDatasetId] = useState('');
  const chosen = datasets.find((dataset) => dataset.id === datasetId);
  return (
    <div className="cb-use-for">
      <label>
        <span className="rv-hint cb-hint">{t('useFor')}</span>{' '}
        <select data-testid="codebook-version-use-dataset" value={datasetId} onChange={(event) => setDatasetId(event.target.value)}>
          <option value="">{t('useForChoose')}</option>
          {datasets.map((dataset) => (
            <option key={dataset.id} value={dataset.id}>
              {dataset.name}
            </option>
          ))}
        </select>
      </label>{' '}
      <button type="button" data-testid="codebook-version-use" disabled={busy || !chosen} onClick={() => chosen && onChoose(version, chosen)}>
        {t('useVersion')}
      </button>
    </div>
  );
}
