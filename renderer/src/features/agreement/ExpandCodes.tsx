import type { AgreementTextApi } from './strings';

/** The per-field control that shows or hides the per-code rows of a label-set field. */
export function ExpandCodes({ fieldId, count, expanded, text, onToggle }: { fieldId: string; count: number; expanded: boolean; text: AgreementTextApi; onToggle: (fieldId: string, expanded: boolean) => void }) {
  if (count === 0) return null;
  return (
    <button type="button" className="expand-codes" data-testid="agreement-expand-codes" data-field={fieldId} aria-expanded={expanded} onClick={() => onToggle(fieldId, !expanded)}>
      {expanded ? `▾ ${text.t('hideCodes')}` : `▸ ${text.t('showCodes', { count })}`}
    </button>
  );
}
