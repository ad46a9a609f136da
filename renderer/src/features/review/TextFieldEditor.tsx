import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ReviewTextApi } from './strings';

interface TextFieldEditorProps {
  /** the stored expert text, else the imported one */
  value: string;
  text: ReviewTextApi;
  /** bumped by '/' to move the focus into the textarea */
  focusRequest: number;
  onCommit: (value: string) => void;
}

/**
 * The utterance correction box. The draft is committed on Ctrl/⌘+Enter, on blur and when the
 * editor goes away, so a correction is never lost by moving on; Escape drops the draft.
 */
export function TextFieldEditor({ value, text, focusRequest, onCommit }: TextFieldEditorProps) {
  const [draft, setDraft] = useState(value);
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const latest = useRef({ draft, value, onCommit });

  useEffect(() => {
    latest.current = { draft, value, onCommit };
  });

  useEffect(() => {
    setDraft(value);
  }, [value]);

  useEffect(() => {
    if (focusRequest > 0) areaRef.current?.focus();
  }, [focusRequest]);

  useEffect(
    () => () => {
      const { draft: pending, value: stored, onCommit: commit } = latest.current;
      if (pending !== stored) commit(pending);
    },
    [],
  );

  const commit = () => {
    if (draft !== value) onCommit(draft);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const mod = event.ctrlKey || event.metaKey;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setDraft(value);
      // Blur after the reset so the blur handler sees nothing to commit.
      latest.current = { ...latest.current, draft: value };
      requestAnimationFrame(() => areaRef.current?.blur());
    } else if (mod && event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      commit();
      areaRef.current?.blur();
    } else if (mod && draft !== value && (event.key.toLowerCase() === 'z' || event.key.toLowerCase() === 'y')) {
      // While a draft is open, undo/redo act on the text being typed, not on saved edits.
      event.stopPropagation();
    }
  };

  return (
    <div className="rv-text-editor">
      <textarea
        ref={areaRef}
        className="rv-textarea"
        data-testid="text-field-input"
        value={draft}
        rows={Math.min(8, Math.max(2, Math.ceil(draft.length / 40)))}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          const { draft: pending, value: stored, onCommit: save } = latest.current;
          if (pending !== stored) save(pending);
        }}
        lang="zh"
      />
      <div className="rv-note">{text.t('textEditHint')}</div>
    </div>
  );
}
