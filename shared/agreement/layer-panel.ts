/**
 * Agreement among every layer of a data set at once: the pairwise Cohen's kappa of each pair of
 * sources (the LLM pre-annotation, the expert layer, every attached layer), and Fleiss' kappa
 * (with Fleiss' per-category kappa) and Krippendorff's alpha across a chosen panel of sources,
 * usually the human ones (the expert and the attached human annotators).
 *
 * One rating table per field holds every source as a rater, over the turns the field applies to
 * (by the expert's corrected speaker, as in review-layers.ts). A source's rating is missing where
 * review-layers.ts would call it missing; the expert's rating exists only where the expert decided
 * the field (accepted or changed), so the expert's pairs compare exactly the items the two-layer
 * report compares, and its `unsure`/unreviewed fields are missing ratings here. Consequences:
 * - a pair's kappa uses the items both sources rated (Cohen drops an item missing either rating);
 * - Fleiss' kappa needs a complete panel: items lacking a panel member's rating are excluded and
 *   counted (`excludedItems`); Krippendorff's alpha uses every item with two or more ratings;
 * - ordinal fields use weighted kappa (linear by default) and ordinal alpha, others unweighted
 *   kappa and nominal alpha; a label-set field gets one absent/present table per code (rows
 *   `field:code`), and its own row holds exact-set accuracy per pair and MASI alpha for the panel.
 */
import type { Codebook, FieldType } from '../codebook/types';
import { cohenKappaFromConfusion } from './cohen-kappa';
import { belowMinimumReason, hasTooFewItems, MIN_AGREEMENT_ITEMS, shownAgreement } from './evidence';
import { encodeLayers, raterKey, type EncodedField, type EncodedLayers, type RaterSource, type ReviewLayerReview, type ReviewLayerTurn } from '../layers/encoded-layers';
import { fleissKappaOfRows, type CategoryAgreement } from './fleiss-kappa';
import { landisKochWords } from './interpretation';
import { krippendorffAlphaOfRows } from './krippendorff-alpha';
import { BINARY_CATEGORIES } from './label-sets';
import { masiDistance } from './masi-distance';
import { countRowsOfTuples, pairConfusionOfTuples, RatingTupleCounter, ratingTuples, type RatingTuples } from './rating-tuples';
import { toAgreementResult } from './result';
import type { AgreementResult, AlphaLevel, WeightScheme } from './types';

export interface LayerPanelInput {
  codebook: Codebook;
  turns: readonly ReviewLayerTurn[];
  fieldReviews: readonly ReviewLayerReview[];
  /** every source to compare pairwise, in display order; at least two, no source twice */
  sources: readonly RaterSource[];
  /** the raterKey()s of the sources pooled for Fleiss' kappa and alpha; fewer than two: not computed */
  panel: readonly string[];
  fields?: readonly string[];
  /** weights of the pairwise kappa on ordinal fields; default linear */
  ordinalWeights?: WeightScheme;
  /** also one set of rows per teacher model; default false */
  perGroup?: boolean;
  /** the fewest items a coefficient is given for (evidence.ts); default MIN_AGREEMENT_ITEMS */
  minItems?: number;
}

/** Two sources compared: `a` and `b` are raterKey()s, `a` earlier in the source order. */
export interface PairAgreement {
  a: string;
  b: string;
  /** items both sources rated */
  items: number;
  agreeing: number;
  accuracy: number | null;
  /** Cohen's kappa; for a label-set field's own row null with a reason */
  kappa: AgreementResult;
  band: { en: string; zh: string } | null;
}

export interface PanelAgreement {
  /** the raterKey()s pooled, in source order */
  raters: readonly string[];
  /** Fleiss' kappa over the items every panel member rated (`excludedItems` the others) */
  fleiss: AgreementResult & { excludedItems: number };
  fleissBand: { en: string; zh: string } | null;
  /** Fleiss' kappa per category of the field, in codebook order; empty for a label-set field's own row */
  perCategory: CategoryAgreement[];
  /** Krippendorff's alpha (ordinal for ordinal fields, MASI on a label-set field's own row) */
  alpha: AgreementResult;
  alphaBand: { en: string; zh: string } | null;
}

