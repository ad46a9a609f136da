/**
 * Expert rubric scores (issue 13): one row per data set × dialogue × rubric-set version × rubric
 * × expert rater, written as the expert scores in review (autosaved), with who and when.
 */
import type { RubricSet } from '../../../../shared/judge/types';
import { expertScoreId, type ExpertScoreRow } from '../../../../shared/model/judge';
import { rubricSetHash } from '../../../../shared/judge/rubric-hash';
import type { MaieuticDb } from '../db';
import { addRubricSetVersion } from './judge';

export interface ExpertScoreInput {
  datasetId: string;
  dialogueId: string;
  set: RubricSet;
  rubric: string;
  rater: string;
  /** null clears the score (the row is removed when it has no rationale either) */
  score: number | null;
  rationale?: string;
  at?: string;
}

/** Writes (or clears) one expert score; refuses a score outside the rubric's range. Returns the row as stored, or null when removed. */
export async function putExpertScore(db: MaieuticDb, input: ExpertScoreInput): Promise<ExpertScoreRow | null> {
  const rubric = input.set.rubrics.find((candidate) => candidate.id === input.rubric);
  if (!rubric) throw new Error(`The rubric ${input.rubric} is not in the set ${input.set.id}.`);
  if (input.score !== null && (!Number.isInteger(input.score) || input.score < rubric.range.min || input.score > rubric.range.max)) {
    throw new Error(`A score of ${rubric.id} must be a whole number in ${rubric.range.min}–${rubric.range.max}.`);
  }
  if (input.rater.trim() === '') throw new Error('Expert scores need the expert’s name (Settings).');
  const hash = rubricSetHash(input.set);
  const id = expertScoreId(input.datasetId, input.dialogueId, hash, rubric.id, input.rater);
  await addRubricSetVersion(db, input.set);
  return db.transaction('rw', db.expertScores, async () => {
    const existing = await db.expertScores.get(id);
    const rationale = input.rationale ?? existing?.rationale ?? '';
    const score = input.score;
    if (score === null) {
      await db.expertScores.delete(id);
      return null;
    }
    const row: ExpertScoreRow = {
      id,
      datasetId: input.datasetId,
      dialogueId: input.dialogueId,
      rubricSetId: input.set.id,
      rubricSetHash: hash,
      rubric: rubric.id,
      rater: input.rater,
      score,
      rationale,
      at: input.at ?? new Date().toISOString(),
    };
    await db.expertScores.put(row);
    return row;
  });
}

/** Sets the rationale of a scored rubric (a rationale needs a score first). */
export async function putExpertRationale(db: MaieuticDb, input: { id: string; rationale: string; at?: string }): Promise<ExpertScoreRow | null> {
  return db.transaction('rw', db.expertScores, async () => {
    const existing = await db.expertScores.get(input.id);
    if (!existing) return null;
    const row = { ...existing, rationale: input.rationale, at: input.at ?? new Date().toISOString() };
    await db.expertScores.put(row);
    return row;
  });
}

export async function expertScoresOfDialogue(db: MaieuticDb, dialogueId: string, setHash: string): Promise<ExpertScoreRow[]> {
  const rows = await db.expertScores.where('dialogueId').equals(dialogueId).toArray();
  return rows.filter((row) => row.rubricSetHash === setHash);
}

export async function expertScoresOfDataset(db: MaieuticDb, datasetId: string, setHash: string): Promise<ExpertScoreRow[]> {
  const rows = await db.expertScores.where('datasetId').equals(datasetId).toArray();
  return rows.filter((row) => row.rubricSetHash === setHash);
}
