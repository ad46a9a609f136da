import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { openDrafts } from '../../stores/review/drafts';
import type { ReviewTextApi } from './strings';

interface TextFieldEditorProps {
  /** the stored expert text, else the imported one */
  value: string;
  text: ReviewTextApi;
  /** bumped by '/' to move the focus into the textarea */
  focusRequest: number;
  /** true when the correction was handed over for saving */
  onCommit: (value: string) => boolean;
}

/**
 * The utterance correction box. The draft is committed on Ctrl/⌘+Enter, on blur, when the
 * editor goes away, and whenever the app saves everything (closing, exporting, leaving the
 * page: it is registered with openDrafts while mounted), so a correction is never lost by
 * moving on; Escape drops the draft.
 */
export function TextFieldEditor({ value, text, focusRequest, onCommit }: TextFieldEditorProps) {
  const [draft, setDraft] = useState(value);
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const latest = useRef({ draft, value, onCommit });
  /** the text last handed over for saving: while its write runs it is not an open draft */
  const handedOver = useRef<string | null>(null);
  const previousValue = useRef(value);

  useEffect(() => {
    latest.current = { ...latest.current, value, onCommit };
  });

  useEffect(() => {
    const before = previousValue.current;
    previousValue.current = value;
    const current = latest.current.draft;
    // The stored value changed (the write landed, undo, …): show it, unless the user has typed
    // on since, which would be overwritten.
    if (current === before || current === handedOver.current) {
      latest.current = { ...latest.current, draft: value };
      setDraft(value);
    }
    handedOver.current = null;
  }, [value]);

  useEffect(() => {
    if (focusRequest > 0) areaRef.current?.focus();
  }, [focusRequest]);

  // Reads refs only, so every render's copy does the same: the blur that Escape and
  // Ctrl+Enter cause runs before React re-renders, and must see the draft they just set.
  const commitLatest = () => {
    const { draft: pending, value: stored, onCommit: save } = latest.current;
    // Ctrl+Enter commits and then blurs: the second call finds the text already handed over.
    if (pending === stored || pending === handedOver.current) return;
    if (save(pending)) handedOver.current = pending;
  };

  useEffect(() => {
    const hasDraft = () => {
      const { draft: pending, value: stored } = latest.current;
      return pending !== stored && pending !== handedOver.current;
    };
    const unregister = openDrafts.register({ hasDraft, commit: commitLatest });
    return () => {
      unregister();
      commitLatest();
    };
    // commitLatest reads refs only: the first render's copy is as good as any.
  }, []);

  const updateDraft = (next: string) => {
    // Kept in the ref at once, so a save-everything right after a key press sees the last key.
    latest.current = { ...latest.current, draft: next };
    setDraft(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const mod = event.ctrlKey || event.metaKey;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      // Reset before the blur so the blur handler sees nothing to commit.
      updateDraft(value);
      requestAnimationFrame(() => areaRef.current?.blur());
    } else if (mod && event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      commitLatest();
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
        onChange={(event) => updateDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={commitLatest}
        lang="zh"
      />
      <div className="rv-note">{text.t('textEditHint')}</div>
    </div>
  );
}
