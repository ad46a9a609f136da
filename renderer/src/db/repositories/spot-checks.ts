/**
 * Spot-checks (issue 11): the samples drawn, kept with everything needed to draw them again, and
 * what a spot-check reads to judge the LLM's labels (the data set's turns, the expert's field
 * reviews, and the chosen layer's values).
 */
import type { Dialogue, FieldValues, Turn } from '../../../../shared/model/dataset';
import type { FieldReview } from '../../../../shared/model/review';
import type { SpotCheckRow } from '../../../../shared/model/spot-check';
import type { MaieuticDb } from '../db';
import { compareSourceOrder } from './dialogues';
import { dialogueReviewsBySource, fieldReviewsBySource, sourceIdsOf, turnsBySource } from './by-source';
import { newId } from '../ids';
import { checkedRow } from './row-checks';

export type NewSpotCheck = Omit<SpotCheckRow, 'id'>;

/** What a spot-check reads of a data set, read in one transaction so the parts agree. */
export interface SpotCheckData {
  /** in source order, each with its teacher model as the expert corrected it */
  dialogues: Dialogue[];
  turns: Map<string, Turn[]>;
  /** by FieldReview id (`${turnId}|${fieldId}`) */
  reviews: Map<string, FieldReview>;
  /** the checked layer's values by turn id; null when the imported pre-annotation is checked */
  layer: Map<string, FieldValues> | null;
}

export async function loadSpotCheckData(db: MaieuticDb, datasetId: string, layerId?: string): Promise<SpotCheckData> {
  return db.transaction('r', [db.sources, db.dialogues, db.turnBlocks, db.fieldReviews, db.dialogueReviews, db.layers, db.layerValues], async () => {
    const sourceIds = await sourceIdsOf(db, datasetId);
    const [dialogues, turns, fieldReviews, dialogueReviews] = await Promise.all([
      db.dialogues.where('datasetId').equals(datasetId).toArray(),
      turnsBySource(db, sourceIds),
      fieldReviewsBySource(db, sourceIds),
      dialogueReviewsBySource(db, sourceIds),
    ]);
    let layer: Map<string, FieldValues> | null = null;
    if (layerId !== undefined) {
      const row = await db.layers.get(layerId);
      if (!row || row.datasetId !== datasetId) throw new Error('The annotation layer this spot-check checks no longer exists.');
      layer = new Map((await db.layerValues.where('layerId').equals(layerId).toArray()).map((value) => [value.turnId, value.values]));
    }
    const corrected = dialogues.map((dialogue) => {
      const teacherModel = dialogueReviews.get(dialogue.id)?.teacherModel;
      return teacherModel === undefined ? dialogue : { ...dialogue, teacherModel };
    });
    return { dialogues: corrected.sort(compareSourceOrder), turns, reviews: new Map(fieldReviews.map((review) => [review.id, review])), layer };
  });
}

/** How many dialogues and turns the data set has: the populations a sample is drawn from. */
export async function populationCounts(db: MaieuticDb, datasetId: string): Promise<{ dialogues: number; turns: number }> {
  const dialogues = await db.dialogues.where('datasetId').equals(datasetId).toArray();
  return { dialogues: dialogues.length, turns: dialogues.reduce((sum, dialogue) => sum + dialogue.turnCount, 0) };
}

/** The data set's spot-checks, newest first. */
export async function listSpotChecks(db: MaieuticDb, datasetId: string): Promise<SpotCheckRow[]> {
  const rows = await db.spotChecks.where('datasetId').equals(datasetId).toArray();
  return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

export async function getSpotCheck(db: MaieuticDb, id: string): Promise<SpotCheckRow | undefined> {
  return db.spotChecks.get(id);
}

function validate(row: NewSpotCheck): void {
  if (!row.name.trim()) throw new Error('A spot-check needs a name.');
  if (!Number.isSafeInteger(row.seed) || row.seed < 0) throw new Error('The seed is a whole number of at least 0.');
  if (!(row.threshold > 0 && row.threshold <= 1)) throw new Error('The threshold is an error rate above 0 and at most 1.');
  if (row.items.length === 0) throw new Error('The sample is empty: there is nothing to draw from.');
}

/** Stores a drawn sample; refused for a data set that no longer exists or a row that does not hold. */
export async function addSpotCheck(db: MaieuticDb, row: NewSpotCheck): Promise<SpotCheckRow> {
  validate(row);
  return db.transaction('rw', [db.datasets, db.spotChecks], async () => {
    if (!(await db.datasets.get(row.datasetId))) throw new Error('The data set no longer exists.');
    const stored: SpotCheckRow = { ...row, id: newId() };
    await db.spotChecks.add(checkedRow('spotChecks', stored));
    return stored;
  });
}

/** Keeps where the review queue is, so opening the sample again resumes there. */
export async function saveSpotCheckPosition(db: MaieuticDb, id: string, position: number): Promise<void> {
  await db.transaction('rw', db.spotChecks, async () => {
    const row = await db.spotChecks.get(id);
    if (!row) return;
    await db.spotChecks.put(checkedRow('spotChecks', { ...row, position: Math.max(0, Math.min(row.items.length - 1, Math.floor(position))) }));
  });
}

export async function saveSpotCheckThreshold(db: MaieuticDb, id: string, threshold: number): Promise<SpotCheckRow> {
  if (!(threshold > 0 && threshold <= 1)) throw new Error('The threshold is an error rate above 0 and at most 1.');
  return db.transaction('rw', db.spotChecks, async () => {
    const row = await db.spotChecks.get(id);
    if (!row) throw new Error('This spot-check no longer exists.');
    const updated = { ...row, threshold };
    await db.spotChecks.put(checkedRow('spotChecks', updated));
    return updated;
  });
}

export async function deleteSpotCheck(db: MaieuticDb, id: string): Promise<void> {
  await db.spotChecks.delete(id);
}
