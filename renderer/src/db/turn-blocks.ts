/**
 * How turns are stored since schema v6: one `turnBlocks` row per block of up to
 * BLOCK_MAX_DIALOGUES dialogues of one source, their turns encoded as in turn-packing.ts with one
 * string table and one table of distinct field values for the whole block.
 *
 * Why blocks (v5 had one row per dialogue): reading 20,000 dialogues' v5 rows back in Chromium
 * took ~1.7 s, and a raw IDBObjectStore.getAll of the same 20,000 rows took ~1.5 of it (Dexie
 * added almost nothing, unpacking ~0.14 s): the cost is per record and per structured-cloned
 * string (1.16 million, since every row held its own labels, field ids and speakers). The same
 * turns in 157 blocks of 128 dialogues come back from getAll in ~0.2 s, because the repeated
 * strings are stored once per block; ~0.1 s once each distinct field value (a label with its
 * codes and status, which recurs on most turns) is also stored once per block and a turn refers
 * to it by offset: 84 KB a block instead of 190 KB. Unpacking into Turn objects is now about
 * half of a read.
 *
 * A block's id is the id of its first dialogue, so a source's blocks lie in its key range
 * (`${sourceId}:` … `${sourceId}:\uffff`, by-source.ts) as long as all its dialogues are of
 * that source: blocks are formed per source (sourcePrefixOf). `dialogueIds` is a multi-entry
 * index, the way from a dialogue to its block.
 */
import type { Turn } from '../../../shared/model/dataset';
import { appendTurns, readTurns, StringTable, ValueTable } from './turn-packing';

/** Dialogues per block: ~84 KB of value for generated SID data, small enough that reading one dialogue (its whole block) stays a matter of milliseconds. */
export const BLOCK_MAX_DIALOGUES = 128;
/** A block also closes once it holds this many turns, so a few very long dialogues don't make one huge value. */
export const BLOCK_MAX_TURNS = 2_048;

export interface TurnBlockRow {
  /** the id of its first dialogue */
  id: string;
  /** its dialogues, in order; each dialogue is in exactly one block */
  dialogueIds: string[];
  /** per dialogue, its number of turns */
  turnCounts: Int32Array;
  /** per dialogue, where its turns end in `layout` (they begin where the previous dialogue's end) */
  layoutEnds: Int32Array;
  /** every turn of the block, so counting turns needs no unpacking */
  turnCount: number;
  /** every distinct string the block's turns use, in order of first use */
  strings: string[];
  /** the block's turns, dialogue after dialogue, in turn-packing.ts's encoding; each field value is an offset into `fieldValues` */
  layout: Int32Array;
  /** the distinct field values of the block's turns, each once (ValueTable) */
  fieldValues: Int32Array;
}

/** One dialogue's turns, in index order 0, 1, 2, … with their canonical ids. */
export type DialogueTurns = readonly [dialogueId: string, turns: readonly Turn[]];

/** The part of a dialogue id (`${sourceId}:${line}`) that names its source; '' when it has no ':'. */
export function sourcePrefixOf(dialogueId: string): string {
  const colon = dialogueId.lastIndexOf(':');
  return colon < 0 ? '' : dialogueId.slice(0, colon);
}

