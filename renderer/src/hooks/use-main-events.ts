import { useEffect } from 'react';
import { onEvent } from '../api/client';
import { runMenuCommand } from './menu-commands';

/**
 * The one React subscriber to main → renderer events, mounted once at the root. Every
 * subscription is undone on unmount, so React's double-mount in development and hot reloads
 * never stack listeners. `app.beforeClose` is not handled here: the unsaved-work guards that
 * main.tsx installs at boot answer it, so a close is answered even without a React tree.
 */
export function useMainEvents(): void {
  useEffect(() => {
    const unsubscribe = [onEvent('menu.command', ({ command }) => runMenuCommand(command))];
    return () => {
      for (const stop of unsubscribe) stop();
    };
  }, []);
}
