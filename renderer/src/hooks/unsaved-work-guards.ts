/**
 * Keeps the expert's work when the page goes away: answers main's close handshake
 * (`app.beforeClose` → flush → `app.readyToClose`), flushes when the page is hidden or left,
 * and lets the browser ask before unloading while something typed or queued is not stored.
 *
 * Installed once at boot, outside React (main.tsx): the handshake must be answered even while
 * the app is still starting or after the React tree has failed, or every close would wait for
 * main's timeout.
 */
import type { EventMap, ReadyToCloseArgs, UnsavedWorkReport } from '../../../shared/ipc/contract';
import { invoke, onEvent } from '../api/client';
import { errorMessage } from '../db/errors';
import { flushAll, hasUnsavedWork, type FlushOutcome } from '../stores/review/flush-all';
import { reviewStore } from '../stores/review/store';
import { reportError } from '../stores/notices/store';
import { backupOnQuit } from '../stores/backups/store';

type Listener = (event: Event) => void;

interface ListenerTarget {
  addEventListener(type: string, listener: Listener): void;
  removeEventListener(type: string, listener: Listener): void;
}

export interface UnsavedWorkGuardDeps {
  flushAll(): Promise<FlushOutcome>;
  hasUnsavedWork(): boolean;
  /** the last failed write the user has not dismissed yet, if any */
  unacknowledgedSaveError(): string | null;
  onBeforeClose(listener: (request: EventMap['app.beforeClose']) => void): () => void;
  answerClose(answer: ReadyToCloseArgs): Promise<unknown>;
  /** writes queued and not yet stored, now and whenever the number changes */
  subscribePendingWrites(listener: (pendingWrites: number) => void): () => void;
  /** tells main the number, so a close while this page hangs can ask instead of dropping them */
  reportUnsavedWork(report: UnsavedWorkReport): Promise<unknown>;
  window: ListenerTarget;
  document: ListenerTarget & { readonly visibilityState: string };
  reportError(error: unknown, context: string): void;
  /** the backup taken on quit (bounded): null when done or not needed, else why it failed */
  backupOnQuit?(): Promise<string | null>;
}

/** Returns the uninstall function. */
export function installUnsavedWorkGuards(deps: UnsavedWorkGuardDeps): () => void {
  const flushQuietly = () => {
    // Failed writes are reported by the review store itself; nothing more to say here.
    deps.flushAll().catch((error: unknown) => deps.reportError(error, 'Saving before leaving / 离开前保存'));
  };

  const closeOutcome = async (): Promise<FlushOutcome> => {
    const outcome = await deps.flushAll().catch((error: unknown): FlushOutcome => ({ flushed: false, error: errorMessage(error) }));
    if (!outcome.flushed) return outcome;
    const earlier = deps.unacknowledgedSaveError();
    // The save indicator shows it, but a user about to close may not have looked.
    if (earlier !== null) return { flushed: false, error: `An earlier change could not be saved: ${earlier} / 之前的一项修改未能保存` };
    const backupError = deps.backupOnQuit ? await deps.backupOnQuit().catch((error: unknown) => errorMessage(error)) : null;
    // Not silent: main's "close anyway?" box shows why the backup failed.
    if (backupError !== null) return { flushed: false, error: backupError };
    return outcome;
  };

  const stopClose = deps.onBeforeClose(({ requestId }) => {
    void closeOutcome().then(async (outcome) => {
      const answer: ReadyToCloseArgs = outcome.error === undefined
        ? { requestId, flushed: outcome.flushed }
        : { requestId, flushed: outcome.flushed, error: outcome.error };
      await deps.answerClose(answer);
    }).catch((error: unknown) => deps.reportError(error, 'Answering the close request / 回应关闭请求'));
  });

  const onBeforeUnload: Listener = (event) => {
    // Nothing pending (the normal case): never ask, so a reload or close goes straight through.
    if (!deps.hasUnsavedWork()) return;
    // Commit drafts and keep the writes going while the browser asks whether to leave.
    flushQuietly();
    event.preventDefault();
  };
  const onVisibilityChange: Listener = () => {
    if (deps.document.visibilityState === 'hidden') flushQuietly();
  };
  const onPageHide: Listener = () => flushQuietly();

  // Main learns every change of the count (in order, one report in flight at a time, the
  // latest count winning), so it knows what a hung page still holds.
  let reported: number | null = null;
  let latest = 0;
  let sending = false;
  const sendLatest = () => {
    if (sending || latest === reported) return;
    sending = true;
    const count = latest;
    void deps.reportUnsavedWork({ pendingWrites: count })
      .then(() => {
        reported = count;
      })
      .catch((error: unknown) => deps.reportError(error, 'Telling the app what is still being saved / 告知仍在保存的修改'))
      .finally(() => {
        sending = false;
        if (latest !== reported) sendLatest();
      });
  };
  const stopPending = deps.subscribePendingWrites((pendingWrites) => {
    latest = pendingWrites;
    sendLatest();
  });

  deps.window.addEventListener('beforeunload', onBeforeUnload);
  deps.window.addEventListener('pagehide', onPageHide);
  deps.document.addEventListener('visibilitychange', onVisibilityChange);

  return () => {
    stopClose();
    stopPending();
    deps.window.removeEventListener('beforeunload', onBeforeUnload);
    deps.window.removeEventListener('pagehide', onPageHide);
    deps.document.removeEventListener('visibilitychange', onVisibilityChange);
  };
}

/** The guards over the app's own drafts, review store and `window.api`. */
export function installAppUnsavedWorkGuards(): () => void {
  return installUnsavedWorkGuards({
    flushAll,
    hasUnsavedWork,
    unacknowledgedSaveError: () => reviewStore.getState().save.error,
    onBeforeClose: (listener) => onEvent('app.beforeClose', listener),
    answerClose: (answer) => invoke('app.readyToClose', answer),
    subscribePendingWrites: (listener) => {
      listener(reviewStore.getState().save.pending);
      return reviewStore.subscribe((state, previous) => {
        if (state.save.pending !== previous.save.pending) listener(state.save.pending);
      });
    },
    reportUnsavedWork: (report) => invoke('app.reportUnsavedWork', report),
    backupOnQuit,
    window,
    document,
    reportError,
  });
}
