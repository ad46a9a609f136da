/**
 * v9 → v10 (schema.ts): every edit-log entry gets the `datasetId` of its dialogue (the audit view
 * reads a data set's entries by that index) and a `reason` read off what it changed. Entries are
 * rewritten a page at a time inside Dexie's upgrade transaction: if anything throws, the database
 * stays at v9 with nothing changed. An entry whose dialogue is gone keeps no `datasetId` (nothing
 * would find it by data set anyway; deleteDataset removed such entries since v1).
 */
import type { Transaction } from 'dexie';
import type { AuditReason, EditLogEntry } from '../../../../shared/model/edit-log';

export const UPGRADE_PAGE_ENTRIES = 1000;

export async function upgradeToV10(tx: Transaction, pageEntries = UPGRADE_PAGE_ENTRIES): Promise<void> {
  const log = tx.table<EditLogEntry, number>('editLog');
  const dialogues = tx.table<{ id: string; datasetId: string }, string>('dialogues');
  const datasetOf = new Map<string, string | undefined>();
  let after = 0;
  for (;;) {
    const entries = await log.where(':id').above(after).limit(pageEntries).toArray();
    if (entries.length === 0) break;
    const missing = [...new Set(entries.map((entry) => entry.dialogueId))].filter((id) => !datasetOf.has(id));
    const found = await dialogues.bulkGet(missing);
    missing.forEach((id, index) => datasetOf.set(id, found[index]?.datasetId));
    const rewritten = entries.map((entry) => {
      const next: EditLogEntry = { ...entry, reason: entry.reason ?? reasonOfV9Entry(entry) };
      const datasetId = datasetOf.get(entry.dialogueId);
      if (datasetId !== undefined && next.datasetId === undefined) next.datasetId = datasetId;
      return next;
    });
    await log.bulkPut(rewritten);
    after = entries[entries.length - 1].seq ?? after;
  }
}

/** What a v9 entry did, from its target and values (v9 entries were written by review only). */
export function reasonOfV9Entry(entry: Pick<EditLogEntry, 'target' | 'before' | 'after'>): AuditReason {
  if (entry.target.kind === 'turn') return (entry.after as { verified?: boolean } | null)?.verified ? 'verified' : 'unverified';
  if (entry.target.kind === 'dialogue') {
    return statusOf(entry.before) !== statusOf(entry.after) ? 'status' : 'teacher-model';
  }
  const after = entry.after as { decision?: string } | null;
  if (after === null || after === undefined) return 'cleared';
  if (after.decision === 'accepted') return 'accepted';
  if (after.decision === 'unsure') return 'unsure';
  return 'corrected';
}

/** The oldest entries held the status itself, later ones `{ status, teacherModel }`. */
function statusOf(value: unknown): unknown {
  return typeof value === 'string' ? value : (value as { status?: string } | null)?.status;
}
