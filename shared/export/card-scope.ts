/**
 * The dataset card's figures over what the export holds, beside the whole data set's: agreement
 * of the LLM pre-annotation with the expert on the exported turns (the agreement view's
 * computation, restricted to them) and the adjudication records of those turns. Both are cheap:
 * the export has read these turns and their reviews already.
 */
import { ALL_GROUP, EXPERT_SOURCE, PRE_SOURCE, reviewLayerAgreement, type LayerAgreementRow } from '../agreement/review-layers';
import { BUILT_IN_RATER_NAMES } from '../agreement/rater-names';
import type { Codebook } from '../codebook/types';
import type { AdjudicationRow, AdjudicationStatus } from '../model/adjudication';
import type { ExportScope } from './scope';
import { turnIdsInScope } from './scope';
import type { ExportDialogue } from './types';

export interface CardCoefficient {
  /** `cohen`, `fleiss`, `krippendorff` (AgreementResult.coefficient) */
  coefficient: string;
  weights: string | null;
  value: number | null;
  /** n: the items that entered the coefficient */
  items: number;
  /** the raw 95% interval (the Markdown shows it truncated to [−1, 1], as the agreement view does) */
  ci95: [number, number] | null;
  /** why the value is undefined, when it is */
  reason: string | null;
}

export type CardFieldRow = { fieldId: string } & CardCoefficient;
export type CardCodeRow = { fieldId: string; code: string } & CardCoefficient;

/** The agreement view's rows as the card writes them: each field's own row, and the per-code rows that have items. */
export function cardAgreementRows(rows: readonly LayerAgreementRow[]): { rows: CardFieldRow[]; codeRows: CardCodeRow[] } {
  const coefficient = (row: LayerAgreementRow): CardCoefficient => ({ coefficient: row.kappa.coefficient, weights: row.weights, value: row.kappa.value, items: row.items, ci95: row.kappa.ci95, reason: row.kappa.reason });
  return {
    rows: rows.filter((row) => row.code === null).map((row) => ({ fieldId: row.fieldId, ...coefficient(row) })),
    codeRows: rows.filter((row) => row.code !== null && row.items > 0).map((row) => ({ fieldId: row.fieldId, code: row.code!, ...coefficient(row) })),
  };
}

/** Agreement LLM pre-annotation × expert over the exported turns only. */
export interface CardExportAgreement {
  raters: [string, string];
  /** exported turns with at least one field review: the turns the coefficients can count */
  reviewedTurns: number;
  rows: CardFieldRow[];
  codeRows: CardCodeRow[];
}

/**
 * The agreement view's default pair (LLM pre-annotation × expert, linear weights for ordinal
 * fields, the same item rules: decided fields only, unsure left out, the corrected speaker's
 * fields) computed over the turns whose values this export writes.
 */
export function exportAgreement(items: readonly ExportDialogue[], codebook: Codebook, scope: ExportScope): CardExportAgreement {
  const turns: { id: string; speaker: ExportDialogue['turns'][number]['speaker']; pre: ExportDialogue['turns'][number]['pre'] }[] = [];
  const fieldReviews: ExportDialogue['fieldReviews'] = [];
  for (const item of items) {
    const inScope = turnIdsInScope(item, scope);
    for (const turn of item.turns) if (inScope.has(turn.id)) turns.push({ id: turn.id, speaker: turn.speaker, pre: turn.pre });
    for (const review of item.fieldReviews) if (inScope.has(review.turnId)) fieldReviews.push(review);
  }
  const report = reviewLayerAgreement({ codebook, turns, fieldReviews, raters: [PRE_SOURCE, EXPERT_SOURCE], ordinalWeights: 'linear' });
  const all = report.groups.find((group) => group.group === ALL_GROUP) ?? report.groups[0];
  return { raters: [BUILT_IN_RATER_NAMES.pre.en, BUILT_IN_RATER_NAMES.expert.en], reviewedTurns: all?.reviewedTurns ?? 0, ...cardAgreementRows(all?.rows ?? []) };
}

export type AdjudicationCounts = Record<AdjudicationStatus, number>;

/** Adjudication records by status; with `turnIds`, only those of these turns. */
export function adjudicationCounts(rows: readonly AdjudicationRow[], turnIds?: ReadonlySet<string>): AdjudicationCounts {
  const counts: AdjudicationCounts = { unanimous: 0, adjudicated: 0, unresolved: 0 };
  for (const row of rows) if (!turnIds || turnIds.has(row.turnId)) counts[row.status] += 1;
  return counts;
}

/** The ids of the turns whose values the export writes. */
export function exportedTurnIds(items: readonly ExportDialogue[], scope: ExportScope): Set<string> {
  const ids = new Set<string>();
  for (const item of items) for (const id of turnIdsInScope(item, scope)) ids.add(id);
  return ids;
}
