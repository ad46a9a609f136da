/**
 * All IndexedDB access goes through renderer/src/db/repositories: outside renderer/src/db no
 * code touches a Dexie table of MaieuticDb (`db.dialogues.where(…)`) or opens a transaction.
 * Stores and features get `getDb()` and hand it to repository functions. The table names come
 * from db.ts, so a table added there is covered without touching this test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/repo-paths';

const DB_FILE = 'renderer/src/db/db.ts';

/** The tables MaieuticDb declares (`name!: EntityTable<…>`). */
function tableNames(): string[] {
  const text = readFileSync(join(REPO_ROOT, DB_FILE), 'utf8');
  return [...text.matchAll(/^\s+(\w+)!: EntityTable</gm)].map((match) => match[1]);
}

/** The places in `text` that use a table or a transaction of the database directly, as `line: code`. */
export function directDbAccess(text: string, tables: readonly string[]): string[] {
  // a table followed by a Dexie Table method, or db.transaction(…); array methods shared with
  // Dexie (filter, map, forEach) are not listed, so a plain array named like a table is not a hit
  const table = new RegExp(`\\.(${tables.join('|')})\\s*\\.\\s*(where|get|bulkGet|bulkPut|bulkAdd|bulkDelete|put|add|update|delete|clear|toArray|toCollection|orderBy|primaryKeys|count|modify|hook)\\s*\\(`);
  const transaction = /\b(db|getDb\(\)|database\(\))\s*\.\s*(transaction|tables|table)\s*\(/;
  return text.split('\n').flatMap((code, index) => (table.test(code) || transaction.test(code) ? [`${index + 1}: ${code.trim()}`] : []));
}

function rendererFilesOutsideDb(): string[] {
  const root = join(REPO_ROOT, 'renderer/src');
  return (readdirSync(root, { recursive: true }) as string[])
    .map((path) => path.split('\\').join('/'))
    .filter((path) => /\.(ts|tsx)$/.test(path) && !path.startsWith('db/'))
    .map((path) => `renderer/src/${path}`);
}

describe('IndexedDB only through the repositories', () => {
  const tables = tableNames();

  it('reads the table names from db.ts', () => {
    expect(tables).toContain('dialogues');
    expect(tables).toContain('layerValues');
    expect(tables.length).toBeGreaterThan(15);
  });

  it('finds direct table reads and transactions, and not arrays that share a name', () => {
    const sample = [
      "const n = await db.dialogues.where('datasetId').equals(id).count();",
      'const rows = await getDb().layerValues.bulkGet(ids);',
      "await db.transaction('r', [db.turnBlocks], async () => {});",
      'const names = state.layers.map((layer) => layer.name);',
      'const shown = layers.filter((layer) => layer.kind === "llm");',
      'const rows = await listLayers(db, datasetId);',
    ].join('\n');
    expect(directDbAccess(sample, tables).map((hit) => hit.split(':')[0])).toEqual(['1', '2', '3']);
  });

  it('no file outside renderer/src/db touches a table or opens a transaction', () => {
    const hits = rendererFilesOutsideDb().flatMap((file) => directDbAccess(readFileSync(join(REPO_ROOT, file), 'utf8'), tables).map((hit) => `${file}:${hit}`));
    expect(hits).toEqual([]);
  });
});
