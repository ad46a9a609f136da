/**
 * v5 → v6 (schema.ts): regroups every packed `dialogueTurns` row (one per dialogue) into
 * `turnBlocks` (several dialogues of one source per row, turn-blocks.ts), in key order, and drops
 * `dialogueTurns`. Runs inside Dexie's upgrade transaction: if anything throws, the database
 * stays at v5 with nothing changed.
 */
import type { Transaction } from 'dexie';
import { packTurnBlocks } from '../turn-blocks';
import { type DialogueTurnsRow, unpackTurns } from '../turn-packing';

export async function upgradeToV6(tx: Transaction): Promise<void> {
  const rows: DialogueTurnsRow[] = await tx.table('dialogueTurns').toArray();
  await tx.table('turnBlocks').bulkAdd(packTurnBlocks(rows.map((row) => [row.dialogueId, unpackTurns(row)] as const)));
}
