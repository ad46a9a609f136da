/**
 * "Create data set" of a generation run: its kept dialogues, one SID JSON Lines file per teacher
 * model (sidJsonlByTeacher), imported into one new data set with the bundled codebook.
 */
import { codebookVersionHash } from '../../../../shared/codebook/version-hash';
import { ACTIVE_CODEBOOK } from '../../codebook';
import type { MaieuticDb } from '../../db/db';
import { importRunAsDataset } from '../../db/repositories/generation-dataset';
import type { ImportResult } from '../../db/repositories/import';
import { conversationsOfRun } from '../../db/repositories/generation-runs';
import { sidJsonlByTeacher } from './outputs';

export async function createDatasetFromRun(db: MaieuticDb, runId: string, name: string, { now }: { now?: Date } = {}): Promise<ImportResult> {
  const payloads = (await conversationsOfRun(db, runId)).map((row) => row.payload);
  const files = sidJsonlByTeacher(payloads);
  return importRunAsDataset(db, { runId, name, codebook: ACTIVE_CODEBOOK, codebookHash: codebookVersionHash(ACTIVE_CODEBOOK), files, now });
}
