import { reportError } from './stores/notices/store';

/**
 * Errors no component caught (a rejected promise in an event handler, a Dexie error in a
 * live query) end up in the notice banner. Installed once, before the first render.
 */
export function installGlobalErrorHandlers(target: Window = window): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    event.preventDefault();
    reportError(event.reason);
  };
  const onError = (event: ErrorEvent) => {
    // Resource load errors (a broken <img>) carry no error object and are not the user's concern.
    if (event.error === undefined && !event.message) return;
    reportError(event.error ?? new Error(event.message));
  };
  target.addEventListener('unhandledrejection', onRejection);
  target.addEventListener('error', onError);
  return () => {
    target.removeEventListener('unhandledrejection', onRejection);
    target.removeEventListener('error', onError);
  };
}
