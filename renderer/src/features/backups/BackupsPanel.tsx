import { useEffect, useState } from 'react';
import type { BackupInfo } from '../../../../shared/backup/manifest';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateTime } from '../../i18n';
import { useBackupsStore } from '../../stores/backups/store';
import { ReasonText } from '../jobs/ReasonText';
import { RestoreRefusal } from './RestoreRefusal';
import { useBackupText, type BackupStringKey } from './strings';

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The Backups section of settings: list, back up now, restore (confirmed), project export / import, settings. */
export function BackupsPanel() {
  const { t, lang } = useBackupText();
  const { backups, settings, busy, error, errorWhy, refusal, message, refresh, backUp, restore, exportProject, importProject, saveSettings } = useBackupsStore();
  const [confirm, setConfirm] = useState<BackupInfo | 'project' | null>(null);
  const [keep, setKeep] = useState(String(settings.keep));
  const [interval, setIntervalText] = useState(String(settings.intervalMinutes));

  useEffect(() => void refresh(), [refresh]);
  useEffect(() => {
    setKeep(String(settings.keep));
    setIntervalText(String(settings.intervalMinutes));
  }, [settings]);

  const rows = (info: BackupInfo) => Object.values(info.manifest.tables).reduce((sum, count) => sum + count, 0);

  return (
    <section className="settings-section backups-panel" data-testid="backups-panel" aria-labelledby="backups-title">
      <h2 id="backups-title">{t('title')}</h2>
      <p className="muted">{t('hint')}</p>
      <div className="button-row">
        <button type="button" className="primary" data-testid="backup-now" disabled={busy !== null} onClick={() => void backUp('manual')}>
          {busy === 'backup' ? t('working') : t('backUpNow')}
        </button>
        {message && busy === null && <span className="success-inline" data-testid="backup-message" aria-live="polite">{t('saved', { name: message })}</span>}
      </div>
      {error && (
        <p className="error-inline" role="alert" data-testid="backup-error">
          {errorWhy ? <ReasonText why={errorWhy} detail={error} testId="backup-error-reason" /> : error}
        </p>
      )}
      {refusal && <RestoreRefusal refusal={refusal} />}
      {backups.length === 0 ? (
        <p className="muted" data-testid="backups-empty">{t('empty')}</p>
      ) : (
        <table className="data-table" data-testid="backups-list">
          <thead>
            <tr><th>{t('time')}</th><th>{t('reason')}</th><th>{t('size')}</th><th>{t('contents')}</th><th /></tr>
          </thead>
          <tbody>
            {backups.map((info) => (
              <tr key={info.name} data-testid="backup-row" data-name={info.name} data-reason={info.manifest.reason}>
                <td title={info.name}>{formatDateTime(lang, info.manifest.createdAt)}</td>
                <td data-testid="backup-reason">{t(`reason.${info.manifest.reason}` as BackupStringKey)}</td>
                <td data-testid="backup-size">{size(info.bytes)}</td>
                <td>
                  {t('rows', { rows: rows(info), tables: Object.keys(info.manifest.tables).length })}
                  {' · '}
                  {info.manifest.datasets.length > 0 ? info.manifest.datasets.join(', ') : t('noDatasets')}
                </td>
                <td>
                  <button type="button" data-testid="backup-restore" disabled={busy !== null} onClick={() => setConfirm(info)}>{t('restore')}</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form
        className="button-row"
        onSubmit={(event) => {
          event.preventDefault();
          void saveSettings({ keep: Number(keep), intervalMinutes: Number(interval) });
        }}
      >
        <label className="inline-field">
          <span>{t('keep')}</span>
          <input type="number" min={1} max={1000} data-testid="backup-keep" value={keep} onChange={(event) => setKeep(event.target.value)} />
        </label>
        <label className="inline-field">
          <span>{t('interval')}</span>
          <input type="number" min={0} max={1440} data-testid="backup-interval" value={interval} onChange={(event) => setIntervalText(event.target.value)} />
        </label>
        <button type="submit" data-testid="backup-save-settings">{t('saveSettings')}</button>
      </form>
      <h3>{t('project')}</h3>
      <p className="muted">{t('projectHint')}</p>
      <div className="button-row">
        <button type="button" data-testid="project-export" disabled={busy !== null} onClick={() => void exportProject()}>{t('exportProject')}</button>
        <button type="button" data-testid="project-import" disabled={busy !== null} onClick={() => setConfirm('project')}>{t('importProject')}</button>
      </div>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'project' ? t('importTitle') : t('confirmTitle')}
        confirmLabel={confirm === 'project' ? t('choose') : t('restore')}
        cancelLabel={t('cancel')}
        destructive
        busy={busy !== null}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const target = confirm;
          setConfirm(null);
          if (target === 'project') void importProject();
          else if (target) void restore(target.name);
        }}
      >
        <p>
          {confirm === 'project' || confirm === null
            ? t('importBody')
            : t('confirmBody', { time: formatDateTime(lang, confirm.manifest.createdAt), name: confirm.name })}
        </p>
      </ConfirmDialog>
    </section>
  );
}
