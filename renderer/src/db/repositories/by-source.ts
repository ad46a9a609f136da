/**
 * Reads of everything that hangs off a data set's sources. Every dialogue id is
 * `${sourceId}:${line}` and every turn id `${dialogueId}#${index}`, so the rows of one source
 * form a contiguous key range: one cursor per source replaces thousands of point lookups
 * (`bulkGet` / `anyOf` over 2,000 ids took ~0.5 s in Chromium). Turns are packed in blocks of
 * dialogues of one source (turn-blocks.ts), each keyed by its first dialogue's id, so a source's
 * blocks form the same range.
 */
import type { Turn } from '../../../../shared/model/dataset';
import type { DialogueReview, FieldReview, TurnReview } from '../../../../shared/model/review';
import type { MaieuticDb } from '../db';
import { unpackTurnBlock } from '../turn-blocks';

const KEY_END = '\uffff';

function lower(sourceId: string): string {
  return `${sourceId}:`;
}

function upper(sourceId: string): string {
  return `${sourceId}:${KEY_END}`;
}

export async function sourceIdsOf(db: MaieuticDb, datasetId: string): Promise<string[]> {
  return db.sources.where('datasetId').equals(datasetId).primaryKeys();
}

async function collect<T>(sourceIds: readonly string[], read: (sourceId: string) => Promise<T[]>): Promise<T[]> {
  const parts = await Promise.all(sourceIds.map(read));
  return parts.flat();
}

/** Dialogue reviews of the given sources, by dialogue id. */
export async function dialogueReviewsBySource(db: MaieuticDb, sourceIds: readonly string[]): Promise<Map<string, DialogueReview>> {
  const reviews = await collect(sourceIds, (sourceId) => db.dialogueReviews.where(':id').between(lower(sourceId), upper(sourceId), true, true).toArray());
  return new Map(reviews.map((review) => [review.id, review]));
}

export function turnReviewsBySource(db: MaieuticDb, sourceIds: readonly string[]): Promise<TurnReview[]> {
  return collect(sourceIds, (sourceId) => db.turnReviews.where('dialogueId').between(lower(sourceId), upper(sourceId), true, true).toArray());
}

export function fieldReviewsBySource(db: MaieuticDb, sourceIds: readonly string[]): Promise<FieldReview[]> {
  return collect(sourceIds, (sourceId) => db.fieldReviews.where('dialogueId').between(lower(sourceId), upper(sourceId), true, true).toArray());
}

/** The turns of every dialogue of the given sources, by dialogue id, each list in order. */
export async function turnsBySource(db: MaieuticDb, sourceIds: readonly string[]): Promise<Map<string, Turn[]>> {
  const blocks = await collect(sourceIds, (sourceId) => db.turnBlocks.where(':id').between(lower(sourceId), upper(sourceId), true, true).toArray());
  const turns = new Map<string, Turn[]>();
  for (const block of blocks) unpackTurnBlock(block, turns);
  return turns;
}

/**
 * Deletes the turns of every dialogue of the given sources: their blocks are exactly the rows in
 * the sources' key ranges, so this is one range delete per source rather than a lookup of each
 * dialogue's block (20,000 of them when a data set is deleted).
 */
export async function deleteTurnsBySource(db: MaieuticDb, sourceIds: readonly string[]): Promise<void> {
  await Promise.all(sourceIds.map((sourceId) => db.turnBlocks.where(':id').between(lower(sourceId), upper(sourceId), true, true).delete()));
}
