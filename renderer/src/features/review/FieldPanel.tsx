import type { ReactNode } from 'react';
import { CodebookNote } from './CodebookNote';
import { FieldRow, type FieldRowActions } from './FieldRow';
import type { TextEditTarget } from '../../stores/review/types';
import type { TurnModel } from './review-model';
import type { ReviewStringKey, ReviewTextApi } from './strings';

interface FieldPanelProps {
  turn: TurnModel;
  activeFieldId: string | null;
  typeaheadOpen: boolean;
  /** the text field opened for editing, on whichever turn */
  textEdit: TextEditTarget | null;
  text: ReviewTextApi;
  actions: FieldRowActions & { verifyTurn: () => void; acceptAll: () => void };
  /** reviewer prompt, notices and the verify-dialogue warning, shown above the fields */
  messages: ReactNode;
}

/** The current turn's fields: pre-annotation beside the expert value, one row per field. */
export function FieldPanel({ turn, activeFieldId, typeaheadOpen, textEdit, text, actions, messages }: FieldPanelProps) {
  const { t, hint } = text;
  const speakerKey = `speaker.${turn.speaker}` satisfies ReviewStringKey;
  const activeRow = turn.fields.find((row) => row.field.id === activeFieldId);
  return (
    <section className="rv-fields" aria-label={t('fields')} data-testid="field-panel" data-turn-index={turn.turn.index}>
      <div className="rv-fields-head">
        <strong>{t('turnNumber', { n: turn.turn.index + 1 })}</strong>
        <span>
          {t(speakerKey)} <span className="rv-hint">{hint(speakerKey)}</span>
        </span>
        <span className="rv-muted">{t('reviewedBadge', { reviewed: turn.counts.reviewed, applicable: turn.counts.applicable })}</span>
        <span className="rv-spacer" />
        <button type="button" onClick={actions.acceptAll} tabIndex={-1} data-testid="accept-all">
          {t('acceptAll')} <kbd>⇧A</kbd>
        </button>
        <button
          type="button"
          className={turn.verified ? 'rv-verified' : 'rv-primary'}
          data-testid="verify-turn"
          data-verified={turn.verified ? 'true' : 'false'}
          onClick={actions.verifyTurn}
          tabIndex={-1}
        >
          {turn.verified ? `✓ ${t('unverifyTurn')}` : t('verifyTurn')} <kbd>v</kbd>
        </button>
      </div>
      {messages}
      <div className="rv-field-list">
        <div className="rv-field-columns" aria-hidden="true">
          <span>{t('fields')}</span>
          <span>
            {t('preAnnotation')} <span className="rv-hint">({t('asImported')} → {t('codebookLabel')})</span>
          </span>
          <span>{t('expertValue')}</span>
          <span />
        </div>
        {turn.counts.applicable === 0 && <p className="rv-muted">{t('noApplicableFields')}</p>}
        {turn.fields.map((row) => (
          <FieldRow
            key={`${turn.turn.id}|${row.field.id}`}
            row={row}
            current={row.field.id === activeFieldId}
            typeaheadOpen={typeaheadOpen && row.field.id === activeFieldId}
            dialogueId={turn.turn.dialogueId}
            turnId={turn.turn.id}
            textEditRequest={textEdit && textEdit.turnId === turn.turn.id && textEdit.fieldId === row.field.id ? textEdit.request : null}
            text={text}
            actions={actions}
          />
        ))}
      </div>
      {activeRow && <CodebookNote field={activeRow.field} text={text} />}
      <p className="rv-muted rv-shortcuts-hint">{t('shortcutsHint')}</p>
    </section>
  );
}
