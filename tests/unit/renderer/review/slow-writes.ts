import Dexie from 'dexie';
import type { MaieuticDb } from '../../../../renderer/src/db/db';

/**
 * Makes review writes slow for real: a read-write transaction on the expert tables stays open
 * until `release()`, and IndexedDB runs every later overlapping transaction after it.
 */
export function holdReviewTables(db: MaieuticDb): { release: () => void; done: Promise<void> } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const done = db.transaction('rw', [db.fieldReviews, db.dialogueReviews], () => Dexie.waitFor(gate));
  return { release, done };
}

/**
 * Calls `onRead` whenever a read-only transaction over `table` is created; register before the
 * database is first used. Lets a test act at the moment a reader takes its snapshot.
 */
export function onReadTransaction(db: MaieuticDb, table: string, onRead: () => void): void {
  db.use({
    stack: 'dbcore',
    name: 'read-transaction-spy',
    create: (down) => ({
      ...down,
      transaction: (stores, mode, options) => {
        if (mode === 'readonly' && stores.includes(table)) onRead();
        return down.transaction(stores, mode, options);
      },
    }),
  });
}
