/**
 * Agreement between two layers of a data set, one item per turn, over the codebook's full
 * ordered label list. By default the two raters are the LLM pre-annotation (`Turn.pre`, rater
 * `llm`) and the expert layer (`FieldReview`, rater `expert`); `raters` may instead name any two
 * of: the pre-annotation, the expert layer, an attached annotation layer (its values per turn,
 * read like the pre-annotation). Below, "LLM" stands for any rater read from values and
 * `missingLlm`/`missingExpert` hold rater A's and rater B's reasons.
 *
 * Which turns and fields count (these rules change the numbers, so they are fixed here):
 * - Only fields with labels (single, ordinal, boolean, set); free text has no categories.
 * - A field is an item only where the expert decided it: a review with decision `accepted` or
 *   `changed`. `unsure` reviews are left out and counted (`unsure`); fields nobody reviewed are
 *   counted as `unreviewed` (on turns with at least one review) and never compared.
 * - A field that does not apply to the turn's speaker (codebook `appliesTo`) is left out and
 *   counted as `excluded`, on every turn with at least one review.
 * - A value that is not one usable rating is a missing rating: for the LLM an absent key, an
 *   empty value of a single-label field, status `unknown` or `conflict`, several codes for a
 *   single-label field, or a code outside the codebook; for the expert no code, several codes
 *   for a single-label field, or a code outside the codebook. An item with a missing rating
 *   stays out of n and κ and is counted in `missing`, with the reason per rater.
 * - Ordinal fields use weighted kappa (linear by default), everything else unweighted kappa.
 * - Label-set fields (discipline, teaching strategy) are decomposed: one absent/present table
 *   per code of the field, each with its own accuracy and unweighted κ (`code` is set on those
 *   rows). An empty set is a rating ("none of the codes"); an absent or unresolved one is not.
 *   The field's own row reports exact-set accuracy (both sets equal) and no κ (`reason` says
 *   why). For a single-label field the items of every per-code view are the same turns.
 */
import type { Codebook, FieldType } from '../codebook/types';
import { cohenKappaFromConfusion } from './cohen-kappa';
import { MIN_AGREEMENT_ITEMS, shownAgreement } from './evidence';
import { encodeLayers, NOT_REVIEWED, raterKey, UNSURE, type EncodedField, type EncodedLayers, type RaterSource, type ReviewLayerReview, type ReviewLayerTurn } from '../layers/encoded-layers';
import { missingReasonOf, noMissing, totalMissing, type MissingReasons } from '../layers/missing-reasons';
import { landisKochWords } from './interpretation';
import { BINARY_CATEGORIES } from './label-sets';
import { toAgreementResult } from './result';
import type { AgreementResult, ConfusionMatrix, WeightScheme } from './types';

export { ALL_GROUP, EXPERT_RATER, LLM_RATER, raterKey, type RaterSource, type ReviewLayerReview, type ReviewLayerTurn } from '../layers/encoded-layers';
export { comparableFields } from '../layers/field-decoder';
export { noMissing, totalMissing, type MissingReason, type MissingReasons } from '../layers/missing-reasons';

export const PRE_SOURCE: RaterSource = { kind: 'pre' };
export const EXPERT_SOURCE: RaterSource = { kind: 'expert' };
/** The comparison when the caller names none: LLM pre-annotation × expert. */
export const DEFAULT_RATERS: readonly [RaterSource, RaterSource] = [PRE_SOURCE, EXPERT_SOURCE];

export interface ReviewLayerInput {
  codebook: Codebook;
  turns: readonly ReviewLayerTurn[];
  fieldReviews: readonly ReviewLayerReview[];
  /** field ids to compare, in this order; default every label field of the codebook */
  fields?: readonly string[];
  /** weights for ordinal fields; default linear */
  ordinalWeights?: WeightScheme;
  /** also one set of rows per distinct `group` of the turns (the teacher models); default false */
  perGroup?: boolean;
  /**
   * rater A (rows of the confusion matrix) and rater B (columns); default DEFAULT_RATERS. With
   * the expert among them only fields the expert decided are items (as described above);
   * without it every turn is one, and `unsure`/`unreviewed` stay 0. Applicability follows the
   * expert's corrected speaker either way.
   */
  raters?: readonly [RaterSource, RaterSource];
  /** the fewest items a κ is given for (evidence.ts); default MIN_AGREEMENT_ITEMS */
  minItems?: number;
}

