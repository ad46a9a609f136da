import type { Dialogue } from '../../../../shared/model/dataset';
import type { DialogueReview, DialogueStatus, TurnReview } from '../../../../shared/model/review';
import { compareNames } from '../../../../shared/import/natural-order';
import type { MaieuticDb } from '../db';
import { dialogueReviewsBySource, sourceIdsOf, turnReviewsBySource } from './by-source';

/** One line of the data-set table: the dialogue plus its review progress. */
export interface DialogueRow {
  id: string;
  externalId: string;
  /** as corrected by the reviewer when edited, else as imported */
  teacherModel: string;
  topicId: string | null;
  topicText: string;
  studentType: string;
  scenario: string;
  turnCount: number;
  verifiedTurns: number;
  status: DialogueStatus;
  flaggedCount: number;
  file: string;
  line: number;
}

/** `7-1-1` before `12-3-1`, `…topic_7.jsonl` before `…topic_12.jsonl`: the order a folder import reads files in. */
export { compareNatural } from '../../../../shared/import/natural-order';

/** Source order: by file (natural order), then by line within the file. */
export function compareSourceOrder(a: Pick<Dialogue, 'file' | 'line' | 'id'>, b: Pick<Dialogue, 'file' | 'line' | 'id'>): number {
  if (a.file !== b.file) return compareNames(a.file, b.file);
  if (a.line !== b.line) return a.line - b.line;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * A dialogue without a review row is unreviewed until one of its turns is verified; the
 * review row, once written, is the authority.
 */
export function dialogueStatusOf(review: DialogueReview | undefined, verifiedTurns: number): DialogueStatus {
  if (review) return review.status;
  return verifiedTurns > 0 ? 'in-progress' : 'unreviewed';
}

export function countVerifiedTurns(turnReviews: readonly TurnReview[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const review of turnReviews) {
    if (review.verified) counts.set(review.dialogueId, (counts.get(review.dialogueId) ?? 0) + 1);
  }
  return counts;
}

export async function listDialoguesOf(db: MaieuticDb, datasetId: string): Promise<Dialogue[]> {
  const dialogues = await db.dialogues.where('datasetId').equals(datasetId).toArray();
  return dialogues.sort(compareSourceOrder);
}

export async function listDialogueRows(db: MaieuticDb, datasetId: string): Promise<DialogueRow[]> {
  return db.transaction('r', [db.sources, db.dialogues, db.turnReviews, db.dialogueReviews], async () => {
    const [dialogues, sourceIds] = await Promise.all([listDialoguesOf(db, datasetId), sourceIdsOf(db, datasetId)]);
    const [turnReviews, dialogueReviews] = await Promise.all([turnReviewsBySource(db, sourceIds), dialogueReviewsBySource(db, sourceIds)]);
    const verified = countVerifiedTurns(turnReviews);
    return dialogues.map((dialogue): DialogueRow => {
      const review = dialogueReviews.get(dialogue.id);
      const verifiedTurns = Math.min(verified.get(dialogue.id) ?? 0, dialogue.turnCount);
      return {
        id: dialogue.id,
        externalId: dialogue.externalId,
        teacherModel: review?.teacherModel ?? dialogue.teacherModel,
        topicId: dialogue.topicId,
        topicText: dialogue.topicText,
        studentType: dialogue.studentType,
        scenario: dialogue.scenario,
        turnCount: dialogue.turnCount,
        verifiedTurns,
        status: dialogueStatusOf(review, verifiedTurns),
        flaggedCount: dialogue.flaggedCount,
        file: dialogue.file,
        line: dialogue.line,
      };
    });
  });
}

export async function getDialogue(db: MaieuticDb, dialogueId: string): Promise<Dialogue | undefined> {
  return db.dialogues.get(dialogueId);
}

/** The stored dialogues among these ids, by id (ids that no longer exist are left out). */
export async function getDialogues(db: MaieuticDb, dialogueIds: readonly string[]): Promise<Map<string, Dialogue>> {
  const found = await db.dialogues.bulkGet([...dialogueIds]);
  return new Map(found.filter((dialogue) => dialogue !== undefined).map((dialogue) => [dialogue.id, dialogue]));
}

export async function countDialoguesOf(db: MaieuticDb, datasetId: string): Promise<number> {
  return db.dialogues.where('datasetId').equals(datasetId).count();
}

/** Dialogues of the data set whose review status is verified. */
export async function countVerifiedDialogues(db: MaieuticDb, datasetId: string): Promise<number> {
  return db.transaction('r', [db.dialogues, db.dialogueReviews], async () => {
    const ids = await db.dialogues.where('datasetId').equals(datasetId).primaryKeys();
    const reviews = await db.dialogueReviews.bulkGet(ids);
    return reviews.filter((review) => review?.status === 'verified').length;
  });
}
