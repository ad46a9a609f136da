/**
 * A profile written by an older release, for the upgrade specs: the database is created with
 * IndexedDB itself at an old schema (Dexie keeps version n as 10·n), on a blank page of the app's
 * origin in a persistent Chromium profile, then that profile is opened by today's app.
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { installApi } from '../support/bridge';
import type { AppFixture } from './fixtures/app';
import { APP_DB_NAME } from './support-idb';

const LAUNCH = {
  headless: true,
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

interface NativeStore {
  name: string;
  keyPath: string;
  autoIncrement: boolean;
  indexes: { name: string; multiEntry: boolean }[];
}

/** Dexie's stores of a schema chain as IndexedDB has them: the last declaration of each table wins, null drops it. */
function nativeStores(chain: readonly Record<string, string | null>[]): NativeStore[] {
  const merged: Record<string, string | null> = Object.assign({}, ...chain);
  return Object.entries(merged)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([name, spec]) => {
      const [primary, ...indexes] = spec.split(',').map((part) => part.trim());
      for (const index of indexes) if (/[&[+]/.test(index)) throw new Error(`this helper makes no ${index} index (unique and compound indexes are not in the old schemas it writes)`);
      return {
        name,
        keyPath: primary.replace(/^\+\+/, ''),
        autoIncrement: primary.startsWith('++'),
        indexes: indexes.map((index) => ({ name: index.replace(/^\*/, ''), multiEntry: index.startsWith('*') })),
      };
    });
}

export interface NativeProfile {
  /** the schema chain up to the release that wrote the profile (schemaV1 … schemaVn) */
  chain: readonly Record<string, string | null>[];
  tables: Record<string, unknown[]>;
  /** columns holding Int32Array (turn blocks): sent to the page as plain arrays and made typed again there */
  typedColumns?: Record<string, readonly string[]>;
}

/** Writes the profile's database as the release of `chain`'s last version did. */
export async function writeNativeProfile(app: AppFixture, profile: string, { chain, tables, typedColumns = {} }: NativeProfile): Promise<void> {
  const context = await chromium.launchPersistentContext(profile, LAUNCH);
  const page = context.pages()[0] ?? (await context.newPage());
  const blank = new URL(`seed-v${chain.length}.html`, app.url).toString();
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>seed</title>' }));
  await page.goto(blank);
  const plain = Object.fromEntries(
    Object.entries(tables).map(([name, rows]) => {
      const columns = typedColumns[name] ?? [];
      return [name, columns.length === 0 ? rows : (rows as Record<string, unknown>[]).map((row) => ({ ...row, ...Object.fromEntries(columns.map((column) => [column, Array.from(row[column] as Int32Array)])) }))];
    }),
  );
  await page.evaluate(
    ({ name, version, stores, rows, typed }) =>
      new Promise<void>((resolve, reject) => {
        for (const [table, columns] of Object.entries(typed)) {
          rows[table] = (rows[table] ?? []).map((row) => ({ ...(row as object), ...Object.fromEntries(columns.map((column) => [column, Int32Array.from((row as Record<string, number[]>)[column]!)])) }));
        }
        const request = indexedDB.open(name, version);
        request.onupgradeneeded = () => {
          for (const store of stores) {
            const created = request.result.createObjectStore(store.name, { keyPath: store.keyPath, autoIncrement: store.autoIncrement });
            for (const index of store.indexes) created.createIndex(index.name, index.name, { multiEntry: index.multiEntry });
          }
        };
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction(Object.keys(rows), 'readwrite');
          for (const [table, list] of Object.entries(rows)) for (const row of list) tx.objectStore(table).add(row);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { name: APP_DB_NAME, version: chain.length * 10, stores: nativeStores(chain), rows: plain, typed: typedColumns as Record<string, string[]> },
  );
  await context.close();
}

/** Today's app on that profile, with window.api from the main handlers. */
export async function openProfile(app: AppFixture, profile: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(profile, LAUNCH);
  const page = context.pages()[0] ?? (await context.newPage());
  await installApi(page, app.handlers);
  await page.goto(app.url);
  await page.locator('[data-app-state="ready"]').waitFor({ state: 'attached' });
  return { context, page };
}

/** The IndexedDB version the profile's database is stored at now. */
export async function nativeVersion(page: Page): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => {
          const version = request.result.version;
          request.result.close();
          resolve(version);
        };
        request.onerror = () => reject(request.error);
      }),
    APP_DB_NAME,
  );
}

/** The tables a database of that schema chain has. */
export function nativeStoreNames(chain: readonly Record<string, string | null>[]): string[] {
  return nativeStores(chain).map((store) => store.name).sort();
}
