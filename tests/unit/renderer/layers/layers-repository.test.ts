import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { deleteDataset } from '../../../../renderer/src/db/repositories/datasets';
import { importParsedFiles } from '../../../../renderer/src/db/repositories/import';
import { attachLayer, findLayerByContentHash, layerValues, listLayers, storedDialoguesForLayer } from '../../../../renderer/src/db/repositories/layers';
import { ValidationError } from '../../../../renderer/src/db/repositories/validate';
import { countStoredTurns } from '../../../../renderer/src/db/repositories/turns';
import { matchLayerToDataset } from '../../../../shared/layers/match-to-dataset';
import type { ParsedDialogue, ParsedFile } from '../../../../shared/model/dataset';
import { dialogue, freshDb, parsedFile, value } from '../fixtures';

const NEW = { kind: 'new', name: 'Pilot', codebookId: 'sid-default' } as const;
const AT = new Date('2026-11-29T10:00:00Z');

/** The second annotator's copy of dialogue `line`, with teacher_intent `code` on every turn. */
function annotated(line: number, turnCount: number, code: string): ParsedDialogue {
  const base = dialogue(line, turnCount);
  return { ...base, turns: base.turns.map((item) => ({ ...item, pre: { teacher_intent: value(code, 'ok', [code]) } })) };
}

async function datasetWithTwoDialogues(db: MaieuticDb): Promise<{ datasetId: string; sourceId: string }> {
  const result = await importParsedFiles(db, NEW, [parsedFile('GPT-4o/a.jsonl', [dialogue(1, 3), dialogue(2, 2)])], { now: AT });
  return { datasetId: result.datasetId, sourceId: result.sourceIds[0] };
}

async function prepare(db: MaieuticDb, datasetId: string, parsed: ParsedFile) {
  return matchLayerToDataset(await storedDialoguesForLayer(db, datasetId), parsed);
}

