/**
 * Backup → restore as a property: for generated databases (data sets of dialogues and turns,
 * reviews with speaker and utterance corrections, unsure and blind values, verified turns, and
 * rows of every other table), a backup restored over a database changed since gives back every
 * table, row for row and field by field; a project file imported into another profile the same,
 * but the profile's own settings.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLocalSetting } from '../../../../renderer/src/db/backup/local-settings';
import { restoreFlow, writeBackup } from '../../../../renderer/src/stores/backups/run';
import { freshDb } from '../fixtures';
import { databaseArbitrary } from './arbitraries';
import { installBackupBridge } from './harness';
import { fill, restoreByName, restoreDeps, tablesOf } from './restore-support';

const NOW = '2026-12-02T10:00:00.000Z';

describe('backup → restore, for generated databases', () => {
  it('gives back every table row for row, field by field', async () => {
    await fc.assert(
      fc.asyncProperty(databaseArbitrary, async (tables) => {
        installBackupBridge();
        const db = freshDb();
        await fill(db, tables);
        const before = await tablesOf(db);
        const backup = await writeBackup(db, 'manual', { keep: 20 });
        if (backup.canceled) throw new Error('canceled');
        // changed since: a table cleared, a row rewritten, a row added
        await db.fieldReviews.clear();
        await db.settings.put({ key: 'other', value: 'changed' });
        await db.datasets.put({ id: 'later', name: 'Later', createdAt: NOW, codebookId: 'sid-default' });
        const restored = await restoreByName(db, backup.name);
        expect(restored.outcome.canceled).toBe(false);
        expect(await tablesOf(restored.db)).toStrictEqual(before);
        restored.db.close();
        await restored.db.delete();
      }),
      { numRuns: 15 },
    );
  }, 240_000);

  it('a project file comes into another profile whole, but that profile keeps its own settings', async () => {
    await fc.assert(
      fc.asyncProperty(databaseArbitrary, async (tables) => {
        const bridge = installBackupBridge();
        const db = freshDb();
        await fill(db, tables);
        const path = `${bridge.dir}/pilot.maieutic`;
        bridge.dialogs.nextSavePath(path);
        const exported = await writeBackup(db, 'project', { keep: 20, project: { defaultName: 'pilot.maieutic' } });
        expect(exported.canceled).toBe(false);
        const shared = (all: Record<string, unknown[]>) => ({ ...all, settings: all.settings!.filter((row) => !isLocalSetting((row as { key: unknown }).key)) });
        const expected = shared(await tablesOf(db));
        db.close();
        const other = freshDb();
        await other.open();
        await other.settings.put({ key: 'reviewerName', value: '李老师' });
        bridge.dialogs.nextFiles([path]);
        const deps = restoreDeps(other);
        const imported = await restoreFlow({ project: true }, deps);
        expect(imported.canceled).toBe(false);
        const after = await tablesOf(deps.opened());
        expect(shared(after)).toStrictEqual(expected);
        expect(await deps.opened().settings.get('reviewerName')).toEqual({ key: 'reviewerName', value: '李老师' });
        deps.opened().close();
      }),
      { numRuns: 6 },
    );
  }, 240_000);
});
