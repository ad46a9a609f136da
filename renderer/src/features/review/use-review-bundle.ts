import { liveQuery } from 'dexie';
import { useEffect, useRef, useState } from 'react';
import { getDb } from '../../db/db';
import { loadReviewBundle, type ReviewBundle } from '../../db/repositories/reviews';
import { reviewStore } from '../../stores/review/store';

export interface ReviewBundleView {
  /** undefined while loading (also while a previous dialogue's result is still held), null when not found */
  bundle: ReviewBundle | null | undefined;
  /** how many of the review store's writes had finished when this bundle was read: it shows each of them */
  asOf: number;
  /**
   * Reads the dialogue again now. The live query reads it again after a write that changed it, but
   * not after one that changed nothing, so a caller that must see every write so far asks.
   */
  refresh(): void;
}

interface Read {
  dialogueId: string;
  bundle: ReviewBundle | null;
  asOf: number;
  /** reads are numbered as they start: a later one shows at least what an earlier one does */
  order: number;
}

let reads = 0;

/** One dialogue's rows, live: every write re-reads this dialogue only. A result never replaces one read after it. */
export function useReviewBundle(dialogueId: string): ReviewBundleView {
  const [shown, setShown] = useState<Read | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const refreshRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    let live = true;
    let newest = 0;
    const read = async (): Promise<Read> => {
      const order = (reads += 1);
      const asOf = reviewStore.getState().writeProgress().finished;
      return { dialogueId, bundle: await loadReviewBundle(getDb(), dialogueId), asOf, order };
    };
    const show = (result: Read) => {
      if (!live || result.order <= newest) return;
      newest = result.order;
      setShown(result);
    };
    const fail = (error: unknown) => {
      if (live) setFailure({ error });
    };
    const subscription = liveQuery(read).subscribe({ next: show, error: fail });
    refreshRef.current = () => void read().then(show, fail);
    return () => {
      live = false;
      subscription.unsubscribe();
      refreshRef.current = () => undefined;
    };
  }, [dialogueId]);

  // as useLiveQuery did: a read that fails is the view's error, for the error boundary to show
  if (failure) throw failure.error;
  const current = shown && shown.dialogueId === dialogueId ? shown : null;
  return { bundle: current ? current.bundle : undefined, asOf: current?.asOf ?? 0, refresh: () => refreshRef.current() };
}
