import type { FieldRowModel } from './review-model';
import { CodeChip } from './LabelName';
import type { ReviewStringKey, ReviewTextApi } from './strings';

/** The pre-annotation: the raw value exactly as imported and what the codebook made of it. */
export function PreValueView({ row, text }: { row: FieldRowModel; text: ReviewTextApi }) {
  const { field, pre, preText } = row.context;
  const { t, lang } = text;
  if (field.type === 'text') {
    const annotated = pre?.raw;
    return (
      <div className="rv-pre" data-testid="field-pre-value" data-status={pre?.status ?? 'missing'}>
        <q className="rv-raw">{preText}</q>
        {annotated !== undefined && annotated.trim() !== preText.trim() && annotated.trim() !== '' && (
          <div className="rv-note">{t('annotationUtterance', { text: annotated })}</div>
        )}
      </div>
    );
  }
  if (!pre) {
    return (
      <div className="rv-pre" data-testid="field-pre-value" data-status="missing">
        <span className="rv-muted">{t('pre.missing')}</span>
      </div>
    );
  }
  const statusKey = pre.status === 'ok' ? null : (`pre.status.${pre.status}` satisfies ReviewStringKey);
  return (
    <div className="rv-pre" data-testid="field-pre-value" data-status={pre.status}>
      <span className="rv-raw" title={t('asImported')}>
        {pre.raw === '' ? '""' : pre.raw}
      </span>
      {pre.codes.length > 0 && <span className="rv-arrow">→</span>}
      {pre.codes.map((code) => (
        <CodeChip key={code} field={field} code={code} lang={lang} newValueText={t('newValue')} />
      ))}
      {pre.unknown.map((part) => (
        <span key={`unknown-${part}`} className="rv-chip rv-chip-unknown" title={t('pre.status.unknown')}>
          ? {part}
        </span>
      ))}
      {statusKey && <span className={`rv-badge rv-status-${pre.status}`}>{t(statusKey)}</span>}
    </div>
  );
}

/** The expert's current value and decision. */
export function ExpertValueView({ row, text }: { row: FieldRowModel; text: ReviewTextApi }) {
  const { t, lang } = text;
  const expert = row.expert;
  let body;
  if (!row.applicable || !expert) {
    body = <span className="rv-muted">—</span>;
  } else if (row.field.type === 'text') {
    body = <span className="rv-expert-text">{expert.text ?? ''}</span>;
  } else if (expert.codes.length === 0) {
    body = <span className="rv-muted">{t('noValue')}</span>;
  } else {
    body = expert.codes.map((code) => <CodeChip key={code} field={row.field} code={code} lang={lang} newValueText={t('newValue')} />);
  }
  return (
    <div className="rv-expert" data-testid="field-expert-value" data-codes={expert?.codes.join(',') ?? ''}>
      {body}
    </div>
  );
}

export function DecisionChip({ decision, text }: { decision: FieldRowModel['decision']; text: ReviewTextApi }) {
  const key = `decision.${decision}` satisfies ReviewStringKey;
  return (
    <span className={`rv-decision rv-decision-${decision}`} data-testid="field-decision">
      {text.t(key)}
    </span>
  );
}