export type PanelLevel = Extract<AlphaLevel, 'nominal' | 'ordinal'> | 'masi';

export interface LayerPanelRow {
  /** `fieldId`, or `fieldId:code` for one code of a label-set field (the keys of review-layers.ts) */
  key: string;
  fieldId: string;
  code: string | null;
  fieldType: FieldType;
  categories: readonly string[];
  weights: WeightScheme;
  /** the level of alpha: ordinal for ordinal fields, MASI on a label-set field's own row, else nominal */
  level: PanelLevel;
  /** turns the field applies to: the items of the table */
  items: number;
  /** turns whose speaker the field does not apply to */
  excluded: number;
  /** per source key, items it has no usable rating for */
  missing: Record<string, number>;
  /** one entry per pair of sources, in source order (0×1, 0×2, …, 1×2, …) */
  pairs: PairAgreement[];
  /** null when fewer than two sources are in the panel */
  panel: PanelAgreement | null;
}

export interface LayerPanelGroup {
  group: string;
  rows: LayerPanelRow[];
}

export interface LayerPanelReport {
  /** the raterKey()s of the sources, in input order */
  sources: string[];
  panel: string[];
  groups: LayerPanelGroup[];
}

/** The tuples (rating-tuples.ts) of the group's turns the field applies to, and how many it does not apply to. */
function groupTuples(field: EncodedField, groupTurns: Int32Array): { tuples: RatingTuples; items: number; excluded: number } {
  const base = (field.isSet ? field.sets.length : field.categories.length) + 1;
  const { tuples, counted } = ratingTuples(field.values, base, groupTurns, field.applies);
  return { tuples, items: counted, excluded: groupTurns.length - counted };
}

/** The same turns' tuples with every value passed through `map` (negative stays missing). */
function mapTuples(tuples: RatingTuples, categories: number, map: (value: number) => number): RatingTuples {
  const { width } = tuples;
  const counter = new RatingTupleCounter(categories + 1, width);
  const mapped = new Int32Array(width);
  for (let t = 0; t < tuples.count; t++) {
    for (let at = 0; at < width; at++) {
      const value = tuples.values[t * width + at];
      mapped[at] = value < 0 ? -1 : map(value);
    }
    counter.add(mapped, tuples.times[t]);
  }
  return counter.build();
}

function missingBySource(tuples: RatingTuples, keys: readonly string[]): Record<string, number> {
  const missing = Object.fromEntries(keys.map((key) => [key, 0]));
  for (let t = 0; t < tuples.count; t++) {
    keys.forEach((key, source) => {
      if (tuples.values[t * tuples.width + source] < 0) missing[key] += tuples.times[t];
    });
  }
  return missing;
}

function pairAgreement(key: string, keys: readonly string[], tuples: RatingTuples, a: number, b: number, categories: readonly string[], weights: WeightScheme, minItems: number): PairAgreement {
  const { agreeing, ...confusion } = pairConfusionOfTuples(tuples, a, b, categories, [keys[a], keys[b]]);
  const kappa = toAgreementResult({ ...shownAgreement(cohenKappaFromConfusion(confusion, weights), minItems), field: key });
  return { a: keys[a], b: keys[b], items: confusion.items, agreeing, accuracy: confusion.items > 0 ? agreeing / confusion.items : null, kappa, band: landisKochWords(kappa.value) };
}

function pairsOf(count: number): [number, number][] {
  const pairs: [number, number][] = [];
  for (let a = 0; a < count; a++) for (let b = a + 1; b < count; b++) pairs.push([a, b]);
  return pairs;
}

type RowBase = Omit<LayerPanelRow, 'pairs' | 'panel' | 'level' | 'missing'>;

