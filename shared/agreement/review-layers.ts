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
import { fieldAppliesTo } from '../codebook/lookup';
import type { Codebook, FieldDef, FieldType } from '../codebook/types';
import type { FieldValue, FieldValues, SpeakerCode, Turn } from '../model/dataset';
import type { FieldReview } from '../model/review';
import { cohenKappa } from './cohen-kappa';
import { landisKochWords } from './interpretation';
import { binaryTablesPerCategory, labelSetTableFromLabels } from './label-sets';
import { ratingTableFromLabels } from './rating-table';
import { toAgreementResult } from './result';
import type { AgreementResult, RatingTable, WeightScheme } from './types';

export const LLM_RATER = 'llm';
export const EXPERT_RATER = 'expert';
/** The group that holds every turn, next to one group per teacher model. */
export const ALL_GROUP = 'all';

/**
 * One of the two raters. A `layer` carries its values per turn id; a turn it has no values for
 * is an absent rating. `id` names the rater in the kappa result.
 */
export type RaterSource =
  | { kind: 'pre' }
  | { kind: 'expert' }
  | { kind: 'layer'; id: string; values: Readonly<Record<string, FieldValues>> };

export const PRE_SOURCE: RaterSource = { kind: 'pre' };
export const EXPERT_SOURCE: RaterSource = { kind: 'expert' };
/** The comparison when the caller names none: LLM pre-annotation × expert. */
export const DEFAULT_RATERS: readonly [RaterSource, RaterSource] = [PRE_SOURCE, EXPERT_SOURCE];

/** `llm`, `expert` or `layer:<id>`: the rater's name in the kappa result and its identity. */
export function raterKey(source: RaterSource): string {
  if (source.kind === 'pre') return LLM_RATER;
  if (source.kind === 'expert') return EXPERT_RATER;
  return `layer:${source.id}`;
}

/** Why a layer has no usable rating for an item. */
export type MissingReason = 'absent' | 'empty' | 'unknown' | 'conflict' | 'multiple' | 'not-in-codebook';

export type MissingReasons = Record<MissingReason, number>;

/** What the computation needs of a turn; `group` is the teacher model for per-model columns. */
export interface ReviewLayerTurn {
  id: string;
  speaker: SpeakerCode;
  pre: Turn['pre'];
  group?: string | null;
}

export type ReviewLayerReview = Pick<FieldReview, 'turnId' | 'fieldId' | 'decision' | 'codes'>;

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
  /** Cohen's kappa llm × expert; for a label-set field's own row value null with a reason */
  kappa: AgreementResult;
  /** Landis & Koch words for kappa; null when kappa is undefined */
  band: { en: string; zh: string } | null;
  /** counts[llm category][expert category]; null for a label-set field's own row */
  confusion: number[][] | null;
  /** the turn ids behind each confusion cell, in input order */
  cellTurns: string[][][] | null;
}

export interface LayerAgreementGroup {
  /** ALL_GROUP or a teacher model */
  group: string;
  /** turns with at least one field review */
  reviewedTurns: number;
  rows: LayerAgreementRow[];
}

export interface LayerAgreementReport {
  groups: LayerAgreementGroup[];
}

const LABEL_TYPES: readonly FieldType[] = ['single', 'ordinal', 'boolean', 'set'];

export function noMissing(): MissingReasons {
  return { absent: 0, empty: 0, unknown: 0, conflict: 0, multiple: 0, 'not-in-codebook': 0 };
}

export function totalMissing(reasons: MissingReasons): number {
  return Object.values(reasons).reduce((sum, count) => sum + count, 0);
}

export type Rating<T> = { value: T } | { missing: MissingReason };

function checkCodes(field: FieldDef, codes: readonly string[]): MissingReason | null {
  const known = new Set(field.labels.map((label) => label.code));
  if (codes.some((code) => !known.has(code))) return 'not-in-codebook';
  if (field.type !== 'set' && codes.length > 1) return 'multiple';
  if (field.type !== 'set' && codes.length === 0) return 'empty';
  return null;
}

function valueRating(pre: FieldValue | undefined, field: FieldDef): Rating<readonly string[]> {
  if (!pre) return { missing: 'absent' };
  if (pre.status === 'unknown' || pre.status === 'conflict') return { missing: pre.status };
  const problem = checkCodes(field, pre.codes);
  return problem ? { missing: problem } : { value: pre.codes };
}

function expertRating(review: ReviewLayerReview, field: FieldDef): Rating<readonly string[]> {
  const problem = checkCodes(field, review.codes);
  return problem ? { missing: problem } : { value: review.codes };
}

