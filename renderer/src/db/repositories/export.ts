import type { ExportScope } from '../../../../shared/export/scope';
import type { ExportDialogue } from '../../../../shared/export/types';
import { DEFAULT_UNSURE_VALUES, isUnsureValues, type UnsureValues } from '../../../../shared/export/unsure-values';
import type { FieldReview, TurnReview } from '../../../../shared/model/review';
import type { MaieuticDb } from '../db';
import { dialogueReviewsBySource, fieldReviewsBySource, sourceIdsOf, turnReviewsBySource, turnsBySource } from './by-source';
import { countVerifiedTurns, listDialoguesOf } from './dialogues';

export type { ExportScope };

/** Per scope, the dialogues it reaches and the turns whose values it writes. */
export type ExportCounts = Record<ExportScope, { dialogues: number; turns: number }>;

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

/**
 * Everything the exporters need, in source order, read in one transaction so the export is a
 * consistent snapshot: the dialogues the scope reaches (for `verified-turns` those with a verified
 * turn), each with all its turns; which turns' values are written is the exporters' part
 * (shared/export/scope.ts).
 */
export async function loadExportItems(
  db: MaieuticDb,
  { datasetId, scope }: { datasetId: string; scope: ExportScope },
): Promise<ExportDialogue[]> {
  return db.transaction('r', [db.sources, db.dialogues, db.turnBlocks, db.fieldReviews, db.turnReviews, db.dialogueReviews], async () => {
    const [allDialogues, sourceIds] = await Promise.all([listDialoguesOf(db, datasetId), sourceIdsOf(db, datasetId)]);
    const [reviews, turnReviews] = await Promise.all([dialogueReviewsBySource(db, sourceIds), turnReviewsBySource(db, sourceIds)]);
    const withVerifiedTurns = countVerifiedTurns(turnReviews);
    const chosen = allDialogues.filter((dialogue) => {
      if (scope === 'verified') return reviews.get(dialogue.id)?.status === 'verified';
      if (scope === 'verified-turns') return (withVerifiedTurns.get(dialogue.id) ?? 0) > 0;
      return true;
    });
    if (chosen.length === 0) return [];
    const [turnsBy, fieldReviews] = await Promise.all([turnsBySource(db, sourceIds), fieldReviewsBySource(db, sourceIds)]);
    const fieldReviewsBy = groupBy<FieldReview>(fieldReviews, (review) => review.dialogueId);
    const turnReviewsBy = groupBy<TurnReview>(turnReviews, (review) => review.dialogueId);
    return chosen.map((dialogue): ExportDialogue => ({
      dialogue,
      turns: turnsBy.get(dialogue.id) ?? [],
      fieldReviews: (fieldReviewsBy.get(dialogue.id) ?? []).sort((a, b) => a.id.localeCompare(b.id)),
      turnReviews: (turnReviewsBy.get(dialogue.id) ?? []).sort((a, b) => a.id.localeCompare(b.id)),
      dialogueReview: reviews.get(dialogue.id) ?? null,
    }));
  });
}

/** What each scope would export; reads no turn rows, so it stays quick on large data sets. */
export async function countExportable(db: MaieuticDb, datasetId: string): Promise<ExportCounts> {
  return db.transaction('r', [db.sources, db.dialogues, db.turnReviews, db.dialogueReviews], async () => {
    const [dialogues, sourceIds] = await Promise.all([db.dialogues.where('datasetId').equals(datasetId).toArray(), sourceIdsOf(db, datasetId)]);
    const [reviews, turnReviews] = await Promise.all([dialogueReviewsBySource(db, sourceIds), turnReviewsBySource(db, sourceIds)]);
    const verifiedTurns = countVerifiedTurns(turnReviews);
    const counts: ExportCounts = { verified: { dialogues: 0, turns: 0 }, 'verified-turns': { dialogues: 0, turns: 0 }, all: { dialogues: 0, turns: 0 } };
    for (const dialogue of dialogues) {
      counts.all.dialogues += 1;
      counts.all.turns += dialogue.turnCount;
      if (reviews.get(dialogue.id)?.status === 'verified') {
        counts.verified.dialogues += 1;
        counts.verified.turns += dialogue.turnCount;
      }
      const verified = Math.min(verifiedTurns.get(dialogue.id) ?? 0, dialogue.turnCount);
      if (verified > 0) {
        counts['verified-turns'].dialogues += 1;
        counts['verified-turns'].turns += verified;
      }
    }
    return counts;
  });
}

/** The export dialog's choice for unsure labels, one for the whole app (the settings table). */
const UNSURE_VALUES_SETTING = 'export.unsureValues';

/** The remembered choice for unsure labels; the stricter default when none was made (or the stored one is not a choice). */
export async function loadUnsureValuesChoice(db: MaieuticDb): Promise<UnsureValues> {
  const row = await db.settings.get(UNSURE_VALUES_SETTING);
  return isUnsureValues(row?.value) ? row.value : DEFAULT_UNSURE_VALUES;
}

export async function saveUnsureValuesChoice(db: MaieuticDb, value: UnsureValues): Promise<void> {
  if (!isUnsureValues(value)) throw new Error(`Unknown choice for unsure labels: ${String(value)}`);
  await db.settings.put({ key: UNSURE_VALUES_SETTING, value });
}
