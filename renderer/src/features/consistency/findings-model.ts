/**
 * Consistency findings as review and the data-set list use them, pure so it is testable:
 * which values the rules read (the current ones: the expert's where reviewed, else the
 * suggestion shown), a finding's dismissal, the next finding for the key, the list's filter.
 */
import { checkDialogue, type ConsistencyFinding, type ConsistencyRules } from '../../../../shared/consistency';
import type { Codebook } from '../../../../shared/codebook/types';
import type { FieldValues, SpeakerCode, Turn } from '../../../../shared/model/dataset';
import { findingDismissalId, type FindingDismissalRow } from '../../../../shared/model/finding-dismissal';
import type { FieldReview } from '../../../../shared/model/review';
import type { DialogueModel } from '../review/review-model';

export interface FindingItem {
  finding: ConsistencyFinding;
  /** `${ruleId}|${turnId}|${fieldId}`, the dismissal's id */
  id: string;
  /** set when an expert dismissed the finding with a note */
  dismissal: FindingDismissalRow | null;
}

export type FindingState = 'open' | 'dismissed';

const SPEAKERS: ReadonlySet<string> = new Set<SpeakerCode>(['teacher', 'student', 'other']);

export function indexReviews(fieldReviews: readonly FieldReview[]): Map<string, FieldReview> {
  return new Map(fieldReviews.map((review) => [`${review.turnId}|${review.fieldId}`, review]));
}

/** The speaker as the expert corrected it, else as imported: applicability follows the correction. */
function correctedSpeaker(turn: Turn, reviews: ReadonlyMap<string, FieldReview>): SpeakerCode {
  const corrected = reviews.get(`${turn.id}|speaker`)?.codes[0];
  return corrected !== undefined && SPEAKERS.has(corrected) ? (corrected as SpeakerCode) : turn.speaker;
}

/** A stored dialogue's findings on the expert's values and the imported pre-annotation (the data-set list). */
export function storedDialogueFindings(turns: readonly Turn[], fieldReviews: readonly FieldReview[], codebook: Codebook, rules: ConsistencyRules): ConsistencyFinding[] {
  if (rules.rules.length === 0) return [];
  const reviews = indexReviews(fieldReviews);
  const checked = turns.map((turn) => {
    const speaker = correctedSpeaker(turn, reviews);
    return speaker === turn.speaker ? turn : { ...turn, speaker };
  });
  return checkDialogue(checked, codebook, rules, reviews);
}

/**
 * The findings of the dialogue on screen: the speaker as corrected, the expert's value where
 * reviewed, else the suggestion the review shows (the imported pre-annotation or the chosen
 * layer's value). Recomputed from the live rows, so a corrected value drops its finding at once.
 */
export function reviewFindings(model: DialogueModel, fieldReviews: readonly FieldReview[], codebook: Codebook, rules: ConsistencyRules): ConsistencyFinding[] {
  if (rules.rules.length === 0) return [];
  const turns = model.turns.map((turnModel): Turn => {
    const pre: FieldValues = {};
    for (const row of turnModel.fields) if (row.context.pre) pre[row.field.id] = row.context.pre;
    return { ...turnModel.turn, speaker: turnModel.speaker, pre };
  });
  return checkDialogue(turns, codebook, rules, indexReviews(fieldReviews));
}

export function withDismissals(findings: readonly ConsistencyFinding[], dismissals: readonly FindingDismissalRow[]): FindingItem[] {
  const byId = new Map(dismissals.map((row) => [row.id, row]));
  return findings.map((finding) => {
    const id = findingDismissalId(finding.ruleId, finding.turnId, finding.fieldId);
    return { finding, id, dismissal: byId.get(id) ?? null };
  });
}

export const stateOf = (item: FindingItem): FindingState => (item.dismissal ? 'dismissed' : 'open');

export interface FindingFilter {
  /** null: every rule */
  ruleId: string | null;
  /** 'all': open and dismissed */
  state: FindingState | 'all';
}

export function filterFindings(items: readonly FindingItem[], filter: FindingFilter): FindingItem[] {
  return items.filter((item) => (filter.ruleId === null || item.finding.ruleId === filter.ruleId) && (filter.state === 'all' || stateOf(item) === filter.state));
}

/**
 * The next open finding after the cursor in reading order (turn, then the codebook's field
 * order), wrapping round to the dialogue's first; null when there is no open finding. A finding
 * on the cursor itself is "next" only when it is the only one.
 */
export function nextOpenFinding(items: readonly FindingItem[], codebook: Codebook, from: { turnIndex: number; fieldId: string | null }): FindingItem | null {
  const open = items.filter((item) => item.dismissal === null);
  if (open.length === 0) return null;
  const fieldOrder = new Map(codebook.fields.map((field, index) => [field.id, index]));
  const key = (turnIndex: number, fieldId: string | null) => turnIndex * 1000 + (fieldId === null ? -1 : (fieldOrder.get(fieldId) ?? 999));
  const sorted = [...open].sort((a, b) => key(a.finding.turnIndex, a.finding.fieldId) - key(b.finding.turnIndex, b.finding.fieldId));
  const here = key(from.turnIndex, from.fieldId);
  return sorted.find((item) => key(item.finding.turnIndex, item.finding.fieldId) > here) ?? sorted[0];
}

/** What the chat and the field rows mark: the items by turn and by `${turnId}|${fieldId}`. */
export interface FindingMarks {
  byTurn: Map<string, FindingItem[]>;
  byField: Map<string, FindingItem[]>;
}

export function findingMarks(items: readonly FindingItem[]): FindingMarks {
  const byTurn = new Map<string, FindingItem[]>();
  const byField = new Map<string, FindingItem[]>();
  const add = (map: Map<string, FindingItem[]>, key: string, item: FindingItem) => {
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  };
  for (const item of items) {
    add(byTurn, item.finding.turnId, item);
    add(byField, `${item.finding.turnId}|${item.finding.fieldId}`, item);
  }
  return { byTurn, byField };
}
