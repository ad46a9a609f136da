/**
 * "Save everything now": commit every open text draft, then wait for the review write queue.
 * Called before the window closes (the close handshake), before an export reads the database,
 * and when the page is hidden or left.
 */
import { keyHold, type KeyHold } from '../../keyboard/key-hold';
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
  /** keys typed and waiting their turn (a command waiting for the writes before it): their writes are waited for too */
  keys?: Pick<KeyHold, 'drained' | 'isDrained'>;
}

const DRAFT_NOT_SAVED =
  'A correction typed in a text box could not be saved (is the reviewer name set?). / 文本框中输入的修改未能保存（是否已填写审阅人姓名？）。';

export function createFlushAll(deps: FlushAllDeps): () => Promise<FlushOutcome> {
  return async () => {
    deps.drafts.commitAll();
    let failedWrites = 0;
    let lastError: string | null = null;
    // a key still waiting its turn queues its write once the writes before it have landed: wait for both until neither is left
    do {
      await deps.keys?.drained();
      const result = await deps.store.getState().flush();
      failedWrites += result.failedWrites;
      lastError = result.error ?? lastError;
    } while (deps.store.getState().save.pending > 0 || deps.keys?.isDrained() === false);
    if (failedWrites > 0) {
      return { flushed: false, error: `A change could not be saved: ${lastError ?? 'unknown error'} / 有修改未能保存` };
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

const appDeps: FlushAllDeps = { drafts: openDrafts, store: reviewStore, keys: keyHold };

/** The app's flush: open drafts and the review store's queue. */
export const flushAll = createFlushAll(appDeps);
export const hasUnsavedWork = createHasUnsavedWork(appDeps);
