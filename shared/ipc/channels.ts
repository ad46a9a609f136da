/**
 * Which channel names the contract knows, for every side that receives a name it cannot trust:
 * the preload (page code calls `api.invoke` with any string), main's dispatch and the test
 * bridge. Pure, so the preload needs nothing from electron/main.
 */
import { EVENT_CHANNELS, INVOKE_CHANNELS, PRELOAD_ONLY_CHANNELS, type EventChannel, type InvokeChannel } from './contract';

export function isInvokeChannel(channel: unknown): channel is InvokeChannel {
  return INVOKE_CHANNELS.some((known) => known === channel);
}

/** A channel page code may invoke: in the contract, and not one only the preload's own methods call (files.readDropped). */
export function isRendererChannel(channel: unknown): channel is InvokeChannel {
  return isInvokeChannel(channel) && !PRELOAD_ONLY_CHANNELS.some((only) => only === channel);
}

export function isEventChannel(channel: unknown): channel is EventChannel {
  return EVENT_CHANNELS.some((known) => known === channel);
}

/** The one wording of a refused invoke channel, so the preload, main and the bridge fail alike. */
export function unknownChannelError(channel: unknown): Error {
  return new Error(`Unknown IPC channel ${JSON.stringify(String(channel))}`);
}

/** The wording of a refused event channel (`api.on`), the same in the preload and the bridge. */
export function unknownEventChannelError(channel: unknown): Error {
  return new Error(`Unknown event channel ${JSON.stringify(String(channel))}`);
}
