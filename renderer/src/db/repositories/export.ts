import type { ExportDialogue } from '../../../../shared/export/types';
import type { FieldReview, TurnReview } from '../../../../shared/model/review';
import type { Turn } from '../../../../shared/model/dataset';
import type { MaieuticDb } from '../db';
import { listDialoguesOf } from './dialogues';

/** Which dialogues an export contains: all, or only those the reviewer marked verified. */
export type ExportScope = 'all' | 'verified';

export interface ExportCounts {
  all: { dialogues: number; turns: number };
  verified: { dialogues: number; turns: number };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Everything the exporters need, in source order, read in one transaction so the export is a consistent snapshot. */
export async function loadExportItems(
  db: MaieuticDb,
  { datasetId, scope }: { datasetId: string; scope: ExportScope },
): Promise<ExportDialogue[]> {
  return db.transaction('r', [db.dialogues, db.turns, db.fieldReviews, db.turnReviews, db.dialogueReviews], async () => {
    const allDialogues = await listDialoguesOf(db, datasetId);
    const reviews = await db.dialogueReviews.bulkGet(allDialogues.map((dialogue) => dialogue.id));
    const chosen = allDialogues
      .map((dialogue, position) => ({ dialogue, review: reviews[position] ?? null }))
      .filter(({ review }) => scope === 'all' || review?.status === 'verified');
    const ids = chosen.map(({ dialogue }) => dialogue.id);
    const [turns, fieldReviews, turnReviews] = await Promise.all([
      db.turns.where('dialogueId').anyOf(ids).toArray(),
      db.fieldReviews.where('dialogueId').anyOf(ids).toArray(),
      db.turnReviews.where('dialogueId').anyOf(ids).toArray(),
    ]);
    const turnsBy = groupBy<Turn>(turns, (turn) => turn.dialogueId);
    const fieldReviewsBy = groupBy<FieldReview>(fieldReviews, (review) => review.dialogueId);
    const turnReviewsBy = groupBy<TurnReview>(turnReviews, (review) => review.dialogueId);
    return chosen.map(({ dialogue, review }): ExportDialogue => ({
      dialogue,
      turns: (turnsBy.get(dialogue.id) ?? []).sort((a, b) => a.index - b.index),
      fieldReviews: (fieldReviewsBy.get(dialogue.id) ?? []).sort((a, b) => a.id.localeCompare(b.id)),
      turnReviews: (turnReviewsBy.get(dialogue.id) ?? []).sort((a, b) => a.id.localeCompare(b.id)),
      dialogueReview: review,
    }));
  });
}

export async function countExportable(db: MaieuticDb, datasetId: string): Promise<ExportCounts> {
  return db.transaction('r', [db.dialogues, db.dialogueReviews], async () => {
    const dialogues = await db.dialogues.where('datasetId').equals(datasetId).toArray();
    const reviews = await db.dialogueReviews.bulkGet(dialogues.map((dialogue) => dialogue.id));
    const counts: ExportCounts = { all: { dialogues: 0, turns: 0 }, verified: { dialogues: 0, turns: 0 } };
    dialogues.forEach((dialogue, position) => {
      counts.all.dialogues += 1;
      counts.all.turns += dialogue.turnCount;
      if (reviews[position]?.status === 'verified') {
        counts.verified.dialogues += 1;
        counts.verified.turns += dialogue.turnCount;
      }
    });
    return counts;
  });
}
