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
import type { Codebook, FieldDef, FieldType } from '../codebook/types';
import { fieldAppliesTo } from '../codebook/lookup';
import { cohenKappa } from './cohen-kappa';
import { fleissKappa, type CategoryAgreement } from './fleiss-kappa';
import { landisKochWords } from './interpretation';
import { krippendorffAlpha } from './krippendorff-alpha';
import { binaryTablesPerCategory, labelSetTableFromLabels, type LabelSetTable } from './label-sets';
import { labelSetAlpha } from './masi-distance';
import { itemCounts, ratingTableFromLabels, selectRaters } from './rating-table';
import { toAgreementResult } from './result';
import {
  comparableFields,
  effectiveSpeaker,
  indexReviews,
  raterKey,
  sourceRating,
  turnGroups,
  type RaterSource,
  type ReviewLayerReview,
  type ReviewLayerTurn,
} from './review-layers';
import type { AgreementResult, AlphaLevel, RatingTable, WeightScheme } from './types';

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

interface FieldRatings {
  turnIds: string[];
  /** ratings[item][source]: the codes, or null when missing */
  ratings: (readonly string[] | null)[][];
  missing: Record<string, number>;
  excluded: number;
}

function collectRatings(field: FieldDef, turns: readonly ReviewLayerTurn[], reviewsOf: ReturnType<typeof indexReviews>, sources: readonly RaterSource[], keys: readonly string[]): FieldRatings {
  const collected: FieldRatings = { turnIds: [], ratings: [], missing: Object.fromEntries(keys.map((key) => [key, 0])), excluded: 0 };
  for (const turn of turns) {
    const reviews = reviewsOf.get(turn.id);
    if (!fieldAppliesTo(field, effectiveSpeaker(turn, reviews))) {
      collected.excluded++;
      continue;
    }
    const review = reviews?.get(field.id);
    const decided = review !== undefined && review.decision !== 'unsure' ? review : undefined;
    const row = sources.map((source, index) => {
      const rating = source.kind === 'expert' && !decided ? null : sourceRating(source, turn, field, decided);
      if (rating === null || 'missing' in rating) {
        collected.missing[keys[index]]++;
        return null;
      }
      return rating.value;
    });
    collected.turnIds.push(turn.id);
    collected.ratings.push(row);
  }
  return collected;
}

function pairsOf(keys: readonly string[]): [number, number][] {
  const pairs: [number, number][] = [];
  for (let a = 0; a < keys.length; a++) for (let b = a + 1; b < keys.length; b++) pairs.push([a, b]);
  return pairs;
}

function agreeingOf(table: RatingTable, a: number, b: number): { items: number; agreeing: number } {
  let items = 0;
  let agreeing = 0;
  for (const row of table.ratings) {
    const left = row[a];
    const right = row[b];
    if (left === null || right === null) continue;
    items++;
    if (left === right) agreeing++;
  }
  return { items, agreeing };
}

function labelledRow(base: Omit<LayerPanelRow, 'pairs' | 'panel' | 'level'>, table: RatingTable, panelKeys: readonly string[], level: Exclude<PanelLevel, 'masi'>): LayerPanelRow {
  const keys = table.raters;
  const pairs = pairsOf(keys).map(([a, b]): PairAgreement => {
    const { items, agreeing } = agreeingOf(table, a, b);
    const kappa = toAgreementResult({ ...cohenKappa(table, { raters: [keys[a], keys[b]], weights: base.weights }), field: base.key });
    return { a: keys[a], b: keys[b], items, agreeing, accuracy: items > 0 ? agreeing / items : null, kappa, band: landisKochWords(kappa.value) };
  });
  let panel: PanelAgreement | null = null;
  if (panelKeys.length >= 2) {
    const counts = itemCounts(selectRaters(table, panelKeys));
    const fleiss = fleissKappa(counts);
    const alpha = toAgreementResult({ ...krippendorffAlpha(counts, level), field: base.key });
    panel = {
      raters: panelKeys,
      fleiss: { ...toAgreementResult({ ...fleiss, field: base.key }), excludedItems: fleiss.excludedItems },
      fleissBand: landisKochWords(fleiss.value),
      perCategory: fleiss.perCategory,
      alpha,
      alphaBand: landisKochWords(alpha.value),
    };
  }
  return { ...base, level, pairs, panel };
}

function sameSet(left: readonly number[], right: readonly number[]): boolean {
  return left.length === right.length && left.every((code, index) => code === right[index]);
}

