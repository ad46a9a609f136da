/**
 * The layers of a data set read once into flat typed arrays: per label field and per source, one
 * integer per turn. Both agreement reports (review-layers.ts for a pair, layer-panel.ts for every
 * layer) count from these arrays instead of building objects per turn.
 *
 * Why: the first versions built a rating table of small arrays per field, group and pair; for
 * 100,000 reviewed turns that was several seconds, most of it garbage collection. Here a turn's
 * value is decoded from its FieldValue (or the expert's review) exactly once.
 *
 * Encoding of a value (`values[source][turn]`):
 * - a one-label field: the index of the label in the codebook's ordered list;
 * - a label-set field: the id of the distinct set in `sets` (the empty set is a set, "none of
 *   the codes"), so exact-set agreement is equality and code membership a table lookup;
 * - a negative number −(1 + i) for missing reason MISSING_REASONS[i]. The expert's value exists
 *   only where the expert decided the field (`decision` 1); elsewhere it is `absent`.
 */
import { fieldAppliesTo } from '../codebook/lookup';
import type { Codebook, FieldDef, FieldType } from '../codebook/types';
import type { FieldValue, FieldValues, SpeakerCode, Turn } from '../model/dataset';
import type { FieldReview } from '../model/review';

/** Why a layer has no usable rating for an item. */
export type MissingReason = 'absent' | 'empty' | 'unknown' | 'conflict' | 'multiple' | 'not-in-codebook';
export const MISSING_REASONS: readonly MissingReason[] = ['absent', 'empty', 'unknown', 'conflict', 'multiple', 'not-in-codebook'];
export type MissingReasons = Record<MissingReason, number>;

export function noMissing(): MissingReasons {
  return { absent: 0, empty: 0, unknown: 0, conflict: 0, multiple: 0, 'not-in-codebook': 0 };
}

export function totalMissing(reasons: MissingReasons): number {
  return Object.values(reasons).reduce((sum, count) => sum + count, 0);
}

const code = (reason: MissingReason) => -1 - MISSING_REASONS.indexOf(reason);
export const ABSENT = code('absent');

export const LLM_RATER = 'llm';
export const EXPERT_RATER = 'expert';
/** The group that holds every turn, next to one group per teacher model. */
export const ALL_GROUP = 'all';

/**
 * One rater. A `layer` carries its values per turn id; a turn it has no values for is an absent
 * rating. `id` names the rater in the results.
 */
export type RaterSource =
  | { kind: 'pre' }
  | { kind: 'expert' }
  | { kind: 'layer'; id: string; values: Readonly<Record<string, FieldValues>> };

/** `llm`, `expert` or `layer:<id>`: the rater's name in the results and its identity. */
export function raterKey(source: RaterSource): string {
  if (source.kind === 'pre') return LLM_RATER;
  if (source.kind === 'expert') return EXPERT_RATER;
  return `layer:${source.id}`;
}

/** What the computation needs of a turn; `group` is the teacher model for per-model columns. */
export interface ReviewLayerTurn {
  id: string;
  speaker: SpeakerCode;
  pre: Turn['pre'];
  group?: string | null;
}

export type ReviewLayerReview = Pick<FieldReview, 'turnId' | 'fieldId' | 'decision' | 'codes'>;

const LABEL_TYPES: readonly FieldType[] = ['single', 'ordinal', 'boolean', 'set'];

/** The fields compared: the requested ids (an unknown or free-text id is a caller's bug), else every label field. */
export function comparableFields(codebook: Codebook, fieldIds?: readonly string[]): FieldDef[] {
  if (!fieldIds) return codebook.fields.filter((field) => LABEL_TYPES.includes(field.type));
  return fieldIds.map((id) => {
    const field = codebook.fields.find((candidate) => candidate.id === id);
    if (!field) throw new Error(`The codebook "${codebook.id}" has no field "${id}".`);
    if (!LABEL_TYPES.includes(field.type)) throw new Error(`The field "${id}" is free text; agreement needs labels.`);
    return field;
  });
}

/** Expert decisions per turn and field. */
export const NOT_REVIEWED = 0;
export const DECIDED = 1;
export const UNSURE = 2;

