/**
 * The agreement store over a real (fake-indexeddb) database: it flushes review work first,
 * groups turns by the corrected teacher model, computes through the client it is given, and
 * saves the table through files.saveExport.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_GROUP, cellTurnIds } from '../../../../shared/agreement/review-layers';
import { runAgreement, type AgreementRequest } from '../../../../renderer/src/stores/agreement/run-agreement';
import type { SaveExportArgs } from '../../../../shared/ipc/contract';
import { stubSaveExport } from '../save-export-stub';
import type { FieldReview } from '../../../../shared/model/review';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { createAgreementStore } from '../../../../renderer/src/stores/agreement/store';
import { DEFAULT_RATER_PAIR } from '../../../../renderer/src/stores/agreement/rater-choice';
import type { TableWords } from '../../../../renderer/src/stores/agreement/table-export';
import { AT, freshDbName, openDb, REVIEWER, seedDialogue } from '../review/fixtures';
import { DEFAULT_CODEBOOK, applyCodebookEdit } from '../../../../shared/codebook';
import { ADDED_CODE, useEditedVersion } from '../codebook/edited-version';

const opened: MaieuticDb[] = [];
let saved: SaveExportArgs[];

beforeEach(() => {
  saved = stubSaveExport();
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const db of opened.splice(0)) db.close();
});

/** Ids follow `${sourceId}:${line}`: the repositories read a source's rows as one key range. */
const DIALOGUE = 'src1:1';

function fieldReview(turnIndex: number, fieldId: string, decision: FieldReview['decision'], codes: string[]): FieldReview {
  const turnId = `${DIALOGUE}#${turnIndex}`;
  return { id: `${turnId}|${fieldId}`, turnId, dialogueId: DIALOGUE, fieldId, decision, codes, text: null, reviewer: REVIEWER, at: AT };
}

async function seeded(): Promise<MaieuticDb> {
  const db = openDb(freshDbName());
  opened.push(db);
  await seedDialogue(db, DIALOGUE);
  await db.sources.put({
    id: 'src1', datasetId: 'ds1', file: 'GPT-4o/a.jsonl', format: 'sid-jsonl', contentHash: 'h',
    teacherModel: 'GPT-4o', importedAt: AT, dialogues: 1, turns: 4, warnings: 0,
  });
  // Turn 1 pre: guide_reasoning (accepted); turn 3 pre: summarize_elevate, changed to check_understanding.
  await db.fieldReviews.bulkPut([fieldReview(1, 'teacher_intent', 'accepted', ['guide_reasoning']), fieldReview(3, 'teacher_intent', 'changed', ['check_understanding'])]);
  await db.dialogueReviews.put({ id: DIALOGUE, status: 'in-progress', teacherModel: 'Corrected-Model', reviewer: REVIEWER, at: AT });
  return db;
}

/** The client's main-thread path, on the test's database: what the worker runs. */
const clientOn = (db: MaieuticDb) => ({ usesWorker: false, compute: (request: AgreementRequest) => runAgreement(db, request, () => undefined) });

