import { useEffect, useRef, useState } from 'react';
import type { DraftTarget } from '../../../../shared/model/draft';
import { openDrafts } from '../../stores/review/drafts';
import { noteTyped, persistedDrafts } from '../../stores/review/persisted-drafts';

interface CommittedDraftOptions {
  /** the value saved now (what the draft starts from and returns to) */
  stored: string;
  /** the value a draft hands over, e.g. trimmed; the identity by default */
  normalize?: (draft: string) => string;
  /** hands a value over for saving; true when it was taken */
  save: (value: string) => boolean;
  /**
   * when `stored` changes (the write landed, undo, another edit): `replace` shows it at once;
   * `keep-typing` shows it only if the user has not typed on since, which it would overwrite
   */
  onStoredChange: 'replace' | 'keep-typing';
  /** where the draft is kept as it is typed, so a reload or a crash before Enter loses nothing */
  persist?: { dialogueId: string; target: DraftTarget };
}

/**
 * A text draft over a stored value that is never lost: `commit` hands it over (Enter, blur),
 * and while mounted the draft is registered with openDrafts, so save-everything (closing,
 * exporting) commits it too, as does the editor going away. A value already handed over and
 * still being written is not an open draft, so a blur right after Enter does not save twice.
 *
 * `commit` reads refs only, so every render's copy does the same: the blur that Enter or Escape
 * cause runs before React re-renders and must see the draft they just set.
 */
export function useCommittedDraft({ stored, normalize = (draft) => draft, save, onStoredChange, persist }: CommittedDraftOptions) {
  const [draft, setDraft] = useState(stored);
  const latest = useRef({ draft, stored, normalize, save, persist });
  /** the value last handed over for saving: while its write runs it is not an open draft */
  const handedOver = useRef<string | null>(null);
  const previousStored = useRef(stored);

  useEffect(() => {
    latest.current = { ...latest.current, stored, normalize, save, persist };
  });

  /** Keeps the stored draft in step with the box: the text while it differs from the saved value, nothing once it does not. */
  const keep = (text: string) => {
    const where = latest.current.persist;
    if (!where) return;
    if (latest.current.normalize(text) === latest.current.stored) void persistedDrafts.discard(where.dialogueId, where.target);
    else void persistedDrafts.save(where.dialogueId, where.target, text, latest.current.stored);
  };

  useEffect(() => {
    const before = previousStored.current;
    previousStored.current = stored;
    const current = latest.current.draft;
    if (onStoredChange === 'replace' || current === before || current === handedOver.current) {
      latest.current = { ...latest.current, draft: stored };
      setDraft(stored);
    }
    handedOver.current = null;
    // The value landed (or another write changed it): keep the stored draft in step. Not on
    // mount: a draft left by an earlier session waits for the user's answer to the restore offer.
    if (before !== stored) keep(latest.current.draft);
    // onStoredChange is fixed for an editor's life
  }, [stored]);

  const commit = () => {
    const { draft: typed, stored: current, normalize: toValue, save: handOver } = latest.current;
    const value = toValue(typed);
    if (value === current || value === handedOver.current) return;
    if (handOver(value)) handedOver.current = value;
  };

  useEffect(() => {
    const hasDraft = () => {
      const value = latest.current.normalize(latest.current.draft);
      return value !== latest.current.stored && value !== handedOver.current;
    };
    const unregister = openDrafts.register({ hasDraft, commit });
    return () => {
      unregister();
      commit();
    };
    // commit reads refs only: the first render's copy is as good as any.
  }, []);

  /** Keeps the ref in step at once, so a save-everything right after a key press sees the last key. */
  const update = (next: string) => {
    latest.current = { ...latest.current, draft: next };
    setDraft(next);
    keep(next);
    const where = latest.current.persist;
    if (where) noteTyped(where.dialogueId, where.target);
  };

  return { draft, update, commit, reset: () => update(latest.current.stored) };
}
