import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from '../../db/db';
import { listDialogueRows, type DialogueRow } from '../../db/repositories/dialogues';

/** The data set's rows, live: review progress made elsewhere shows up without a reload. `undefined` while loading. */
export function useDialogueRows(datasetId: string | null): DialogueRow[] | undefined {
  return useLiveQuery(() => (datasetId === null ? [] : listDialogueRows(getDb(), datasetId)), [datasetId]);
}
