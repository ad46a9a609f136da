/**
 * Matched layers (match-layers.ts) as rating tables, one per field, for the agreement statistics
 * (the CLI's `agreement --dataset`). Per field:
 * - the category list is the codebook field's FULL ordered label list;
 * - an item whose speaker the field does not apply to is excluded and counted (`notApplicable`);
 * - a value is decoded by FieldDecoder, as the agreement view decodes it; a rating is missing
 *   (null, counted per MissingReason) when the layer lacks the dialogue or the turn, or the value
 *   is not one usable rating;
 * - a set-valued field (teaching_strategy, discipline) becomes one absent/present table per code
 *   of the codebook (binary decomposition, as label-sets.ts), named `field=code`. There an empty
 *   value on a turn the field applies to is the empty set ("none of the codes": SID's SD metric
 *   counts teacher turns without a strategy), while a layer with no value at all is missing;
 * - ordinal fields (teacher_guidance_level, cognitive_level) are marked `ordinal`: report them
 *   with defaultScales (linear-weighted kappa, ordinal alpha); the others are nominal.
 */
import { fieldAppliesTo } from '../codebook/lookup';
import type { Codebook } from '../codebook/types';
import { BINARY_CATEGORIES } from '../agreement/label-sets';
import type { RatingTable } from '../agreement/types';
import type { ParsedTurn, SpeakerCode } from '../model/dataset';
import { FieldDecoder, NO_DIALOGUE, NO_TURN, ratableFields } from './field-decoder';
import type { AbsentTurn, LayerMatch } from './match-layers';
import { missingReasonOf, noMissing, type MissingReasons } from './missing-reasons';
import { RowPool } from './row-pool';

export { defaultScales, ratableFields } from './field-decoder';

export interface LayerFieldTable {
  /** the field id, or `field=code` for one code of a set-valued field */
  name: string;
  fieldId: string;
  /** the code of a set-valued field's binary table, else null */
  code: string | null;
  ordinal: boolean;
  table: RatingTable;
  /** matched turns left out because the field does not apply to their speaker */
  notApplicable: number;
  /** missing ratings of `table` by reason (they sum to the table's absent cells) */
  missing: MissingReasons;
}

/** One byte per cell while the category indices fit (every codebook so far), else four. */
function ratingCells(cells: number, categories: number): Int8Array | Int32Array {
  return categories <= 127 ? new Int8Array(cells) : new Int32Array(cells);
}

const SPEAKERS: readonly SpeakerCode[] = ['teacher', 'student', 'other'];

function speakerSlot(speaker: SpeakerCode): number {
  return speaker === 'teacher' ? 0 : speaker === 'student' ? 1 : 2;
}

/**
 * One wanted field while the matched turns are read: its ratings land in one flat typed array
 * (no per-item objects). A one-label field keeps a category index per item × layer (−1 missing);
 * a set field keeps, code-major, absent (0) / present (1) / missing (−1) per code × item × layer,
 * so each code's binary table is one contiguous run.
 */
interface FieldTally {
  decoder: FieldDecoder;
  /** by speakerSlot */
  appliesTo: readonly boolean[];
  /** matched items the field applies to */
  count: number;
  /** items filled so far */
  filled: number;
  /** cells per code of a set field (count × raters) */
  stride: number;
  values: Int8Array | Int32Array;
  missing: MissingReasons;
}

/**
 * One rating table per labelled field (per code for set-valued fields), over the matched items
 * the field applies to, in codebook order. `fields` picks field ids (default: every labelled
 * field); an id that is not a labelled field of the codebook throws.
 *
 * The matched turns are read once for all fields (not once per field), which is what makes
 * 100,000 turns × several layers × every field fast enough to report interactively.
 */