/** One row of the agreement table: a field, or one code of a label-set field. */
export interface LayerAgreementRow {
  /** `fieldId`, or `fieldId:code` for a per-code row of a label-set field */
  key: string;
  fieldId: string;
  /** the code of a per-code row; null for the field's own row */
  code: string | null;
  fieldType: FieldType;
  /** the ordered categories of the table: the codebook's labels, or absent/present per code */
  categories: readonly string[];
  weights: WeightScheme;
  /** items both layers rated: the n of accuracy and κ */
  items: number;
  /** items the expert decided where at least one layer has no usable rating */
  missing: number;
  missingLlm: MissingReasons;
  missingExpert: MissingReasons;
  /** reviewed turns whose speaker the field does not apply to */
  excluded: number;
  /** reviews marked unsure (not compared) */
  unsure: number;
  /** applicable fields of reviewed turns that have no review */
  unreviewed: number;
  /** items on which both layers gave the same value (the same set, for a label-set field's own row) */
  agreeing: number;
  /** agreeing / items; null without items */
  accuracy: number | null;
  /**
   * Cohen's kappa llm × expert as it may be shown (evidence.ts: null below the minimum of items,
   * no zero-width interval); for a label-set field's own row value null with a reason
   */
  kappa: AgreementResult;
  /** Landis & Koch words for kappa; null when kappa is undefined */
  band: { en: string; zh: string } | null;
  /** counts[llm category][expert category]; null for a label-set field's own row */
  confusion: number[][] | null;
  /** the turns behind each confusion cell, in input order, as indices into the report's `turnIds` (cellTurnIds reads them) */
  cellTurns: Int32Array[][] | null;
}

export interface LayerAgreementGroup {
  /** ALL_GROUP or a teacher model */
  group: string;
  /** turns with at least one field review: the turns a comparison with the expert can count */
  reviewedTurns: number;
  /** every turn of the group: the turns a comparison of two other layers can count */
  turns: number;
  rows: LayerAgreementRow[];
}

export interface LayerAgreementReport {
  /** the input's turn ids in input order: what `cellTurns` index */
  turnIds: readonly string[];
  groups: LayerAgreementGroup[];
}


/** The turn ids behind one confusion cell of a row. */
export function cellTurnIds(report: Pick<LayerAgreementReport, 'turnIds'>, row: Pick<LayerAgreementRow, 'cellTurns'>, rowCategory: number, columnCategory: number): string[] {
  const cell = row.cellTurns?.[rowCategory]?.[columnCategory];
  return cell ? Array.from(cell, (index) => report.turnIds[index]) : [];
}

type RaterNames = readonly [string, string];

/** The items of one field in one group: counts, and the two raters' encoded values per item. */
interface PairItems {
  /** turn index per item (items with a missing rating included) */
  turns: Int32Array;
  a: Int32Array;
  b: Int32Array;
  count: number;
  missingA: MissingReasons;
  missingB: MissingReasons;
  /** items where at least one rating is missing */
  missing: number;
  excluded: number;
  unsure: number;
  unreviewed: number;
}

function collectPairItems(encoded: EncodedLayers, field: EncodedField, groupTurns: Int32Array, raters: readonly [number, number], expertRates: boolean): PairItems {
  const size = groupTurns.length;
  const items: PairItems = {
    turns: new Int32Array(size),
    a: new Int32Array(size),
    b: new Int32Array(size),
    count: 0,
    missingA: noMissing(),
    missingB: noMissing(),
    missing: 0,
    excluded: 0,
    unsure: 0,
    unreviewed: 0,
  };
  const valuesA = field.values[raters[0]];
  const valuesB = field.values[raters[1]];
  for (let position = 0; position < size; position++) {
    const turn = groupTurns[position];
    if (expertRates && encoded.reviewed[turn] === 0) continue;
    if (field.applies[turn] === 0) {
      items.excluded++;
      continue;
    }
    if (expertRates) {
      const decided = field.decision[turn];
      if (decided === NOT_REVIEWED) {
        items.unreviewed++;
        continue;
      }
      if (decided === UNSURE) {
        items.unsure++;
        continue;
      }
    }
    const a = valuesA[turn];
    const b = valuesB[turn];
    if (a < 0) items.missingA[missingReasonOf(a)]++;
    if (b < 0) items.missingB[missingReasonOf(b)]++;
    if (a < 0 || b < 0) items.missing++;
    items.turns[items.count] = turn;
    items.a[items.count] = a;
    items.b[items.count] = b;
    items.count++;
  }
  return items;
}

/**
 * Cross-tabulates `categoryOf(a)` × `categoryOf(b)` over the items both rated, with the turns of
 * each cell (counted first, then filled, so each cell is one exact-size typed array).
 */
function crossTabulate(items: PairItems, k: number, categoryOf: (value: number) => number): { counts: number[][]; cellTurns: Int32Array[][]; agreeing: number; both: number } {
  const counts = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  let agreeing = 0;
  let both = 0;
  for (let item = 0; item < items.count; item++) {
    const a = items.a[item];
    const b = items.b[item];
    if (a < 0 || b < 0) continue;
    const row = categoryOf(a);
    const column = categoryOf(b);
    counts[row][column]++;
    both++;
    if (row === column) agreeing++;
  }
  const cellTurns = counts.map((row) => row.map((count) => new Int32Array(count)));
  const filled = counts.map(() => new Array<number>(k).fill(0));
  for (let item = 0; item < items.count; item++) {
    const a = items.a[item];
    const b = items.b[item];
    if (a < 0 || b < 0) continue;
    const row = categoryOf(a);
    const column = categoryOf(b);
    cellTurns[row][column][filled[row][column]++] = items.turns[item];
  }
  return { counts, cellTurns, agreeing, both };
}

type RowBase = Omit<LayerAgreementRow, 'items' | 'agreeing' | 'accuracy' | 'kappa' | 'band' | 'confusion' | 'cellTurns'>;

