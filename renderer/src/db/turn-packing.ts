/**
 * How turns are encoded: a table of the distinct strings they use and one Int32Array that walks
 * the turns. Schema v5 stored one `dialogueTurns` row per dialogue so encoded (DialogueTurnsRow,
 * still read by the v5 → v6 upgrade); v6 stores blocks of dialogues sharing one table
 * (turn-blocks.ts), with the same per-dialogue encoding.
 *
 * Why not one row per turn (v1–v4): IndexedDB's cost is per record and per object it has to
 * structured-clone. A turn row is ~35 objects and strings (nine field values, each with two
 * arrays), and reading 20,000 dialogues meant 100,000 records through the `dialogueId` index:
 * 4.2 s in Chromium, and storing them took 11.4 s. Per dialogue, the pre-annotation labels
 * repeat ("引出概念", "ok", "teacher", field ids…), so the packed row holds each string once and
 * the rest is numbers, which cross the structured clone as one buffer.
 * `tests/bench/idb` times the app's layout beside the v4 one.
 *
 * A Turn's id, dialogueId and index are not stored: the id is always turnIdOf(dialogueId, index)
 * and the index the position (import refuses anything else), so they are rebuilt on unpacking.
 */
import type { AlignmentKind, FieldValue, FieldValues, SpeakerCode, Turn, ValueStatus } from '../../../shared/model/dataset';
import { turnIdOf } from './ids';

/** One dialogue's turns, packed: a schema-v5 row. */
export interface DialogueTurnsRow {
  dialogueId: string;
  turnCount: number;
  /** every distinct string the turns use, in order of first use */
  strings: string[];
  /**
   * Per turn: speaker, speakerRaw, utterance, endMarker (0/1), alignment, fragments, the number
   * of pre-annotation fields, then per field: field id, raw, status, the number of codes, the
   * codes, the number of unknown parts, the unknown parts. Strings are indexes into `strings`.
   */
  layout: Int32Array;
}

/**
 * Every key of Turn and FieldValue, so that adding one to the model without packing it is a
 * type error here rather than a value silently lost on the way into IndexedDB.
 */
const PACKED_TURN_KEYS = ['id', 'dialogueId', 'index', 'speaker', 'speakerRaw', 'utterance', 'endMarker', 'pre', 'alignment', 'fragments'] as const satisfies readonly (keyof Turn)[];
const PACKED_VALUE_KEYS = ['raw', 'codes', 'unknown', 'status'] as const satisfies readonly (keyof FieldValue)[];
type Exhaustive<Listed extends PropertyKey, All extends PropertyKey> = [All] extends [Listed] ? true : never;
const turnKeysListed: Exhaustive<(typeof PACKED_TURN_KEYS)[number], keyof Turn> = true;
const valueKeysListed: Exhaustive<(typeof PACKED_VALUE_KEYS)[number], keyof FieldValue> = true;
void turnKeysListed;
void valueKeysListed;

/** The distinct strings of packed turns, each given the index of its first use. */
export class StringTable {
  readonly strings: string[] = [];
  private readonly indexOf = new Map<string, number>();

  ref(value: string): number {
    let index = this.indexOf.get(value);
    if (index === undefined) {
      index = this.strings.length;
      this.strings.push(value);
      this.indexOf.set(value, index);
    }
    return index;
  }
}

/** A field value as numbers: field id, raw, status, the number of codes, the codes, the number of unknown parts, the parts (strings as indexes). */
function valueRecord(table: StringTable, fieldId: string, value: FieldValue): number[] {
  const record = [table.ref(fieldId), table.ref(value.raw), table.ref(value.status), value.codes.length];
  for (const code of value.codes) record.push(table.ref(code));
  record.push(value.unknown.length);
  for (const part of value.unknown) record.push(table.ref(part));
  return record;
}

/**
 * The distinct field values of a v6 block, each written once (the same label recurs on most
 * turns) and referred to from the turns by its offset in `records`.
 */
export class ValueTable {
  readonly records: number[] = [];
  private readonly offsetOf = new Map<string, number>();

  constructor(private readonly table: StringTable) {}

  ref(fieldId: string, value: FieldValue): number {
    const record = valueRecord(this.table, fieldId, value);
    const key = record.join(',');
    let offset = this.offsetOf.get(key);
    if (offset === undefined) {
      offset = this.records.length;
      for (const number of record) this.records.push(number);
      this.offsetOf.set(key, offset);
    }
    return offset;
  }
}

/**
 * Appends one dialogue's turns, which must be in index order 0, 1, 2, … with their canonical ids,
 * to `layout`, their strings to `table`. A v5 row writes each field value into the layout; a v6
 * block (turn-blocks.ts, several dialogues sharing one table) passes `values` and writes the
 * value's offset there instead.
 */
