import { useEffect } from 'react';
import { onEvent } from '../api/client';
import { useJobsStore } from '../stores/jobs/store';
import { runMenuCommand } from './menu-commands';

/** How often the renderer asks main for job results that reached it by no event (see the jobs store's `sync`). */
export const PENDING_PULL_INTERVAL_MS = 10_000;

/**
 * The one React subscriber to main → renderer events, mounted once at the root. Every
 * subscription is undone on unmount, so React's double-mount in development and hot reloads
 * never stack listeners. `app.beforeClose` is not handled here: the unsaved-work guards that
 * main.tsx installs at boot answer it, so a close is answered even without a React tree.
 *
 * Job results are pushed on `jobs.event` and also pulled, whatever the host: at start (`load`
 * lists the jobs, then fetches every result not acknowledged), when the event stream reconnects
 * (`jobs.resync`: events may have been missed), when the window gets the focus back, and on a
 * timer (only what finished since the last pull).
 */
export function useMainEvents(): void {
  useEffect(() => {
    const jobs = () => useJobsStore.getState();
    const unsubscribe = [
      onEvent('menu.command', ({ command }) => runMenuCommand(command)),
      onEvent('jobs.event', (event) => jobs().handleEvent(event)),
      onEvent('jobs.resync', () => void jobs().load()),
    ];
    void jobs().load();
    const timer = window.setInterval(() => void jobs().sync(), PENDING_PULL_INTERVAL_MS);
    const onFocus = () => void jobs().sync({ full: true });
    window.addEventListener('focus', onFocus);
    return () => {
      for (const stop of unsubscribe) stop();
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, []);
}
