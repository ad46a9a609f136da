import type { ExportDialogue } from '../../../../shared/export/types';
import type { FieldReview, TurnReview } from '../../../../shared/model/review';
import type { Turn } from '../../../../shared/model/dataset';
import type { MaieuticDb } from '../db';
import { dialogueReviewsBySource, fieldReviewsBySource, sourceIdsOf, turnReviewsBySource, turnsBySource } from './by-source';
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
  return db.transaction('r', [db.sources, db.dialogues, db.turns, db.fieldReviews, db.turnReviews, db.dialogueReviews], async () => {
    const [allDialogues, sourceIds] = await Promise.all([listDialoguesOf(db, datasetId), sourceIdsOf(db, datasetId)]);
    const reviews = await dialogueReviewsBySource(db, sourceIds);
    const chosen = allDialogues.filter((dialogue) => scope === 'all' || reviews.get(dialogue.id)?.status === 'verified');
    if (chosen.length === 0) return [];
    const [turns, fieldReviews, turnReviews] = await Promise.all([
      turnsBySource(db, sourceIds),
      fieldReviewsBySource(db, sourceIds),
      turnReviewsBySource(db, sourceIds),
    ]);
    const turnsBy = groupBy<Turn>(turns, (turn) => turn.dialogueId);
    const fieldReviewsBy = groupBy<FieldReview>(fieldReviews, (review) => review.dialogueId);
    const turnReviewsBy = groupBy<TurnReview>(turnReviews, (review) => review.dialogueId);
    return chosen.map((dialogue): ExportDialogue => ({
      dialogue,
      turns: (turnsBy.get(dialogue.id) ?? []).sort((a, b) => a.index - b.index),
      fieldReviews: (fieldReviewsBy.get(dialogue.id) ?? []).sort((a, b) => a.id.localeCompare(b.id)),
      turnReviews: (turnReviewsBy.get(dialogue.id) ?? []).sort((a, b) => a.id.localeCompare(b.id)),
      dialogueReview: reviews.get(dialogue.id) ?? null,
    }));
  });
}

export async function countExportable(db: MaieuticDb, datasetId: string): Promise<ExportCounts> {
  return db.transaction('r', [db.sources, db.dialogues, db.dialogueReviews], async () => {
    const [dialogues, sourceIds] = await Promise.all([db.dialogues.where('datasetId').equals(datasetId).toArray(), sourceIdsOf(db, datasetId)]);
    const reviews = await dialogueReviewsBySource(db, sourceIds);
    const counts: ExportCounts = { all: { dialogues: 0, turns: 0 }, verified: { dialogues: 0, turns: 0 } };
    for (const dialogue of dialogues) {
      counts.all.dialogues += 1;
      counts.all.turns += dialogue.turnCount;
      if (reviews.get(dialogue.id)?.status === 'verified') {
        counts.verified.dialogues += 1;
        counts.verified.turns += dialogue.turnCount;
      }
    }
    return counts;
  });
}
