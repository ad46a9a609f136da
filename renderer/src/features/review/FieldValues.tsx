import { labelByCode } from '../../../../shared/codebook/lookup';
import type { FieldDef } from '../../../../shared/codebook/types';
import type { FieldValue } from '../../../../shared/model/dataset';
import type { FieldRowModel } from './review-model';
import { CodeChip } from './LabelName';
import type { ReviewStringKey, ReviewTextApi } from './strings';

/** The usual separator of multi-valued cells; any other spelling is shown as imported. */
const USUAL_SEPARATOR = ', ';

/**
 * True when the imported cell says exactly what its label chips say: the labels' Chinese names,
 * English names or codes, joined the usual way. Then the chips alone tell the whole story; an
 * alias, a gloss, another separator, an unknown part or a conflict is shown as imported.
 */
export function rawIsJustTheLabels(field: FieldDef, pre: FieldValue): boolean {
  if (pre.status !== 'ok' || pre.unknown.length > 0 || pre.codes.length === 0) return false;
  const labels = pre.codes.map((code) => labelByCode(field, code));
  if (labels.some((label) => label === undefined)) return false;
  const raw = pre.raw.trim();
  const spellings = [
    labels.map((label) => label!.name.zh),
    labels.map((label) => label!.name.en),
    labels.map((label) => label!.code),
  ];
  return spellings.some((names) => names.join(USUAL_SEPARATOR) === raw);
}

/** The suggestion (the pre-annotation, or the chosen layer's value): the raw value as given and what the codebook made of it. */
export function PreValueView({ row, text }: { row: FieldRowModel; text: ReviewTextApi }) {
  const { field, pre, preText } = row.context;
  const { t, lang } = text;
  if (field.type === 'text') {
    const annotated = pre?.raw;
    return (
      <div className="rv-pre" data-testid="field-pre-value" data-status={pre?.status ?? 'missing'}>
        <q className="rv-raw" title={preText}>
          {preText}
        </q>
        {annotated !== undefined && annotated.trim() !== preText.trim() && annotated.trim() !== '' && (
          <div className="rv-note">{t('annotationUtterance', { text: annotated })}</div>
        )}
      </div>
    );
  }
  // A value from a layer looks different from an imported one, so the two are never taken for each other.
  const fromLayer = row.context.suggestionLayerId !== undefined;
  const className = fromLayer ? 'rv-pre rv-pre-layer' : 'rv-pre';
  const source = fromLayer ? 'layer' : 'imported';
  if (!pre) {
    return (
      <div className={className} data-testid="field-pre-value" data-status={row.context.noSuggestion ? 'no-suggestion' : 'missing'} data-source={source}>
        <span className="rv-muted">{t(fromLayer ? 'pre.noLayerValue' : 'pre.missing')}</span>
      </div>
    );
  }
  const statusKey = pre.status === 'ok' ? null : (`pre.status.${pre.status}` satisfies ReviewStringKey);
  if (rawIsJustTheLabels(field, pre)) {
    return (
      <div className={className} data-testid="field-pre-value" data-status={pre.status} data-source={source} data-raw="same" title={`${t('asImported')}: ${pre.raw}`}>
        {pre.codes.map((code) => (
          <CodeChip key={code} field={field} code={code} lang={lang} newValueText={t('newValue')} />
        ))}
      </div>
    );
  }
  return (
    <div className={className} data-testid="field-pre-value" data-status={pre.status} data-source={source} data-raw="differs">
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

/** A transcript field in the context line: the speaker as a chip, the utterance as a pointer to the conversation. */
export function ContextValueView({ row, text }: { row: FieldRowModel; text: ReviewTextApi }) {
  const { t, lang } = text;
  const { field } = row;
  if (field.type === 'text') return <span className="rv-context-text">{t('utteranceInConversation')}</span>;
  const codes = row.expert ? row.expert.codes : (row.context.pre?.codes ?? []);
  if (codes.length === 0) return <span className="rv-muted">{t('pre.missing')}</span>;
  return (
    <>
      {codes.map((code) => (
        <CodeChip key={code} field={field} code={code} lang={lang} newValueText={t('newValue')} />
      ))}
    </>
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
