/** A consistency finding an expert looked at and dismissed (Dexie table findingDismissals, schema v10). */
export interface FindingDismissalRow {
  /** `${ruleId}|${turnId}|${fieldId}`: the finding it dismisses, whatever its reason's wording */
  id: string;
  datasetId: string;
  dialogueId: string;
  turnId: string;
  fieldId: string;
  ruleId: string;
  /** why the expert judged the finding not to be a mistake; never empty */
  note: string;
  reviewer: string;
  annotatorId?: string;
  at: string;
}

export function findingDismissalId(ruleId: string, turnId: string, fieldId: string): string {
  return `${ruleId}|${turnId}|${fieldId}`;
}
