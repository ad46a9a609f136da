/**
 * Every read and write of turns by dialogue. Turns are stored packed, in blocks of dialogues of
 * one source (turn-blocks.ts); these functions give and take plain Turn objects, so no caller
 * sees the layout. Writes that rewrite a block run in one transaction, so a block is never left
 * half-changed.
 */
import type { Turn } from '../../../../shared/model/dataset';
import type { MaieuticDb } from '../db';
import { blockDialogues, type DialogueTurns, packTurnBlock, packTurnBlocks, type TurnBlockRow, unpackBlockDialogue, unpackTurnBlock } from '../turn-blocks';
import { parseTurnId } from '../turn-packing';
import { checkedRows } from './row-checks';

/** Groups turns by dialogue, each list in index order (turns of a dialogue in any order). */
function groupByDialogue(turns: readonly Turn[]): Map<string, Turn[]> {
  const byDialogue = new Map<string, Turn[]>();
  for (const turn of turns) {
    const list = byDialogue.get(turn.dialogueId);
    if (list) list.push(turn);
    else byDialogue.set(turn.dialogueId, [turn]);
  }
  for (const list of byDialogue.values()) list.sort((a, b) => a.index - b.index);
  return byDialogue;
}

/** The block holding one dialogue, if any. */
function blockOf(db: MaieuticDb, dialogueId: string): Promise<TurnBlockRow | undefined> {
  return db.turnBlocks.where('dialogueIds').equals(dialogueId).first();
}

/** The blocks holding any of these dialogues, each once. */
async function blocksOf(db: MaieuticDb, dialogueIds: readonly string[]): Promise<TurnBlockRow[]> {
  const wanted = [...new Set(dialogueIds)];
  if (wanted.length === 0) return [];
  if (wanted.length === 1) {
    const block = await blockOf(db, wanted[0]);
    return block ? [block] : [];
  }
  // One index lookup per dialogue, all in flight at once in one transaction (the caller's, if
  // any): `anyOf` walks the index with a cursor, one round trip per step, and took ~1.9 s for the
  // 500 turns of a confusion cell in Chromium.
  return db.transaction('r', db.turnBlocks, async () => {
    const blockIds = await Promise.all(wanted.map((dialogueId) => db.turnBlocks.where('dialogueIds').equals(dialogueId).primaryKeys()));
    const blocks = await db.turnBlocks.bulkGet([...new Set(blockIds.flat())]);
    return blocks.filter((block) => block !== undefined);
  });
}

/**
 * Stores (or replaces) the turns of each dialogue they belong to: every turn of such a dialogue,
 * not some of them. A dialogue already stored keeps its block; new ones get new blocks.
 */
export async function putDialogueTurns(db: MaieuticDb, turns: readonly Turn[]): Promise<void> {
  const byDialogue = groupByDialogue(turns);
  await db.transaction('rw', db.turnBlocks, async () => {
    const rewritten = (await blocksOf(db, [...byDialogue.keys()])).map((block) =>
      packTurnBlock(
        blockDialogues(block).map(([dialogueId, stored]): DialogueTurns => {
          const replacement = byDialogue.get(dialogueId);
          byDialogue.delete(dialogueId);
          return [dialogueId, replacement ?? stored];
        }),
      ),
    );
    await db.turnBlocks.bulkPut(checkedRows('turnBlocks', [...rewritten, ...packTurnBlocks([...byDialogue])]));
  });
}

/** The turns of one dialogue in order; empty when it has none stored. */
export async function listTurns(db: MaieuticDb, dialogueId: string): Promise<Turn[]> {
  const block = await blockOf(db, dialogueId);
  return block ? unpackBlockDialogue(block, block.dialogueIds.indexOf(dialogueId)) : [];
}

/** The turns of these dialogues, each list in order; a dialogue without stored turns is left out. */
export async function turnsOfDialogues(db: MaieuticDb, dialogueIds: readonly string[]): Promise<Map<string, Turn[]>> {
  const wanted = new Set(dialogueIds);
  const turns = new Map<string, Turn[]>();
  for (const block of await blocksOf(db, [...wanted])) {
    // a block wanted whole (the usual case: a data set's dialogues) is read in one pass
    if (block.dialogueIds.every((id) => wanted.has(id))) unpackTurnBlock(block, turns);
    else block.dialogueIds.forEach((id, position) => wanted.has(id) && turns.set(id, unpackBlockDialogue(block, position)));
  }
  return turns;
}

/** One turn by id; undefined when the id is not a turn id or no such turn is stored. */
export async function getTurn(db: MaieuticDb, turnId: string): Promise<Turn | undefined> {
  const parsed = parseTurnId(turnId);
  if (!parsed) return undefined;
  const block = await blockOf(db, parsed.dialogueId);
  if (!block) return undefined;
  const position = block.dialogueIds.indexOf(parsed.dialogueId);
  if (parsed.index >= block.turnCounts[position]) return undefined;
  return unpackBlockDialogue(block, position)[parsed.index];
}

/** These turns by id (the turns behind a confusion cell); ids of turns not stored are left out. */
export async function getTurns(db: MaieuticDb, turnIds: readonly string[]): Promise<Map<string, Turn>> {
  const wanted = turnIds.map(parseTurnId).filter((parsed) => parsed !== null);
  const turnsOf = await turnsOfDialogues(db, wanted.map((parsed) => parsed.dialogueId));
  const found = new Map<string, Turn>();
  for (const { dialogueId, index } of wanted) {
    const turn = turnsOf.get(dialogueId)?.[index];
    if (turn) found.set(turn.id, turn);
  }
  return found;
}

/** Removes the turns of these dialogues; the other dialogues of their blocks keep theirs. */
export async function deleteTurnsOf(db: MaieuticDb, dialogueIds: readonly string[]): Promise<void> {
  const gone = new Set(dialogueIds);
  await db.transaction('rw', db.turnBlocks, async () => {
    const deleted: string[] = [];
    const rewritten: TurnBlockRow[] = [];
    for (const block of await blocksOf(db, [...gone])) {
      if (block.dialogueIds.every((id) => gone.has(id))) {
        deleted.push(block.id);
        continue;
      }
      const kept = packTurnBlock(blockDialogues(block).filter(([dialogueId]) => !gone.has(dialogueId)));
      // the block is keyed by its first dialogue: when that one goes, the block moves to the next
      if (kept.id !== block.id) deleted.push(block.id);
      rewritten.push(kept);
    }
    await db.turnBlocks.bulkDelete(deleted);
    await db.turnBlocks.bulkPut(checkedRows('turnBlocks', rewritten));
  });
}

/** How many turns are stored, over all data sets (blocks are counted without unpacking). */
export async function countStoredTurns(db: MaieuticDb): Promise<number> {
  let total = 0;
  await db.turnBlocks.each((block) => {
    total += block.turnCount;
  });
  return total;
}
