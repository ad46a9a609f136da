import { describe, expect, it } from 'vitest';
import { isEventChannel, isInvokeChannel, isRendererChannel, unknownChannelError, unknownEventChannelError } from '../../../../shared/ipc/channels';
import { EVENT_CHANNELS, INVOKE_CHANNELS, PRELOAD_ONLY_CHANNELS } from '../../../../shared/ipc/contract';

/** Names page code might try: near misses, prototype keys, non-strings. */
const STRANGERS: unknown[] = ['jobs.secret', 'app.info ', 'APP.INFO', '', 'constructor', '__proto__', 'toString', null, undefined, 42, {}, ['app.info']];

describe('channel names from an untrusted caller', () => {
  it('knows every contract channel and nothing else', () => {
    for (const channel of INVOKE_CHANNELS) expect(isInvokeChannel(channel), channel).toBe(true);
    for (const channel of EVENT_CHANNELS) expect(isEventChannel(channel), channel).toBe(true);
    for (const stranger of STRANGERS) {
      expect(isInvokeChannel(stranger), String(stranger)).toBe(false);
      expect(isEventChannel(stranger), String(stranger)).toBe(false);
    }
    expect(isInvokeChannel('menu.command')).toBe(false);
    expect(isEventChannel('app.info')).toBe(false);
  });

  it('lets page code invoke every channel except those only the preload calls', () => {
    const allowed = INVOKE_CHANNELS.filter(isRendererChannel);
    expect(allowed).toEqual(INVOKE_CHANNELS.filter((channel) => !(PRELOAD_ONLY_CHANNELS as readonly string[]).includes(channel)));
    expect(isRendererChannel('files.readDropped')).toBe(false);
    for (const stranger of STRANGERS) expect(isRendererChannel(stranger), String(stranger)).toBe(false);
  });

  it('names a refused channel as text, whatever it was', () => {
    expect(unknownChannelError('jobs.secret').message).toBe('Unknown IPC channel "jobs.secret"');
    expect(unknownChannelError({}).message).toBe('Unknown IPC channel "[object Object]"');
    expect(unknownEventChannelError(7).message).toBe('Unknown event channel "7"');
  });
});