/** Fleiss' per-category κ_j go with Fleiss' κ: none below the minimum of items either. */
function shownPerCategory(fleiss: AgreementResult, perCategory: readonly CategoryAgreement[], minItems: number): CategoryAgreement[] {
  if (!hasTooFewItems(fleiss, minItems)) return [...perCategory];
  return perCategory.map((category) => ({ ...category, value: null, se: null, z: null, pTwoSided: null, reason: belowMinimumReason(fleiss.items, minItems) }));
}

function labelledRow(base: RowBase, keys: readonly string[], tuples: RatingTuples, panelColumns: readonly number[], level: Exclude<PanelLevel, 'masi'>, minItems: number): LayerPanelRow {
  const pairs = pairsOf(keys.length).map(([a, b]) => pairAgreement(base.key, keys, tuples, a, b, base.categories, base.weights, minItems));
  let panel: PanelAgreement | null = null;
  if (panelColumns.length >= 2) {
    const counts = countRowsOfTuples(tuples, panelColumns, base.categories);
    const fleiss = shownAgreement(fleissKappaOfRows(counts), minItems);
    const alpha = toAgreementResult({ ...shownAgreement(krippendorffAlphaOfRows(counts, level), minItems), field: base.key });
    panel = {
      raters: panelColumns.map((index) => keys[index]),
      fleiss: { ...toAgreementResult({ ...fleiss, field: base.key }), excludedItems: fleiss.excludedItems },
      fleissBand: landisKochWords(fleiss.value),
      perCategory: shownPerCategory(fleiss, fleiss.perCategory, minItems),
      alpha,
      alphaBand: landisKochWords(alpha.value),
    };
  }
  return { ...base, missing: missingBySource(tuples, keys), level, pairs, panel };
}

const SET_KAPPA_REASON = 'A label-set field has no single kappa: each code has its own (absent/present); accuracy here is exact-set agreement.';

/** Exact-set accuracy per pair and Krippendorff's alpha with the MASI distance across the panel (sets are the categories). */
function setFieldOwnRow(base: RowBase, field: EncodedField, keys: readonly string[], tuples: RatingTuples, panelColumns: readonly number[], minItems: number): LayerPanelRow {
  const pairs = pairsOf(keys.length).map(([a, b]): PairAgreement => {
    let both = 0;
    let agreeing = 0;
    for (let t = 0; t < tuples.count; t++) {
      const x = tuples.values[t * tuples.width + a];
      const y = tuples.values[t * tuples.width + b];
      if (x < 0 || y < 0) continue;
      both += tuples.times[t];
      if (x === y) agreeing += tuples.times[t];
    }
    const kappa: AgreementResult = { field: base.key, coefficient: 'cohen', weights: 'none', level: null, value: null, se: null, ci95: null, items: both, raters: 2, missing: 0, reason: SET_KAPPA_REASON, ciReason: null };
    return { a: keys[a], b: keys[b], items: both, agreeing, accuracy: both > 0 ? agreeing / both : null, kappa, band: null };
  });
  let panel: PanelAgreement | null = null;
  if (panelColumns.length >= 2) {
    // Every distinct set met in the field is a category; sets nobody in the panel used add nothing to alpha.
    const setNames = field.sets.map((set) => (set.length === 0 ? '∅' : set.map((label) => field.categories[label]).join('+')));
    const categories = setNames.length > 0 ? setNames : ['∅'];
    const counts = countRowsOfTuples(tuples, panelColumns, categories);
    const squaredDistance = field.sets.length > 0 ? field.sets.map((left) => field.sets.map((right) => masiDistance(left, right))) : [[0]];
    const alpha = toAgreementResult({ ...shownAgreement(krippendorffAlphaOfRows(counts, { name: 'masi', squaredDistance }), minItems), field: base.key });
    const fleiss = {
      field: base.key,
      coefficient: 'fleiss' as const,
      weights: null,
      level: null,
      value: null,
      se: null,
      ci95: null,
      items: 0,
      raters: panelColumns.length,
      missing: 0,
      reason: "Fleiss' kappa needs one label per rating: see each code's row; alpha here uses the MASI set distance.",
      ciReason: null,
      excludedItems: 0,
    };
    panel = { raters: panelColumns.map((index) => keys[index]), fleiss, fleissBand: null, perCategory: [], alpha, alphaBand: landisKochWords(alpha.value) };
  }
  return { ...base, missing: missingBySource(tuples, keys), level: 'masi', pairs, panel };
}

