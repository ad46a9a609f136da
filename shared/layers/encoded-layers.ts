/**
 * The layers of a data set read once into flat typed arrays: per label field and per source, one
 * integer per turn. Both agreement reports (review-layers.ts for a pair, layer-panel.ts for every
 * layer) count from these arrays instead of building objects per turn.
 *
 * Why: the first versions built a rating table of small arrays per field, group and pair; for
 * 100,000 reviewed turns that was several seconds, most of it garbage collection. Here a turn's
 * value is decoded from its FieldValue (or the expert's review) exactly once.
 *
 * A value is encoded by FieldDecoder (field-decoder.ts): a label index, a label-set id, or a
 * negative missing reason. The expert's value exists only where the expert decided the field
 * (`decision` 1); elsewhere it is `no-value`. A turn an attached layer has no values for is
 * `no-turn` (its file did not match the turn).
 */
import { fieldAppliesTo } from '../codebook/lookup';
import type { Codebook, FieldDef } from '../codebook/types';
import type { FieldValues, SpeakerCode, Turn } from '../model/dataset';
import type { FieldReview } from '../model/review';
import { comparableFields, FieldDecoder, NO_TURN, NO_VALUE } from './field-decoder';

export const LLM_RATER = 'llm';
export const EXPERT_RATER = 'expert';
/** The group that holds every turn, next to one group per teacher model. */
export const ALL_GROUP = 'all';

/**
 * One rater. A `layer` carries its values per turn id; a turn it has no values for is a missing
 * rating (`no-turn`). `id` names the rater in the results.
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

/** Every source's value of every compared field on every turn, and who decided what. */
export function encodeLayers(input: EncodeInput): EncodedLayers {
  const { turns, sources } = input;
  const n = turns.length;
  const turnIndex = new Map<string, number>();
  turns.forEach((turn, index) => turnIndex.set(turn.id, index));
  const defs = comparableFields(input.codebook, input.fields);
  const fieldIndex = new Map(defs.map((field, index) => [field.id, index]));
  const encoders = defs.map((field) => new FieldDecoder(field));
  const decision = defs.map(() => new Uint8Array(n));
  const expertValues = defs.map(() => new Int32Array(n).fill(NO_VALUE));
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
    const perField = defs.map(() => new Int32Array(n).fill(NO_VALUE));
    for (let turn = 0; turn < n; turn++) {
      const values = source.kind === 'pre' ? turns[turn].pre : source.values[turns[turn].id];
      if (!values) {
        for (const column of perField) column[turn] = NO_TURN;
        continue;
      }
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
