/**
 * The rubric sets of a profile (table rubricSets, one row per version) and the one each data set
 * uses: experts score a data set on it in review and judge runs start with it. A data set that
 * never chose one uses the bundled SID set. Files are read whole and checked by parseRubricSet
 * before anything is stored, so a bad file stores nothing and names its file, line and path.
 */
import { SID_RUBRIC_SET } from '../../../../shared/judge/default-rubrics';
import { parseRubricSet, rubricSetToJson } from '../../../../shared/judge/parse-rubric-set';
import { readRubricSetText } from '../../../../shared/judge/read-rubric-set-text';
import { rubricSetHash } from '../../../../shared/judge/rubric-hash';
import type { RubricSet } from '../../../../shared/judge/types';
import { rubricSetRowId, type RubricSetRow } from '../../../../shared/model/judge';
import type { MaieuticDb } from '../db';
import { addRubricSetVersion, ensureSidRubricSet } from './judge';
import { ValidationError } from './validate';

/** Every stored version, grouped by set id (alphabetical), newest version first within a set. */
export async function listRubricSetVersions(db: MaieuticDb): Promise<RubricSetRow[]> {
  await ensureSidRubricSet(db);
  const rows = await db.rubricSets.toArray();
  return rows.sort((a, b) => (a.setId === b.setId ? (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0) : a.setId < b.setId ? -1 : 1));
}

/** The version a data set uses: its choice when that version is stored, the SID set otherwise. */
export async function rubricSetOfDataset(db: MaieuticDb, datasetId: string): Promise<RubricSetRow> {
  const dataset = await db.datasets.get(datasetId);
  const chosen = dataset?.rubricSet ? await db.rubricSets.get(rubricSetRowId(dataset.rubricSet.id, dataset.rubricSet.hash)) : undefined;
  return chosen ?? ensureSidRubricSet(db);
}

/** Makes a stored version the data set's rubric set. Expert scores stay with the version they were given on. */
export async function chooseRubricSetForDataset(db: MaieuticDb, datasetId: string, ref: { id: string; hash: string }): Promise<void> {
  await db.transaction('rw', [db.datasets, db.rubricSets], async () => {
    const dataset = await db.datasets.get(datasetId);
    if (!dataset) throw new ValidationError('The data set no longer exists.');
    const row = await db.rubricSets.get(rubricSetRowId(ref.id, ref.hash));
    if (!row && !(ref.id === SID_RUBRIC_SET.id && ref.hash === rubricSetHash(SID_RUBRIC_SET))) throw new ValidationError(`The rubric set ${ref.id}@${ref.hash} is not in this profile.`);
    await db.datasets.update(datasetId, { rubricSet: { id: ref.id, hash: ref.hash } });
  });
}

/** Each teacher model's family for the data set's self-preference check; empty names are dropped. */
export async function setTeacherFamilies(db: MaieuticDb, datasetId: string, families: Readonly<Record<string, string>>): Promise<Record<string, string>> {
  const kept: Record<string, string> = {};
  for (const [model, family] of Object.entries(families)) {
    const name = family.trim();
    if (name.length > 40) throw new ValidationError(`The family of ${model} is longer than 40 characters.`);
    if (name) kept[model] = name;
  }
  const updated = await db.datasets.update(datasetId, { teacherFamilies: kept });
  if (updated === 0) throw new ValidationError('The data set no longer exists.');
  return kept;
}

/** A rubric-set file that cannot be read: its name, the line where JSON stopped and every problem. */
export class RubricSetFileError extends Error {
  override name = 'RubricSetFileError';
  /** the parser's problems, each starting with its JSON path (empty when the file is not JSON) */
  readonly problems: string[];
  constructor(message: string, problems: string[] = []) {
    super(message);
    this.problems = problems;
  }
}

/** Reads a rubric-set JSON file into a set (nothing stored); throws RubricSetFileError naming the file and line. */
export function readRubricSetFile(file: string, text: string): RubricSet {
  const read = readRubricSetText(text, file);
  if (read.ok) return read.set;
  const placed = read.problems.find((problem) => problem.line !== null);
  if (placed) throw new RubricSetFileError(`${file}:${placed.line}: ${placed.message}`);
  throw new RubricSetFileError(`Invalid rubric set ${file}:\n- ${read.problems.map((problem) => problem.message).join('\n- ')}`, read.problems.map((problem) => problem.message));
}

/** Stores a version (the same content is stored once); returns its row. */
export async function saveRubricSetVersion(db: MaieuticDb, set: RubricSet): Promise<RubricSetRow> {
  // checked again: a set built by the editor goes through the same rules as a file
  const checked = parseRubricSet(rubricSetToJson(set), `${set.id}@${set.version}`);
  return addRubricSetVersion(db, checked);
}

/** The file an exported version is written as: parseRubricSet reads it back to the same hash. */
export function rubricSetFileText(set: RubricSet): string {
  return `${JSON.stringify(rubricSetToJson(set), null, 2)}\n`;
}

