/**
 * The version a profile's database is stored at, read without opening it with the app's schema
 * (which would run the upgrades): `new Dexie(name)` with no versions opens it as it is. Returns
 * null when there is no such database yet, and the open raw database otherwise (the caller closes it).
 */
import Dexie from 'dexie';

export async function openStoredDatabase(name: string): Promise<{ db: Dexie; version: number } | null> {
  const names = await Dexie.getDatabaseNames();
  if (!names.includes(name)) return null;
  const db = new Dexie(name);
  await db.open();
  return { db, version: db.verno };
}
