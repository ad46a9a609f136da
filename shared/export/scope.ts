import type { ExportDialogue } from './types';

/**
 * What an export holds:
 * - `verified`: the dialogues the expert marked verified, every turn of them;
 * - `verified-turns`: the turns the expert marked verified, in whichever dialogue;
 * - `all`: everything, reviewed or not.
 * Within any scope a value nobody reviewed stays unreviewed: verifying a turn or a dialogue
 * does not turn its unreviewed values into expert values (value-status.ts).
 */
export type ExportScope = 'verified' | 'verified-turns' | 'all';

export const EXPORT_SCOPES: readonly ExportScope[] = ['verified', 'verified-turns', 'all'];

export function isDialogueVerified(item: Pick<ExportDialogue, 'dialogueReview'>): boolean {
  return item.dialogueReview?.status === 'verified';
}

/** The ids of the dialogue's turns the expert marked verified. */
export function verifiedTurnIds(item: Pick<ExportDialogue, 'turnReviews'>): Set<string> {
  return new Set(item.turnReviews.filter((review) => review.verified).map((review) => review.id));
}

/** The ids of the dialogue's turns whose values the export writes under this scope. */
export function turnIdsInScope(item: ExportDialogue, scope: ExportScope): Set<string> {
  if (scope === 'all' || (scope === 'verified' && isDialogueVerified(item))) return new Set(item.turns.map((turn) => turn.id));
  if (scope === 'verified') return new Set();
  const verified = verifiedTurnIds(item);
  return new Set(item.turns.filter((turn) => verified.has(turn.id)).map((turn) => turn.id));
}

/** The dialogues that have at least one turn in scope, in the given order. */
export function dialoguesInScope(items: readonly ExportDialogue[], scope: ExportScope): ExportDialogue[] {
  return items.filter((item) => turnIdsInScope(item, scope).size > 0);
}
