/**
 * The adjudication queue: every (turn, field) where the chosen raters disagree, least agreement
 * first, and apart from it the items where they all agree (accepted in one action as unanimous).
 * The rules are in README.md; in short: only label fields that apply to the turn's speaker (as
 * the expert corrected it), a rater without a value is left out of that item rather than counted
 * as disagreeing, and an item needs values from at least two raters.
 */
import { raterKey, type RaterSource } from '../layers/encoded-layers';
import { comparableFields } from '../layers/field-decoder';
import { fieldAppliesTo } from '../codebook/lookup';
import type { Codebook } from '../codebook/types';
import type { FieldValues, SpeakerCode } from '../model/dataset';
import type { ReviewDecision } from '../model/review';
import { codesKey, hasValue, ratingOfFieldValue, ratingOfReview, type Rating } from './ratings';

/** What the queue needs of a turn. `dialogueId` and `index` give the order of ties. */
export interface AdjudicationTurn {
  id: string;
  dialogueId: string;
  /** 0-based position in its dialogue */
  index: number;
  speaker: SpeakerCode;
  pre: FieldValues;
}

export interface AdjudicationReview {
  turnId: string;
  fieldId: string;
  decision: ReviewDecision;
  codes: readonly string[];
}

export interface AdjudicationInput {
  codebook: Codebook;
  /** in dialogue order: the dialogues' order of first appearance here is the queue's order of ties */
  turns: readonly AdjudicationTurn[];
  /** the expert layer (read only when the expert is among the raters, and for the corrected speaker) */
  fieldReviews: readonly AdjudicationReview[];
  /** two or more different raters, in the order their values are numbered (1..n) */
  raters: readonly RaterSource[];
  /** field ids to adjudicate, in this order; default every label field of the codebook */
  fields?: readonly string[];
}

/** One group of raters that gave the same value. */
export interface ValueGroup {
  codes: string[];
  /** rater keys, in the raters' order */
  raters: string[];
}

export interface RaterRating {
  /** raterKey of the source */
  rater: string;
  rating: Rating;
}

export interface AdjudicationItem {
  /** `${turnId}|${fieldId}`: the adjudication record's id */
  id: string;
  turnId: string;
  dialogueId: string;
  turnIndex: number;
  fieldId: string;
  /** one per chosen rater, in the raters' order */
  ratings: RaterRating[];
  /** the distinct values, most raters first (ties: the value of the earlier rater first) */
  groups: ValueGroup[];
  /** raters with a value */
  rated: number;
  /** share of the pairs of raters with a value that agree, 0..1 */
  pairAgreement: number;
  /** raters in the largest agreeing group / raters with a value, 0..1 */
  largestShare: number;
}

export interface AdjudicationQueue {
  raterKeys: string[];
  /** least agreement first; ties in dialogue order, then turn index, then codebook field order */
  disagreements: AdjudicationItem[];
  /** every rater with a value gave the same one, in dialogue order */
  unanimous: AdjudicationItem[];
  /** applicable (turn, field)s with a value from fewer than two raters: nothing to compare */
  tooFewValues: number;
}

const SPEAKERS: ReadonlySet<string> = new Set<SpeakerCode>(['teacher', 'student', 'other']);

function valueGroups(ratings: readonly RaterRating[]): ValueGroup[] {
  const byKey = new Map<string, ValueGroup>();
  for (const { rater, rating } of ratings) {
    if (!hasValue(rating)) continue;
    const key = codesKey(rating.codes);
    const group = byKey.get(key);
    if (group) group.raters.push(rater);
    else byKey.set(key, { codes: [...rating.codes], raters: [rater] });
  }
  // Map keeps insertion order, so among equal sizes the earlier rater's value stays first.
  return [...byKey.values()].sort((a, b) => b.raters.length - a.raters.length);
}

/** Share of agreeing pairs among the raters with a value: Σ C(group, 2) / C(rated, 2). */
export function pairAgreementOf(groups: readonly ValueGroup[]): number {
  const rated = groups.reduce((sum, group) => sum + group.raters.length, 0);
  if (rated < 2) return 1;
  const agreeing = groups.reduce((sum, group) => sum + (group.raters.length * (group.raters.length - 1)) / 2, 0);
  return agreeing / ((rated * (rated - 1)) / 2);
}