function setFieldOwnRow(base: Omit<LayerPanelRow, 'pairs' | 'panel' | 'level'>, table: LabelSetTable, panelKeys: readonly string[]): LayerPanelRow {
  const keys = table.raters;
  const pairs = pairsOf(keys).map(([a, b]): PairAgreement => {
    let items = 0;
    let agreeing = 0;
    for (const row of table.ratings) {
      const left = row[a];
      const right = row[b];
      if (left === null || right === null) continue;
      items++;
      if (sameSet(left, right)) agreeing++;
    }
    const kappa: AgreementResult = {
      field: base.key,
      coefficient: 'cohen',
      weights: 'none',
      level: null,
      value: null,
      se: null,
      ci95: null,
      items,
      raters: 2,
      missing: 0,
      reason: 'A label-set field has no single kappa: each code has its own (absent/present); accuracy here is exact-set agreement.',
    };
    return { a: keys[a], b: keys[b], items, agreeing, accuracy: items > 0 ? agreeing / items : null, kappa, band: null };
  });
  let panel: PanelAgreement | null = null;
  if (panelKeys.length >= 2) {
    const columns = panelKeys.map((key) => keys.indexOf(key));
    const panelTable: LabelSetTable = { ...table, raters: panelKeys, ratings: table.ratings.map((row) => columns.map((column) => row[column])) };
    const alpha = toAgreementResult({ ...labelSetAlpha(panelTable), field: base.key });
    const fleiss = {
      field: base.key,
      coefficient: 'fleiss' as const,
      weights: null,
      level: null,
      value: null,
      se: null,
      ci95: null,
      items: 0,
      raters: panelKeys.length,
      missing: 0,
      reason: "Fleiss' kappa needs one label per rating: see each code's row; alpha here uses the MASI set distance.",
      excludedItems: 0,
    };
    panel = { raters: panelKeys, fleiss, fleissBand: null, perCategory: [], alpha, alphaBand: landisKochWords(alpha.value) };
  }
  return { ...base, level: 'masi', pairs, panel };
}

function fieldRows(field: FieldDef, ratings: FieldRatings, keys: readonly string[], panelKeys: readonly string[], ordinalWeights: WeightScheme): LayerPanelRow[] {
  const categories = field.labels.map((label) => label.code);
  const base = { fieldId: field.id, fieldType: field.type, items: ratings.turnIds.length, excluded: ratings.excluded, missing: ratings.missing };
  if (field.type !== 'set') {
    const table = ratingTableFromLabels({ categories, raters: keys, items: ratings.turnIds, labels: ratings.ratings.map((row) => row.map((codes) => codes?.[0] ?? null)) });
    const weights: WeightScheme = field.type === 'ordinal' ? ordinalWeights : 'none';
    return [labelledRow({ ...base, key: field.id, code: null, categories, weights }, table, panelKeys, field.type === 'ordinal' ? 'ordinal' : 'nominal')];
  }
  const setTable = labelSetTableFromLabels({ categories, raters: keys, items: ratings.turnIds, labels: ratings.ratings });
  const own = setFieldOwnRow({ ...base, key: field.id, code: null, categories, weights: 'none' }, setTable, panelKeys);
  const perCode = binaryTablesPerCategory(setTable).map(({ category, table }) =>
    labelledRow({ ...base, key: `${field.id}:${category}`, code: category, categories: table.categories, weights: 'none' }, table, panelKeys, 'nominal'),
  );
  return [own, ...perCode];
}

/** Pairwise kappa of every pair of sources and panel agreement, per field, for all turns and optionally per teacher model. */
export function layerPanelAgreement(input: LayerPanelInput, onProgress?: (done: number, total: number) => void): LayerPanelReport {
  const keys = input.sources.map(raterKey);
  if (keys.length < 2) throw new Error('A panel comparison needs at least two sources.');
  const duplicate = keys.find((key, index) => keys.indexOf(key) !== index);
  if (duplicate) throw new Error(`The source "${duplicate}" is named twice.`);
  const unknown = input.panel.find((key) => !keys.includes(key));
  if (unknown) throw new Error(`The panel names "${unknown}", which is not one of the sources (${keys.join(', ')}).`);
  const panelKeys = keys.filter((key) => input.panel.includes(key));
  const reviewsOf = indexReviews(input.fieldReviews);
  const fields = comparableFields(input.codebook, input.fields);
  const groups = turnGroups(input.turns, input.perGroup ?? false);
  const total = groups.length * fields.length;
  let done = 0;
  return {
    sources: keys,
    panel: panelKeys,
    groups: groups.map(({ group, turns }) => ({
      group,
      rows: fields.flatMap((field) => {
        const rows = fieldRows(field, collectRatings(field, turns, reviewsOf, input.sources, keys), keys, panelKeys, input.ordinalWeights ?? 'linear');
        onProgress?.(++done, total);
        return rows;
      }),
    })),
  };
}