function rowFromItems(base: RowBase, items: PairItems, names: RaterNames, categoryOf: (value: number) => number, minItems: number): LayerAgreementRow {
  const k = base.categories.length;
  const { counts, cellTurns, agreeing, both } = crossTabulate(items, k, categoryOf);
  const confusion: ConfusionMatrix = {
    categories: base.categories,
    raters: names,
    counts,
    items: both,
    excludedItems: items.missing,
    missing: totalMissing(items.missingA) + totalMissing(items.missingB),
  };
  const kappa = toAgreementResult({ ...shownAgreement(cohenKappaFromConfusion(confusion, base.weights), minItems), field: base.key });
  return { ...base, items: both, agreeing, accuracy: both > 0 ? agreeing / both : null, kappa, band: landisKochWords(kappa.value), confusion: counts, cellTurns };
}

const identity = (value: number) => value;

function fieldRows(field: EncodedField, items: PairItems, ordinalWeights: WeightScheme, names: RaterNames, minItems: number): LayerAgreementRow[] {
  const def = field.field;
  const counted = {
    fieldId: def.id,
    fieldType: def.type,
    missing: items.missing,
    missingLlm: items.missingA,
    missingExpert: items.missingB,
    excluded: items.excluded,
    unsure: items.unsure,
    unreviewed: items.unreviewed,
  };
  if (!field.isSet) {
    const weights: WeightScheme = def.type === 'ordinal' ? ordinalWeights : 'none';
    return [rowFromItems({ ...counted, key: def.id, code: null, categories: field.categories, weights }, items, names, identity, minItems)];
  }
  let both = 0;
  let agreeing = 0;
  for (let item = 0; item < items.count; item++) {
    const a = items.a[item];
    const b = items.b[item];
    if (a < 0 || b < 0) continue;
    both++;
    if (a === b) agreeing++;
  }
  const ownRow: LayerAgreementRow = {
    ...counted,
    key: def.id,
    code: null,
    categories: field.categories,
    weights: 'none',
    items: both,
    agreeing,
    accuracy: both > 0 ? agreeing / both : null,
    kappa: {
      field: def.id,
      coefficient: 'cohen',
      weights: 'none',
      level: null,
      value: null,
      se: null,
      ci95: null,
      items: both,
      raters: 2,
      missing: items.missing,
      reason: 'A label-set field has no single kappa: each code has its own (absent/present) in the rows below; accuracy here is exact-set agreement.',
      ciReason: null,
    },
    band: null,
    confusion: null,
    cellTurns: null,
  };
  const k = field.categories.length;
  const perCode = field.categories.map((category, label) =>
    rowFromItems({ ...counted, key: `${def.id}:${category}`, code: category, categories: BINARY_CATEGORIES, weights: 'none' }, items, names, (set) => field.membership[set * k + label], minItems),
  );
  return [ownRow, ...perCode];
}

/**
 * The pair report from layers already encoded: `raters` index `encoded.sources` (A, then B).
 * `onField` is called after each field of each group; `minItems` is the fewest items a κ is given for.
 */
export function pairAgreementOfEncoded(encoded: EncodedLayers, raters: readonly [number, number], ordinalWeights: WeightScheme, onField?: () => void, minItems: number = MIN_AGREEMENT_ITEMS): LayerAgreementReport {
  const names: RaterNames = [encoded.sourceKeys[raters[0]], encoded.sourceKeys[raters[1]]];
  if (names[0] === names[1]) throw new Error(`Agreement needs two different raters; both are "${names[0]}".`);
  const expertRates = raters.some((index) => encoded.sources[index].kind === 'expert');
  return {
    turnIds: encoded.turnIds,
    groups: encoded.groups.map(({ group, turns }) => {
      let reviewedTurns = 0;
      for (const turn of turns) reviewedTurns += encoded.reviewed[turn];
      return {
        group,
        reviewedTurns,
        turns: turns.length,
        rows: encoded.fields.flatMap((field) => {
          const rows = fieldRows(field, collectPairItems(encoded, field, turns, raters, expertRates), ordinalWeights, names, minItems);
          onField?.();
          return rows;
        }),
      };
    }),
  };
}

/**
 * Accuracy and Cohen's kappa of rater A against rater B (by default the LLM pre-annotation
 * against the expert layer), per field (and per code of label-set fields), for all turns and
 * optionally per teacher model. `onProgress(done, total)` is called after each field of each group.
 */
export function reviewLayerAgreement(input: ReviewLayerInput, onProgress?: (done: number, total: number) => void): LayerAgreementReport {
  const raters = input.raters ?? DEFAULT_RATERS;
  if (raterKey(raters[0]) === raterKey(raters[1])) throw new Error(`Agreement needs two different raters; both are "${raterKey(raters[0])}".`);
  const encoded = encodeLayers({ ...input, sources: raters });
  const total = encoded.groups.length * encoded.fields.length;
  let done = 0;
  return pairAgreementOfEncoded(encoded, [0, 1], input.ordinalWeights ?? 'linear', () => onProgress?.(++done, total), input.minItems);
}

