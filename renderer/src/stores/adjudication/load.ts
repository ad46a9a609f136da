/**
 * What the adjudication view reads of a data set: its turns in dialogue order (with the text
 * the item view shows around a turn), the expert's reviews, its layers, the adjudication records
 * and the comparison chosen last time.
 */
import type { AdjudicationReview, AdjudicationTurn } from '../../../../shared/adjudication/queue';
import type { AdjudicationRow } from '../../../../shared/model/adjudication';
import type { SpeakerCode } from '../../../../shared/model/dataset';
import { dialogueNamer } from '../../../../shared/model/dialogue-names';
import type { MaieuticDb } from '../../db/db';
import { findAdjudicatedLayer, listAdjudications, loadAdjudicationSetup } from '../../db/repositories/adjudications';
import { getDataset } from '../../db/repositories/datasets';
import { loadExportItems } from '../../db/repositories/export';
import { listLayers } from '../../db/repositories/layers';
import type { LayerOption } from '../agreement/rater-choice';

/** A dialogue as the item view shows it: its id as the user knows it and its turns' text. */
export interface DialogueContext {
  externalId: string;
  /** how a person reads it: the id, with the teacher model where another model holds the same id */
  name: string;
  turns: { index: number; speaker: SpeakerCode; utterance: string }[];
}

export interface AdjudicationData {
  datasetName: string;
  codebookId: string;
  codebookHash?: string;
  turns: AdjudicationTurn[];
  fieldReviews: AdjudicationReview[];
  /** the layers that can be compared (attached and LLM layers), oldest first; the adjudicated layer is not among them */
  layers: LayerOption[];
  adjudicatedLayerId: string | null;
  records: AdjudicationRow[];
  /** the rater choices of the last comparison (pre | expert | layer:<id>); null when none was made */
  setup: string[] | null;
  dialogues: Record<string, DialogueContext>;
}

export async function loadAdjudicationData(db: MaieuticDb, datasetId: string): Promise<AdjudicationData | null> {
  const dataset = await getDataset(db, datasetId);
  if (!dataset) return null;
  const [items, layerRows, records, setup, adjudicated] = await Promise.all([
    loadExportItems(db, { datasetId, scope: 'all' }),
    listLayers(db, datasetId),
    listAdjudications(db, datasetId),
    loadAdjudicationSetup(db, datasetId),
    findAdjudicatedLayer(db, datasetId),
  ]);
  const turns: AdjudicationTurn[] = [];
  const fieldReviews: AdjudicationReview[] = [];
  const dialogues: Record<string, DialogueContext> = {};
  const teacherModelOf = (item: (typeof items)[number]) => item.dialogueReview?.teacherModel ?? item.dialogue.teacherModel;
  const nameOf = dialogueNamer(items.map((item) => ({ externalId: item.dialogue.externalId, teacherModel: teacherModelOf(item) })));
  for (const item of items) {
    const sorted = [...item.turns].sort((a, b) => a.index - b.index);
    dialogues[item.dialogue.id] = { externalId: item.dialogue.externalId, name: nameOf({ externalId: item.dialogue.externalId, teacherModel: teacherModelOf(item) }), turns: sorted.map(({ index, speaker, utterance }) => ({ index, speaker, utterance })) };
    for (const turn of sorted) turns.push({ id: turn.id, dialogueId: turn.dialogueId, index: turn.index, speaker: turn.speaker, pre: turn.pre });
    for (const review of item.fieldReviews) fieldReviews.push({ turnId: review.turnId, fieldId: review.fieldId, decision: review.decision, codes: review.codes });
  }
  return {
    datasetName: dataset.name,
    codebookId: dataset.codebookId,
    codebookHash: dataset.codebookHash,
    turns,
    fieldReviews,
    layers: layerRows.filter((layer) => layer.kind !== 'adjudicated').map(({ id, name, kind }) => ({ id, name, kind })),
    adjudicatedLayerId: adjudicated?.id ?? null,
    records,
    setup,
    dialogues,
  };
}
