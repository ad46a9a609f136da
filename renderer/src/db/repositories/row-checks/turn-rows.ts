/**
 * The rows turns are stored in: blocks of dialogues since schema v6 (turn-blocks.ts), one packed
 * row per dialogue in v5, one row per turn before. A block is unpacked and every turn held to
 * the import's rules (validateTurn); its columns must agree with each other first, so a damaged
 * block can neither loop on a count it does not hold nor read past its arrays.
 */
import type { Turn } from '../../../../../shared/model/dataset';
import { turnIdOf } from '../../ids';
import { sourcePrefixOf, type TurnBlockRow } from '../../turn-blocks';
import { readTurns, type DialogueTurnsRow } from '../../turn-packing';
import { turnRow, validateTurn } from '../validate';
import { both, count, fail, list, RowProblem, shape, text, type Check } from './check';

/** Every packed turn takes at least this many numbers of the layout (its scalars and field count). */
const NUMBERS_PER_TURN = 7;

const int32s: Check = (value, path) => {
  if (value === undefined) fail(path, 'missing', 'is missing');
  if (!(value instanceof Int32Array)) fail(path, 'not-list', 'must be a list of whole numbers (Int32Array)');
};

const blockShape = shape<TurnBlockRow>({
  id: text(),
  dialogueIds: list(text(), { min: 1 }),
  turnCounts: int32s,
  layoutEnds: int32s,
  turnCount: count,
  strings: list(text({ empty: true })),
  layout: int32s,
  fieldValues: int32s,
});

function checkTurns(turns: readonly Turn[], dialogueId: string, path: string): void {
  turns.forEach((turn, index) => {
    try {
      validateTurn(turn, `dialogue ${dialogueId}`);
    } catch (error) {
      const field = error instanceof RowProblem ? error.field : '';
      fail(`${path}[${dialogueId}].turns[${index}]${field ? `.${field}` : ''}`, error instanceof RowProblem ? error.code : 'refused', error instanceof Error ? error.message : String(error), error instanceof RowProblem ? error.params : {});
    }
    if (turn.id !== turnIdOf(dialogueId, index)) fail(`${path}[${dialogueId}].turns[${index}]`, 'inconsistent', 'is not in index order');
  });
}

/** Reads `turnCount` turns at `from`, refusing what the layout cannot hold. */
function read(row: { strings: string[]; layout: Int32Array }, dialogueId: string, turnCount: number, from: number, end: number, values: Int32Array | undefined, path: string): Turn[] {
  if (turnCount * NUMBERS_PER_TURN > end - from) fail(path, 'inconsistent', `says dialogue ${dialogueId} has ${turnCount} turns, more than its layout holds`);
  const turns: Turn[] = [];
  let at: number;
  try {
    at = readTurns(dialogueId, turnCount, row.strings, row.layout, from, turns, values);
  } catch (error) {
    return fail(path, 'inconsistent', error instanceof Error ? error.message : String(error));
  }
  if (at !== end) fail(path, 'inconsistent', `the turns of dialogue ${dialogueId} end at ${at} of its layout, not at ${end}`);
  return turns;
}

/** The dialogues of a block with their turn counts, for the restore's reference checks. */
export function blockTurnCounts(row: TurnBlockRow): [string, number][] {
  return row.dialogueIds.map((dialogueId, position) => [dialogueId, row.turnCounts[position]!]);
}

export const turnBlockRow = both(blockShape, (value) => {
  const row = value as TurnBlockRow;
  const n = row.dialogueIds.length;
  if (row.id !== row.dialogueIds[0]) fail('id', 'wrong-id', 'must be the id of its first dialogue', { expected: row.dialogueIds[0]! });
  if (row.turnCounts.length !== n || row.layoutEnds.length !== n) fail('turnCounts', 'inconsistent', `must hold one count and one end per dialogue (${n})`);
  if (new Set(row.dialogueIds).size !== n) fail('dialogueIds', 'inconsistent', 'names a dialogue twice');
  const prefix = sourcePrefixOf(row.dialogueIds[0]!);
  const stranger = row.dialogueIds.findIndex((dialogueId) => sourcePrefixOf(dialogueId) !== prefix);
  if (stranger >= 0) fail(`dialogueIds[${stranger}]`, 'inconsistent', 'is of another source than the block\'s first dialogue');
  let total = 0;
  let from = 0;
  row.dialogueIds.forEach((dialogueId, position) => {
    const turnCount = row.turnCounts[position]!;
    const end = row.layoutEnds[position]!;
    if (turnCount < 0 || end < from || end > row.layout.length) fail(`layoutEnds[${position}]`, 'inconsistent', `does not fit the layout (${end} of ${row.layout.length})`);
    total += turnCount;
    checkTurns(read(row, dialogueId, turnCount, from, end, row.fieldValues, `turnCounts[${position}]`), dialogueId, 'dialogues');
    from = end;
  });
  if (from !== row.layout.length) fail('layoutEnds', 'inconsistent', `end at ${from}, not at the layout's end (${row.layout.length})`);
  if (total !== row.turnCount) fail('turnCount', 'inconsistent', `is ${row.turnCount}, but the dialogues have ${total} turns`);
});

/** A schema-v5 row: one dialogue's turns, packed (turn-packing.ts). */
export const dialogueTurnsRow = both(
  shape<DialogueTurnsRow>({ dialogueId: text(), turnCount: count, strings: list(text({ empty: true })), layout: int32s }),
  (value) => {
    const row = value as DialogueTurnsRow;
    checkTurns(read(row, row.dialogueId, row.turnCount, 0, row.layout.length, undefined, 'layout'), row.dialogueId, 'dialogues');
  },
);

/** A row of the v1–v4 `turns` table: a turn as the import made it. */
export const storedTurnRow = both(turnRow, (value) => {
  const turn = value as Turn;
  if (turn.id !== turnIdOf(turn.dialogueId, turn.index)) fail('id', 'wrong-id', 'must be "<dialogue id>#<index>"', { expected: turnIdOf(turn.dialogueId, turn.index) });
});
