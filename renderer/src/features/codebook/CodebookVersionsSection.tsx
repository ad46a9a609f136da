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
                return (
                  <tr key={version.id} data-testid="codebook-version-row" data-version-id={version.id} data-hash={shortHash(version.hash)}>
                    <td>{version.codebook.name[lang] || version.codebookId}</td>
                    <td className="cb-nowrap">{version.codebook.version}</td>
                    <td>
                      <code title={version.hash}>{shortHash(version.hash)}</code>
                    </td>
                    <td data-testid="codebook-version-based-on">{version.basedOn ? <code title={version.basedOn}>{shortHash(hashOfId(version.basedOn))}</code> : <span className="muted">{t('bundled')}</span>}</td>
                    <td data-testid="codebook-version-who">{version.reviewer ?? '—'}</td>
                    <td title={version.createdAt}>{formatDateTime(lang, version.createdAt)}</td>
                    <td data-testid="codebook-version-datasets">
                      {users.length === 0 ? <span className="muted">{t('noDatasets')}</span> : users.map((dataset) => dataset.name).join(', ')}
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
      {use && <UseVersionForm versions={use.versions} datasets={use.datasets} busy={busy} onChoose={choose} />}
      {message && (
        <p className={message.error ? 'error-inline' : 'success-inline'} role={message.error ? 'alert' : 'status'} data-testid="codebook-version-message">
          {message.text}
        </p>
      )}
    </section>
  );
}

/** "Use this version": a data set, then a stored version of its own codebook it does not use yet. */
function UseVersionForm({ versions, datasets, busy, onChoose }: { versions: CodebookVersionRow[]; datasets: Dataset[]; busy: boolean; onChoose(version: CodebookVersionRow, dataset: Dataset): void }) {
  const { t, lang } = useCodebookText();
  const [datasetId, setDatasetId] = useState('');
  const [versionId, setVersionId] = useState('');
  const dataset = datasets.find((candidate) => candidate.id === datasetId);
  const choices = dataset ? versions.filter((version) => version.codebookId === dataset.codebookId && version.hash !== dataset.codebookHash) : [];
  const version = choices.find((candidate) => candidate.id === versionId);
  if (datasets.length === 0) return null;
  return (
    <form
      className="cb-use-version"
      data-testid="codebook-use-version"
      onSubmit={(event) => {
        event.preventDefault();
        if (dataset && version) onChoose(version, dataset);
      }}
    >
      <h3>{t('useVersionTitle')}</h3>
      <p className="muted">{t('useVersionHint')}</p>
      <div className="button-row">
        <label className="inline-field">
          <span>{t('useVersionDataset')}</span>
          <select
            data-testid="codebook-use-dataset"
            value={datasetId}
            onChange={(event) => {
              setDatasetId(event.target.value);
              setVersionId('');
            }}
          >
            <option value="">{t('useForChoose')}</option>
            {datasets.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name} · {candidate.codebookHash ? shortHash(candidate.codebookHash) : t('notRecordedTitle')}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-field">
          <span>{t('useVersionVersion')}</span>
          <select data-testid="codebook-use-version-choice" value={versionId} disabled={!dataset || choices.length === 0} onChange={(event) => setVersionId(event.target.value)}>
            <option value="">{dataset && choices.length === 0 ? t('useVersionNone') : t('useVersionChoose')}</option>
            {choices.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.codebook.name[lang] || candidate.codebookId} · {candidate.codebook.version} · {shortHash(candidate.hash)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" data-testid="codebook-use-version-submit" disabled={busy || !dataset || !version}>
          {t('useVersion')}
        </button>
      </div>
    </form>
  );
}