describe('agreement store', () => {
  it('loads both layers, groups by the corrected teacher model and keeps what the cell list needs', async () => {
    const db = await seeded();
    const flush = vi.fn(async () => ({ flushed: true }));
    const store = createAgreementStore(() => db, clientOn(db), flush);
    await store.getState().load('ds1');
    const state = store.getState();
    expect(flush).toHaveBeenCalledTimes(1);
    expect(state.status).toBe('ready');
    expect(state.usedWorker).toBe(false);
    expect(state.report?.groups.map((group) => group.group)).toEqual([ALL_GROUP, 'Corrected-Model']);
    const intent = state.report?.groups[0].rows.find((row) => row.key === 'teacher_intent');
    expect(intent).toMatchObject({ items: 2, agreeing: 1, accuracy: 0.5 });
    const codes = intent!.categories;
    const changed = cellTurnIds(state.report!, intent!, codes.indexOf('summarize_elevate'), codes.indexOf('check_understanding'));
    expect(changed).toEqual([`${DIALOGUE}#3`]);
    // the first field with compared items, not the first field of the codebook (speaker, unreviewed here)
    expect(state.selectedKey).toBe('teacher_intent');
    // choosing the cell reads what its list shows of those turns
    await store.getState().selectCell({ row: codes.indexOf('summarize_elevate'), column: codes.indexOf('check_understanding') });
    expect([...store.getState().cellTurnInfo.keys()]).toEqual([`${DIALOGUE}#3`]);
    expect(store.getState().cellTurnInfo.get(`${DIALOGUE}#3`)).toMatchObject({ dialogueId: DIALOGUE, externalId: `7-3-${DIALOGUE}`, index: 3, turnCount: 4 });
  });

  it("computes with the data set's recorded codebook version, not the bundled codebook of its id", async () => {
    const db = await seeded();
    const { codebook } = await useEditedVersion(db, 'ds1');
    const requests: AgreementRequest[] = [];
    const client = { usesWorker: false, compute: (request: AgreementRequest) => (requests.push(request), runAgreement(db, request, () => undefined)) };
    const store = createAgreementStore(() => db, client, async () => ({ flushed: true }));
    await store.getState().load('ds1');
    const intent = store.getState().report?.groups[0].rows.find((row) => row.key === 'teacher_intent');
    expect(intent?.categories).toContain(ADDED_CODE);
    // the worker has no registry: the resolved version travels with the request, and the view names labels by it
    expect(requests[0].codebook).toEqual(codebook);
    expect(store.getState().codebook).toEqual(codebook);
  });

  it('computes with the codebook the request carries (the worker resolves nothing itself)', async () => {
    const db = await seeded();
    const unregistered = applyCodebookEdit(DEFAULT_CODEBOOK, {
      kind: 'add-label', fieldId: 'teacher_intent',
      label: { code: 'only_in_request', name: { zh: '仅在请求中', en: 'Only in the request' }, aliases: [], definition: { zh: '', en: '' }, example: { zh: '', en: '' } },
    });
    const outcome = await runAgreement(db, { datasetId: 'ds1', raters: DEFAULT_RATER_PAIR, panelChoice: null, ordinalWeights: 'linear', codebook: unregistered }, () => undefined);
    if (outcome.kind !== 'ready') throw new Error('expected a report');
    expect(outcome.report.groups[0].rows.find((row) => row.key === 'teacher_intent')?.categories).toContain('only_in_request');
  });

  it('refuses to compute over unsaved review work', async () => {
    const db = await seeded();
    const store = createAgreementStore(() => db, clientOn(db), async () => ({ flushed: false, error: 'disk full' }));
    await store.getState().load('ds1');
    expect(store.getState().status).toBe('error');
    expect(store.getState().error).toMatch(/not saved.*disk full/);
    expect(store.getState().report).toBeNull();
  });

  it('says so when the data set is gone', async () => {
    const db = await seeded();
    const store = createAgreementStore(() => db, clientOn(db), async () => ({ flushed: true }));
    await store.getState().load('no-such-dataset');
    expect(store.getState().status).toBe('missing');
  });

  it('saves the table as Markdown and as CSV through files.saveExport', async () => {
    const db = await seeded();
    const store = createAgreementStore(() => db, clientOn(db), async () => ({ flushed: true }));
    await store.getState().load('ds1');
    const words: TableWords = {
      rowName: (row) => row.key,
      groupName: (group) => group,
      weightName: (weights) => weights,
      band: () => '',
      kappa: (row) => String(row.kappa.value),
      interval: (row) => String(row.kappa.ci95),
      headers: { field: 'F', n: 'n', missing: 'm', excluded: 'x', accuracy: 'acc', kappa: 'k', ci: 'ci', band: 'b' },
    };
    await store.getState().saveTable('md', words);
    await store.getState().saveTable('csv', words);
    expect(saved.map((args) => args.kind)).toEqual(['md', 'csv']);
    expect(saved[0].defaultName).toMatch(/^Test-agreement-\d{8}\.md$/);
    expect(saved[0].content).toContain('| teacher_intent | 2 | 0 | 0 | 50.0% |');
    expect(saved[1].content.split('\r\n')[0].startsWith('group,field,code,items')).toBe(true);
    expect(store.getState().save).toEqual({ kind: 'csv', status: 'saved', path: `/exports/${saved[1].defaultName}` });
  });
});

