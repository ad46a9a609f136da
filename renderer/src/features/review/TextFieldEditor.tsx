import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { DraftTarget } from '../../../../shared/model/draft';
import { useCommittedDraft } from './use-committed-draft';
import type { ReviewTextApi } from './strings';

interface TextFieldEditorProps {
  /** the stored expert text, else the imported one */
  value: string;
  text: ReviewTextApi;
  /**
   * Set by '/' for this turn's field: the textarea takes the focus for each new request. Null
   * otherwise, so the editor of another turn never takes the focus by itself.
   */
  focusRequest: number | null;
  /** true when the correction was handed over for saving */
  onCommit: (value: string) => boolean;
  /** the textarea lost the focus: the user is no longer typing here */
  onEnd: () => void;
  /** where the draft is kept as it is typed */
  persist: { dialogueId: string; target: DraftTarget };
}

/**
 * The utterance correction box. The draft is committed on Ctrl/⌘+Enter, on blur, when the
 * editor goes away, and whenever the app saves everything (closing, exporting, leaving the
 * page: it is registered with openDrafts while mounted), so a correction is never lost by
 * moving on; Escape drops the draft.
 */
export function TextFieldEditor({ value, text, focusRequest, onCommit, onEnd, persist }: TextFieldEditorProps) {
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const { draft, update, commit, reset } = useCommittedDraft({ stored: value, save: onCommit, onStoredChange: 'keep-typing', persist });

  useEffect(() => {
    if (focusRequest !== null) areaRef.current?.focus();
  }, [focusRequest]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const mod = event.ctrlKey || event.metaKey;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      // Reset before the blur so the blur handler sees nothing to commit; blur now, so the very
      // next key is a command again and never lands in the text.
      reset();
      areaRef.current?.blur();
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
        onChange={(event) => update(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          commit();
          onEnd();
        }}
        lang="zh"
      />
      <div className="rv-note">{text.t('textEditHint')}</div>
    </div>
  );
}
