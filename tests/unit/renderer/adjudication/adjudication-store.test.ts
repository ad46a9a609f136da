import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { findAdjudicatedLayer, listAdjudications } from '../../../../renderer/src/db/repositories/adjudications';
import { importParsedFiles } from '../../../../renderer/src/db/repositories/import';
import { attachLayer, layerValues, storedDialoguesForLayer } from '../../../../renderer/src/db/repositories/layers';
import { createAdjudicationStore } from '../../../../renderer/src/stores/adjudication/store';
import { matchLayerToDataset } from '../../../../shared/layers/match-to-dataset';
import type { ParsedDialogue } from '../../../../shared/model/dataset';
import { dialogue, freshDb, parsedFile, value } from '../fixtures';

const NEW = { kind: 'new', name: 'Pilot', codebookId: 'sid-default' } as const;
const intent = (code: string) => ({ teacher_intent: value(code, 'ok', [code]) });

/** Six turns: the teacher turns (1, 3, 5) get teacher_intent `code`, the student turns (0, 2, 4) student_cognition_state clear_understanding. */
function withIntents(code: string): ParsedDialogue {
  const base = dialogue(1, 6);
  const clear = { student_cognition_state: value('clear_understanding', 'ok', ['clear_understanding']) };
  return { ...base, turns: base.turns.map((turn) => ({ ...turn, pre: turn.speaker === 'teacher' ? intent(code) : clear })) };
}

async function setUp(db: MaieuticDb) {
  const { datasetId } = await importParsedFiles(db, NEW, [parsedFile('a.jsonl', [withIntents('guide_reasoning')])]);
  const parsed = parsedFile('b.jsonl', [withIntents('check_understanding')]);
  const layer = await attachLayer(db, { datasetId, name: 'B', kind: 'human', parsed, matched: matchLayerToDataset(await storedDialoguesForLayer(db, datasetId), parsed) });
  return { datasetId, layerId: layer.id };
}

/** Holds the adjudication tables in a read-write transaction until released: every write queues behind it. */
function holdWrites(db: MaieuticDb) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const done = db.transaction('rw', [db.adjudications, db.layerValues], () => Dexie.waitFor(gate));
  return { release, done };
}

describe('adjudication store', () => {
  let db: MaieuticDb;
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('applies each key to the item shown when pressed, writes in order while storage is slow, and undoes the last decision', async () => {
    db = freshDb();
    const { datasetId, layerId } = await setUp(db);
    const store = createAdjudicationStore(() => db);
    await store.getState().load(datasetId);
    expect(store.getState().chosen).toEqual(['pre', `layer:${layerId}`]);
    expect(await store.getState().start('李老师')).toBe(true);
    const ids = store.getState().queue!.disagreements.map((item) => item.id);
    expect(ids).toHaveLength(3);
    expect(store.getState().currentId).toBe(ids[0]);

    const hold = holdWrites(db);
    // three keys in a row, faster than any write: 1 (pre), 2 (layer B), u (unresolved)
    const press = (action: (id: string) => void) => action(store.getState().currentId!);
    press((id) => store.getState().pickRater(id, 1));
    press((id) => store.getState().pickRater(id, 2));
    press((id) => store.getState().toggleGuidelineFlag(id));
    press((id) => store.getState().leaveUnresolved(id));
    expect(store.getState().pendingWrites).toBe(3);
    press(() => store.getState().undoLast());
    expect(store.getState().currentId).toBe(ids[2]);
    press((id) => store.getState().leaveUnresolved(id));
    hold.release();
    await hold.done;
    await store.getState().idle();

    const stored = new Map((await listAdjudications(db, datasetId)).map((row) => [row.id, row]));
    expect(stored.get(ids[0])).toMatchObject({ status: 'adjudicated', codes: ['guide_reasoning'], agreedWith: ['llm'] });
    expect(stored.get(ids[1])).toMatchObject({ status: 'adjudicated', codes: ['check_understanding'], agreedWith: [`layer:${layerId}`] });
    // the flag given before the decision went into it; the first "u" was undone, the second stands
    expect(stored.get(ids[2])).toMatchObject({ status: 'unresolved', codes: [], needsGuidelineUpdate: true });
    const decidedBy = stored.get(ids[0])!.decidedBy!;
    expect(await db.annotators.get(decidedBy)).toMatchObject({ name: '李老师', role: 'adjudicator' });

    const layer = await findAdjudicatedLayer(db, datasetId);
    const values = new Map((await layerValues(db, layer!.id)).map((row) => [row.turnId, row.values.teacher_intent?.codes]));
    expect(values.get(stored.get(ids[0])!.turnId)).toEqual(['guide_reasoning']);
    expect(values.get(stored.get(ids[1])!.turnId)).toEqual(['check_understanding']);
    expect(values.has(stored.get(ids[2])!.turnId)).toBe(false);
    expect(store.getState().records).toEqual(Object.fromEntries(stored));
  });

  it('accepts the unanimous values in one step and takes them back with one undo', async () => {
    db = freshDb();
    const { datasetId } = await setUp(db);
    const store = createAdjudicationStore(() => db);
    await store.getState().load(datasetId);
    await store.getState().start('李老师');
    const unanimous = store.getState().queue!.unanimous.length;
    expect(unanimous).toBe(3);
    expect(store.getState().acceptUnanimous()).toBe(unanimous);
    expect(store.getState().acceptUnanimous()).toBe(0);
    await store.getState().idle();
    expect((await listAdjudications(db, datasetId)).filter((row) => row.status === 'unanimous')).toHaveLength(unanimous);
    store.getState().undoLast();
    await store.getState().idle();
    expect(await listAdjudications(db, datasetId)).toEqual([]);
  });
});