describe('agreement store: choosing the two raters', () => {
  const LAYER = 'layer-1';
  const intentValue = (code: string) => ({ raw: code, codes: [code], unknown: [], status: 'ok' as const });

  async function withLayer(): Promise<MaieuticDb> {
    const db = await seeded();
    await db.layers.put({
      id: LAYER, datasetId: 'ds1', name: 'Second annotator', kind: 'human', sourceFile: 'b.jsonl', contentHash: 'h2', importedAt: AT, turns: 2, problems: [],
    });
    // The second annotator agrees with the expert on both teacher turns, and so differs from the pre-annotation on turn 3.
    await db.layerValues.bulkPut([
      { id: `${LAYER}|${DIALOGUE}#1`, layerId: LAYER, dialogueId: DIALOGUE, turnId: `${DIALOGUE}#1`, values: { teacher_intent: intentValue('guide_reasoning') } },
      { id: `${LAYER}|${DIALOGUE}#3`, layerId: LAYER, dialogueId: DIALOGUE, turnId: `${DIALOGUE}#3`, values: { teacher_intent: intentValue('check_understanding') } },
    ]);
    return db;
  }

  const intentOf = (store: ReturnType<typeof createAgreementStore>) => store.getState().report?.groups[0].rows.find((row) => row.key === 'teacher_intent');

  it('lists the attached layers and defaults to pre-annotation × expert', async () => {
    const db = await withLayer();
    const store = createAgreementStore(() => db, clientOn(db), async () => ({ flushed: true }));
    await store.getState().load('ds1');
    expect(store.getState().layers).toEqual([{ id: LAYER, name: 'Second annotator', kind: 'human' }]);
    expect(store.getState().reportRaters).toEqual(['pre', 'expert']);
    expect(intentOf(store)).toMatchObject({ items: 2, agreeing: 1 });
  });

  it('compares an attached layer with the expert, and with the pre-annotation over every teacher turn', async () => {
    const db = await withLayer();
    const store = createAgreementStore(() => db, clientOn(db), async () => ({ flushed: true }));
    await store.getState().load('ds1');
    await store.getState().setRaters([`layer:${LAYER}`, 'expert']);
    expect(store.getState().reportRaters).toEqual([`layer:${LAYER}`, 'expert']);
    // turn 1 guide_reasoning/guide_reasoning, turn 3 check_understanding/check_understanding
    expect(intentOf(store)).toMatchObject({ items: 2, agreeing: 2, accuracy: 1 });

    await store.getState().setRaters([`layer:${LAYER}`, 'pre']);
    // turns 1 and 3 are the teacher turns (0 and 2 are students': excluded); turn 3 differs.
    const intent = intentOf(store)!;
    expect(intent).toMatchObject({ items: 2, agreeing: 1, excluded: 2, unsure: 0, unreviewed: 0 });
    const codes = intent.categories;
    expect(cellTurnIds(store.getState().report!, intent, codes.indexOf('check_understanding'), codes.indexOf('summarize_elevate'))).toEqual([`${DIALOGUE}#3`]);

    await store.getState().saveTable('csv', {
      rowName: (row) => row.key, groupName: (group) => group, weightName: (weights) => weights, band: () => '', kappa: () => '', interval: () => '',
      headers: { field: 'F', n: 'n', missing: 'm', excluded: 'x', accuracy: 'acc', kappa: 'k', ci: 'ci', band: 'b' },
    });
    expect(saved[0].content.split('\r\n')[0]).toContain(',missing,missing_layer_Second_annotator,missing_llm,excluded,');
  });

  it('ignores a pair that names one source twice, and falls back when a chosen layer is gone', async () => {
    const db = await withLayer();
    const store = createAgreementStore(() => db, clientOn(db), async () => ({ flushed: true }));
    await store.getState().load('ds1');
    await store.getState().setRaters(['expert', 'expert']);
    expect(store.getState().raters).toEqual(['pre', 'expert']);
    await store.getState().setRaters(['pre', `layer:${LAYER}`]);
    await db.layers.delete(LAYER);
    await store.getState().load('ds1');
    expect(store.getState().reportRaters).toEqual(['pre', 'expert']);
    expect(intentOf(store)).toMatchObject({ items: 2, agreeing: 1 });
  });

  it('compares every layer at once: pairwise kappa, and Fleiss and alpha across the expert and the human layers by default', async () => {
    const db = await withLayer();
    const store = createAgreementStore(() => db, clientOn(db), async () => ({ flushed: true }));
    await store.getState().load('ds1');
    const panel = store.getState().panel!;
    expect(panel.sources).toEqual(['llm', 'expert', `layer:${LAYER}`]);
    expect(panel.panel).toEqual(['expert', `layer:${LAYER}`]);
    const intent = panel.groups[0].rows.find((row) => row.key === 'teacher_intent')!;
    // llm × expert: turns 1, 3 (1 agrees); llm × layer: the same; expert × layer: both agree
    expect(intent.pairs.map((pair) => [pair.a, pair.b, pair.items, pair.agreeing])).toEqual([
      ['llm', 'expert', 2, 1],
      ['llm', `layer:${LAYER}`, 2, 1],
      ['expert', `layer:${LAYER}`, 2, 2],
    ]);
    expect(intent.panel?.fleiss.items).toBe(2);

    await store.getState().setPanel(['pre', 'expert', `layer:${LAYER}`]);
    expect(store.getState().panel?.panel).toEqual(['llm', 'expert', `layer:${LAYER}`]);
    // By hand: turn 1 all guide_reasoning (P = 1), turn 3 summarize/check/check (P = 1/3): P̄ = 2/3;
    // shares 3/6, 2/6, 1/6: P̄e = 7/18; κ = (2/3 − 7/18)/(11/18) = 5/11. Alpha: o(check, summarize)
    // = 1 each way of n = 6 values, Do = 2/6; n_c = 3, 2, 1, De = (36 − 14)/30; α = 1 − (1/3)/(22/30) = 6/11.
    // Two items are fewer than the 10 the view gives a coefficient for, so the store holds neither
    // (the computation itself: minItems 2 in tests/unit/shared/agreement/layer-panel.test.ts).
    const pooled = store.getState().panel!.groups[0].rows.find((row) => row.key === 'teacher_intent')!.panel!;
    expect(pooled.fleiss).toMatchObject({ value: null, items: 2, reason: 'Too few items (n = 2, at least 10 needed): a coefficient on so few items is not given.' });
    expect(pooled.alpha).toMatchObject({ value: null, items: 2 });

    await store.getState().savePanelTable('csv', { rowName: (row) => row.key, groupName: (group) => group, sourceName: (key) => key, headers: { field: 'F', fleiss: 'Fleiss', alpha: 'alpha' }, coefficient: (result) => String(result.value) });
    const lines = saved[0].content.split('\r\n');
    expect(saved[0].defaultName).toMatch(/-agreement-all-layers-\d{8}\.csv$/);
    expect(lines[0]).toBe('group,field,code,coefficient,raters,items,excluded_items,missing,not_applicable,agreeing,accuracy,value,weights,level,se,ci95_low,ci95_high,band_en,band_zh,reason,ci_reason');
    // 2 teacher turns rated by both, none missing, the 2 student turns not applicable; both agree, but 2 items give no κ
    expect(lines).toContain(`all,teacher_intent,,cohen,expert × layer:${LAYER},2,,0,2,2,1,,none,,,,,,,"Too few items (n = 2, at least 10 needed): a coefficient on so few items is not given.",`);
  });

  it('switches ordinal fields to quadratic weights and back, in the pair report and the panel alike', async () => {
    const db = await withLayer();
    const store = createAgreementStore(() => db, clientOn(db), async () => ({ flushed: true }));
    await store.getState().load('ds1');
    const guidance = () => store.getState().report?.groups[0].rows.find((row) => row.key === 'teacher_guidance_level');
    expect(guidance()?.weights).toBe('linear');
    await store.getState().setOrdinalWeights('quadratic');
    expect(guidance()?.weights).toBe('quadratic');
    expect(store.getState().panel?.groups[0].rows.find((row) => row.key === 'teacher_guidance_level')?.weights).toBe('quadratic');
    expect(store.getState().report?.groups[0].rows.find((row) => row.key === 'teacher_intent')?.weights).toBe('none');
  });

  it('leaves hidden fields out of the saved tables, while every field is still computed', async () => {
    const db = await withLayer();
    const store = createAgreementStore(() => db, clientOn(db), async () => ({ flushed: true }));
    await store.getState().load('ds1');
    store.getState().setFieldShown('teacher_intent', false);
    expect(store.getState().report?.groups[0].rows.some((row) => row.fieldId === 'teacher_intent')).toBe(true);
    const words = {
      rowName: (row: { key: string }) => row.key, groupName: (group: string) => group, weightName: (weights: string) => weights, band: () => '', kappa: () => '', interval: () => '',
      headers: { field: 'F', n: 'n', missing: 'm', excluded: 'x', accuracy: 'acc', kappa: 'k', ci: 'ci', band: 'b' },
    };
    await store.getState().saveTable('csv', words);
    await store.getState().savePanelTable('csv', { rowName: (row) => row.key, groupName: (group) => group, sourceName: (key) => key, headers: { field: 'F', fleiss: 'Fleiss', alpha: 'alpha' }, coefficient: (result) => String(result.value) });
    for (const { content } of saved) {
      expect(content).not.toContain(',teacher_intent,');
      expect(content).toContain(',teacher_guidance_level,');
    }
    store.getState().setFieldShown('teacher_intent', true);
    expect(store.getState().hiddenFields).toEqual([]);
  });

  it('has no all-layers report without attached layers', async () => {
    const db = await seeded();
    const store = createAgreementStore(() => db, clientOn(db), async () => ({ flushed: true }));
    await store.getState().load('ds1');
    expect(store.getState().panel).toBeNull();
  });

  it('keeps the codes of label-set fields folded until a field is unfolded or one of its codes is picked', async () => {
    const db = await seeded();
    const store = createAgreementStore(() => db, clientOn(db), async () => ({ flushed: true }));
    await store.getState().load('ds1');
    expect(store.getState().expandedFields).toEqual([]);
    store.getState().setFieldExpanded('discipline', true);
    expect(store.getState().expandedFields).toEqual(['discipline']);
    store.getState().setFieldExpanded('discipline', false);
    expect(store.getState().expandedFields).toEqual([]);
    const strategyCode = store.getState().report!.groups[0].rows.find((row) => row.fieldId === 'teaching_strategy' && row.code !== null)!;
    store.getState().selectRow(strategyCode.key);
    expect(store.getState().selectedKey).toBe(strategyCode.key);
    expect(store.getState().expandedFields).toEqual(['teaching_strategy']);
    store.getState().selectRow('teacher_intent');
    expect(store.getState().expandedFields).toEqual(['teaching_strategy']);
  });
});
