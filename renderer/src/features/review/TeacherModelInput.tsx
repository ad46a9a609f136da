import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { openDrafts } from '../../stores/review/drafts';
import type { ReviewTextApi } from './strings';

interface TeacherModelInputProps {
  imported: string;
  corrected: string | undefined;
  text: ReviewTextApi;
  /** null restores the imported model; true when the correction was handed over for saving */
  onCommit: (teacherModel: string | null) => boolean;
}

/**
 * The dialogue's teacher model, correctable here; Enter, leaving the box, the box going away
 * and save-everything (openDrafts) commit it.
 */
export function TeacherModelInput({ imported, corrected, text, onCommit }: TeacherModelInputProps) {
  const stored = corrected ?? imported;
  const [draft, setDraft] = useState(stored);
  const latest = useRef({ draft, stored, imported, onCommit });
  /** the value last handed over for saving: while its write runs it is not an open draft */
  const handedOver = useRef<string | null>(null);

  useEffect(() => {
    latest.current = { ...latest.current, stored, imported, onCommit };
  });

  useEffect(() => {
    latest.current = { ...latest.current, draft: stored };
    setDraft(stored);
    handedOver.current = null;
  }, [stored]);

  // Reads refs only, so every render's copy does the same; the blur that Enter and Escape
  // cause runs before React re-renders, and must see the draft they just set.
  const commitLatest = () => {
    const { draft: typed, stored: current, imported: original, onCommit: save } = latest.current;
    const value = typed.trim();
    // Enter commits and then blurs: the second call finds the value already handed over.
    if (value === current || value === handedOver.current) return;
    if (save(value === '' || value === original ? null : value)) handedOver.current = value;
  };

  useEffect(() => {
    const hasDraft = () => {
      const value = latest.current.draft.trim();
      return value !== latest.current.stored && value !== handedOver.current;
    };
    const unregister = openDrafts.register({ hasDraft, commit: commitLatest });
    return () => {
      unregister();
      commitLatest();
    };
    // commitLatest reads refs only: the first render's copy is as good as any.
  }, []);

  const updateDraft = (next: string) => {
    latest.current = { ...latest.current, draft: next };
    setDraft(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitLatest();
      event.currentTarget.blur();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      updateDraft(stored);
      event.currentTarget.blur();
    }
  };

  return (
    <label className="rv-teacher-model">
      <span>{text.t('teacherModel')}</span>
      <input
        data-testid="teacher-model-input"
        value={draft}
        onChange={(event) => updateDraft(event.target.value)}
        onBlur={commitLatest}
        onKeyDown={onKeyDown}
        title={corrected !== undefined ? text.t('teacherModelImported', { value: imported }) : undefined}
        spellCheck={false}
      />
      {corrected !== undefined && <span className="rv-badge rv-badge-info">{text.t('decision.changed')}</span>}
    </label>
  );
}
