import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  DismissalNoteRequiredError,
  dismissFinding,
  dismissalsOfDataset,
  dismissalsOfDialogue,
  restoreFinding,
} from '../../../../renderer/src/db/repositories/finding-dismissals';
import { findingDismissalId } from '../../../../shared/model/finding-dismissal';
import { freshDb } from '../fixtures';

const AT = '2026-12-02T10:00:00.000Z';
const finding = (dialogueId: string, turn: number, ruleId = 'label-outside-codebook', fieldId = 'teacher_intent') => ({ ruleId, dialogueId, turnId: `${dialogueId}#${turn}`, fieldId });

describe('finding dismissals repository', () => {
  it('stores a dismissal under the finding’s id with its trimmed note, reviewer and time', async () => {
    const db = freshDb();
    const row = await dismissFinding(db, { datasetId: 'ds1', finding: finding('d1', 2), note: '  a new intent the group uses  ', reviewer: '王老师', at: AT });
    expect(row.id).toBe(findingDismissalId('label-outside-codebook', 'd1#2', 'teacher_intent'));
    const stored = await db.findingDismissals.get(row.id);
    expect(stored).toMatchObject({ datasetId: 'ds1', dialogueId: 'd1', turnId: 'd1#2', fieldId: 'teacher_intent', ruleId: 'label-outside-codebook', note: 'a new intent the group uses', reviewer: '王老师', at: AT });
    expect(stored?.annotatorId).toBeTruthy();
    expect((await db.annotators.get(stored!.annotatorId!))?.name).toBe('王老师');
  });

  it('refuses a dismissal without a note or without a reviewer, and stores nothing', async () => {
    const db = freshDb();
    await expect(dismissFinding(db, { datasetId: 'ds1', finding: finding('d1', 0), note: '   ', reviewer: '王老师', at: AT })).rejects.toBeInstanceOf(DismissalNoteRequiredError);
    await expect(dismissFinding(db, { datasetId: 'ds1', finding: finding('d1', 0), note: 'fine', reviewer: ' ', at: AT })).rejects.toBeInstanceOf(DismissalNoteRequiredError);
    expect(await db.findingDismissals.count()).toBe(0);
  });

  it('lists by dialogue and by data set, and restoring removes only that dismissal', async () => {
    const db = freshDb();
    const first = await dismissFinding(db, { datasetId: 'ds1', finding: finding('d1', 0), note: 'n1', reviewer: 'r', at: AT });
    await dismissFinding(db, { datasetId: 'ds1', finding: finding('d2', 1, 'transfer-without-change', 'discipline_transfer'), note: 'n2', reviewer: 'r', at: AT });
    await dismissFinding(db, { datasetId: 'ds2', finding: finding('e1', 0), note: 'n3', reviewer: 'r', at: AT });
    expect((await dismissalsOfDialogue(db, 'd1')).map((row) => row.note)).toEqual(['n1']);
    expect((await dismissalsOfDataset(db, 'ds1')).map((row) => row.note).sort()).toEqual(['n1', 'n2']);
    await restoreFinding(db, first.id);
    expect((await dismissalsOfDataset(db, 'ds1')).map((row) => row.note)).toEqual(['n2']);
    expect((await dismissalsOfDataset(db, 'ds2')).map((row) => row.note)).toEqual(['n3']);
  });

  it('dismissing again replaces the note (one row per finding)', async () => {
    const db = freshDb();
    await dismissFinding(db, { datasetId: 'ds1', finding: finding('d1', 0), note: 'first', reviewer: 'r', at: AT });
    await dismissFinding(db, { datasetId: 'ds1', finding: finding('d1', 0), note: 'second', reviewer: 'r', at: AT });
    expect((await dismissalsOfDialogue(db, 'd1')).map((row) => row.note)).toEqual(['second']);
  });
});
