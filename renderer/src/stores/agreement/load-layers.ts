import type { ReviewLayerReview, ReviewLayerTurn } from '../../../../shared/agreement/review-layers';
import type { FieldValues } from '../../../../shared/model/dataset';
import type { MaieuticDb } from '../../db/db';
import { getDataset } from '../../db/repositories/datasets';
import { loadDialogueNames } from '../../db/repositories/dialogue-names';
import { getDialogues } from '../../db/repositories/dialogues';
import { loadExportItems } from '../../db/repositories/export';
import { layerValues, listLayers } from '../../db/repositories/layers';
import { getTurns } from '../../db/repositories/turns';
import type { LayerOption } from './rater-choice';

/** What the cell list shows of a turn behind a confusion cell. */
export interface TurnInfo {
  dialogueId: string;
  externalId: string;
  /** the dialogue as a person reads it: the id, with its teacher model where another model of the data set holds the id */
  name: string;
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
  /** the attached annotation layers, oldest first */
  layers: LayerOption[];
}

/**
 * The pre-annotation and the expert layer of a data set in one consistent snapshot, and the list
 * of its attached layers. A turn's group is its dialogue's teacher model as the reviewer
 * corrected it, else as imported.
 */
export async function loadReviewLayers(db: MaieuticDb, datasetId: string): Promise<ReviewLayers | null> {
  const dataset = await getDataset(db, datasetId);
  if (!dataset) return null;
  const items = await loadExportItems(db, { datasetId, scope: 'all' });
  const layers = (await listLayers(db, datasetId)).map(({ id, name, kind }) => ({ id, name, kind }));
  const turns: ReviewLayerTurn[] = [];
  const fieldReviews: ReviewLayerReview[] = [];
  for (const { dialogue, turns: dialogueTurns, fieldReviews: reviews, dialogueReview } of items) {
    const group = dialogueReview?.teacherModel ?? dialogue.teacherModel;
    for (const turn of dialogueTurns) turns.push({ id: turn.id, speaker: turn.speaker, pre: turn.pre, group });
    for (const review of reviews) fieldReviews.push({ turnId: review.turnId, fieldId: review.fieldId, decision: review.decision, codes: review.codes });
  }
  return { codebookId: dataset.codebookId, datasetName: dataset.name, turns, fieldReviews, layers };
}

/**
 * What the cell list shows of these turns (the turns behind one confusion cell), read when a
 * cell is chosen rather than for every turn of the data set. Turns that no longer exist are left out.
 */
export async function loadTurnInfo(db: MaieuticDb, turnIds: readonly string[]): Promise<Map<string, TurnInfo>> {
  const turns = [...(await getTurns(db, turnIds)).values()];
  const dialogueIds = [...new Set(turns.map((turn) => turn.dialogueId))];
  const dialogues = await getDialogues(db, dialogueIds);
  const datasetIds = new Set([...dialogues.values()].map((dialogue) => dialogue.datasetId));
  const names: Record<string, string> = {};
  for (const datasetId of datasetIds) Object.assign(names, await loadDialogueNames(db, datasetId));
  const info = new Map<string, TurnInfo>();
  for (const turn of turns) {
    const dialogue = dialogues.get(turn.dialogueId);
    if (dialogue) info.set(turn.id, { dialogueId: dialogue.id, externalId: dialogue.externalId, name: names[dialogue.id] ?? dialogue.externalId, index: turn.index, turnCount: dialogue.turnCount, utterance: turn.utterance });
  }
  return info;
}

/** An attached layer's values per turn id: the rater source of a layer choice. */
export async function loadLayerValues(db: MaieuticDb, layerId: string): Promise<Record<string, FieldValues>> {
  const values: Record<string, FieldValues> = {};
  for (const row of await layerValues(db, layerId)) values[row.turnId] = row.values;
  return values;
}
