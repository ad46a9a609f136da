/**
 * An export must contain the last edit even when it starts while that edit's write is still
 * queued (File › Export right after a correction). The review writes are made slow for real:
 * the expert tables are held by another transaction.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaveExportArgs } from '../../../../shared/ipc/contract';
import { stubSaveExport } from '../save-export-stub';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { loadReviewBundle } from '../../../../renderer/src/db/repositories/reviews';
import { buildDialogueModel } from '../../../../renderer/src/features/review/review-model';
import { createExportStore } from '../../../../renderer/src/stores/export/store';
import { createDraftRegistry } from '../../../../renderer/src/stores/review/drafts';
import { createFlushAll, type FlushOutcome } from '../../../../renderer/src/stores/review/flush-all';
import { createReviewStore } from '../../../../renderer/src/stores/review/store';
import type { FieldEditRequest } from '../../../../renderer/src/stores/review/types';
import { DEFAULT_CODEBOOK, freshDbName, openDb, REVIEWER, seedDialogue } from '../review/fixtures';
import { holdReviewTables, onReadTransaction } from '../review/slow-writes';

const DIALOGUE = 'src1:1';
const CORRECTION = 'CORRECTED-阳光和水-7';

const opened: MaieuticDb[] = [];
let saved: SaveExportArgs[];

beforeEach(() => {
  saved = stubSaveExport();
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const db of opened.splice(0)) db.close();
});

/** A data set with one dialogue, a review store over it, and the edit the expert just made. */
async function setup(options: { onExportRead?: () => void } = {}) {
  const db = openDb(freshDbName());
  opened.push(db);
  if (options.onExportRead) onReadTransaction(db, 'fieldReviews', options.onExportRead);
  await seedDialogue(db, DIALOGUE);
  await db.sources.put({
    id: 'src1', datasetId: 'ds1', file: 'GPT-4o/a.jsonl', format: 'sid-jsonl', contentHash: 'h',
    teacherModel: 'GPT-4o', importedAt: '2026-01-01T00:00:00.000Z', dialogues: 1, turns: 4, warnings: 0,
  });
  const review = createReviewStore({ db: () => db, reviewer: () => REVIEWER, now: () => new Date().toISOString() });
  review.getState().startSession(DIALOGUE);
  const bundle = await loadReviewBundle(db, DIALOGUE);
  const turns = buildDialogueModel(DEFAULT_CODEBOOK, bundle!).turns;
  const requestFor = (turnIndex: number, fieldId: string, intent: FieldEditRequest['intent']): FieldEditRequest => ({
    dialogueId: DIALOGUE,
    turnId: bundle!.turns[turnIndex].id,
    fieldId,
    context: turns[turnIndex].fields.find((row) => row.field.id === fieldId)!.context,
    intent,
  });
  const flushAll = createFlushAll({ drafts: createDraftRegistry(), store: review });
  return { db, review, requestFor, flushAll };
}

describe('export store', () => {
  it('waits for queued review writes before it reads: the last edit is in the file', async () => {
    const { db, review, requestFor, flushAll } = await setup();
    const first = requestFor(1, 'teacher_intent', { kind: 'pick', code: 'check_understanding' });
    const last = requestFor(2, 'utterance', { kind: 'text', text: CORRECTION });
    const exporter = createExportStore(() => db, flushAll);
    exporter.getState().setScope('all');

    const hold = holdReviewTables(db);
    void review.getState().editFields(1, [first]);
    void review.getState().editFields(2, [last]);
    const exporting = exporter.getState().exportDataset('ds1');
    setTimeout(hold.release, 20);
    await exporting;
    await exporter.getState().confirmExport();

    expect(exporter.getState()).toMatchObject({ status: 'saved', error: null });
    expect(saved).toHaveLength(1);
    expect(saved[0].content).toContain(CORRECTION);
    expect(review.getState().save.pending).toBe(0);
  });

  it('(control) without that wait, the same export misses the edit still queued', async () => {
    // The held tables are released the moment the export takes its snapshot.
    let release = () => undefined as void;
    const { db, review, requestFor } = await setup({ onExportRead: () => release() });
    const first = requestFor(1, 'teacher_intent', { kind: 'pick', code: 'check_understanding' });
    const last = requestFor(2, 'utterance', { kind: 'text', text: CORRECTION });
    const exporter = createExportStore(() => db, async (): Promise<FlushOutcome> => ({ flushed: true }));
    exporter.getState().setScope('all');

    const hold = holdReviewTables(db);
    release = hold.release;
    void review.getState().editFields(1, [first]);
    const written = review.getState().editFields(2, [last]);
    await exporter.getState().exportDataset('ds1');
    await exporter.getState().confirmExport();

    expect(saved).toHaveLength(1);
    expect(saved[0].content).not.toContain(CORRECTION);
    expect(await written).toBe(true);
  });

  it('refuses to export, without opening the save dialog, when review work could not be saved', async () => {
    const { db } = await setup();
    const exporter = createExportStore(() => db, async () => ({ flushed: false, error: 'A change could not be saved: disk full' }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await exporter.getState().exportDataset('ds1');

    expect(saved).toEqual([]);
    expect(exporter.getState().status).toBe('error');
    expect(exporter.getState().error).toContain('disk full');
    vi.restoreAllMocks();
  });

  it('counts a dialogue verified a moment ago, its write still queued', async () => {
    const { db, review, flushAll } = await setup();
    const exporter = createExportStore(() => db, flushAll);
    const hold = holdReviewTables(db);
    void review.getState().setDialogueStatus('verified');
    const counting = exporter.getState().loadCounts('ds1');
    setTimeout(hold.release, 20);
    await counting;
    expect(exporter.getState().counts?.verified).toEqual({ dialogues: 1, turns: 4 });
  });
});
