/**
 * Every read and write of turns. Turns are stored packed, one row per dialogue (turn-packing.ts);
 * these functions give and take plain Turn objects, so no caller sees the layout.
 */
import type { Turn } from '../../../../shared/model/dataset';
import type { MaieuticDb } from '../db';
import { type DialogueTurnsRow, packTurns, parseTurnId, unpackTurns } from '../turn-packing';

/** Groups turns by dialogue and packs each group (turns of a dialogue in any order). */
export function packTurnsByDialogue(turns: readonly Turn[]): DialogueTurnsRow[] {
  const byDialogue = new Map<string, Turn[]>();
  for (const turn of turns) {
    const list = byDialogue.get(turn.dialogueId);
    if (list) list.push(turn);
    else byDialogue.set(turn.dialogueId, [turn]);
  }
  return [...byDialogue].map(([dialogueId, list]) => packTurns(dialogueId, [...list].sort((a, b) => a.index - b.index)));
}

/** Stores (or replaces) the turns of each dialogue they belong to: every turn of such a dialogue, not some of them. */
export async function putDialogueTurns(db: MaieuticDb, turns: readonly Turn[]): Promise<void> {
  await db.dialogueTurns.bulkPut(packTurnsByDialogue(turns));
}

/** The turns of one dialogue in order; empty when it has none stored. */
export async function listTurns(db: MaieuticDb, dialogueId: string): Promise<Turn[]> {
  const row = await db.dialogueTurns.get(dialogueId);
  return row ? unpackTurns(row) : [];
}

/** The turns of these dialogues, each list in order; a dialogue without stored turns is left out. */
export async function turnsOfDialogues(db: MaieuticDb, dialogueIds: readonly string[]): Promise<Map<string, Turn[]>> {
  const rows = await db.dialogueTurns.bulkGet([...new Set(dialogueIds)]);
  const turns = new Map<string, Turn[]>();
  for (const row of rows) if (row) turns.set(row.dialogueId, unpackTurns(row));
  return turns;
}

/** One turn by id; undefined when the id is not a turn id or no such turn is stored. */
export async function getTurn(db: MaieuticDb, turnId: string): Promise<Turn | undefined> {
  const parsed = parseTurnId(turnId);
  if (!parsed) return undefined;
  const row = await db.dialogueTurns.get(parsed.dialogueId);
  if (!row || parsed.index >= row.turnCount) return undefined;
  return unpackTurns(row)[parsed.index];
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

export async function deleteTurnsOf(db: MaieuticDb, dialogueIds: readonly string[]): Promise<void> {
  await db.dialogueTurns.bulkDelete([...dialogueIds]);
}

/** How many turns are stored, over all data sets (packed rows are counted without unpacking). */
export async function countStoredTurns(db: MaieuticDb): Promise<number> {
  let total = 0;
  await db.dialogueTurns.each((row) => {
    total += row.turnCount;
  });
  return total;
}