export function layerRatingTables(match: LayerMatch, codebook: Codebook, options: { fields?: readonly string[] } = {}): LayerFieldTable[] {
  const available = ratableFields(codebook);
  const wanted = options.fields ?? available.map((field) => field.id);
  for (const id of wanted) {
    if (!available.some((field) => field.id === id)) throw new Error(`"${id}" is not a labelled field of the codebook (fields: ${available.map((field) => field.id).join(', ')}).`);
  }
  const raters = match.layers.length;
  const itemCount = match.items.length;
  const speakers = new Uint8Array(itemCount);
  const perSpeaker = [0, 0, 0];
  for (let item = 0; item < itemCount; item++) perSpeaker[(speakers[item] = speakerSlot(match.items[item].speaker))]++;

  const tallies: FieldTally[] = available
    .filter((field) => wanted.includes(field.id))
    .map((field) => {
      const decoder = new FieldDecoder(field);
      const appliesTo = SPEAKERS.map((speaker) => fieldAppliesTo(field, speaker));
      const count = appliesTo.reduce((sum, applies, slot) => sum + (applies ? perSpeaker[slot] : 0), 0);
      const categories = decoder.categories.length;
      const values = ratingCells((decoder.isSet ? categories : 1) * count * raters, decoder.isSet ? BINARY_CATEGORIES.length : categories);
      return { decoder, appliesTo, count, filled: 0, stride: count * raters, values, missing: noMissing() };
    });

  for (let item = 0; item < itemCount; item++) {
    const speaker = speakers[item];
    const turns = match.items[item].turns;
    for (const tally of tallies) {
      if (!tally.appliesTo[speaker]) continue;
      const position = tally.filled++;
      for (let rater = 0; rater < raters; rater++) readRating(tally, turns[rater], position * raters + rater);
    }
  }

  // items of fields with the same speakers are the same list, so they share one array
  const itemIdsBySpeakers = new Map<string, readonly string[]>();
  const itemIds = (appliesTo: readonly boolean[]): readonly string[] => {
    const signature = appliesTo.join();
    let ids = itemIdsBySpeakers.get(signature);
    if (ids === undefined) {
      const fresh: string[] = [];
      for (let item = 0; item < itemCount; item++) if (appliesTo[speakers[item]]) fresh.push(match.items[item].id);
      ids = fresh;
      itemIdsBySpeakers.set(signature, ids);
    }
    return ids;
  };

  const tables: LayerFieldTable[] = [];
  const binaryPool = new RowPool(BINARY_CATEGORIES.length, raters);
  for (const tally of tallies) {
    const { decoder, count, missing } = tally;
    const { field, categories } = decoder;
    const items = itemIds(tally.appliesTo);
    const notApplicable = itemCount - count;
    if (decoder.isSet) {
      categories.forEach((code, codePosition) => {
        tables.push({
          name: `${field.id}=${code}`,
          fieldId: field.id,
          code,
          ordinal: false,
          table: binaryPool.table({ categories: BINARY_CATEGORIES, raters: match.layers, items, values: tally.values, from: codePosition * tally.stride, count }),
          notApplicable,
          missing: { ...missing },
        });
      });
      continue;
    }
    tables.push({
      name: field.id,
      fieldId: field.id,
      code: null,
      ordinal: field.type === 'ordinal',
      table: new RowPool(categories.length, raters).table({ categories, raters: match.layers, items, values: tally.values, from: 0, count }),
      notApplicable,
      missing,
    });
  }
  return tables;
}

/**
 * Stores one layer's rating of one item (`cell` = item position × raters + rater) for the field,
 * or counts why it is missing. A set field's cells start at 0 (absent): its set's codes become present.
 */
function readRating(tally: FieldTally, slot: ParsedTurn | AbsentTurn, cell: number): void {
  const { decoder } = tally;
  const value = typeof slot === 'string' ? (slot === 'no-dialogue' ? NO_DIALOGUE : NO_TURN) : decoder.value(slot.pre[decoder.field.id]);
  if (value >= 0) {
    if (!decoder.isSet) tally.values[cell] = value;
    else for (const position of decoder.sets[value]) tally.values[position * tally.stride + cell] = 1;
    return;
  }
  tally.missing[missingReasonOf(value)]++;
  if (!decoder.isSet) {
    tally.values[cell] = -1;
    return;
  }
  for (let position = 0; position < decoder.categories.length; position++) tally.values[position * tally.stride + cell] = -1;
}
