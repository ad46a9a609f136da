/**
 * Every table of every schema version has its rule (the check a repository writes by and a restore
 * reads by): a table added to schema.ts without one fails here. And every row the generators make
 * — rows the app could have written — passes its table's rule, so the restore property tests
 * restore only what the app could have written.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as schema from '../../../../renderer/src/db/schema';
import { storesOf } from '../../../../renderer/src/db/backup/restore';
import { assertRows, tableRule, type RuledTable } from '../../../../renderer/src/db/repositories/row-checks';
import { databaseArbitrary } from './arbitraries';

describe('table rules', () => {
  it('every table of every schema version has a rule', () => {
    const versions = Array.from({ length: schema.CURRENT_SCHEMA_VERSION }, (_, index) => index + 1);
    const missing = versions.flatMap((version) => Object.keys(storesOf(version)).filter((table) => !tableRule(table)).map((table) => `v${version}: ${table}`));
    expect(missing).toEqual([]);
    expect(Object.keys(storesOf(schema.CURRENT_SCHEMA_VERSION)).length).toBeGreaterThan(30);
  });

  it('every generated row passes its table\'s rule, and the generated database fills every table', () => {
    fc.assert(
      fc.property(databaseArbitrary, (tables) => {
        for (const table of Object.keys(storesOf(schema.CURRENT_SCHEMA_VERSION))) expect(tables[table]?.length ?? 0, table).toBeGreaterThan(0);
        for (const [table, rows] of Object.entries(tables)) assertRows(table as RuledTable, rows);
      }),
      { numRuns: 40 },
    );
  });
});
