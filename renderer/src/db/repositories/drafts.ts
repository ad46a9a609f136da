/**
 * Text drafts: what is typed into a correction box, stored as it is typed and removed once the
 * value is saved or the draft dropped. Writes to one draft run in the order they were asked
 * for, so the last key always wins, even when an older put is still in flight.
 */
import type { MaieuticDb } from '../db';
import type { DraftRow, DraftTarget } from '../../../../shared/model/draft';
import { checkedRow } from './row-checks';

export function draftId(dialogueId: string, target: DraftTarget): string {
  return target.kind === 'teacher-model' ? `${dialogueId}|teacher-model` : `${target.turnId}|${target.fieldId}|text`;
}

export interface DraftStore {
  /** keeps `text` as the draft of the box (typed over `base`, the stored value) */
  save(dialogueId: string, target: DraftTarget, text: string, base: string): Promise<void>;
  /** the box holds no draft any more (saved, dropped, or typed back to the stored value) */
  discard(dialogueId: string, target: DraftTarget): Promise<void>;
  /** resolves when every draft write asked for so far has finished */
  idle(): Promise<void>;
}

export function createDraftStore(db: () => MaieuticDb, now: () => string = () => new Date().toISOString()): DraftStore {
  let tail: Promise<unknown> = Promise.resolve();
  const chain = (write: () => Promise<unknown>): Promise<void> => {
    const next = tail.then(write);
    // A failed draft write must not stop later ones; the box itself still holds the text.
    tail = next.catch((error: unknown) => console.error('Saving a draft failed', error));
    return next.then(() => undefined);
  };
  return {
    save: (dialogueId, target, text, base) =>
      chain(() => db().drafts.put(checkedRow('drafts', { id: draftId(dialogueId, target), dialogueId, target, text, base, updatedAt: now() }))),
    discard: (dialogueId, target) => chain(() => db().drafts.delete(draftId(dialogueId, target))),
    idle: () => tail.then(() => undefined),
  };
}

export async function listDrafts(db: MaieuticDb, dialogueId: string): Promise<DraftRow[]> {
  return db.drafts.where('dialogueId').equals(dialogueId).sortBy('updatedAt');
}

export async function deleteDraft(db: MaieuticDb, id: string): Promise<void> {
  await db.drafts.delete(id);
}
