/**
 * The suggestion shown beside the expert's value taken from a chosen annotation layer instead of
 * the imported pre-annotation: the choice per data set (kept in settings, gone with a deleted
 * layer), the layer's values in the model, and accept / verify storing what was shown.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import type { LayerRow } from '../../../../shared/model/layer';
import { deleteDataset } from '../../../../renderer/src/db/repositories/datasets';
import { loadReviewBundle, readEditLog } from '../../../../renderer/src/db/repositories/reviews';
import { chooseSuggestionLayer, suggestionSettingKey } from '../../../../renderer/src/db/repositories/suggestions';
import { buildDialogueModel, fieldsNeedingValue, turnToVerify, type DialogueModel } from '../../../../renderer/src/features/review/review-model';
import { steppedLayerId } from '../../../../renderer/src/features/review/suggestion-choice';
import { createReviewStore } from '../../../../renderer/src/stores/review/store';
import { DEFAULT_CODEBOOK, freshDbName, openDb, preValues, REVIEWER, seedDialogue } from './fixtures';

const opened: MaieuticDb[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const LAYER = 'llm:["job-1","conn-1"]';
const SECOND = 'second-annotator';

function layerRow(id: string, datasetId = 'ds1', name = 'Test server · test-model'): LayerRow {
  return { id, datasetId, name, kind: 'llm', sourceFile: 'Test server (test-model)', contentHash: id, importedAt: '2026-03-01T09:00:00.000Z', turns: 0, problems: [] };
}

/** d1 seeded; the layer has values for turns 0 and 1 (turn 1's intent and guidance differ from the imported ones), none for 2 and 3. */
async function setup(name = freshDbName()) {
  const db = openDb(name);
  opened.push(db);
  await seedDialogue(db);
  await db.layers.put(layerRow(LAYER));
  await db.layers.put({ ...layerRow(SECOND, 'ds1', 'Second annotator'), kind: 'human', importedAt: '2026-03-02T09:00:00.000Z' });
  await db.layerValues.bulkPut([
    { id: `${LAYER}|d1#0`, layerId: LAYER, dialogueId: 'd1', turnId: 'd1#0', values: preValues({ discipline: '化学', discipline_transfer: '否', student_cognition_state: '清晰理解', cognitive_level: '应用' }) },
    {
      id: `${LAYER}|d1#1`,
      layerId: LAYER,
      dialogueId: 'd1',
      turnId: 'd1#1',
      values: preValues({ teacher_intent: '检测理解', teaching_strategy: '提示, 追问', discipline: '生物', discipline_transfer: '否', teacher_guidance_level: 'L3', cognitive_level: '分析' }),
    },
    // another dialogue's row of the same layer, and another layer's rows of d1: never part of d1's suggestion
    { id: `${LAYER}|d9#1`, layerId: LAYER, dialogueId: 'd9', turnId: 'd9#1', values: preValues({ teacher_intent: '引出概念' }) },
    { id: `${SECOND}|d1#1`, layerId: SECOND, dialogueId: 'd1', turnId: 'd1#1', values: preValues({ teacher_intent: '引出概念' }) },
    { id: `${SECOND}|d1#3`, layerId: SECOND, dialogueId: 'd1', turnId: 'd1#3', values: preValues({ teacher_intent: '引出概念' }) },
  ]);
  let tick = 0;
  const store = createReviewStore({ db: () => db, reviewer: () => REVIEWER, now: () => new Date(Date.UTC(2026, 2, 1, 10, 0, tick++)).toISOString() });
  store.getState().startSession('d1');
  return { db, store, name };
}

async function modelOf(db: MaieuticDb): Promise<DialogueModel> {
  const bundle = await loadReviewBundle(db, 'd1');
  if (!bundle) throw new Error('no bundle');
  return buildDialogueModel(DEFAULT_CODEBOOK, bundle);
}

const rowOf = (model: DialogueModel, turnIndex: number, fieldId: string) => {
  const row = model.turns[turnIndex].fields.find((candidate) => candidate.field.id === fieldId);
  if (!row) throw new Error(fieldId);
  return row;
};

