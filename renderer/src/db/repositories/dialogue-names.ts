/** The names a person reads for a data set's dialogues (shared/model/dialogue-names.ts), with teacher models as corrected. */
import { dialogueNamesById } from '../../../../shared/model/dialogue-names';
import type { MaieuticDb } from '../db';
import { dialogueReviewsBySource, sourceIdsOf } from './by-source';
import { listDialoguesOf } from './dialogues';

/** Each dialogue's display name by id: its SID id, with its teacher model when another model holds the same id. */
export async function loadDialogueNames(db: MaieuticDb, datasetId: string): Promise<Record<string, string>> {
  return db.transaction('r', [db.sources, db.dialogues, db.dialogueReviews], async () => {
    const [dialogues, sourceIds] = await Promise.all([listDialoguesOf(db, datasetId), sourceIdsOf(db, datasetId)]);
    const reviews = await dialogueReviewsBySource(db, sourceIds);
    return dialogueNamesById(dialogues.map((dialogue) => ({ id: dialogue.id, externalId: dialogue.externalId, teacherModel: reviews.get(dialogue.id)?.teacherModel ?? dialogue.teacherModel })));
  });
}
