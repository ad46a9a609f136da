import { useState } from 'react';
import type { ConsistencyTextApi } from './strings';

interface DismissFormProps {
  text: ConsistencyTextApi;
  /** resolves false when the note was refused */
  onSave: (note: string) => Promise<boolean> | boolean;
  onCancel: () => void;
}

/** The required note of a dismissal. Keys typed here stay here: review behind it never sees them. */
export function DismissForm({ text, onSave, onCancel }: DismissFormProps) {
  const { t } = text;
  const [note, setNote] = useState('');
  const [refused, setRefused] = useState(false);
  const save = async () => {
    if (!note.trim()) {
      setRefused(true);
      return;
    }
    if (!(await onSave(note))) setRefused(true);
  };
  return (
    <form
      className="cs-dismiss-form"
      data-testid="finding-dismiss-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label>
        <span>{t('noteLabel')}</span>
        <input
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          type="text"
          value={note}
          placeholder={t('notePlaceholder')}
          data-testid="finding-dismiss-note"
          aria-invalid={refused ? 'true' : undefined}
          onChange={(event) => {
            setNote(event.target.value);
            setRefused(false);
          }}
          onKeyDown={(event) => {
            event.stopPropagation();
            if (event.key === 'Escape' && !event.nativeEvent.isComposing) {
              event.preventDefault();
              onCancel();
            }
          }}
        />
      </label>
      <button type="submit" data-testid="finding-dismiss-save">
        {t('noteSave')}
      </button>
      <button type="button" onClick={onCancel}>
        {t('noteCancel')}
      </button>
      <span className="cs-muted">{t('noteHelp')}</span>
      {refused && (
        <span className="cs-refused" role="alert" data-testid="finding-dismiss-refused">
          {t('noteRequired')}
        </span>
      )}
    </form>
  );
}