describe('suggestion layer: the choice', () => {
  it('is the imported pre-annotation until a layer is chosen, and the layers are offered', async () => {
    const { db } = await setup();
    const bundle = await loadReviewBundle(db, 'd1');
    expect(bundle?.suggestion).toEqual({ kind: 'imported', missingLayerId: null });
    expect(bundle?.layers).toEqual([
      { id: LAYER, name: 'Test server · test-model', kind: 'llm' },
      { id: SECOND, name: 'Second annotator', kind: 'human' },
    ]);
    const model = await modelOf(db);
    expect(rowOf(model, 1, 'teacher_intent').context.pre?.codes).toEqual(['guide_reasoning']);
    expect(rowOf(model, 1, 'teacher_intent').context.suggestionLayerId).toBeUndefined();
  });

  it('holds the chosen layer per data set across a reopened database, and goes back to imported on null', async () => {
    const { db, name } = await setup();
    await chooseSuggestionLayer(db, 'ds1', LAYER);
    db.close();
    const reopened = openDb(name);
    opened.push(reopened);
    const bundle = await loadReviewBundle(reopened, 'd1');
    expect(bundle?.suggestion.kind).toBe('layer');
    if (bundle?.suggestion.kind !== 'layer') return;
    expect(bundle.suggestion.layer.id).toBe(LAYER);
    expect([...bundle.suggestion.values.keys()].sort()).toEqual(['d1#0', 'd1#1']);

    await chooseSuggestionLayer(reopened, 'ds1', null);
    expect((await loadReviewBundle(reopened, 'd1'))?.suggestion).toEqual({ kind: 'imported', missingLayerId: null });
  });

  it('refuses a layer of another data set', async () => {
    const { db } = await setup();
    await db.datasets.put({ id: 'ds2', name: 'Other', createdAt: '2026-01-01T00:00:00.000Z', codebookId: 'sid-default' });
    await db.layers.put(layerRow('other-layer', 'ds2', 'Other layer'));
    await expect(chooseSuggestionLayer(db, 'ds1', 'other-layer')).rejects.toThrow(/not in this data set/);
    await expect(chooseSuggestionLayer(db, 'ds1', 'no-such-layer')).rejects.toThrow(/not in this data set/);
    expect(await db.settings.get(suggestionSettingKey('ds1'))).toBeUndefined();
  });

  it('falls back to the imported pre-annotation, saying so, when the chosen layer is gone', async () => {
    const { db } = await setup();
    await chooseSuggestionLayer(db, 'ds1', LAYER);
    await db.layers.delete(LAYER);
    const bundle = await loadReviewBundle(db, 'd1');
    expect(bundle?.suggestion).toEqual({ kind: 'imported', missingLayerId: LAYER });
    expect(bundle?.layers.map((layer) => layer.id)).toEqual([SECOND]);
    const model = buildDialogueModel(DEFAULT_CODEBOOK, bundle!);
    expect(rowOf(model, 1, 'teacher_intent').context).toMatchObject({ pre: { codes: ['guide_reasoning'] } });
    expect(rowOf(model, 1, 'teacher_intent').context.suggestionLayerId).toBeUndefined();
  });

  it('is forgotten with its data set', async () => {
    const { db } = await setup();
    await chooseSuggestionLayer(db, 'ds1', LAYER);
    await deleteDataset(db, 'ds1');
    expect(await db.settings.get(suggestionSettingKey('ds1'))).toBeUndefined();
  });

  it('steps through imported and the layers in the chooser order, wrapping around', () => {
    const layers = [
      { id: 'a', name: 'A', kind: 'llm' as const },
      { id: 'b', name: 'B', kind: 'human' as const },
    ];
    expect(steppedLayerId(layers, null, 1)).toBe('a');
    expect(steppedLayerId(layers, 'a', 1)).toBe('b');
    expect(steppedLayerId(layers, 'b', 1)).toBeNull();
    expect(steppedLayerId(layers, null, -1)).toBe('b');
    // a layer no longer listed counts as the imported pre-annotation it falls back to
    expect(steppedLayerId(layers, 'gone', 1)).toBe('a');
  });
});

