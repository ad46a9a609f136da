import { useSyncExternalStore } from 'react';
import { keyHold } from '../../keyboard/key-hold';
import { selectSave } from '../../stores/review/selectors';
import { useReviewStore } from '../../stores/review/store';
import type { ReviewTextApi } from './strings';

function clockTime(iso: string, lang: 'zh' | 'en'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString(lang === 'zh' ? 'zh-CN' : 'en', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/**
 * Saving… / Saved 14:02:11 / a failed write, which stays until dismissed. Keys typed and waiting
 * their turn (a command waiting for the writes before it) count as saving: they are work not yet stored.
 */
export function SaveIndicator({ text }: { text: ReviewTextApi }) {
  const save = useReviewStore(selectSave);
  const keysWaiting = useSyncExternalStore(keyHold.subscribe, keyHold.holding);
  const dismiss = useReviewStore((state) => state.dismissSaveError);
  if (save.error !== null) {
    return (
      <span className="rv-save rv-save-error" data-testid="save-indicator" data-state="error" role="alert">
        {text.t('saveFailed', { message: save.error })}
        <button type="button" onClick={dismiss} tabIndex={-1}>
          {text.t('dismiss')}
        </button>
      </span>
    );
  }
  const state = save.pending > 0 || keysWaiting ? 'saving' : save.lastSavedAt ? 'saved' : 'idle';
  return (
    <span className={`rv-save rv-save-${state}`} data-testid="save-indicator" data-state={state} data-saved-at={save.lastSavedAt ?? ''} data-pending={save.pending} aria-live="polite">
      {state === 'saving' && text.t('saving')}
      {state === 'saved' && save.lastSavedAt && `✓ ${text.t('saved', { time: clockTime(save.lastSavedAt, text.lang) })}`}
      {state === 'idle' && text.t('notSavedYet')}
    </span>
  );
}
