import { useEffect, useRef, useState } from 'react';
import { useAdjudicationText } from './strings';

/** The note of an item: Enter saves, Escape leaves it as it was. */
export function NoteEditor({ initial, onSave, onClose }: { initial: string; onSave(note: string): void; onClose(): void }) {
  const { t } = useAdjudicationText();
  const [note, setNote] = useState(initial);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);
  return (
    <form
      className="adj-note-editor"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(note);
      }}
    >
      <label>
        {t('note')}
        <input
          ref={inputRef}
          type="text"
          data-testid="adjudication-note-input"
          value={note}
          maxLength={2000}
          placeholder={t('notePlaceholder')}
          onChange={(event) => setNote(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !event.nativeEvent.isComposing) {
              event.preventDefault();
              event.stopPropagation();
              onClose();
            }
          }}
        />
      </label>
      <button type="submit" data-testid="adjudication-note-save">
        {t('noteSave')}
      </button>
    </form>
  );
}
