import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { ADJUDICATED_LAYER_NAME, applyAdjudications, findAdjudicatedLayer, listAdjudications } from '../../../../renderer/src/db/repositories/adjudications';
import { adjudicatorAnnotatorId } from '../../../../renderer/src/db/repositories/annotators';
import { deleteDataset } from '../../../../renderer/src/db/repositories/datasets';
import { importParsedFiles } from '../../../../renderer/src/db/repositories/import';
import { layerValues, listLayers } from '../../../../renderer/src/db/repositories/layers';
import type { AdjudicationRow } from '../../../../shared/model/adjudication';
import { dialogue, freshDb, parsedFile } from '../fixtures';

const NEW = { kind: 'new', name: 'Pilot', codebookId: 'sid-default' } as const;
const AT = '2026-12-02T10:00:00.000Z';

async function dataset(db: MaieuticDb) {
  const result = await importParsedFiles(db, NEW, [parsedFile('a.jsonl', [dialogue(1, 3)])], { now: new Date(AT) });
  return { datasetId: result.datasetId, dialogueId: `${result.sourceIds[0]}:1` };
}

function row(datasetId: string, dialogueId: string, index: number, fieldId: string, over: Partial<AdjudicationRow> = {}): AdjudicationRow {
  const turnId = `${dialogueId}#${index}`;
  return {
    id: `${turnId}|${fieldId}`, datasetId, dialogueId, turnId, fieldId, status: 'adjudicated', codes: ['guide_reasoning'], text: null,
    compared: ['llm', 'layer:b'], agreedWith: ['llm'], decidedBy: 'adj', needsGuidelineUpdate: false, note: '', at: AT, ...over,
  };
}

describe('adjudications repository', () => {
  let db: MaieuticDb;
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('writes records and the adjudicated layer in one go, unresolved values left out of the layer, removals undone in the layer', async () => {
    db = freshDb();
    const { datasetId, dialogueId } = await dataset(db);
    const first = row(datasetId, dialogueId, 0, 'teacher_intent');
    const open = row(datasetId, dialogueId, 1, 'teacher_intent', { status: 'unresolved', codes: [], agreedWith: [], note: 'ask the team' });
    const layer = await applyAdjudications(db, datasetId, { put: [first, open] });
    expect(layer).toMatchObject({ name: ADJUDICATED_LAYER_NAME, kind: 'adjudicated', turns: 1 });
    expect((await listLayers(db, datasetId)).map((entry) => entry.id)).toEqual([layer.id]);
    expect(await layerValues(db, layer.id)).toEqual([
      { id: `${layer.id}|${dialogueId}#0`, layerId: layer.id, dialogueId, turnId: `${dialogueId}#0`, values: { teacher_intent: { raw: 'guide_reasoning', codes: ['guide_reasoning'], unknown: [], status: 'ok' } } },
    ]);

    // a second field on the same turn joins the turn's values; the layer is not made twice
    await applyAdjudications(db, datasetId, { put: [row(datasetId, dialogueId, 0, 'cognitive_level', { codes: ['apply'] })] });
    expect(Object.keys((await layerValues(db, layer.id))[0].values).sort()).toEqual(['cognitive_level', 'teacher_intent']);
    expect((await listLayers(db, datasetId)).length).toBe(1);

    // removing the records (undo) empties the layer's turn
    await applyAdjudications(db, datasetId, { remove: [first.id, `${dialogueId}#0|cognitive_level`] });
    expect(await layerValues(db, layer.id)).toEqual([]);
    expect((await findAdjudicatedLayer(db, datasetId))?.turns).toBe(0);
    expect((await listAdjudications(db, datasetId)).map((entry) => entry.id)).toEqual([open.id]);
  });

  it('refuses a row of another data set or a malformed one and writes nothing', async () => {
    db = freshDb();
    const { datasetId, dialogueId } = await dataset(db);
    const good = row(datasetId, dialogueId, 0, 'teacher_intent');
    await expect(applyAdjudications(db, datasetId, { put: [good, { ...row(datasetId, dialogueId, 1, 'teacher_intent'), id: 'x' }] })).rejects.toThrow(/id must be/);
    await expect(applyAdjudications(db, datasetId, { put: [good, row(datasetId, 'other:1', 0, 'teacher_intent')] })).rejects.toThrow(/not in this data set/);
    expect(await listAdjudications(db, datasetId)).toEqual([]);
    expect(await findAdjudicatedLayer(db, datasetId)).toBeUndefined();
  });

  it('makes one adjudicator record per name, and deleting the data set deletes its adjudications', async () => {
    db = freshDb();
    const { datasetId, dialogueId } = await dataset(db);
    const id = await db.transaction('rw', db.annotators, () => adjudicatorAnnotatorId(db, '李老师', AT));
    expect(await db.transaction('rw', db.annotators, () => adjudicatorAnnotatorId(db, '李老师', AT))).toBe(id);
    expect(await db.annotators.get(id)).toMatchObject({ name: '李老师', role: 'adjudicator', kind: 'human' });
    await applyAdjudications(db, datasetId, { put: [row(datasetId, dialogueId, 0, 'teacher_intent')] });
    await deleteDataset(db, datasetId);
    expect(await db.adjudications.count()).toBe(0);
    expect(await db.layerValues.count()).toBe(0);
  });
});
