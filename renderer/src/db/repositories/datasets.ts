import { deleteJudgeDataOfDataset } from './judge';
import { DEFAULT_CODEBOOK, codebookVersionHash } from '../../../../shared/codebook';
import type { Dataset } from '../../../../shared/model/dataset';
import { deleteDismissalsOfDataset } from './finding-dismissals';
import type { MaieuticDb } from '../db';
import { newId } from '../ids';
import { deleteTurnsBySource, dialogueReviewsBySource, sourceIdsOf } from './by-source';
import { suggestionSettingKey } from './suggestions';
import { validateDataset, validateDatasetName } from './validate';
import { checkedRow } from './row-checks';

export interface DatasetSummary {
  dataset: Dataset;
  sources: number;
  dialogues: number;
  turns: number;
  verifiedDialogues: number;
  /** distinct teacher models as imported, sorted */
  teacherModels: string[];
}

/**
 * A new data set's row, validated, for every path that makes one (an empty data set, an import):
 * it records the codebook version it is made with (issue 12): the chosen version's hash for any
 * codebook, or, when none is given, the bundled codebook's own hash for sid-default.
 */
export function newDatasetRow({ name, codebookId, codebookHash, createdAt }: { name: string; codebookId: string; codebookHash?: string; createdAt: string }): Dataset {
  const dataset: Dataset = { id: newId(), name: validateDatasetName(name), createdAt, codebookId };
  if (codebookHash) dataset.codebookHash = codebookHash;
  else if (codebookId === DEFAULT_CODEBOOK.id) dataset.codebookHash = codebookVersionHash(DEFAULT_CODEBOOK);
  validateDataset(dataset);
  return dataset;
}

export async function createDataset(
  db: MaieuticDb,
  { name, codebookId, codebookHash, now = new Date() }: { name: string; codebookId: string; codebookHash?: string; now?: Date },
): Promise<Dataset> {
  const dataset = newDatasetRow({ name, codebookId, codebookHash, createdAt: now.toISOString() });
  await db.datasets.add(checkedRow('datasets', dataset));
  return dataset;
}

export async function getDataset(db: MaieuticDb, datasetId: string): Promise<Dataset | undefined> {
  return db.datasets.get(datasetId);
}

export async function listDatasets(db: MaieuticDb): Promise<Dataset[]> {
  const datasets = await db.datasets.orderBy('createdAt').toArray();
  return datasets.reverse();
}

export async function summariseDataset(db: MaieuticDb, dataset: Dataset): Promise<DatasetSummary> {
  return db.transaction('r', [db.sources, db.dialogues, db.dialogueReviews], async () => {
    const [sourceIds, dialogues] = await Promise.all([
      sourceIdsOf(db, dataset.id),
      db.dialogues.where('datasetId').equals(dataset.id).toArray(),
    ]);
    const reviews = await dialogueReviewsBySource(db, sourceIds);
    return {
      dataset,
      sources: sourceIds.length,
      dialogues: dialogues.length,
      turns: dialogues.reduce((sum, dialogue) => sum + dialogue.turnCount, 0),
      verifiedDialogues: dialogues.filter((dialogue) => reviews.get(dialogue.id)?.status === 'verified').length,
      teacherModels: [...new Set(dialogues.map((dialogue) => dialogue.teacherModel))].sort(),
    };
  });
}

/** Every data set, newest first, with its counts. */
export async function listDatasetSummaries(db: MaieuticDb): Promise<DatasetSummary[]> {
  const datasets = await listDatasets(db);
  return Promise.all(datasets.map((dataset) => summariseDataset(db, dataset)));
}

export async function renameDataset(db: MaieuticDb, datasetId: string, name: string): Promise<void> {
  const valid = validateDatasetName(name);
  const updated = await db.datasets.update(datasetId, { name: valid });
  if (updated === 0) throw new Error('The data set no longer exists.');
}

/** Deletes a data set with everything in it — sources, dialogues, turns, the expert's reviews, the attached annotation layers (LLM jobs' layers and their calls included), the metrics runs, open drafts, the assignments sent from it or received as it, its spot-checks and adjudications — in one transaction. */
export async function deleteDataset(db: MaieuticDb, datasetId: string): Promise<void> {
  await db.transaction(
    'rw',
    [db.datasets, db.sources, db.dialogues, db.turnBlocks, db.fieldReviews, db.turnReviews, db.dialogueReviews, db.editLog, db.layers, db.layerValues, db.metricRuns, db.metricRunScores, db.drafts, db.llmJobs, db.llmCalls, db.settings, db.adjudications, db.assignments, db.spotChecks, db.findingDismissals, db.judgeRuns, db.judgeScores, db.pairwiseVerdicts, db.expertScores],
    async () => {
      await db.adjudications.where('datasetId').equals(datasetId).delete();
      await db.settings.delete(suggestionSettingKey(datasetId));
      await db.metricRunScores.where('datasetId').equals(datasetId).delete();
      await db.metricRuns.where('datasetId').equals(datasetId).delete();
      const layerIds = await db.layers.where('datasetId').equals(datasetId).primaryKeys();
      await db.layerValues.where('layerId').anyOf(layerIds).delete();
      await db.llmCalls.where('layerId').anyOf(layerIds).delete();
      await db.llmJobs.where('datasetId').equals(datasetId).delete();
      await db.layers.bulkDelete(layerIds);
      const dialogueIds = await db.dialogues.where('datasetId').equals(datasetId).primaryKeys();
      await deleteTurnsBySource(db, await sourceIdsOf(db, datasetId));
      await db.fieldReviews.where('dialogueId').anyOf(dialogueIds).delete();
      await db.turnReviews.where('dialogueId').anyOf(dialogueIds).delete();
      await db.editLog.where('dialogueId').anyOf(dialogueIds).delete();
      // entries about the whole data set (a restore) or its layers carry only the data set's id
      await db.editLog.where('datasetId').equals(datasetId).delete();
      await db.drafts.where('dialogueId').anyOf(dialogueIds).delete();
      await db.dialogueReviews.bulkDelete(dialogueIds);
      await db.dialogues.bulkDelete(dialogueIds);
      await db.sources.where('datasetId').equals(datasetId).delete();
      await db.assignments.where('datasetId').equals(datasetId).delete();
      await db.spotChecks.where('datasetId').equals(datasetId).delete();
      await deleteDismissalsOfDataset(db, datasetId);
      await deleteJudgeDataOfDataset(db, datasetId);
      await db.datasets.delete(datasetId);
    },
  );
}