export function sourceRating(source: RaterSource, turn: ReviewLayerTurn, field: FieldDef, review: ReviewLayerReview | undefined): Rating<readonly string[]> {
  if (source.kind === 'pre') return valueRating(turn.pre[field.id], field);
  if (source.kind === 'layer') return valueRating(source.values[turn.id]?.[field.id], field);
  // Only reached with a decided review: collectItems skips the expert's undecided fields.
  return review ? expertRating(review, field) : { missing: 'absent' };
}

interface FieldItems {
  turnIds: string[];
  llm: (readonly string[] | null)[];
  expert: (readonly string[] | null)[];
  missingLlm: MissingReasons;
  missingExpert: MissingReasons;
  missing: number;
  excluded: number;
  unsure: number;
  unreviewed: number;
}

const SPEAKER_FIELD = 'speaker';
const SPEAKER_CODES: ReadonlySet<string> = new Set<SpeakerCode>(['teacher', 'student', 'other']);

/** The speaker as the expert set it (the review view decides applicability the same way), else as imported. */
export function effectiveSpeaker(turn: ReviewLayerTurn, reviews: Map<string, ReviewLayerReview> | undefined): SpeakerCode {
  const corrected = reviews?.get(SPEAKER_FIELD)?.codes[0];
  return corrected !== undefined && SPEAKER_CODES.has(corrected) ? (corrected as SpeakerCode) : turn.speaker;
}

function collectItems(
  field: FieldDef,
  turns: readonly ReviewLayerTurn[],
  reviewsOf: Map<string, Map<string, ReviewLayerReview>>,
  raters: readonly [RaterSource, RaterSource],
): FieldItems {
  const expertRates = raters.some((source) => source.kind === 'expert');
  const items: FieldItems = {
    turnIds: [],
    llm: [],
    expert: [],
    missingLlm: noMissing(),
    missingExpert: noMissing(),
    missing: 0,
    excluded: 0,
    unsure: 0,
    unreviewed: 0,
  };
  for (const turn of turns) {
    const reviews = reviewsOf.get(turn.id);
    if (expertRates && !reviews) continue;
    if (!fieldAppliesTo(field, effectiveSpeaker(turn, reviews))) {
      items.excluded++;
      continue;
    }
    const review = reviews?.get(field.id);
    if (expertRates) {
      if (!review) {
        items.unreviewed++;
        continue;
      }
      if (review.decision === 'unsure') {
        items.unsure++;
        continue;
      }
    }
    const llm = sourceRating(raters[0], turn, field, review);
    const expert = sourceRating(raters[1], turn, field, review);
    if ('missing' in llm) items.missingLlm[llm.missing]++;
    if ('missing' in expert) items.missingExpert[expert.missing]++;
    if ('missing' in llm || 'missing' in expert) items.missing++;
    items.turnIds.push(turn.id);
    items.llm.push('value' in llm ? llm.value : null);
    items.expert.push('value' in expert ? expert.value : null);
  }
  return items;
}

/** The confusion counts and the turns behind each cell, from a table whose raters are [A, B]. */
function crossTabulate(table: RatingTable): { confusion: number[][]; cellTurns: string[][][]; agreeing: number; items: number } {
  const confusion = table.categories.map(() => table.categories.map(() => 0));
  const cellTurns = table.categories.map(() => table.categories.map((): string[] => []));
  let agreeing = 0;
  let items = 0;
  table.ratings.forEach(([llm, expert], index) => {
    if (llm === null || expert === null) return;
    confusion[llm][expert]++;
    cellTurns[llm][expert].push(table.items[index]);
    items++;
    if (llm === expert) agreeing++;
  });
  return { confusion, cellTurns, agreeing, items };
}

type RaterNames = readonly [string, string];

function rowFromTable(base: Omit<LayerAgreementRow, 'items' | 'agreeing' | 'accuracy' | 'kappa' | 'band' | 'confusion' | 'cellTurns'>, table: RatingTable, names: RaterNames): LayerAgreementRow {
  const { confusion, cellTurns, agreeing, items } = crossTabulate(table);
  const kappa = toAgreementResult({ ...cohenKappa(table, { raters: names, weights: base.weights }), field: base.key });
  return { ...base, items, agreeing, accuracy: items > 0 ? agreeing / items : null, kappa, band: landisKochWords(kappa.value), confusion, cellTurns };
}

