/**
 * Expert rubric scores (issue 13): one row per data set × dialogue × rubric-set version × rubric
 * × expert rater, written as the expert scores in review (autosaved), with who and when.
 */
import type { RubricSet } from '../../../../shared/judge/types';
import { expertScoreId, type ExpertScoreRow } from '../../../../shared/model/judge';
import { rubricSetHash, rubricsFingerprint } from '../../../../shared/judge/rubric-hash';
import { auditEntry } from '../../../../shared/audit/entries';
import type { EditLogEntry } from '../../../../shared/model/edit-log';
import type { MaieuticDb } from '../db';
import { addRubricSetVersion, getRubricSet } from './judge';
import { checkedRow } from './row-checks';

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
  /** the panel's undo writes the score it brings back as 'undone'; otherwise 'scored' or, for a removal, 'cleared' */
  undo?: boolean;
  /** the panel's redo writes the score it brings back again as 'redone' */
  redo?: boolean;
}

type AuditedScore = { score: number; rationale: string } | null;

function scoreEntry(row: Pick<ExpertScoreRow, 'datasetId' | 'dialogueId' | 'rubricSetId' | 'rubricSetHash' | 'rubric' | 'rater'>, at: string, before: AuditedScore, after: AuditedScore, undo: boolean, redo = false): EditLogEntry {
  const reason = undo ? 'undone' : redo ? 'redone' : after === null ? 'cleared' : 'scored';
  return auditEntry({ datasetId: row.datasetId, reviewer: row.rater, at }, row.dialogueId, { kind: 'rubric-score', rubricSetId: row.rubricSetId, rubricSetHash: row.rubricSetHash, rubric: row.rubric }, reason, before, after);
}

const audited = (row: ExpertScoreRow | undefined): AuditedScore => (row ? { score: row.score, rationale: row.rationale } : null);

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
  const at = input.at ?? new Date().toISOString();
  // the score and its audit entry in one transaction: the trail never misses a score, nor names one that was not stored
  return db.transaction('rw', [db.expertScores, db.editLog], async () => {
    const existing = await db.expertScores.get(id);
    const rationale = input.rationale ?? existing?.rationale ?? '';
    const score = input.score;
    const place = { datasetId: input.datasetId, dialogueId: input.dialogueId, rubricSetId: input.set.id, rubricSetHash: hash, rubric: rubric.id, rater: input.rater };
    if (score === null) {
      if (!existing) return null;
      await db.expertScores.delete(id);
      await db.editLog.add(checkedRow('editLog', scoreEntry(place, at, audited(existing), null, input.undo ?? false, input.redo ?? false)));
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
      at,
    };
    await db.expertScores.put(checkedRow('expertScores', row));
    if (!existing || existing.score !== score || existing.rationale !== rationale) await db.editLog.add(checkedRow('editLog', scoreEntry(place, at, audited(existing), audited(row), input.undo ?? false, input.redo ?? false)));
    return row;
  });
}

/** Sets the rationale of a scored rubric (a rationale needs a score first). */
export async function putExpertRationale(db: MaieuticDb, input: { id: string; rationale: string; at?: string }): Promise<ExpertScoreRow | null> {
  return db.transaction('rw', [db.expertScores, db.editLog], async () => {
    const existing = await db.expertScores.get(input.id);
    if (!existing) return null;
    if (existing.rationale === input.rationale) return existing;
    const row = { ...existing, rationale: input.rationale, at: input.at ?? new Date().toISOString() };
    await db.expertScores.put(checkedRow('expertScores', row));
    await db.editLog.add(checkedRow('editLog', scoreEntry(row, row.at, audited(existing), audited(row), false)));
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

/**
 * The data set's expert scores that are scores on `set`'s rubrics: given on any stored version
 * whose rubrics are the same (rubricsFingerprint), so attaching a few-shot anchor — a new
 * version — does not cut a run off from the scores experts gave before. Where a rater scored a
 * dialogue's rubric on several such versions, the newest score counts.
 */
export async function comparableExpertScores(db: MaieuticDb, datasetId: string, set: RubricSet): Promise<ExpertScoreRow[]> {
  const wanted = rubricsFingerprint(set);
  const rows = await db.expertScores.where('datasetId').equals(datasetId).toArray();
  const matches = new Map<string, boolean>();
  const newest = new Map<string, ExpertScoreRow>();
  for (const row of rows) {
    let same = matches.get(row.rubricSetHash);
    if (same === undefined) {
      const version = await getRubricSet(db, { id: row.rubricSetId, hash: row.rubricSetHash });
      same = version !== null && rubricsFingerprint(version) === wanted;
      matches.set(row.rubricSetHash, same);
    }
    if (!same) continue;
    const key = JSON.stringify([row.dialogueId, row.rubric, row.rater]);
    const kept = newest.get(key);
    if (!kept || kept.at < row.at) newest.set(key, row);
  }
  return [...newest.values()];
}