export interface EncodedField {
  field: FieldDef;
  /** the codebook's ordered label codes */
  categories: readonly string[];
  isSet: boolean;
  /** 1 where the field applies to the turn's speaker (as the expert corrected it) */
  applies: Uint8Array;
  /** NOT_REVIEWED, DECIDED or UNSURE per turn */
  decision: Uint8Array;
  /** per source, one encoded value per turn */
  values: Int32Array[];
  /** label-set fields: each distinct set met, as ascending label indices */
  sets: (readonly number[])[];
  /** label-set fields: membership[set × k + label] is 1 when the set holds the label */
  membership: Uint8Array;
}

export interface EncodedLayers {
  turnIds: readonly string[];
  /** 1 for a turn with at least one field review */
  reviewed: Uint8Array;
  /** ALL_GROUP first (every turn), then one per teacher model in order of first appearance when asked */
  groups: { group: string; turns: Int32Array }[];
  sourceKeys: readonly string[];
  sources: readonly RaterSource[];
  fields: EncodedField[];
}

export interface EncodeInput {
  codebook: Codebook;
  turns: readonly ReviewLayerTurn[];
  fieldReviews: readonly ReviewLayerReview[];
  sources: readonly RaterSource[];
  fields?: readonly string[];
  perGroup?: boolean;
}

const SPEAKER_FIELD = 'speaker';
const SPEAKER_CODES: ReadonlySet<string> = new Set<SpeakerCode>(['teacher', 'student', 'other']);

/** Turn indices per group: every turn, then one group per distinct teacher model. */
function groupTurns(turns: readonly ReviewLayerTurn[], perGroup: boolean): { group: string; turns: Int32Array }[] {
  const all = new Int32Array(turns.length);
  for (let index = 0; index < turns.length; index++) all[index] = index;
  const groups = [{ group: ALL_GROUP, turns: all }];
  if (!perGroup) return groups;
  const byGroup = new Map<string, number[]>();
  turns.forEach((turn, index) => {
    if (turn.group === undefined || turn.group === null) return;
    let list = byGroup.get(turn.group);
    if (!list) byGroup.set(turn.group, (list = []));
    list.push(index);
  });
  return [...groups, ...[...byGroup].map(([group, list]) => ({ group, turns: Int32Array.from(list) }))];
}

/** Reads label codes into one encoded value; `setIdOf` interns a set of label indices. */
class FieldEncoder {
  readonly categories: string[];
  readonly index: Map<string, number>;
  readonly isSet: boolean;
  readonly sets: number[][] = [];
  private readonly setIds = new Map<number, number>();

  constructor(readonly field: FieldDef) {
    this.categories = field.labels.map((label) => label.code);
    this.index = new Map(this.categories.map((category, position) => [category, position]));
    this.isSet = field.type === 'set';
    // Set ids are keyed by Σ 2^label, exact in a double up to 52 labels.
    if (this.isSet && this.categories.length > 52) throw new Error(`The field "${field.id}" has ${this.categories.length} labels; set agreement handles at most 52.`);
  }

  codes(codes: readonly string[]): number {
    const count = codes.length;
    if (!this.isSet) {
      if (count === 0) return code('empty');
      let value = -1;
      for (let at = 0; at < count; at++) {
        const position = this.index.get(codes[at]);
        if (position === undefined) return code('not-in-codebook');
        value = position;
      }
      return count > 1 ? code('multiple') : value;
    }
    let key = 0;
    for (let at = 0; at < count; at++) {
      const position = this.index.get(codes[at]);
      if (position === undefined) return code('not-in-codebook');
      const bit = 2 ** position;
      if (Math.floor(key / bit) % 2 === 0) key += bit;
    }
    let id = this.setIds.get(key);
    if (id === undefined) {
      id = this.sets.length;
      this.setIds.set(key, id);
      const chosen: number[] = [];
      for (let label = 0; label < this.categories.length; label++) if (Math.floor(key / 2 ** label) % 2 === 1) chosen.push(label);
      this.sets.push(chosen);
    }
    return id;
  }

