/**
 * "Save everything now": commit every open text draft, then wait for the review write queue.
 * Called before the window closes (the close handshake), before an export reads the database,
 * and when the page is hidden or left.
 */
import { openDrafts, type DraftRegistry } from './drafts';
import { reviewStore, type ReviewStore } from './store';

export interface FlushOutcome {
  /** every open draft was handed over and every queued write is stored */
  flushed: boolean;
  /** why not, for the user */
  error?: string;
}

export interface FlushAllDeps {
  drafts: DraftRegistry;
  store: ReviewStore;
}

const DRAFT_NOT_SAVED =
  'A correction typed in a text box could not be saved (is the reviewer name set?). / 文本框中输入的修改未能保存（是否已填写审阅人姓名？）。';

export function createFlushAll(deps: FlushAllDeps): () => Promise<FlushOutcome> {
  return async () => {
    deps.drafts.commitAll();
    const result = await deps.store.getState().flush();
    if (result.failedWrites > 0) {
      return { flushed: false, error: `A change could not be saved: ${result.error ?? 'unknown error'} / 有修改未能保存` };
    }
    // A draft still open after its commit was not handed over: the commit was held back, e.g.
    // waiting for the reviewer's name.
    if (deps.drafts.hasDrafts()) return { flushed: false, error: DRAFT_NOT_SAVED };
    return { flushed: true };
  };
}

/** True while something typed or queued is not yet stored: leaving the page now could lose it. */
export function createHasUnsavedWork(deps: FlushAllDeps): () => boolean {
  return () => deps.drafts.hasDrafts() || deps.store.getState().save.pending > 0;
}

const appDeps: FlushAllDeps = { drafts: openDrafts, store: reviewStore };

/** The app's flush: open drafts and the review store's queue. */
export const flushAll = createFlushAll(appDeps);
export const hasUnsavedWork = createHasUnsavedWork(appDeps);
