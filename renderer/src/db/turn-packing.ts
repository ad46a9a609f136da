/**
 * How a dialogue's turns are stored (schema v5): one `dialogueTurns` row per dialogue, its turns
 * packed into a table of the distinct strings they use and one Int32Array that walks the turns.
 *
 * Why not one row per turn (v1–v4): IndexedDB's cost is per record and per object it has to
 * structured-clone. A turn row is ~35 objects and strings (nine field values, each with two
 * arrays), and reading 20,000 dialogues meant 100,000 records through the `dialogueId` index:
 * 4.2 s in Chromium, and storing them took 11.4 s. Per dialogue, the pre-annotation labels
 * repeat ("引出概念", "ok", "teacher", field ids…), so the packed row holds each string once and
 * the rest is numbers, which cross the structured clone as one buffer.
 * `tests/bench/idb` times both layouts; the packed one is the only one the app reads or writes.
 *
 * A Turn's id, dialogueId and index are not stored: the id is always turnIdOf(dialogueId, index)
 * and the index the position (import refuses anything else), so they are rebuilt on unpacking.
 */
import type { AlignmentKind, FieldValue, FieldValues, SpeakerCode, Turn, ValueStatus } from '../../../shared/model/dataset';
import { turnIdOf } from './ids';

/** One dialogue's turns, packed. */
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

class StringTable {
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

/** Packs one dialogue's turns, which must be in index order 0, 1, 2, … with their canonical ids. */
export function packTurns(dialogueId: string, turns: readonly Turn[]): DialogueTurnsRow {
  const table = new StringTable();
  const layout: number[] = [];
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
      const value = turn.pre[fieldId];
      layout.push(table.ref(fieldId), table.ref(value.raw), table.ref(value.status), value.codes.length);
      for (const code of value.codes) layout.push(table.ref(code));
      layout.push(value.unknown.length);
      for (const part of value.unknown) layout.push(table.ref(part));
    }
  });
  return { dialogueId, turnCount: turns.length, strings: table.strings, layout: Int32Array.from(layout) };
}

/** The turns of a packed row, in order, each a fresh object (callers may keep or change them). */
export function unpackTurns(row: DialogueTurnsRow): Turn[] {
  const { dialogueId, strings, layout } = row;
  const turns: Turn[] = new Array(row.turnCount);
  let at = 0;
  const readStrings = (count: number): string[] => {
    const list: string[] = new Array(count);
    for (let i = 0; i < count; i++) list[i] = strings[layout[at++]];
    return list;
  };
  for (let index = 0; index < row.turnCount; index++) {
    const speaker = strings[layout[at++]] as SpeakerCode;
    const speakerRaw = strings[layout[at++]];
    const utterance = strings[layout[at++]];
    const endMarker = layout[at++] === 1;
    const alignment = strings[layout[at++]] as AlignmentKind;
    const fragments = layout[at++];
    const fieldCount = layout[at++];
    const pre: FieldValues = {};
    for (let f = 0; f < fieldCount; f++) {
      const fieldId = strings[layout[at++]];
      const raw = strings[layout[at++]];
      const status = strings[layout[at++]] as ValueStatus;
      const codes = readStrings(layout[at++]);
      const unknown = readStrings(layout[at++]);
      const value: FieldValue = { raw, codes, unknown, status };
      // A plain assignment to "__proto__" would set the prototype, not a field.
      if (fieldId === '__proto__') Object.defineProperty(pre, fieldId, { value, enumerable: true, writable: true, configurable: true });
      else pre[fieldId] = value;
    }
    // The key order of the v4 rows (the parsed turn, then its ids), so JSON of a turn reads as it did.
    turns[index] = { index, speaker, speakerRaw, utterance, endMarker, pre, alignment, fragments, id: turnIdOf(dialogueId, index), dialogueId };
  }
  if (at !== layout.length) throw new Error(`The stored turns of dialogue "${dialogueId}" are damaged (layout length ${layout.length}, read ${at})`);
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
