import type { WebContents } from 'electron';
import type { EventChannel, EventMap } from '../../shared/ipc/contract';

/** Sends a contract event to a renderer; a window that is closing just misses it. */
export function sendEvent<K extends EventChannel>(
  contents: Pick<WebContents, 'send' | 'isDestroyed'> | null | undefined,
  channel: K,
  payload: EventMap[K],
): void {
  if (!contents || contents.isDestroyed()) return;
  contents.send(channel, payload);
}
