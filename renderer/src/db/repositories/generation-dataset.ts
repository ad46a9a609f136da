/**
 * A generation run's kept dialogues as a new data set: the SID JSON Lines files (one per teacher
 * model) are parsed as the import wizard parses them and stored through importParsedFiles, and
 * the run is pointed at the new data set, all in ONE transaction: a file that does not parse, a
 * storage error half-way or a run made into a data set meanwhile leaves nothing behind.
 */
import type { Codebook } from '../../../../shared/codebook/types';
import { parseSourceFile } from '../../../../shared/import/parse-source-file';
import type { MaieuticDb } from '../db';
import { importParsedFiles, type ImportResult } from './import';
import { ValidationError } from './validate';

export interface RunDatasetFile {
  teacherModel: string;
  fileName: string;
  text: string;
}

export interface ImportRunInput {
  runId: string;
  name: string;
  codebook: Codebook;
  codebookHash?: string;
  files: readonly RunDatasetFile[];
  now?: Date;
}

export async function importRunAsDataset(db: MaieuticDb, input: ImportRunInput): Promise<ImportResult> {
  if (input.files.length === 0) throw new ValidationError('The run has no kept dialogue to make a data set of.');
  const parsed = input.files.map((file) => parseSourceFile({ name: file.fileName, text: file.text }, { codebook: input.codebook, teacherModel: file.teacherModel, format: 'sid-jsonl' }));
  const broken = parsed.find((file) => file.issues.some((issue) => issue.severity === 'error'));
  if (broken) {
    const first = broken.issues.find((issue) => issue.severity === 'error');
    throw new ValidationError(`${broken.file}:${first?.line ?? 1}: ${first?.message ?? 'cannot be read'}`);
  }
  return db.transaction('rw', [db.datasets, db.sources, db.dialogues, db.turnBlocks, db.generationRuns], async () => {
    const run = await db.generationRuns.get(input.runId);
    if (!run) throw new ValidationError('The generation run no longer exists.');
    if (run.datasetId && (await db.datasets.get(run.datasetId))) throw new ValidationError('A data set was already made from this run.');
    const result = await importParsedFiles(db, { kind: 'new', name: input.name, codebookId: input.codebook.id, codebookHash: input.codebookHash }, parsed, { now: input.now });
    await db.generationRuns.update(run.id, { datasetId: result.datasetId });
    return result;
  });
}
