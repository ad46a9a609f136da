import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from '../../db/db';
import { loadReviewBundle, type ReviewBundle } from '../../db/repositories/reviews';

/**
 * One dialogue's rows, live: every write re-reads this dialogue only. Undefined while
 * loading (also while a previous dialogue's result is still held), null when not found.
 */
export function useReviewBundle(dialogueId: string): ReviewBundle | null | undefined {
  const bundle = useLiveQuery(() => loadReviewBundle(getDb(), dialogueId), [dialogueId]);
  if (bundle && bundle.dialogue.id !== dialogueId) return undefined;
  return bundle;
}