function fieldRows(field: FieldDef, items: FieldItems, ordinalWeights: WeightScheme, names: RaterNames): LayerAgreementRow[] {
  const categories = field.labels.map((label) => label.code);
  const counted = {
    fieldId: field.id,
    fieldType: field.type,
    missing: items.missing,
    missingLlm: items.missingLlm,
    missingExpert: items.missingExpert,
    excluded: items.excluded,
    unsure: items.unsure,
    unreviewed: items.unreviewed,
  };
  if (field.type !== 'set') {
    const weights: WeightScheme = field.type === 'ordinal' ? ordinalWeights : 'none';
    const table = ratingTableFromLabels({
      categories,
      raters: names,
      items: items.turnIds,
      labels: items.llm.map((llm, index) => [llm?.[0] ?? null, items.expert[index]?.[0] ?? null]),
    });
    return [rowFromTable({ ...counted, key: field.id, code: null, categories, weights }, table, names)];
  }
  const setTable = labelSetTableFromLabels({
    categories,
    raters: names,
    items: items.turnIds,
    labels: items.llm.map((llm, index) => [llm, items.expert[index]]),
  });
  let both = 0;
  let agreeing = 0;
  for (const [llm, expert] of setTable.ratings) {
    if (llm === null || expert === null) continue;
    both++;
    if (llm.length === expert.length && llm.every((code, index) => code === expert[index])) agreeing++;
  }
  const ownRow: LayerAgreementRow = {
    ...counted,
    key: field.id,
    code: null,
    categories,
    weights: 'none',
    items: both,
    agreeing,
    accuracy: both > 0 ? agreeing / both : null,
    kappa: {
      field: field.id,
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
    },
    band: null,
    confusion: null,
    cellTurns: null,
  };
  const perCode = binaryTablesPerCategory(setTable).map(({ category, table }) =>
    rowFromTable({ ...counted, key: `${field.id}:${category}`, code: category, categories: table.categories, weights: 'none' }, table, names),
  );
  return [ownRow, ...perCode];
}

export function indexReviews(reviews: readonly ReviewLayerReview[]): Map<string, Map<string, ReviewLayerReview>> {
  const byTurn = new Map<string, Map<string, ReviewLayerReview>>();
  for (const review of reviews) {
    let fields = byTurn.get(review.turnId);
    if (!fields) byTurn.set(review.turnId, (fields = new Map()));
    fields.set(review.fieldId, review);
  }
  return byTurn;
}

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

/** The rows of one group of turns, one field after another (`onField` reports progress). */
function reviewLayerRows(
  input: Pick<ReviewLayerInput, 'codebook' | 'fields' | 'ordinalWeights'>,
  turns: readonly ReviewLayerTurn[],
  reviewsOf: Map<string, Map<string, ReviewLayerReview>>,
  raters: readonly [RaterSource, RaterSource],
  onField?: (fieldId: string) => void,
): LayerAgreementRow[] {
  const ordinalWeights = input.ordinalWeights ?? 'linear';
  const names: RaterNames = [raterKey(raters[0]), raterKey(raters[1])];
  return comparableFields(input.codebook, input.fields).flatMap((field) => {
    const rows = fieldRows(field, collectItems(field, turns, reviewsOf, raters), ordinalWeights, names);
    onField?.(field.id);
    return rows;
  });
}

/** Groups of turns: all, then one per distinct group in order of first appearance. */
export function turnGroups(turns: readonly ReviewLayerTurn[], perGroup: boolean): { group: string; turns: readonly ReviewLayerTurn[] }[] {
  const groups = [{ group: ALL_GROUP, turns }];
  if (!perGroup) return groups;
  const byGroup = new Map<string, ReviewLayerTurn[]>();
  for (const turn of turns) {
    if (turn.group === undefined || turn.group === null) continue;
    let list = byGroup.get(turn.group);
    if (!list) byGroup.set(turn.group, (list = []));
    list.push(turn);
  }
  return [...groups, ...[...byGroup].map(([group, list]) => ({ group, turns: list }))];
}

/**
 * Accuracy and Cohen's kappa of rater A against rater B (by default the LLM pre-annotation
 * against the expert layer), per field (and per code of label-set fields), for all turns and
 * optionally per teacher model. `onProgress(done, total)` is called after each field of each group.
 */
export function reviewLayerAgreement(input: ReviewLayerInput, onProgress?: (done: number, total: number) => void): LayerAgreementReport {
  const raters = input.raters ?? DEFAULT_RATERS;
  if (raterKey(raters[0]) === raterKey(raters[1])) throw new Error(`Agreement needs two different raters; both are "${raterKey(raters[0])}".`);
  const reviewsOf = indexReviews(input.fieldReviews);
  const groups = turnGroups(input.turns, input.perGroup ?? false);
  const fieldCount = comparableFields(input.codebook, input.fields).length;
  const total = groups.length * fieldCount;
  let done = 0;
  return {
    groups: groups.map(({ group, turns }) => ({
      group,
      reviewedTurns: turns.reduce((count, turn) => count + (reviewsOf.has(turn.id) ? 1 : 0), 0),
      rows: reviewLayerRows(input, turns, reviewsOf, raters, () => onProgress?.(++done, total)),
    })),
  };
}
