import { useEffect } from 'react';
import { onEvent } from '../api/client';
import { useJobsStore } from '../stores/jobs/store';
import { runMenuCommand } from './menu-commands';

/**
 * The one React subscriber to main → renderer events, mounted once at the root. Every
 * subscription is undone on unmount, so React's double-mount in development and hot reloads
 * never stack listeners. `app.beforeClose` is not handled here: the unsaved-work guards that
 * main.tsx installs at boot answer it, so a close is answered even without a React tree.
 * Jobs are listed after their events are subscribed to: `jobs.list` sends the results not yet
 * stored right after it returns.
 */
export function useMainEvents(): void {
  useEffect(() => {
    const unsubscribe = [onEvent('menu.command', ({ command }) => runMenuCommand(command)), onEvent('jobs.event', (event) => useJobsStore.getState().handleEvent(event))];
    void useJobsStore.getState().load();
    return () => {
      for (const stop of unsubscribe) stop();
    };
  }, []);
}
