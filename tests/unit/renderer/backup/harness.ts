/**
 * Unit-test stand-in for `window.api` with the real backup handlers (main's code) over a temp
 * folder, every argument and result through JSON as across the test bridge.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RendererApi } from '../../../../shared/ipc/contract';
import { createBackupHandlers } from '../../../../electron/main/ipc/backup-handlers';
import { BackupStore } from '../../../../electron/services/backups/backup-store';
import { createFakeDialogs } from '../../../support/fake-dialogs';

export function installBackupBridge() {
  const dir = mkdtempSync(join(tmpdir(), 'maieutic-backups-'));
  const store = new BackupStore(join(dir, 'backups'));
  const dialogs = createFakeDialogs();
  const handlers = createBackupHandlers({ backups: store, dialogs }) as Record<string, (arg: unknown) => Promise<unknown>>;
  const api: RendererApi = {
    invoke: (async (channel: string, arg: unknown) => {
      const handler = handlers[channel];
      if (!handler) throw new Error(`no handler for ${channel} in this harness`);
      return JSON.parse(JSON.stringify(await handler(JSON.parse(JSON.stringify(arg)))));
    }) as RendererApi['invoke'],
    on: () => () => undefined,
  };
  (globalThis as unknown as { window: unknown }).window = { api };
  return { dir, store, dialogs };
}
