import type { Codebook } from '../codebook/types';
import { indexFieldReviews } from './expert-value';
import { isDialogueVerified, turnIdsInScope, verifiedTurnIds, type ExportScope } from './scope';
import type { ExportDialogue } from './types';
import { addLabelCounts, exportedFieldValues, NO_LABELS, type LabelCounts } from './value-status';

/** What one export holds and how much of it an expert checked. */
export interface ExportSummary {
  /** dialogues with at least one turn in scope */
  dialogues: number;
  /** turns whose values are written */
  turns: number;
  /** of those dialogues, the ones marked verified */
  verifiedDialogues: number;
  /** of those turns, the ones marked verified */
  verifiedTurns: number;
  /** the labels written (transcript excluded), by review status */
  labels: LabelCounts;
}

/** Counts the dialogues, turns and labels of `items` that the export writes under `scope`. */
export function summarizeExport(items: readonly ExportDialogue[], codebook: Codebook, scope: ExportScope): ExportSummary {
  const summary: ExportSummary = { dialogues: 0, turns: 0, verifiedDialogues: 0, verifiedTurns: 0, labels: { ...NO_LABELS } };
  for (const item of items) {
    const inScope = turnIdsInScope(item, scope);
    if (inScope.size === 0) continue;
    const reviews = indexFieldReviews(item.fieldReviews);
    const verified = verifiedTurnIds(item);
    summary.dialogues += 1;
    if (isDialogueVerified(item)) summary.verifiedDialogues += 1;
    for (const turn of item.turns) {
      if (!inScope.has(turn.id)) continue;
      summary.turns += 1;
      if (verified.has(turn.id)) summary.verifiedTurns += 1;
      addLabelCounts(summary.labels, exportedFieldValues(turn, codebook, reviews));
    }
  }
  return summary;
}
