/** Reads for the audit view and the history panel (the edit log by data set, by dialogue). */
import type { EditLogEntry } from '../../../../shared/model/edit-log';
import type { MaieuticDb } from '../db';
import { loadDialogueNames } from './dialogue-names';

export interface AuditData {
  datasetName: string;
  codebookId: string;
  /** the codebook version the data set records (since schema v10) */
  codebookHash?: string;
  /** newest first */
  entries: EditLogEntry[];
  /** each dialogue's name for a person (its id, with the teacher model where the id is shared) */
  dialogueNames: Record<string, string>;
  layerNames: Record<string, string>;
}

export async function loadAuditData(db: MaieuticDb, datasetId: string): Promise<AuditData | null> {
  return db.transaction('r', [db.datasets, db.sources, db.dialogues, db.dialogueReviews, db.layers, db.editLog], async () => {
    const dataset = await db.datasets.get(datasetId);
    if (!dataset) return null;
    const [entries, dialogueNames, layers] = await Promise.all([
      db.editLog.where('datasetId').equals(datasetId).toArray(),
      loadDialogueNames(db, datasetId),
      db.layers.where('datasetId').equals(datasetId).toArray(),
    ]);
    entries.sort((a, b) => (b.seq ?? 0) - (a.seq ?? 0));
    return {
      datasetName: dataset.name,
      codebookId: dataset.codebookId,
      codebookHash: dataset.codebookHash,
      entries,
      dialogueNames,
      layerNames: Object.fromEntries(layers.map((layer) => [layer.id, layer.name])),
    };
  });
}

/** One dialogue's entries, newest first (the history panel of a field or turn). */
export async function loadDialogueHistory(db: MaieuticDb, dialogueId: string): Promise<EditLogEntry[]> {
  const entries = await db.editLog.where('dialogueId').equals(dialogueId).toArray();
  return entries.sort((a, b) => (b.seq ?? 0) - (a.seq ?? 0));
}
