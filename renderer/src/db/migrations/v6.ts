/**
 * v5 → v6 (schema.ts): regroups every packed `dialogueTurns` row (one per dialogue) into
 * `turnBlocks` (several dialogues of one source per row, turn-blocks.ts), in key order, and drops
 * `dialogueTurns`. Runs inside Dexie's upgrade transaction: if anything throws, the database
 * stays at v5 with nothing changed.
 *
 * The rows are read a page at a time and each block is written as soon as it is full, so a large
 * profile is never held in memory whole (20,000 dialogues of turns, unpacked, are a few hundred
 * MB). The blocks are the ones packTurnBlocks makes of all the rows at once: the rows come in key
 * order, a source's dialogues are contiguous in it, and a block closes on the same three
 * conditions (another source, BLOCK_MAX_DIALOGUES, BLOCK_MAX_TURNS).
 */
import type { Transaction } from 'dexie';
import { BLOCK_MAX_DIALOGUES, BLOCK_MAX_TURNS, type DialogueTurns, packTurnBlock, sourcePrefixOf, type TurnBlockRow } from '../turn-blocks';
import { type DialogueTurnsRow, unpackTurns } from '../turn-packing';

/** v5 rows read per step of the upgrade */
export const UPGRADE_PAGE_ROWS = 500;

export async function upgradeToV6(tx: Transaction, pageRows = UPGRADE_PAGE_ROWS): Promise<void> {
  const rowsTable = tx.table('dialogueTurns');
  const blocksTable = tx.table('turnBlocks');
  let pending: DialogueTurns[] = [];
  let pendingTurns = 0;
  let pendingSource = '';
  let after: string | null = null;
  for (;;) {
    const rows: DialogueTurnsRow[] = await (after === null ? rowsTable.orderBy(':id') : rowsTable.where(':id').above(after)).limit(pageRows).toArray();
    if (rows.length === 0) break;
    const full: TurnBlockRow[] = [];
    for (const row of rows) {
      const turns = unpackTurns(row);
      const source = sourcePrefixOf(row.dialogueId);
      if (pending.length > 0 && (source !== pendingSource || pending.length >= BLOCK_MAX_DIALOGUES || pendingTurns + turns.length > BLOCK_MAX_TURNS)) {
        full.push(packTurnBlock(pending));
        pending = [];
        pendingTurns = 0;
      }
      pending.push([row.dialogueId, turns]);
      pendingTurns += turns.length;
      pendingSource = source;
    }
    if (full.length > 0) await blocksTable.bulkAdd(full);
    after = rows[rows.length - 1].dialogueId;
  }
  if (pending.length > 0) await blocksTable.add(packTurnBlock(pending));
}
