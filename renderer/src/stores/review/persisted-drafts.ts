/**
 * The app's stored text drafts (see db/repositories/drafts.ts), and which boxes were typed into
 * in this session: the offer to restore drafts from an earlier session leaves those alone,
 * since the box has moved on.
 */
import { getDb } from '../../db/db';
import { createDraftStore, draftId, type DraftStore } from '../../db/repositories/drafts';
import type { DraftTarget } from '../../../../shared/model/draft';

export const persistedDrafts: DraftStore = createDraftStore(getDb);

const typedListeners = new Set<(id: string) => void>();

/** Called by a box as the user types into it. */
export function noteTyped(dialogueId: string, target: DraftTarget): void {
  const id = draftId(dialogueId, target);
  for (const listener of typedListeners) listener(id);
}

/** Returns the unsubscribe function. */
export function onTyped(listener: (id: string) => void): () => void {
  typedListeners.add(listener);
  return () => {
    typedListeners.delete(listener);
  };
}