describe('suggestion layer: review on it', () => {
  it('shows the layer value as the suggestion; accept stores it as accepted and records the layer', async () => {
    const { db, store } = await setup();
    await chooseSuggestionLayer(db, 'ds1', LAYER);
    const model = await modelOf(db);
    const intent = rowOf(model, 1, 'teacher_intent');
    expect(intent.context.pre?.codes).toEqual(['check_understanding']);
    expect(intent.context.suggestionLayerId).toBe(LAYER);
    expect(intent.acceptRefusal).toBeNull();

    const turn = model.turns[1];
    await store.getState().editFields(1, [{ dialogueId: 'd1', turnId: turn.turn.id, fieldId: 'teacher_intent', context: intent.context, intent: { kind: 'accept' } }]);
    const stored = await db.fieldReviews.get('d1#1|teacher_intent');
    expect(stored).toMatchObject({ decision: 'accepted', codes: ['check_understanding'], suggestionLayerId: LAYER });
    const log = (await readEditLog(db, 'd1')).filter((entry) => entry.target.kind === 'field');
    expect(log.at(-1)?.after).toEqual({ decision: 'accepted', codes: ['check_understanding'], text: null, suggestionLayerId: LAYER, acceptance: 'deliberate' });
    // and the screen agrees: the stored value is the suggestion shown
    expect(rowOf(await modelOf(db), 1, 'teacher_intent').decision).toBe('accepted');
  });

  it('judges a picked label against the layer: its value is accepted, the imported one is a change', async () => {
    const { db, store } = await setup();
    await chooseSuggestionLayer(db, 'ds1', LAYER);
    const model = await modelOf(db);
    const row = (fieldId: string) => rowOf(model, 1, fieldId);
    await store.getState().editFields(1, [
      { dialogueId: 'd1', turnId: 'd1#1', fieldId: 'teacher_guidance_level', context: row('teacher_guidance_level').context, intent: { kind: 'pick', code: 'L3' } },
      { dialogueId: 'd1', turnId: 'd1#1', fieldId: 'teacher_intent', context: row('teacher_intent').context, intent: { kind: 'pick', code: 'guide_reasoning' } },
    ]);
    expect(await db.fieldReviews.get('d1#1|teacher_guidance_level')).toMatchObject({ decision: 'accepted', codes: ['L3'] });
    expect(await db.fieldReviews.get('d1#1|teacher_intent')).toMatchObject({ decision: 'changed', codes: ['guide_reasoning'], suggestionLayerId: LAYER });
  });

  it('shows no suggestion on a turn the layer has no value for, never the imported one', async () => {
    const { db } = await setup();
    await chooseSuggestionLayer(db, 'ds1', LAYER);
    const model = await modelOf(db);
    const intent = rowOf(model, 3, 'teacher_intent');
    expect(intent.context).toMatchObject({ pre: null, noSuggestion: true, suggestionLayerId: LAYER });
    expect(intent.acceptRefusal).toBe('no-suggestion');
    // a set field too: an empty set would otherwise be "accepted" from a layer that said nothing
    expect(rowOf(model, 3, 'discipline').acceptRefusal).toBe('no-suggestion');
    // the transcript is the imported one whatever the suggestion
    expect(rowOf(model, 3, 'speaker').context.pre?.codes).toEqual(['teacher']);
    expect(rowOf(model, 3, 'speaker').acceptRefusal).toBeNull();
    expect(rowOf(model, 3, 'utterance').acceptRefusal).toBeNull();
    // verifying that turn as shown needs the expert's values first
    expect(fieldsNeedingValue(model.turns[3]).map((missing) => missing.fieldId)).toEqual(['teacher_intent', 'teaching_strategy', 'discipline', 'discipline_transfer', 'teacher_guidance_level', 'cognitive_level']);
    // on the imported pre-annotation the same turn could be verified but for its unknown strategy
    const imported = buildDialogueModel(DEFAULT_CODEBOOK, { ...(await loadReviewBundle(db, 'd1'))!, suggestion: { kind: 'imported', missingLayerId: null } });
    expect(fieldsNeedingValue(imported.turns[3]).map((missing) => missing.fieldId)).toEqual(['teaching_strategy']);
  });

  it('verifies a turn with the layer values, recorded as accepted from the layer', async () => {
    const { db, store } = await setup();
    await chooseSuggestionLayer(db, 'ds1', LAYER);
    const model = await modelOf(db);
    await store.getState().setTurnVerified({ dialogueId: 'd1', turnId: 'd1#1', turnIndex: 1 }, true, turnToVerify(model.turns[1]).fields);
    expect(await db.turnReviews.get('d1#1')).toMatchObject({ verified: true });
    expect(await db.fieldReviews.get('d1#1|teacher_intent')).toMatchObject({ decision: 'accepted', codes: ['check_understanding'], suggestionLayerId: LAYER });
    expect(await db.fieldReviews.get('d1#1|teaching_strategy')).toMatchObject({ decision: 'accepted', codes: ['provide_hints', 'follow_up_questioning'] });
    // the transcript fields were confirmed as imported, with no layer named
    const speaker = await db.fieldReviews.get('d1#1|speaker');
    expect(speaker).toMatchObject({ decision: 'accepted', codes: ['teacher'] });
    expect(speaker?.suggestionLayerId).toBeUndefined();
  });

  it('flags an unknown value of the layer as it flags an imported one', async () => {
    const { db } = await setup();
    await db.layerValues.update(`${LAYER}|d1#1`, { values: preValues({ teacher_intent: '检测理解', teaching_strategy: '猜谜', discipline: '生物', discipline_transfer: '否', teacher_guidance_level: 'L3', cognitive_level: '分析' }) });
    await chooseSuggestionLayer(db, 'ds1', LAYER);
    const strategy = rowOf(await modelOf(db), 1, 'teaching_strategy');
    expect(strategy.flagged).toBe(true);
    expect(strategy.acceptRefusal).toBe('pre-unknown');
  });
});
