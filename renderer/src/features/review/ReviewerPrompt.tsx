import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ReviewTextApi } from './strings';

interface ReviewerPromptProps {
  text: ReviewTextApi;
  /** stores the name; resolves false when it could not be stored (the reason is reported) */
  onSave: (name: string) => Promise<boolean>;
  onCancel: () => void;
}

/** Asks for the reviewer's name inline, before the first edit is written. */
export function ReviewerPrompt({ text, onSave, onCancel }: ReviewerPromptProps) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || busy) return;
    setBusy(true);
    const saved = await onSave(name.trim());
    setBusy(false);
    if (!saved) inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    <form className="rv-reviewer-prompt" data-testid="reviewer-prompt" onSubmit={submit}>
      <label htmlFor="rv-reviewer-name">
        {text.t('reviewerTitle')} <span className="rv-hint">{text.hint('reviewerTitle')}</span>
      </label>
      <div className="rv-reviewer-row">
        <input
          id="rv-reviewer-name"
          ref={inputRef}
          data-testid="reviewer-name-input"
          value={name}
          placeholder={text.t('reviewerPlaceholder')}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="name"
        />
        <button type="submit" data-testid="reviewer-save" disabled={!name.trim() || busy}>
          {text.t('reviewerSave')}
        </button>
      </div>
    </form>
  );
}
