import { useState } from 'react';
import { RUN_NAME_MAX_LENGTH } from '../../db/repositories/metric-runs';
import type { MetricsTextApi } from './strings';

interface RunNameProps {
  name: string;
  /** "Run 3", for the box's accessible name */
  number: string;
  text: MetricsTextApi;
  onRename(name: string): void;
}

/**
 * The run's own name as text that wraps (never cut), with a button to give or change it. The box
 * saves on Enter or when it loses focus; Escape leaves the saved name as it was.
 */
export function RunName({ name, number, text, onRename }: RunNameProps) {
  const { t } = text;
  const [draft, setDraft] = useState<string | null>(null);
  const finish = (save: boolean) => {
    if (draft === null) return;
    if (save && draft.trim() !== name) onRename(draft);
    setDraft(null);
  };
  if (draft !== null) {
    return (
      <input
        type="text"
        className="metrics-run-name"
        data-testid="metrics-run-name"
        aria-label={t('runNameLabel', { run: number })}
        title={t('runNameHint')}
        placeholder={t('runNamePlaceholder')}
        maxLength={RUN_NAME_MAX_LENGTH}
        autoFocus
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => finish(true)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            finish(true);
          } else if (event.key === 'Escape') {
            // Escape belongs to this box here, not to the view-wide "back to the table".
            event.stopPropagation();
            finish(false);
          }
        }}
      />
    );
  }
  return (
    <span className="metrics-run-own-name">
      {name && <span data-testid="metrics-run-title-name">{name}</span>}{' '}
      <button type="button" className="link-button" data-testid="metrics-run-rename" onClick={() => setDraft(name)}>
        {t(name ? 'runRename' : 'runGiveName')}
      </button>
    </span>
  );
}