export function appendTurns(table: StringTable, layout: number[], dialogueId: string, turns: readonly Turn[], values?: ValueTable): void {
  turns.forEach((turn, position) => {
    if (turn.dialogueId !== dialogueId || turn.index !== position || turn.id !== turnIdOf(dialogueId, position)) {
      throw new Error(`Turn "${turn.id}" cannot be stored as turn ${position} of dialogue "${dialogueId}"`);
    }
    if (!Number.isInteger(turn.fragments) || turn.fragments < 0 || turn.fragments > 0x7fffffff) {
      throw new Error(`Turn "${turn.id}": fragments must be a whole number (got ${String(turn.fragments)})`);
    }
    layout.push(table.ref(turn.speaker), table.ref(turn.speakerRaw), table.ref(turn.utterance), turn.endMarker ? 1 : 0, table.ref(turn.alignment), turn.fragments);
    const fieldIds = Object.keys(turn.pre);
    layout.push(fieldIds.length);
    for (const fieldId of fieldIds) {
      if (values) layout.push(values.ref(fieldId, turn.pre[fieldId]));
      else for (const number of valueRecord(table, fieldId, turn.pre[fieldId])) layout.push(number);
    }
  });
}

/** Packs one dialogue's turns into a v5 row (the v5 → v6 upgrade reads these). */
export function packTurns(dialogueId: string, turns: readonly Turn[]): DialogueTurnsRow {
  const table = new StringTable();
  const layout: number[] = [];
  appendTurns(table, layout, dialogueId, turns);
  return { dialogueId, turnCount: turns.length, strings: table.strings, layout: Int32Array.from(layout) };
}

/** Exact-size arrays: most lists hold zero, one or two strings, and a pushed-to array would reserve 17 slots. */
function readStrings(strings: readonly string[], layout: Int32Array, from: number, count: number): string[] {
  if (count === 0) return [];
  if (count === 1) return [strings[layout[from]]];
  if (count === 2) return [strings[layout[from]], strings[layout[from + 1]]];
  const list: string[] = [];
  for (let i = 0; i < count; i++) list.push(strings[layout[from + i]]);
  return list;
}

/**
 * Reads `turnCount` turns of one dialogue from `layout`, starting at `from`, each a fresh object
 * (callers may keep or change them); returns where the next dialogue's turns begin. `values` is
 * the block's field values when the layout refers to them by offset (v6), absent for a v5 row.
 */
export function readTurns(dialogueId: string, turnCount: number, strings: readonly string[], layout: Int32Array, from: number, into: Turn[], values?: Int32Array): number {
  let at = from;
  for (let index = 0; index < turnCount; index++) {
    const speaker = strings[layout[at++]] as SpeakerCode;
    const speakerRaw = strings[layout[at++]];
    const utterance = strings[layout[at++]];
    const endMarker = layout[at++] === 1;
    const alignment = strings[layout[at++]] as AlignmentKind;
    const fragments = layout[at++];
    const fieldCount = layout[at++];
    const pre: FieldValues = {};
    for (let f = 0; f < fieldCount; f++) {
      const record = values ?? layout;
      const offset = values ? layout[at++] : at;
      const codeCount = record[offset + 3];
      const unknownCount = record[offset + 4 + codeCount];
      const end = offset + 5 + codeCount + unknownCount;
      if (!(offset >= 0 && end <= record.length)) throw new Error(`The stored turns of dialogue "${dialogueId}" are damaged (a field value at ${offset} of ${record.length})`);
      if (!values) at = end;
      const fieldId = strings[record[offset]];
      const value: FieldValue = {
        raw: strings[record[offset + 1]],
        codes: readStrings(strings, record, offset + 4, codeCount),
        unknown: readStrings(strings, record, offset + 5 + codeCount, unknownCount),
        status: strings[record[offset + 2]] as ValueStatus,
      };
      // A plain assignment to "__proto__" would set the prototype, not a field.
      if (fieldId === '__proto__') Object.defineProperty(pre, fieldId, { value, enumerable: true, writable: true, configurable: true });
      else pre[fieldId] = value;
    }
    // The key order of the v4 rows (the parsed turn, then its ids), so JSON of a turn reads as it did.
    into.push({ index, speaker, speakerRaw, utterance, endMarker, pre, alignment, fragments, id: turnIdOf(dialogueId, index), dialogueId });
  }
  if (at > layout.length) throw new Error(`The stored turns of dialogue "${dialogueId}" are damaged (layout length ${layout.length}, read ${at})`);
  return at;
}

/** The turns of a v5 row, in order, each a fresh object (callers may keep or change them). */
export function unpackTurns(row: DialogueTurnsRow): Turn[] {
  const turns: Turn[] = [];
  const at = readTurns(row.dialogueId, row.turnCount, row.strings, row.layout, 0, turns);
  if (at !== row.layout.length) throw new Error(`The stored turns of dialogue "${row.dialogueId}" are damaged (layout length ${row.layout.length}, read ${at})`);
  return turns;
}

/** The dialogue a turn id belongs to and its index; null when the id is not a turn id. */
export function parseTurnId(turnId: string): { dialogueId: string; index: number } | null {
  const hash = turnId.lastIndexOf('#');
  if (hash <= 0) return null;
  const digits = turnId.slice(hash + 1);
  if (!/^(0|[1-9]\d*)$/.test(digits)) return null;
  return { dialogueId: turnId.slice(0, hash), index: Number(digits) };
}
