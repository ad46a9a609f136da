import { useEffect, useState, type FormEvent } from 'react';
import type { LabelLanguage } from '../../../../shared/codebook/types';
import { readStorageStatus, type StorageStatus } from '../../db/storage';
import { REVIEWER_NAME_MAX } from '../../db/repositories/settings';
import { useT } from '../../i18n';
import { CodebookVersionsSection } from '../codebook/CodebookVersionsSection';
import { ConnectionsSection } from '../connections/ConnectionsSection';
import { BackupsPanel } from '../backups/BackupsPanel';
import { useAppStore } from '../../stores/app/store';
import { useSettingsStore } from '../../stores/settings/store';

const LANGUAGES: { code: LabelLanguage; label: string }[] = [
  { code: 'zh', label: '中文' },
  { code: 'en', label: 'English' },
];

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

export function SettingsView() {
  const t = useT();
  const reviewerName = useSettingsStore((state) => state.reviewerName);
  const labelLanguage = useSettingsStore((state) => state.labelLanguage);
  const setReviewerName = useSettingsStore((state) => state.setReviewerName);
  const setLabelLanguage = useSettingsStore((state) => state.setLabelLanguage);
  const datasetId = useAppStore((state) => state.datasetId);
  const goTo = useAppStore((state) => state.goTo);

  const [draft, setDraft] = useState(reviewerName);
  const [saved, setSaved] = useState(false);
  const [storage, setStorage] = useState<StorageStatus | null>(null);

  useEffect(() => setDraft(reviewerName), [reviewerName]);
  useEffect(() => {
    let alive = true;
    void readStorageStatus().then((status) => {
      if (alive) setStorage(status);
    });
    return () => {
      alive = false;
    };
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(await setReviewerName(draft));
  };

  const empty = draft.trim() === '';

  return (
    <section className="view settings-view" data-testid="settings-view">
      <header className="view-header">
        <h1>{t('settings.title')}</h1>
        <button type="button" data-testid="settings-back" onClick={() => goTo(datasetId ? 'datasets' : 'start')}>
          {t('common.back')}
        </button>
      </header>

      <form className="settings-section" onSubmit={(event) => void submit(event)}>
        <label className="stacked-field">
          <span>{t('settings.reviewerName')}</span>
          <input
            type="text"
            data-testid="settings-reviewer-name"
            value={draft}
            maxLength={REVIEWER_NAME_MAX}
            autoComplete="name"
            aria-describedby="reviewer-name-hint"
            onChange={(event) => {
              setDraft(event.target.value);
              setSaved(false);
            }}
          />
        </label>
        <p id="reviewer-name-hint" className={empty ? 'field-hint' : 'muted'}>
          {empty ? t('settings.reviewerNameRequired') : t('settings.reviewerNameHint')}
        </p>
        <div className="button-row">
          <button type="submit" className="primary" data-testid="settings-save-name" disabled={draft.trim() === reviewerName}>
            {t('settings.save')}
          </button>
          {saved && draft.trim() === reviewerName && (
            <span className="success-inline" data-testid="settings-saved" aria-live="polite">
              {t('settings.saved')}
            </span>
          )}
        </div>
      </form>

      <fieldset className="settings-section choice-group">
        <legend>{t('settings.language')}</legend>
        {LANGUAGES.map((language) => (
          <label key={language.code} className="radio">
            <input
              type="radio"
              name="label-language"
              data-testid={`settings-language-${language.code}`}
              checked={labelLanguage === language.code}
              onChange={() => void setLabelLanguage(language.code)}
            />
            <span lang={language.code}>{language.label}</span>
          </label>
        ))}
        <p className="muted">{t('settings.languageHint')}</p>
      </fieldset>

      <ConnectionsSection />

      <CodebookVersionsSection />

      <section className="settings-section" data-testid="settings-storage">
        <h2>{t('settings.storage')}</h2>
        <p>
          {storage === null
            ? t('common.loading')
            : storage.persisted === true
              ? t('settings.storagePersistent')
              : storage.persisted === false
                ? t('settings.storageBestEffort')
                : t('settings.storageUnknown')}
        </p>
        {storage?.usageBytes != null && storage.quotaBytes != null && (
          <p className="muted">{t('settings.storageUsage', { used: megabytes(storage.usageBytes), quota: megabytes(storage.quotaBytes) })}</p>
        )}
        <p className="muted">{t('settings.backupHint')}</p>
      </section>

      <BackupsPanel />
    </section>
  );
}
