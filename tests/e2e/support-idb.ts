/**
 * Reads the app's IndexedDB ('maieutic', written through Dexie) directly from the page, so a
 * spec can check what was stored without going through the app's own repositories.
 */
import type { Page } from '@playwright/test';

export const APP_DB_NAME = 'maieutic';

/** Row counts of the given object stores; a store that does not exist fails the spec. */
export async function countStoredRows(page: Page, stores: readonly string[]): Promise<Record<string, number>> {
  return page.evaluate(
    ({ name, storeNames }) =>
      new Promise<Record<string, number>>((resolve, reject) => {
        // No version: open whatever version the app created, never upgrade it from here.
        const request = indexedDB.open(name);
        request.onerror = () => reject(new Error(`indexedDB.open(${name}) failed: ${String(request.error)}`));
        request.onsuccess = () => {
          const db = request.result;
          const missing = storeNames.filter((store) => !db.objectStoreNames.contains(store));
          if (missing.length > 0) {
            db.close();
            reject(new Error(`The ${name} database has no object store ${missing.join(', ')} (has ${[...db.objectStoreNames].join(', ')})`));
            return;
          }
          const transaction = db.transaction([...storeNames], 'readonly');
          const counts: Record<string, number> = {};
          for (const store of storeNames) {
            const count = transaction.objectStore(store).count();
            count.onsuccess = () => {
              counts[store] = count.result;
            };
          }
          transaction.oncomplete = () => {
            db.close();
            resolve(counts);
          };
          transaction.onerror = () => {
            db.close();
            reject(new Error(`Counting rows failed: ${String(transaction.error)}`));
          };
        };
      }),
    { name: APP_DB_NAME, storeNames: [...stores] },
  );
}

/** Every row of one object store, read straight from IndexedDB (not through the app). */
export async function readStoredRows<T = Record<string, unknown>>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    ({ name, storeName }) =>
      new Promise<T[]>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onerror = () => reject(new Error(`indexedDB.open(${name}) failed: ${String(request.error)}`));
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains(storeName)) {
            db.close();
            reject(new Error(`The ${name} database has no object store ${storeName}`));
            return;
          }
          const all = db.transaction(storeName, 'readonly').objectStore(storeName).getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as T[]);
          };
          all.onerror = () => {
            db.close();
            reject(new Error(`Reading ${storeName} failed: ${String(all.error)}`));
          };
        };
      }),
    { name: APP_DB_NAME, storeName: store },
  );
}

/**
 * Holds a read-write transaction on the given stores open (by keeping a request in flight) until
 * the returned function is called, so the app's writes to them queue up behind it, as on a
 * machine whose disk is stalled.
 */
export async function holdStores(page: Page, stores: readonly string[]): Promise<() => Promise<void>> {
  await page.evaluate(
    ({ name, storeNames }) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onerror = () => reject(new Error(`indexedDB.open(${name}) failed`));
        request.onsuccess = () => {
          const db = request.result;
          const transaction = db.transaction([...storeNames], 'readwrite');
          const flag = window as unknown as { __maieuticHoldRelease?: boolean };
          flag.__maieuticHoldRelease = false;
          const spin = () => {
            if (flag.__maieuticHoldRelease) return;
            transaction.objectStore(storeNames[0]).count().onsuccess = spin;
          };
          spin();
          transaction.oncomplete = () => db.close();
          resolve();
        };
      }),
    { name: APP_DB_NAME, storeNames: [...stores] },
  );
  return async () => {
    await page.evaluate(() => {
      (window as unknown as { __maieuticHoldRelease?: boolean }).__maieuticHoldRelease = true;
    });
  };
}

/**
 * Rewrites one row of an object store straight in IndexedDB (not through the app): `drop` names
 * properties to delete, e.g. to make a data set look as one made before a schema version added
 * them. Reload the app afterwards; it does not see writes made behind its back.
 */
export async function patchStoredRow(page: Page, store: string, key: string, drop: readonly string[]): Promise<void> {
  await page.evaluate(
    ({ name, storeName, rowKey, properties }) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onerror = () => reject(new Error(`indexedDB.open(${name}) failed: ${String(request.error)}`));
        request.onsuccess = () => {
          const db = request.result;
          const transaction = db.transaction([storeName], 'readwrite');
          const objects = transaction.objectStore(storeName);
          const read = objects.get(rowKey);
          read.onsuccess = () => {
            if (!read.result) {
              transaction.abort();
              return;
            }
            const row = { ...(read.result as Record<string, unknown>) };
            for (const property of properties) delete row[property];
            objects.put(row);
          };
          transaction.oncomplete = () => {
            db.close();
            resolve();
          };
          transaction.onabort = () => {
            db.close();
            reject(new Error(`No row ${rowKey} in ${storeName}, or writing it failed: ${String(transaction.error)}`));
          };
        };
      }),
    { name: APP_DB_NAME, storeName: store, rowKey: key, properties: [...drop] },
  );
}
