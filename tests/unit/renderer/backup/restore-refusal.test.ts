/**
 * Crafted backups and project files (issue 29, point 5): every row of every table is checked
 * before the first write, the first problems are named with their table, row, id and field, and
 * nothing is restored — not even the safety backup is made — when any row fails. What the app
 * could have written (an HTML data-set name, stored as text) is restored.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { MAX_LISTED_PROBLEMS, RestoreRefusedError, type RestoreProblem } from '../../../../renderer/src/db/backup/restore-check';
import { writeBackup } from '../../../../renderer/src/stores/backups/run';
import { MAX_ROW_DEPTH, MAX_ROW_SIZE } from '../../../../shared/backup/row-limits';
import { freshDb } from '../fixtures';
import { databaseArbitrary } from './arbitraries';
import { installBackupBridge } from './harness';
import { chunksOf, fill, restoreByName, tablesOf, writeCrafted, type Bridge, type Chunk } from './restore-support';

const [GENERATED] = fc.sample(databaseArbitrary, { seed: 5, numRuns: 1 });

describe('a crafted backup is checked whole and refused before anything is written', () => {
  let bridge: Bridge;
  let db: MaieuticDb;
  let backupName: string;
  let before: Record<string, unknown[]>;

  beforeEach(async () => {
    bridge = installBackupBridge();
    db = freshDb();
    await fill(db, GENERATED!);
    const backup = await writeBackup(db, 'manual', { keep: 20 });
    if (backup.canceled) throw new Error('canceled');
    backupName = backup.name;
    // what is there now differs from the backup, so anything restored would show
    await db.settings.put({ key: 'other', value: 'changed since' });
    before = await tablesOf(db);
  });

  afterEach(async () => {
    db.close();
    await db.delete();
  });

  /** The backup with `change` applied to its decoded chunks, restored: the problems it was refused with. */
  async function refusedWith(change: (chunks: Chunk[]) => void, options: { tables?: (tables: Record<string, number>) => Record<string, number>; raw?: boolean } = {}): Promise<RestoreRefusedError> {
    const { manifest, chunks } = await chunksOf(bridge, backupName);
    change(chunks);
    const counts = Object.fromEntries(Object.keys(manifest.tables).map((table) => [table, chunks.filter((chunk) => chunk.table === table).reduce((sum, chunk) => sum + chunk.rows.length, 0)]));
    const crafted = await writeCrafted(bridge, manifest, chunks, { tables: options.tables ? options.tables(counts) : counts, raw: options.raw });
    const safetyBackups = async () => (await bridge.store.list()).filter((info) => info.manifest.reason === 'before-restore').length;
    const safetyBefore = await safetyBackups();
    const error = await restoreByName(db, crafted).then(() => null, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(RestoreRefusedError);
    // nothing was written, and no safety backup was needed
    expect(await tablesOf(db)).toStrictEqual(before);
    expect(await safetyBackups()).toBe(safetyBefore);
    return error as RestoreRefusedError;
  }

  const rowsOf = (chunks: Chunk[], table: string) => chunks.find((chunk) => chunk.table === table)!.rows as Record<string, unknown>[];
  const problem = (expected: Partial<RestoreProblem>) => expect.objectContaining(expected);

  it('wrong types and a time that is no time: named by table, row, id and field', async () => {
    const error = await refusedWith((chunks) => {
      rowsOf(chunks, 'datasets')[0]!.codebookId = 12345;
      rowsOf(chunks, 'sources')[0]!.importedAt = 'never';
    });
    expect(error.problems).toEqual([
      problem({ table: 'datasets', row: 1, id: 'dataset-0', field: 'codebookId', code: 'not-text' }),
      problem({ table: 'sources', row: 1, id: 'source-0', field: 'importedAt', code: 'not-date' }),
    ]);
    expect(error.total).toBe(2);
    expect(error.message).toContain('datasets row 1 (dataset-0), codebookId: must be text (is number 12345)');
    expect(error.message).toContain('sources row 1 (source-0), importedAt: is not a time ("never")');
  });

  it('an HTML data-set name is the user\'s text, restored as it was; a name the rename rules would not store is refused', async () => {
    const { manifest, chunks } = await chunksOf(bridge, backupName);
    rowsOf(chunks, 'datasets')[0]!.name = '<img src=x onerror=alert(1)>';
    const accepted = await writeCrafted(bridge, manifest, chunks);
    const restored = await restoreByName(db, accepted);
    expect((await restored.db.datasets.get('dataset-0'))?.name).toBe('<img src=x onerror=alert(1)>');
    db = restored.db;
    before = await tablesOf(db);
    for (const name of ['  padded  ', 'x'.repeat(201), '']) {
      const error = await refusedWith((crafted) => {
        rowsOf(crafted, 'datasets')[0]!.name = name;
      });
      expect(error.problems).toEqual([problem({ table: 'datasets', id: 'dataset-0', field: 'name', code: 'refused' })]);
    }
  });

  it('a review of a turn the file does not hold, and rows naming a data set or a layer it lacks', async () => {
    const error = await refusedWith((chunks) => {
      const review = rowsOf(chunks, 'fieldReviews')[0]!;
      const turnId = `${String(review.dialogueId)}#99`;
      Object.assign(review, { turnId, id: `${turnId}|${String(review.fieldId)}` });
      rowsOf(chunks, 'layerValues')[0]!.layerId = 'no-such-layer';
      rowsOf(chunks, 'layerValues')[0]!.id = `no-such-layer|${String(rowsOf(chunks, 'layerValues')[0]!.turnId)}`;
      rowsOf(chunks, 'spotChecks')[0]!.datasetId = 'no-such-dataset';
    });
    expect(error.problems).toEqual(expect.arrayContaining([
      problem({ table: 'fieldReviews', field: 'turnId', code: 'unknown-reference', params: expect.objectContaining({ kind: 'turn' }) }),
      problem({ table: 'layerValues', field: 'layerId', code: 'unknown-reference', params: { kind: 'layer', key: 'no-such-layer' } }),
      problem({ table: 'spotChecks', field: 'datasetId', code: 'unknown-reference', params: { kind: 'dataset', key: 'no-such-dataset' } }),
    ]));
  });

  it('a field the row type does not have', async () => {
    const error = await refusedWith((chunks) => {
      rowsOf(chunks, 'annotators')[0]!.isAdmin = true;
    });
    expect(error.problems).toEqual([problem({ table: 'annotators', row: 1, id: 'annotator-0', field: 'isAdmin', code: 'unknown-field' })]);
  });

  it('a table of the file\'s version missing, and one it does not have', async () => {
    const error = await refusedWith((chunks) => {
      chunks.splice(0, chunks.length, ...chunks.filter((chunk) => chunk.table !== 'layers' && chunk.table !== 'layerValues' && chunk.table !== 'llmCalls' && chunk.table !== 'llmJobs'));
    }, { tables: ({ layers: _layers, ...rest }) => ({ ...rest, layerValues: 0, llmCalls: 0, llmJobs: 0, strangers: 0 }) });
    expect(error.problems).toEqual(expect.arrayContaining([
      problem({ table: 'layers', row: 0, code: 'missing-table' }),
      problem({ table: 'strangers', row: 0, code: 'unknown-table' }),
    ]));
  });

  it('the same id twice', async () => {
    const error = await refusedWith((chunks) => {
      const annotators = rowsOf(chunks, 'annotators');
      annotators.push({ ...annotators.at(-1)! });
    });
    expect(error.problems).toEqual([problem({ table: 'annotators', row: 3, id: 'annotator-1', field: 'id', code: 'duplicate-key' })]);
  });

  it('a row nested 100,000 levels deep: main never sends it, the restore names it', async () => {
    const depth = 100_000;
    const error = await refusedWith((chunks) => {
      const dialogues = chunks.find((chunk) => chunk.table === 'dialogues')!;
      const [first, ...rest] = dialogues.rows as Record<string, unknown>[];
      const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      const text = JSON.stringify({ ...first, extra: { deep: 'DEEP' } }).replace('"DEEP"', deep);
      dialogues.text = `[${[text, ...rest.map((row) => JSON.stringify(row))].join(',')}]`;
    });
    // first the row itself; the rows naming the dialogue it was then follow (its id never came)
    expect(error.problems[0]).toEqual(problem({ table: 'dialogues', row: 1, code: 'too-deep', params: { limit: MAX_ROW_DEPTH } }));
    expect(error.problems.slice(1).every((entry) => entry.code === 'unknown-reference' || entry.code === 'missing-turns')).toBe(true);
  });

  it('a row larger than any the app stores', async () => {
    const error = await refusedWith((chunks) => {
      rowsOf(chunks, 'drafts')[0]!.text = 'x'.repeat(MAX_ROW_SIZE + 1);
    });
    expect(error.problems).toEqual([problem({ table: 'drafts', row: 1, code: 'too-large' })]);
  });

  it(`names the first ${MAX_LISTED_PROBLEMS} problems and counts them all`, async () => {
    const error = await refusedWith((chunks) => {
      const settings = rowsOf(chunks, 'settings');
      for (let i = 0; i < 14; i++) settings.push({ key: `zz-${String(i).padStart(2, '0')}`, value: 1, extra: true });
    });
    expect(error.problems).toHaveLength(MAX_LISTED_PROBLEMS);
    expect(error.total).toBe(14);
    expect(error.problems.every((entry) => entry.table === 'settings' && entry.code === 'unknown-field')).toBe(true);
  });

  it('a turn block whose columns do not agree, and a dialogue whose turns the file lacks', async () => {
    const error = await refusedWith((chunks) => {
      const block = rowsOf(chunks, 'turnBlocks')[0]!;
      block.turnCounts = Int32Array.from([1_000_000_000, ...Array.from(block.turnCounts as Int32Array).slice(1)]);
    });
    expect(error.problems).toEqual(expect.arrayContaining([problem({ table: 'turnBlocks', row: 1, code: 'inconsistent' }), problem({ table: 'dialogues', code: 'missing-turns' })]));
  });
});