/** Packs these dialogues (which must be of one source) into one block, in the order given. */
export function packTurnBlock(dialogues: readonly DialogueTurns[]): TurnBlockRow {
  if (dialogues.length === 0) throw new Error('A turn block holds at least one dialogue');
  const table = new StringTable();
  const values = new ValueTable(table);
  const layout: number[] = [];
  const turnCounts = new Int32Array(dialogues.length);
  const layoutEnds = new Int32Array(dialogues.length);
  let turnCount = 0;
  const prefix = sourcePrefixOf(dialogues[0][0]);
  const seen = new Set<string>();
  dialogues.forEach(([dialogueId, turns], position) => {
    if (seen.has(dialogueId)) throw new Error(`Dialogue "${dialogueId}" is twice in one turn block`);
    seen.add(dialogueId);
    if (sourcePrefixOf(dialogueId) !== prefix) throw new Error(`Dialogue "${dialogueId}" cannot share a turn block with "${dialogues[0][0]}" (another source)`);
    appendTurns(table, layout, dialogueId, turns, values);
    turnCounts[position] = turns.length;
    layoutEnds[position] = layout.length;
    turnCount += turns.length;
  });
  return { id: dialogues[0][0], dialogueIds: dialogues.map(([dialogueId]) => dialogueId), turnCounts, layoutEnds, turnCount, strings: table.strings, layout: Int32Array.from(layout), fieldValues: Int32Array.from(values.records) };
}

/**
 * Packs dialogues into as few blocks as the limits allow: grouped by source, in the order given
 * within a source (the import passes them in key order, so a source's turns read back in key order).
 */
export function packTurnBlocks(dialogues: readonly DialogueTurns[]): TurnBlockRow[] {
  const bySource = new Map<string, DialogueTurns[]>();
  for (const entry of dialogues) {
    const prefix = sourcePrefixOf(entry[0]);
    const list = bySource.get(prefix);
    if (list) list.push(entry);
    else bySource.set(prefix, [entry]);
  }
  const blocks: TurnBlockRow[] = [];
  for (const list of bySource.values()) {
    let start = 0;
    while (start < list.length) {
      let end = start;
      let turns = 0;
      while (end < list.length && end - start < BLOCK_MAX_DIALOGUES && (end === start || turns + list[end][1].length <= BLOCK_MAX_TURNS)) {
        turns += list[end][1].length;
        end += 1;
      }
      blocks.push(packTurnBlock(list.slice(start, end)));
      start = end;
    }
  }
  return blocks;
}

function checkBlock(row: TurnBlockRow): void {
  const n = row.dialogueIds.length;
  if (row.turnCounts.length !== n || row.layoutEnds.length !== n || (n > 0 && row.layoutEnds[n - 1] !== row.layout.length)) {
    throw new Error(`The stored turn block "${row.id}" is damaged`);
  }
}

/** The turns of the block's dialogue at `position`, in order, each a fresh object. */
export function unpackBlockDialogue(row: TurnBlockRow, position: number): Turn[] {
  checkBlock(row);
  const from = position === 0 ? 0 : row.layoutEnds[position - 1];
  const turns: Turn[] = [];
  const dialogueId = row.dialogueIds[position];
  const at = readTurns(dialogueId, row.turnCounts[position], row.strings, row.layout, from, turns, row.fieldValues);
  if (at !== row.layoutEnds[position]) throw new Error(`The stored turns of dialogue "${dialogueId}" are damaged (read to ${at}, expected ${row.layoutEnds[position]})`);
  return turns;
}

/** Every dialogue of the block with its turns, in block order, each turn a fresh object. */
export function unpackTurnBlock(row: TurnBlockRow, into: Map<string, Turn[]>): void {
  checkBlock(row);
  let at = 0;
  for (let position = 0; position < row.dialogueIds.length; position++) {
    const dialogueId = row.dialogueIds[position];
    const turns: Turn[] = [];
    at = readTurns(dialogueId, row.turnCounts[position], row.strings, row.layout, at, turns, row.fieldValues);
    if (at !== row.layoutEnds[position]) throw new Error(`The stored turns of dialogue "${dialogueId}" are damaged (read to ${at}, expected ${row.layoutEnds[position]})`);
    into.set(dialogueId, turns);
  }
}

/** The dialogues of the block with their turns, in block order (for rewriting a block). */
export function blockDialogues(row: TurnBlockRow): [string, Turn[]][] {
  const turnsOf = new Map<string, Turn[]>();
  unpackTurnBlock(row, turnsOf);
  return [...turnsOf];
}