function fieldRows(encoded: EncodedLayers, field: EncodedField, groupTurns: Int32Array, panelColumns: readonly number[], ordinalWeights: WeightScheme, minItems: number): LayerPanelRow[] {
  const def = field.field;
  const keys = encoded.sourceKeys;
  const { tuples, items, excluded } = groupTuples(field, groupTurns);
  const base = { fieldId: def.id, fieldType: def.type, items, excluded };
  if (!field.isSet) {
    const weights: WeightScheme = def.type === 'ordinal' ? ordinalWeights : 'none';
    return [labelledRow({ ...base, key: def.id, code: null, categories: field.categories, weights }, keys, tuples, panelColumns, def.type === 'ordinal' ? 'ordinal' : 'nominal', minItems)];
  }
  const own = setFieldOwnRow({ ...base, key: def.id, code: null, categories: field.categories, weights: 'none' }, field, keys, tuples, panelColumns, minItems);
  const k = field.categories.length;
  const perCode = field.categories.map((category, label) =>
    labelledRow(
      { ...base, key: `${def.id}:${category}`, code: category, categories: BINARY_CATEGORIES, weights: 'none' },
      keys,
      mapTuples(tuples, BINARY_CATEGORIES.length, (set) => field.membership[set * k + label]),
      panelColumns,
      'nominal',
      minItems,
    ),
  );
  return [own, ...perCode];
}

/** The all-layers report from layers already encoded with every source; `panel` holds raterKey()s; `minItems` is the fewest items a coefficient is given for. */
export function layerPanelOfEncoded(encoded: EncodedLayers, panel: readonly string[], ordinalWeights: WeightScheme, onField?: () => void, minItems: number = MIN_AGREEMENT_ITEMS): LayerPanelReport {
  const keys = encoded.sourceKeys;
  if (keys.length < 2) throw new Error('A panel comparison needs at least two sources.');
  const duplicate = keys.find((key, index) => keys.indexOf(key) !== index);
  if (duplicate) throw new Error(`The source "${duplicate}" is named twice.`);
  const unknown = panel.find((key) => !keys.includes(key));
  if (unknown) throw new Error(`The panel names "${unknown}", which is not one of the sources (${keys.join(', ')}).`);
  const panelColumns = keys.flatMap((key, index) => (panel.includes(key) ? [index] : []));
  return {
    sources: [...keys],
    panel: panelColumns.map((index) => keys[index]),
    groups: encoded.groups.map(({ group, turns }) => ({
      group,
      rows: encoded.fields.flatMap((field) => {
        const rows = fieldRows(encoded, field, turns, panelColumns, ordinalWeights, minItems);
        onField?.();
        return rows;
      }),
    })),
  };
}

/** Pairwise kappa of every pair of sources and panel agreement, per field, for all turns and optionally per teacher model. */
export function layerPanelAgreement(input: LayerPanelInput, onProgress?: (done: number, total: number) => void): LayerPanelReport {
  const keys = input.sources.map(raterKey);
  const duplicate = keys.find((key, index) => keys.indexOf(key) !== index);
  if (duplicate) throw new Error(`The source "${duplicate}" is named twice.`);
  const encoded = encodeLayers(input);
  const total = encoded.groups.length * encoded.fields.length;
  let done = 0;
  return layerPanelOfEncoded(encoded, input.panel, input.ordinalWeights ?? 'linear', () => onProgress?.(++done, total), input.minItems);
}
