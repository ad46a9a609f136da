/**
 * v4 → v5 (schema.ts): packs every turn row into its dialogue's `dialogueTurns` row, a page of
 * dialogues at a time, and gives every review row the annotator who did it. Runs inside Dexie's upgrade transaction: if anything
 * throws, the database stays at v4 with nothing changed.
 */
import type { Transaction } from 'dexie';
import type { Annotator } from '../../../../shared/model/annotator';
import type { Turn } from '../../../../shared/model/dataset';
import { newId } from '../ids';
import { packTurns } from '../turn-packing';

const REVIEW_TABLES = ['fieldReviews', 'turnReviews', 'dialogueReviews'] as const;

/** dialogues whose v4 turn rows are read per step of the upgrade */
export const UPGRADE_PAGE_DIALOGUES = 500;

/**
 * A page of dialogues at a time, through the `dialogueId` index (their ids in order, then the
 * turns of each page's id range), so a large profile's turns are never all in memory at once.
 */
async function packAllTurns(tx: Transaction, pageDialogues: number): Promise<void> {
  const turnsTable = tx.table('turns');
  const dialogueIds = (await turnsTable.orderBy('dialogueId').uniqueKeys()) as string[];
  for (let start = 0; start < dialogueIds.length; start += pageDialogues) {
    const page = dialogueIds.slice(start, start + pageDialogues);
    const turns: Turn[] = await turnsTable.where('dialogueId').between(page[0], page[page.length - 1], true, true).toArray();
    const byDialogue = new Map<string, Turn[]>(page.map((dialogueId) => [dialogueId, []]));
    for (const turn of turns) byDialogue.get(turn.dialogueId)!.push(turn);
    const rows = [...byDialogue].map(([dialogueId, list]) => packTurns(dialogueId, list.sort((a, b) => a.index - b.index)));
    await tx.table('dialogueTurns').bulkAdd(rows);
  }
}

async function assignAnnotators(tx: Transaction, now: string): Promise<void> {
  const setting = await tx.table('settings').get('reviewerName');
  const settingsName = typeof setting?.value === 'string' ? setting.value.trim() : '';
  const names = new Set<string>(settingsName ? [settingsName] : []);
  for (const table of REVIEW_TABLES) {
    await tx.table(table).each((row: { reviewer?: unknown }) => {
      if (typeof row.reviewer === 'string' && row.reviewer !== '') names.add(row.reviewer);
    });
  }
  const annotators: Annotator[] = [...names].map((name) => ({ id: newId(), name, role: 'expert', kind: 'human', createdAt: now }));
  if (annotators.length === 0) return;
  await tx.table('annotators').bulkAdd(annotators);
  const idOf = new Map(annotators.map((annotator) => [annotator.name, annotator.id]));
  // A row without a reviewer name (none is written so, but a hand-edited profile may hold one) is the settings reviewer's.
  const fallback = settingsName ? idOf.get(settingsName) : annotators[0].id;
  for (const table of REVIEW_TABLES) {
    await tx.table(table).toCollection().modify((row: { reviewer?: unknown; annotatorId?: string }) => {
      row.annotatorId = (typeof row.reviewer === 'string' ? idOf.get(row.reviewer) : undefined) ?? fallback;
    });
  }
}

export async function upgradeToV5(tx: Transaction, now: () => Date = () => new Date(), pageDialogues = UPGRADE_PAGE_DIALOGUES): Promise<void> {
  await packAllTurns(tx, pageDialogues);
  await assignAnnotators(tx, now().toISOString());
}