describe('annotation layer repository', () => {
  let db: MaieuticDb;
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('stores the layer row and one value row per matched turn, keyed by layer and turn', async () => {
    db = freshDb();
    const { datasetId, sourceId } = await datasetWithTwoDialogues(db);
    const parsed = parsedFile('wang.jsonl', [annotated(1, 3, 'ask'), annotated(9, 2, 'ask')]);
    const matched = await prepare(db, datasetId, parsed);
    const layer = await attachLayer(db, { datasetId, name: ' 王老师 ', kind: 'human', parsed, matched, now: AT });

    expect(layer).toMatchObject({ datasetId, name: '王老师', kind: 'human', sourceFile: 'wang.jsonl', contentHash: 'hash-wang.jsonl', importedAt: AT.toISOString(), turns: 3 });
    expect(layer.problems).toEqual([expect.objectContaining({ file: 'wang.jsonl', line: 9 })]);
    expect(await listLayers(db, datasetId)).toEqual([layer]);

    const rows = (await layerValues(db, layer.id)).sort((a, b) => a.turnId.localeCompare(b.turnId));
    expect(rows.map((row) => row.id)).toEqual([0, 1, 2].map((index) => `${layer.id}|${sourceId}:1#${index}`));
    expect(rows.every((row) => row.dialogueId === `${sourceId}:1` && row.values.teacher_intent.codes[0] === 'ask')).toBe(true);
    expect(await countStoredTurns(db)).toBe(5);

    // each value attached is one audit entry: imported, by the layer's author, the file in the note
    const audit = await db.editLog.where('datasetId').equals(datasetId).toArray();
    expect(audit).toHaveLength(3);
    expect(audit.map((entry) => entry.target)).toEqual([0, 1, 2].map((index) => ({ kind: 'layer-field', layerId: layer.id, turnId: `${sourceId}:1#${index}`, fieldId: 'teacher_intent' })));
    expect(audit[0]).toMatchObject({ dialogueId: `${sourceId}:1`, reason: 'imported', reviewer: '王老师', note: 'wang.jsonl', at: AT.toISOString(), before: null, after: { codes: ['ask'], text: null } });
  });

  it('refuses the same file twice in one data set, found by content hash, and writes nothing the second time', async () => {
    db = freshDb();
    const { datasetId } = await datasetWithTwoDialogues(db);
    const parsed = parsedFile('wang.jsonl', [annotated(1, 3, 'ask')]);
    const matched = await prepare(db, datasetId, parsed);
    const first = await attachLayer(db, { datasetId, name: 'Wang', kind: 'human', parsed, matched });
    expect(await findLayerByContentHash(db, datasetId, 'hash-wang.jsonl')).toEqual(first);

    const renamed = { ...parsed, file: 'copy-of-wang.jsonl' };
    await expect(attachLayer(db, { datasetId, name: 'Wang 2', kind: 'human', parsed: renamed, matched })).rejects.toThrow(/already attached .* layer "Wang"/);
    expect(await db.layers.count()).toBe(1);
    expect(await db.layerValues.count()).toBe(3);
  });

  it('allows the same file in another data set, and refuses a name the data set already uses', async () => {
    db = freshDb();
    const { datasetId } = await datasetWithTwoDialogues(db);
    const { datasetId: otherId } = await datasetWithTwoDialogues(db);
    const parsed = parsedFile('wang.jsonl', [annotated(1, 3, 'ask')]);
    await attachLayer(db, { datasetId, name: 'Wang', kind: 'human', parsed, matched: await prepare(db, datasetId, parsed) });
    await attachLayer(db, { datasetId: otherId, name: 'Wang', kind: 'human', parsed, matched: await prepare(db, otherId, parsed) });
    expect(await findLayerByContentHash(db, otherId, 'hash-wang.jsonl')).toBeDefined();

    const other = parsedFile('li.jsonl', [annotated(2, 2, 'ask')]);
    await expect(attachLayer(db, { datasetId, name: 'Wang', kind: 'llm', parsed: other, matched: await prepare(db, datasetId, other) })).rejects.toThrow(
      'already has a layer named "Wang"',
    );
    expect((await listLayers(db, datasetId)).map((layer) => layer.name)).toEqual(['Wang']);
  });

  it("refuses a built-in rater's name in either language, whatever its case or spacing", async () => {
    db = freshDb();
    const { datasetId } = await datasetWithTwoDialogues(db);
    const parsed = parsedFile('wang.jsonl', [annotated(1, 3, 'ask')]);
    const matched = await prepare(db, datasetId, parsed);
    for (const name of ['Expert (verified)', ' expert ', '专家（已核验）', 'llm pre-annotation', 'LLM 预标注']) {
      await expect(attachLayer(db, { datasetId, name, kind: 'human', parsed, matched })).rejects.toThrow(/built-in rater/);
    }
    expect(await db.layers.count()).toBe(0);
    await attachLayer(db, { datasetId, name: 'Expert Wang', kind: 'human', parsed, matched });
    expect(await db.layers.count()).toBe(1);
  });

  it('writes nothing when storage fails half-way', async () => {
    db = freshDb();
    const { datasetId } = await datasetWithTwoDialogues(db);
    const parsed = parsedFile('wang.jsonl', [annotated(1, 3, 'ask'), annotated(2, 2, 'ask')]);
    const matched = await prepare(db, datasetId, parsed);
    db.layerValues.hook('creating', () => {
      throw new Error('QuotaExceededError');
    });
    await expect(attachLayer(db, { datasetId, name: 'Wang', kind: 'human', parsed, matched })).rejects.toThrow();
    expect(await db.layers.count()).toBe(0);
    expect(await db.layerValues.count()).toBe(0);
  });

  it('refuses values for turns of another data set, a file with errors, a bad kind and an empty match', async () => {
    db = freshDb();
    const { datasetId } = await datasetWithTwoDialogues(db);
    const { datasetId: otherId } = await datasetWithTwoDialogues(db);
    const parsed = parsedFile('wang.jsonl', [annotated(1, 3, 'ask')]);
    const matchedElsewhere = await prepare(db, otherId, parsed);
    await expect(attachLayer(db, { datasetId, name: 'Wang', kind: 'human', parsed, matched: matchedElsewhere })).rejects.toThrow(/is not in this data set/);

    const broken = { ...parsed, issues: [{ severity: 'error' as const, file: 'wang.jsonl', line: 4, code: 'malformed-json' as const, message: 'bad JSON' }] };
    await expect(attachLayer(db, { datasetId, name: 'Wang', kind: 'human', parsed: broken, matched: matchedElsewhere })).rejects.toThrow('wang.jsonl:4: bad JSON');

    const matched = await prepare(db, datasetId, parsed);
    // @ts-expect-error a kind outside the union must be refused at run time too (data can come over IPC)
    await expect(attachLayer(db, { datasetId, name: 'Wang', kind: 'robot', parsed, matched })).rejects.toBeInstanceOf(ValidationError);

    const stranger = parsedFile('x.jsonl', [annotated(9, 2, 'ask')]);
    await expect(attachLayer(db, { datasetId, name: 'X', kind: 'human', parsed: stranger, matched: await prepare(db, datasetId, stranger) })).rejects.toThrow(
      'nothing to attach',
    );
    expect(await db.layers.count()).toBe(0);
  });

  it('deleteDataset removes its layers and their values, and leaves other data sets alone', async () => {
    db = freshDb();
    const { datasetId } = await datasetWithTwoDialogues(db);
    const { datasetId: otherId } = await datasetWithTwoDialogues(db);
    const parsed = parsedFile('wang.jsonl', [annotated(1, 3, 'ask')]);
    await attachLayer(db, { datasetId, name: 'Wang', kind: 'human', parsed, matched: await prepare(db, datasetId, parsed) });
    const kept = await attachLayer(db, { datasetId: otherId, name: 'Wang', kind: 'human', parsed, matched: await prepare(db, otherId, parsed) });

    await deleteDataset(db, datasetId);
    expect(await listLayers(db, datasetId)).toEqual([]);
    expect(await db.layers.toArray()).toEqual([kept]);
    expect((await db.layerValues.toArray()).every((row) => row.layerId === kept.id)).toBe(true);
    expect(await db.layerValues.count()).toBe(3);
  });
});
