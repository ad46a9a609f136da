import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackupHandlers } from '../../../../../electron/main/ipc/backup-handlers';
import { BackupStore } from '../../../../../electron/services/backups/backup-store';
import { createFakeDialogs } from '../../../../support/fake-dialogs';

function handlers() {
  const dir = mkdtempSync(join(tmpdir(), 'maieutic-backup-ipc-'));
  const dialogs = createFakeDialogs();
  return { dir, dialogs, api: createBackupHandlers({ backups: new BackupStore(join(dir, 'backups')), dialogs }) };
}

describe('backup IPC handlers refuse what the renderer must not choose', () => {
  it('validates every argument, naming the channel and field', async () => {
    const { api } = handlers();
    await expect(api['backups.begin']({ reason: 'whenever' } as never)).rejects.toThrow(/backups\.begin: "reason" must be one of/);
    await expect(api['backups.begin']({ reason: 'manual', project: { defaultName: '../../etc/x.maieutic' } })).rejects.toThrow(/backups\.begin: "defaultName"/);
    await expect(api['backups.chunk']({ writeId: 'abc', table: 'datasets', rows: '[]' })).rejects.toThrow(/"writeId" is not an id/);
    await expect(api['backups.chunk']({ writeId: '0123456789abcdef', table: '../x', rows: '[]' })).rejects.toThrow(/"table" is not a table name/);
    await expect(api['backups.commit']({ writeId: '0123456789abcdef', manifest: {} as never, keep: 3 })).rejects.toThrow(/backups\.commit: the backup manifest/);
    await expect(api['backups.open']({ name: '../secrets.maieutic' })).rejects.toThrow(/backups\.open: "name"/);
    await expect(api['backups.list']({ extra: 1 } as never)).rejects.toThrow(/unexpected field "extra"/);
  });

  it('a project goes where the save dialog says; a cancelled dialog writes nothing', async () => {
    const { api, dialogs, dir } = handlers();
    dialogs.nextCancel('save');
    expect(await api['backups.begin']({ reason: 'project', project: { defaultName: 'p.maieutic' } })).toEqual({ canceled: true });
    dialogs.nextSavePath(join(dir, 'chosen.maieutic'));
    const begun = await api['backups.begin']({ reason: 'project', project: { defaultName: 'p.maieutic' } });
    expect(begun).toMatchObject({ canceled: false, name: 'chosen.maieutic' });
    expect(dialogs.calls).toEqual([
      { dialog: 'save', defaultName: 'p.maieutic', kind: 'maieutic' },
      { dialog: 'save', defaultName: 'p.maieutic', kind: 'maieutic' },
    ]);
    dialogs.nextCancel('files');
    expect(await api['backups.open']({ project: true })).toEqual({ canceled: true });
  });

  it('says so when the host has no data folder', async () => {
    const api = createBackupHandlers({ dialogs: createFakeDialogs() });
    await expect(api['backups.list']({})).rejects.toThrow(/not available in this host/);
  });
});