export function buildAdjudicationQueue(input: AdjudicationInput): AdjudicationQueue {
  const { codebook, raters } = input;
  const raterKeys = raters.map(raterKey);
  if (raters.length < 2) throw new Error('Adjudication compares at least two layers.');
  if (new Set(raterKeys).size !== raterKeys.length) throw new Error(`Adjudication needs different layers; got ${raterKeys.join(', ')}.`);
  const fields = comparableFields(codebook, input.fields);
  const reviews = new Map<string, AdjudicationReview>();
  for (const review of input.fieldReviews) reviews.set(`${review.turnId}|${review.fieldId}`, review);

  const dialogueOrder = new Map<string, number>();
  for (const turn of input.turns) if (!dialogueOrder.has(turn.dialogueId)) dialogueOrder.set(turn.dialogueId, dialogueOrder.size);
  const turns = [...input.turns].sort((a, b) => (dialogueOrder.get(a.dialogueId) ?? 0) - (dialogueOrder.get(b.dialogueId) ?? 0) || a.index - b.index);

  // Most (turn, field)s are unanimous and most ratings repeat: equal ratings and groups are one
  // shared (never mutated) object, so 100,000 turns do not hold a million small copies.
  const sharedRatings = new Map<string, RaterRating>();
  const sharedGroups = new Map<string, ValueGroup[]>();
  const share = (position: number, rating: Rating): RaterRating => {
    const key = `${position}\u0001${hasValue(rating) ? codesKey(rating.codes) : `!${rating.missing}`}`;
    let shared = sharedRatings.get(key);
    if (!shared) sharedRatings.set(key, (shared = { rater: raterKeys[position], rating }));
    return shared;
  };
  const disagreements: { item: AdjudicationItem; order: number }[] = [];
  const unanimous: AdjudicationItem[] = [];
  let tooFewValues = 0;
  let order = 0;
  for (const turn of turns) {
    // the speaker as the expert corrected it decides which fields apply, as in review and agreement
    const corrected = reviews.get(`${turn.id}|speaker`)?.codes[0];
    const speaker = corrected !== undefined && SPEAKERS.has(corrected) ? (corrected as SpeakerCode) : turn.speaker;
    for (const field of fields) {
      order++;
      if (!fieldAppliesTo(field, speaker)) continue;
      const ratings: RaterRating[] = raters.map((source, position) => {
        const rating =
          source.kind === 'expert'
            ? ratingOfReview(field, reviews.get(`${turn.id}|${field.id}`))
            : ratingOfFieldValue(field, (source.kind === 'pre' ? turn.pre : source.values[turn.id])?.[field.id]);
        return share(position, rating);
      });
      let groups = valueGroups(ratings);
      if (groups.length === 1) {
        const key = `${codesKey(groups[0].codes)}\u0001${groups[0].raters.join('\u0001')}`;
        const shared = sharedGroups.get(key);
        if (shared) groups = shared;
        else sharedGroups.set(key, groups);
      }
      const rated = groups.reduce((sum, group) => sum + group.raters.length, 0);
      if (rated < 2) {
        tooFewValues++;
        continue;
      }
      const item: AdjudicationItem = {
        id: `${turn.id}|${field.id}`,
        turnId: turn.id,
        dialogueId: turn.dialogueId,
        turnIndex: turn.index,
        fieldId: field.id,
        ratings,
        groups,
        rated,
        pairAgreement: pairAgreementOf(groups),
        largestShare: groups[0].raters.length / rated,
      };
      if (groups.length === 1) unanimous.push(item);
      else disagreements.push({ item, order });
    }
  }
  disagreements.sort((a, b) => a.item.pairAgreement - b.item.pairAgreement || a.order - b.order);
  return { raterKeys, disagreements: disagreements.map(({ item }) => item), unanimous, tooFewValues };
}
