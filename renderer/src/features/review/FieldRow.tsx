import { memo, useEffect, useRef } from 'react';
import type { FindingItem } from '../consistency/findings-model';
import { FindingMarker, FindingReasons } from '../consistency/FindingMarker';
import { ContextValueView, DecisionChip, ExpertValueView, PreValueView } from './FieldValues';
import { LabelOptions } from './LabelOptions';
import type { FieldRowModel } from './review-model';
import type { ReviewTextApi } from './strings';
import { TextFieldEditor } from './TextFieldEditor';
import { Typeahead } from './Typeahead';

export interface FieldRowActions {
  focus: (fieldId: string) => void;
  pick: (fieldId: string, code: string) => void;
  accept: (fieldId: string) => void;
  unsure: (fieldId: string) => void;
  clear: (fieldId: string) => void;
  /** true when the correction was handed over for saving */
  commitText: (fieldId: string, value: string) => boolean;
  /** the text editor of this turn's field lost the focus: editing ends */
  endTextEdit: (turnId: string, fieldId: string) => void;
  closeTypeahead: () => void;
}

interface FieldRowProps {
  row: FieldRowModel;
  current: boolean;
  /**
   * 'context': a transcript field (speaker, utterance) nobody has to act on, shown as a slim part
   * of the context line instead of a full row; still a field the cursor reaches and counts.
   */
  presentation: 'row' | 'context';
  typeaheadOpen: boolean;
  dialogueId: string;
  turnId: string;
  /** set while the user has opened this row's text editor ('/'): the editor takes the focus for it */
  textEditRequest: number | null;
  text: ReviewTextApi;
  actions: FieldRowActions;
  /** the consistency findings on this field of the turn, open and dismissed */
  findings?: readonly FindingItem[];
}

export const FieldRow = memo(function FieldRow({ row, current, presentation, typeaheadOpen, dialogueId, turnId, textEditRequest, text, actions, findings }: FieldRowProps) {
  const { field, applicable } = row;
  const { t, hint, lang } = text;
  const rowRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!current || !rowRef.current) return;
    rowRef.current.scrollIntoView({ block: 'nearest' });
    // Keep DOM focus with the cursor (for screen readers) unless the user is typing somewhere.
    const active = document.activeElement;
    const typing = active instanceof HTMLElement && active.matches('input, textarea, select, [contenteditable="true"]');
    if (!typing) rowRef.current.focus({ preventScroll: true });
  }, [current]);

  const other = lang === 'zh' ? 'en' : 'zh';
  const names = `${field.name[lang]} · ${field.name[other]}`;
  if (presentation === 'context') {
    return (
      <div
        ref={rowRef}
        className="rv-field-context"
        data-testid="field-row"
        data-field-id={field.id}
        data-decision={row.decision}
        data-applicable={applicable ? 'true' : 'false'}
        data-current="false"
        data-presentation="context"
        role="group"
        aria-label={field.name[lang]}
        title={names}
        tabIndex={-1}
        onClick={applicable ? () => actions.focus(field.id) : undefined}
      >
        <span className="rv-context-name">{t('nameColon', { name: field.name[lang] })}</span>
        <ContextValueView row={row} text={text} />
        {row.decision === 'accepted' && <DecisionChip decision={row.decision} text={text} />}
      </div>
    );
  }
  return (
    <div
      ref={rowRef}
      className={`rv-field-row${current ? ' rv-current' : ''}${applicable ? '' : ' rv-not-applicable'}`}
      data-testid="field-row"
      data-field-id={field.id}
      data-decision={row.decision}
      data-applicable={applicable ? 'true' : 'false'}
      data-current={current ? 'true' : 'false'}
      data-presentation="row"
      data-findings={findings?.some((item) => !item.dismissal) ? 'open' : findings?.length ? 'dismissed' : undefined}
      aria-current={current ? 'true' : undefined}
      role="group"
      aria-label={field.name[lang]}
      tabIndex={-1}
      onClick={applicable ? () => actions.focus(field.id) : undefined}
    >
      <span className="rv-field-name" title={names}>
        {field.name[lang]} <span className="rv-hint">{field.name[other]}</span>
      </span>
      {!applicable ? (
        <div className="rv-na">
          {t('decision.not-applicable')} <span className="rv-hint">{hint('decision.not-applicable')}</span>
          {row.context.pre && row.context.pre.raw.trim() !== '' && field.type !== 'text' && (
            <span className="rv-note">
              {' '}
              · {t(row.context.suggestionLayerId === undefined ? 'preAnnotation' : 'suggestionShort')}: <span className="rv-raw">{row.context.pre.raw}</span>
            </span>
          )}
        </div>
      ) : (
        <>
          <PreValueView row={row} text={text} />
          <ExpertValueView row={row} text={text} />
        </>
      )}
      <span className="rv-field-state">
        {findings && findings.length > 0 && <FindingMarker items={findings} lang={lang} />}
        {row.flagged && <span className="rv-badge rv-badge-warn">⚠</span>}
        {applicable && <DecisionChip decision={row.decision} text={text} />}
      </span>
      {findings && findings.length > 0 && (current || !applicable) && <FindingReasons items={findings} lang={lang} />}
      {current && applicable && (
        <div className="rv-field-editor" onClick={(event) => event.stopPropagation()}>
          {field.type === 'text' ? (
            <TextFieldEditor
              value={row.expert?.text ?? row.context.preText}
              text={text}
              focusRequest={textEditRequest}
              onCommit={(value) => actions.commitText(field.id, value)}
              onEnd={() => actions.endTextEdit(turnId, field.id)}
              persist={{ dialogueId, target: { kind: 'text-field', turnId, fieldId: field.id } }}
            />
          ) : (
            <>
              <LabelOptions row={row} text={text} onPick={(code) => actions.pick(field.id, code)} />
              {typeaheadOpen && (
                <Typeahead field={field} text={text} onPick={(code) => actions.pick(field.id, code)} onClose={actions.closeTypeahead} />
              )}
            </>
          )}
          <div className="rv-field-actions">
            <button type="button" onClick={() => actions.accept(field.id)} disabled={row.acceptRefusal !== null} tabIndex={-1}>
              {t('accept')} <kbd>a</kbd>
            </button>
            <button type="button" onClick={() => actions.unsure(field.id)} tabIndex={-1}>
              {t('unsure')} <kbd>u</kbd>
            </button>
            <button type="button" onClick={() => actions.clear(field.id)} disabled={row.expert === null} tabIndex={-1}>
              {t('clear')} <kbd>⌫</kbd>
            </button>
          </div>
        </div>
      )}
    </div>
  );
});
