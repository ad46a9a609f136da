import { useEffect, useState, type KeyboardEvent } from 'react';
import type { ReviewTextApi } from './strings';

interface TeacherModelInputProps {
  imported: string;
  corrected: string | undefined;
  text: ReviewTextApi;
  /** null restores the imported model */
  onCommit: (teacherModel: string | null) => void;
}

/** The dialogue's teacher model, correctable here; Enter or leaving the box saves. */
export function TeacherModelInput({ imported, corrected, text, onCommit }: TeacherModelInputProps) {
  const stored = corrected ?? imported;
  const [draft, setDraft] = useState(stored);

  useEffect(() => {
    setDraft(stored);
  }, [stored]);

  const commit = () => {
    const value = draft.trim();
    if (value === stored) return;
    onCommit(value === '' || value === imported ? null : value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
      event.currentTarget.blur();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setDraft(stored);
      event.currentTarget.blur();
    }
  };

  return (
    <label className="rv-teacher-model">
      <span>{text.t('teacherModel')}</span>
      <input
        data-testid="teacher-model-input"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
        title={corrected !== undefined ? text.t('teacherModelImported', { value: imported }) : undefined}
        spellCheck={false}
      />
      {corrected !== undefined && <span className="rv-badge rv-badge-info">{text.t('decision.changed')}</span>}
    </label>
  );
}
