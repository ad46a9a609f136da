import { useLiveQuery } from 'dexie-react-hooks';
import type { FindingDismissalRow } from '../../../../shared/model/finding-dismissal';
import { getDb } from '../../db/db';
import { dismissalsOfDialogue } from '../../db/repositories/finding-dismissals';

const NONE: FindingDismissalRow[] = [];

/** The dialogue's dismissed findings, live: a dismissal or restore shows at once. */
export function useDialogueDismissals(dialogueId: string): FindingDismissalRow[] {
  return useLiveQuery(() => dismissalsOfDialogue(getDb(), dialogueId), [dialogueId]) ?? NONE;
}
