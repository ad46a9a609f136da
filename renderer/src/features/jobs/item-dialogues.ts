/**
 * A job's items are dialogue ids (`${sourceId}:${line}`), which mean nothing to a reader: the
 * Jobs panel names each failed item by its file, line and dialogue key, and opens it in review.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Dialogue } from '../../../../shared/model/dataset';
import { getDb } from '../../db/db';
import { loadDialogueNames } from '../../db/repositories/dialogue-names';
import { getDialogues } from '../../db/repositories/dialogues';

export type ItemDialogue = Pick<Dialogue, 'id' | 'datasetId' | 'externalId' | 'file' | 'line'> & {
  /** the id as a person reads it: with the teacher model where another model of the data set holds it */
  name: string;
};

/** The stored dialogues of these item ids, by id; an id with no stored dialogue (deleted since) is absent. */
export function useItemDialogues(itemIds: readonly string[]): ReadonlyMap<string, ItemDialogue> {
  const key = itemIds.join('\n');
  const found = useLiveQuery(async () => {
    if (itemIds.length === 0) return new Map<string, ItemDialogue>();
    const db = getDb();
    const rows = [...(await getDialogues(db, [...new Set(itemIds)])).values()];
    const namesByDataset = new Map(await Promise.all([...new Set(rows.map((row) => row.datasetId))].map(async (datasetId) => [datasetId, await loadDialogueNames(db, datasetId)] as const)));
    return new Map(rows.map(({ id, datasetId, externalId, file, line }) => [id, { id, datasetId, externalId, file, line, name: namesByDataset.get(datasetId)?.[id] ?? externalId }]));
    // the ids are the dependency, compared as text: the array is rebuilt on every render
  }, [key]);
  return found ?? EMPTY;
}

const EMPTY: ReadonlyMap<string, ItemDialogue> = new Map();

/** `a.jsonl:3 (7-2-1)` (`a.jsonl:3 (7-2-1 · GPT-4o)` where another model holds 7-2-1), or the id itself when the dialogue is no longer stored. */
export function itemLabel(itemId: string, dialogue: ItemDialogue | undefined): string {
  if (!dialogue) return itemId;
  const place = `${dialogue.file}:${dialogue.line}`;
  return dialogue.externalId === place ? place : `${place} (${dialogue.name})`;
}
