/**
 * Consistency findings an expert dismissed with a note (table findingDismissals, schema v10).
 * A dismissal names its finding by rule, turn and field, not by the reason's wording, so it
 * still applies when the reason reads differently (another language, a renamed label). Restoring
 * deletes the row: the finding is open again, and a later dismissal asks for a note again.
 */
import type { FindingDismissalRow } from '../../../../shared/model/finding-dismissal';
import { findingDismissalId } from '../../../../shared/model/finding-dismissal';
import type { MaieuticDb } from '../db';
import { expertAnnotatorId } from './annotators';
import { checkedRow } from './row-checks';

export interface DismissFindingInput {
  datasetId: string;
  finding: { ruleId: string; turnId: string; fieldId: string; dialogueId: string };
  note: string;
  reviewer: string;
  /** ISO time */
  at: string;
}

/** Thrown when a dismissal has no note or no reviewer: a dismissal must say why and who. */
export class DismissalNoteRequiredError extends Error {
  constructor(what: 'note' | 'reviewer') {
    super(what === 'note' ? 'A dismissed finding needs a note saying why it is not a mistake' : 'A dismissed finding needs the reviewer’s name');
    this.name = 'DismissalNoteRequiredError';
  }
}

export async function dismissFinding(db: MaieuticDb, input: DismissFindingInput): Promise<FindingDismissalRow> {
  const note = input.note.trim();
  const reviewer = input.reviewer.trim();
  if (!note) throw new DismissalNoteRequiredError('note');
  if (!reviewer) throw new DismissalNoteRequiredError('reviewer');
  const { ruleId, turnId, fieldId, dialogueId } = input.finding;
  return db.transaction('rw', [db.findingDismissals, db.annotators], async () => {
    const annotatorId = await expertAnnotatorId(db, reviewer, input.at);
    const row: FindingDismissalRow = { id: findingDismissalId(ruleId, turnId, fieldId), datasetId: input.datasetId, dialogueId, turnId, fieldId, ruleId, note, reviewer, annotatorId, at: input.at };
    await db.findingDismissals.put(checkedRow('findingDismissals', row));
    return row;
  });
}

/** Un-dismisses: the finding is open again. */
export async function restoreFinding(db: MaieuticDb, dismissalId: string): Promise<void> {
  await db.findingDismissals.delete(dismissalId);
}

export async function dismissalsOfDialogue(db: MaieuticDb, dialogueId: string): Promise<FindingDismissalRow[]> {
  return db.findingDismissals.where('dialogueId').equals(dialogueId).toArray();
}

export async function dismissalsOfDataset(db: MaieuticDb, datasetId: string): Promise<FindingDismissalRow[]> {
  return db.findingDismissals.where('datasetId').equals(datasetId).toArray();
}

/** For deleteDataset, inside its transaction (which must include db.findingDismissals). */
export async function deleteDismissalsOfDataset(db: MaieuticDb, datasetId: string): Promise<void> {
  await db.findingDismissals.where('datasetId').equals(datasetId).delete();
}
