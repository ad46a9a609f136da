/**
 * How a value was accepted is recorded where the expert's layer is written: verifying a turn
 * (`v`, `Shift+V`) stores the values it takes as shown with acceptance `verify`; accepting a
 * field by itself (`a`, `Shift+A`, picking the label already suggested) stores `deliberate`.
 * Driven through the review store, as the review keys drive it, and read back through the export.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaveExportArgs } from '../../../../shared/ipc/contract';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { loadReviewBundle, readEditLog } from '../../../../renderer/src/db/repositories/reviews';
import { buildDialogueModel } from '../../../../renderer/src/features/review/review-model';
import { createExportStore } from '../../../../renderer/src/stores/export/store';
import { createReviewStore } from '../../../../renderer/src/stores/review/store';
import type { FieldEditRequest } from '../../../../renderer/src/stores/review/types';
import { stubSaveExport } from '../save-export-stub';
import { DEFAULT_CODEBOOK, fieldsToVerify, freshDbName, openDb, REVIEWER, seedDialogue } from '../review/fixtures';

const opened: MaieuticDb[] = [];
let saved: SaveExportArgs[];
/** a dialogue of source src1 (dialogue ids are `${sourceId}:${line}`) */
const D = 'src1:1';
beforeEach(() => {
  saved = stubSaveExport();
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const db of opened.splice(0)) db.close();
});

async function setup() {
  const db = openDb(freshDbName());
  opened.push(db);
  await seedDialogue(db, D);
  await db.sources.put({
    id: 'src1', datasetId: 'ds1', file: 'GPT-4o/a.jsonl', format: 'sid-jsonl', contentHash: 'h',
    teacherModel: 'GPT-4o', importedAt: '2026-01-01T00:00:00.000Z', dialogues: 1, turns: 4, warnings: 0,
  });
  const review = createReviewStore({ db: () => db, reviewer: () => REVIEWER, now: () => new Date().toISOString() });
  review.getState().startSession(D);
  const bundle = await loadReviewBundle(db, D);
  const turns = buildDialogueModel(DEFAULT_CODEBOOK, bundle!).turns;
  const request = (turnIndex: number, fieldId: string, intent: FieldEditRequest['intent']): FieldEditRequest => ({
    dialogueId: D,
    turnId: `${D}#${turnIndex}`,
    fieldId,
    context: turns[turnIndex].fields.find((row) => row.field.id === fieldId)!.context,
    intent,
  });
  const verify = async (turnIndex: number) => review.getState().setTurnVerified({ dialogueId: D, turnId: `${D}#${turnIndex}`, turnIndex }, true, await fieldsToVerify(db, turnIndex, D));
  return { db, review, request, verify };
}

describe('acceptance recorded with the review', () => {
  it('a, the suggested label picked and Shift+A are deliberate; what verifying takes as shown is verify', async () => {
    const { db, review, request, verify } = await setup();
    await review.getState().editFields(1, [request(1, 'teacher_intent', { kind: 'accept' })]);
    await review.getState().editFields(1, [request(1, 'teacher_guidance_level', { kind: 'pick', code: 'L2' })]);
    await review.getState().editFields(1, [request(1, 'discipline', { kind: 'accept', unlessReviewed: true }), request(1, 'discipline_transfer', { kind: 'accept', unlessReviewed: true })]);
    await verify(1);

    const row = (fieldId: string) => db.fieldReviews.get(`${D}#1|${fieldId}`);
    expect(await row('teacher_intent')).toMatchObject({ decision: 'accepted', acceptance: 'deliberate' });
    expect(await row('teacher_guidance_level')).toMatchObject({ decision: 'accepted', acceptance: 'deliberate' });
    expect(await row('discipline')).toMatchObject({ decision: 'accepted', acceptance: 'deliberate' });
    expect(await row('discipline_transfer')).toMatchObject({ decision: 'accepted', acceptance: 'deliberate' });
    // verifying left what the expert had decided alone and took the rest as shown
    expect(await row('teaching_strategy')).toMatchObject({ decision: 'accepted', acceptance: 'verify' });
    expect(await row('speaker')).toMatchObject({ decision: 'accepted', acceptance: 'verify' });
    // the audit trail keeps it with the value
    const logged = (await readEditLog(db, D)).filter((entry) => entry.target.kind === 'field' && entry.target.fieldId === 'teaching_strategy');
    expect(logged.at(-1)?.after).toMatchObject({ decision: 'accepted', acceptance: 'verify' });
  });

  it('a correction or an unsure flag carries no acceptance; lifting the flag back to the suggestion is deliberate', async () => {
    const { db, review, request } = await setup();
    await review.getState().editFields(1, [request(1, 'teacher_intent', { kind: 'pick', code: 'check_understanding' })]);
    await review.getState().editFields(1, [request(1, 'teacher_guidance_level', { kind: 'unsure' })]);
    expect(await db.fieldReviews.get(`${D}#1|teacher_intent`)).not.toHaveProperty('acceptance');
    expect(await db.fieldReviews.get(`${D}#1|teacher_guidance_level`)).not.toHaveProperty('acceptance');
    await review.getState().editFields(1, [request(1, 'teacher_guidance_level', { kind: 'unsure' })]);
    expect(await db.fieldReviews.get(`${D}#1|teacher_guidance_level`)).toMatchObject({ decision: 'accepted', acceptance: 'deliberate' });
  });

  it('undo of a verification takes its values back; redo writes them again as verify', async () => {
    const { db, review, verify } = await setup();
    await verify(0);
    expect(await db.fieldReviews.get(`${D}#0|discipline`)).toMatchObject({ acceptance: 'verify' });
    await review.getState().undo();
    expect(await db.fieldReviews.get(`${D}#0|discipline`)).toBeUndefined();
    await review.getState().redo();
    expect(await db.fieldReviews.get(`${D}#0|discipline`)).toMatchObject({ decision: 'accepted', acceptance: 'verify' });
  });

  it('the export tells them apart, in the SID provenance and in the long CSV', async () => {
    const { db, review, request, verify } = await setup();
    await review.getState().editFields(1, [request(1, 'teacher_intent', { kind: 'accept' })]);
    await verify(1);
    const exporter = createExportStore(() => db, async () => ({ flushed: true }));
    exporter.getState().setScope('verified-turns');
    await exporter.getState().exportDataset('ds1');
    exporter.getState().setFormat('long-csv');
    await exporter.getState().exportDataset('ds1');
    expect(saved).toHaveLength(2);

    const record = JSON.parse(saved[0].content) as { maieutic: { turns: { fields: Record<string, { acceptance?: string }> }[] } };
    expect(record.maieutic.turns[1].fields.teacher_intent.acceptance).toBe('deliberate');
    expect(record.maieutic.turns[1].fields.teaching_strategy.acceptance).toBe('verify');
    const lines = saved[1].content.trimEnd().split('\n');
    const header = lines[0].split(',');
    const cells = (field: string) => lines.find((line) => line.split(',')[2] === field)?.split(',') ?? [];
    expect(cells('teacher_intent')[header.indexOf('acceptance')]).toBe('deliberate');
    expect(cells('teaching_strategy')[header.indexOf('acceptance')]).toBe('verify');
  });
});
