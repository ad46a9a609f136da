import type { ReviewLayerReview, ReviewLayerTurn } from '../../../../shared/agreement/review-layers';
import type { MaieuticDb } from '../../db/db';
import { getDataset } from '../../db/repositories/datasets';
import { loadExportItems } from '../../db/repositories/export';

/** What the cell list shows of a turn behind a confusion cell. */
export interface TurnInfo {
  dialogueId: string;
  externalId: string;
  /** 0-based */
  index: number;
  turnCount: number;
  utterance: string;
}

export interface ReviewLayers {
  codebookId: string;
  datasetName: string;
  turns: ReviewLayerTurn[];
  fieldReviews: ReviewLayerReview[];
  turnInfo: Map<string, TurnInfo>;
}

/**
 * Both layers of a data set in one consistent snapshot. A turn's group is its dialogue's
 * teacher model as the reviewer corrected it, else as imported.
 */
export async function loadReviewLayers(db: MaieuticDb, datasetId: string): Promise<ReviewLayers | null> {
  const dataset = await getDataset(db, datasetId);
  if (!dataset) return null;
  const items = await loadExportItems(db, { datasetId, scope: 'all' });
  const turns: ReviewLayerTurn[] = [];
  const fieldReviews: ReviewLayerReview[] = [];
  const turnInfo = new Map<string, TurnInfo>();
  for (const { dialogue, turns: dialogueTurns, fieldReviews: reviews, dialogueReview } of items) {
    const group = dialogueReview?.teacherModel ?? dialogue.teacherModel;
    for (const turn of dialogueTurns) {
      turns.push({ id: turn.id, speaker: turn.speaker, pre: turn.pre, group });
      turnInfo.set(turn.id, { dialogueId: dialogue.id, externalId: dialogue.externalId, index: turn.index, turnCount: dialogueTurns.length, utterance: turn.utterance });
    }
    for (const review of reviews) fieldReviews.push({ turnId: review.turnId, fieldId: review.fieldId, decision: review.decision, codes: review.codes });
  }
  return { codebookId: dataset.codebookId, datasetName: dataset.name, turns, fieldReviews, turnInfo };
}