  value(value: FieldValue | undefined): number {
    if (!value) return ABSENT;
    if (value.status === 'unknown' || value.status === 'conflict') return code(value.status);
    return this.codes(value.codes);
  }

  membership(): Uint8Array {
    const k = this.categories.length;
    const table = new Uint8Array(this.sets.length * k);
    this.sets.forEach((set, id) => {
      for (const label of set) table[id * k + label] = 1;
    });
    return table;
  }
}

/** Every source's value of every compared field on every turn, and who decided what. */
export function encodeLayers(input: EncodeInput): EncodedLayers {
  const { turns, sources } = input;
  const n = turns.length;
  const turnIndex = new Map<string, number>();
  turns.forEach((turn, index) => turnIndex.set(turn.id, index));
  const defs = comparableFields(input.codebook, input.fields);
  const fieldIndex = new Map(defs.map((field, index) => [field.id, index]));
  const encoders = defs.map((field) => new FieldEncoder(field));
  const decision = defs.map(() => new Uint8Array(n));
  const expertValues = defs.map(() => new Int32Array(n).fill(ABSENT));
  const reviewed = new Uint8Array(n);
  const speakers: SpeakerCode[] = turns.map((turn) => turn.speaker);

  // Reviews come grouped by turn: the previous review's turn saves most lookups.
  let lastTurnId: string | null = null;
  let lastTurn: number | undefined;
  for (const review of input.fieldReviews) {
    if (review.turnId !== lastTurnId) {
      lastTurnId = review.turnId;
      lastTurn = turnIndex.get(review.turnId);
    }
    const turn = lastTurn;
    if (turn === undefined) continue;
    reviewed[turn] = 1;
    if (review.fieldId === SPEAKER_FIELD) {
      // The speaker as the expert set it decides applicability, as the review view does.
      const corrected = review.codes[0];
      if (corrected !== undefined && SPEAKER_CODES.has(corrected)) speakers[turn] = corrected as SpeakerCode;
    }
    const field = fieldIndex.get(review.fieldId);
    if (field === undefined) continue;
    if (review.decision === 'unsure') {
      decision[field][turn] = UNSURE;
      continue;
    }
    decision[field][turn] = DECIDED;
    expertValues[field][turn] = encoders[field].codes(review.codes);
  }

  // Values are read turn by turn, key by key: one keyed lookup per field and turn (values[field.id])
  // was the slowest step on 100,000 turns.
  const columns = sources.map((source) => {
    if (source.kind === 'expert') return expertValues;
    const perField = defs.map(() => new Int32Array(n).fill(ABSENT));
    for (let turn = 0; turn < n; turn++) {
      const values = source.kind === 'pre' ? turns[turn].pre : source.values[turns[turn].id];
      if (!values) continue;
      for (const fieldId in values) {
        const f = fieldIndex.get(fieldId);
        if (f !== undefined) perField[f][turn] = encoders[f].value(values[fieldId]);
      }
    }
    return perField;
  });
  const speakerSlots: SpeakerCode[] = ['teacher', 'student', 'other'];
  const fields = defs.map((field, f): EncodedField => {
    const encoder = encoders[f];
    const appliesTo = speakerSlots.map((speaker) => (fieldAppliesTo(field, speaker) ? 1 : 0));
    const applies = new Uint8Array(n);
    for (let turn = 0; turn < n; turn++) {
      const slot = speakerSlots.indexOf(speakers[turn]);
      applies[turn] = slot < 0 ? (fieldAppliesTo(field, speakers[turn]) ? 1 : 0) : appliesTo[slot];
    }
    const values = columns.map((perField) => perField[f]);
    return { field, categories: encoder.categories, isSet: encoder.isSet, applies, decision: decision[f], values, sets: encoder.sets, membership: encoder.isSet ? encoder.membership() : new Uint8Array(0) };
  });

  return {
    turnIds: turns.map((turn) => turn.id),
    reviewed,
    groups: groupTurns(turns, input.perGroup ?? false),
    sourceKeys: sources.map(raterKey),
    sources,
    fields,
  };
}

/** The reason of a negative encoded value. */
export function missingReasonOf(value: number): MissingReason {
  return MISSING_REASONS[-1 - value];
}
