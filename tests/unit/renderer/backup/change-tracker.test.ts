import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { trackChanges } from '../../../../renderer/src/db/backup/backup-settings';
import { freshDb } from '../fixtures';

describe('the schedule backs up only after a change', () => {
  it('counts every write of any table, and no read', async () => {
    const db = freshDb();
    // registered before the database opens, as getDb() does
    const tracker = trackChanges(db);
    await db.open();
    const start = tracker.generation();
    await db.datasets.toArray();
    await db.settings.get('x');
    expect(tracker.generation()).toBe(start);
    await db.settings.put({ key: 'x', value: 1 });
    expect(tracker.generation()).toBeGreaterThan(start);
    const afterPut = tracker.generation();
    await db.transaction('rw', db.editLog, () => db.editLog.add({ dialogueId: 'd', target: { kind: 'dialogue' }, before: null, after: null, reviewer: 'R', at: 'now' }));
    await db.layers.clear();
    expect(tracker.generation()).toBe(afterPut + 2);
    db.close();
    await db.delete();
  });
});
