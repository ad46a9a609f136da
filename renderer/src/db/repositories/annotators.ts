/**
 * The annotator records behind review rows (schema v5). The reviewer of this profile, named in
 * settings, is an 'expert' / 'human' annotator; a review is written with the id of the record
 * for its reviewer name, made on first use.
 */
import type { Annotator } from '../../../../shared/model/annotator';
import type { MaieuticDb } from '../db';
import { newId } from '../ids';
import { checkedRow } from './row-checks';

/**
 * The id of the expert annotator with this name, creating the record when there is none. Call
 * inside a read-write transaction that includes `db.annotators`, so two writes cannot make two.
 */
export async function expertAnnotatorId(db: MaieuticDb, name: string, at: string): Promise<string> {
  const existing = await db.annotators
    .where('name')
    .equals(name)
    .filter((annotator) => annotator.role === 'expert' && annotator.kind === 'human')
    .first();
  if (existing) return existing.id;
  const annotator: Annotator = { id: newId(), name, role: 'expert', kind: 'human', createdAt: at };
  await db.annotators.add(checkedRow('annotators', annotator));
  return annotator.id;
}

export async function listAnnotators(db: MaieuticDb): Promise<Annotator[]> {
  return db.annotators.toArray();
}

/**
 * The id of the adjudicator annotator with this name, creating the record when there is none
 * (issue 11: adjudication records name who decided). Same transaction rule as expertAnnotatorId.
 */
export async function adjudicatorAnnotatorId(db: MaieuticDb, name: string, at: string): Promise<string> {
  const existing = await db.annotators
    .where('name')
    .equals(name)
    .filter((annotator) => annotator.role === 'adjudicator' && annotator.kind === 'human')
    .first();
  if (existing) return existing.id;
  const annotator: Annotator = { id: newId(), name, role: 'adjudicator', kind: 'human', createdAt: at };
  await db.annotators.add(checkedRow('annotators', annotator));
  return annotator.id;
}

/** adjudicatorAnnotatorId in a transaction of its own: for a caller outside one (the adjudication setup). */
export async function ensureAdjudicator(db: MaieuticDb, name: string, at: string): Promise<string> {
  return db.transaction('rw', db.annotators, () => adjudicatorAnnotatorId(db, name, at));
}
