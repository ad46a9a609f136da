import type { AdjudicationItem } from '../../../../shared/adjudication/queue';
import { hasValue, sameCodes } from '../../../../shared/adjudication/ratings';
import type { FieldDef } from '../../../../shared/codebook/types';
import type { AdjudicationRow } from '../../../../shared/model/adjudication';
import type { LayerOption } from '../../stores/agreement/rater-choice';
import type { DialogueContext } from '../../stores/adjudication/load';
import type { AdjudicationMessage, ItemDraft } from '../../stores/adjudication/store';
import { formatBinding, currentPlatform } from '../../keyboard/key-match';
import { raterKeyName } from './names';
import { NoteEditor } from './NoteEditor';
import { OtherValueEditor } from './OtherValueEditor';
import { useAdjudicationText } from './strings';
import { ValueChips } from './ValueChips';

function sameRaters(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key) => b.includes(key));
}

/** Turns shown before and after the one adjudicated. */
const CONTEXT_TURNS = 3;

interface ItemPanelProps {
  item: AdjudicationItem;
  field: FieldDef;
  record: AdjudicationRow | undefined;
  draft: ItemDraft | undefined;
  dialogue: DialogueContext | undefined;
  layers: readonly LayerOption[];
  editor: 'other' | 'note' | null;
  message: AdjudicationMessage | null;
  onPick(position: number): void;
  onDecideValue(codes: string[]): void;
  onUnresolved(): void;
  onToggleFlag(): void;
  onSaveNote(note: string): void;
  onEditor(editor: 'other' | 'note' | null): void;
}

export function ItemPanel({ item, field, record, draft, dialogue, layers, editor, message, onPick, onDecideValue, onUnresolved, onToggleFlag, onSaveNote, onEditor }: ItemPanelProps) {
  const { t, lang } = useAdjudicationText();
  const other = lang === 'zh' ? 'en' : 'zh';
  const note = record?.note ?? draft?.note ?? '';
  const flagged = record?.needsGuidelineUpdate ?? draft?.needsGuidelineUpdate ?? false;
  const context = (dialogue?.turns ?? []).filter((turn) => Math.abs(turn.index - item.turnIndex) <= CONTEXT_TURNS);
  const platform = currentPlatform();
  const messageText =
    message?.key === 'noValue'
      ? t('message.noValue', { n: message.rater })
      : message?.key === 'noRater'
        ? t('message.noRater', { n: message.rater, count: item.ratings.length })
        : message?.key === 'invalid'
          ? t('message.invalid', { detail: message.detail })
          : null;

  return (
    <article className="adj-item" data-testid="adjudication-item" data-item-id={item.id} data-field={item.fieldId} data-status={record?.status ?? 'open'} data-flagged={flagged ? 'true' : 'false'}>
      <section className="adj-context" aria-label={t('context')}>
        <h2>
          {t('turnOf', { dialogue: dialogue?.name ?? item.dialogueId, n: item.turnIndex + 1 })} · {field.name[lang]} <span className="rv-hint">{field.name[other]}</span>
        </h2>
        <ol className="adj-context-turns">
          {context.map((turn) => (
            <li key={turn.index} className={turn.index === item.turnIndex ? 'adj-context-current' : undefined} data-testid="adjudication-context-turn" data-turn-index={turn.index}>
              <span className="adj-speaker">{t(`speaker.${turn.speaker}`)}</span>
              <span className="adj-utterance">{turn.utterance}</span>
            </li>
          ))}
        </ol>
      </section>

      <section aria-label={t('layersSideBySide')}>
        <h3>{t('layersSideBySide')}</h3>
        <table className="adj-ratings">
          <tbody>
            {item.ratings.map(({ rater, rating }, index) => {
              const chosen = record && record.status !== 'unresolved' && hasValue(rating) && sameCodes(rating.codes, record.codes);
              return (
                <tr key={rater} data-testid="adjudication-rating" data-rater={rater} data-position={index + 1} data-chosen={chosen ? 'true' : 'false'} className={chosen ? 'adj-rating-chosen' : undefined}>
                  <td>
                    <button type="button" className="adj-pick" tabIndex={-1} disabled={!hasValue(rating)} onClick={() => onPick(index + 1)}>
                      <kbd>{index < 9 ? formatBinding(String(index + 1), platform) : ''}</kbd>
                    </button>
                  </td>
                  <th scope="row">{raterKeyName(rater, layers, lang)}</th>
                  <td>{hasValue(rating) ? <ValueChips field={field} codes={rating.codes} lang={lang} /> : <span className="rv-muted">{t('noValue', { reason: t(`reason.${rating.missing}`) })}</span>}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>

      <section className="adj-decision" data-testid="adjudication-decision">
        {record && record.status !== 'unresolved' && (
          <p>
            {t('decided', { value: '' })}
            <ValueChips field={field} codes={record.codes} lang={lang} />
            <span className="rv-hint">
              {' · '}
              {record.agreedWith.length > 0 ? t('agreedWith', { names: record.agreedWith.map((key) => raterKeyName(key, layers, lang)).join(', ') }) : t('agreedWithNobody')}
            </span>
          </p>
        )}
        {record?.status === 'unresolved' && <p>{t('decidedUnresolved')}</p>}
        {record && !sameRaters(record.compared, item.ratings.map((rating) => rating.rater)) && (
          <p className="muted" data-testid="adjudication-other-comparison">
            {t('otherComparison', { names: record.compared.map((key) => raterKeyName(key, layers, lang)).join(', ') })}
          </p>
        )}
        {flagged && (
          <p className="adj-flag" data-testid="adjudication-flag">
            ⚑ {t('flag')}
          </p>
        )}
        {note !== '' && editor !== 'note' && (
          <p className="adj-note" data-testid="adjudication-note">
            {t('note')}: {note}
          </p>
        )}
        {messageText && (
          <p className="error-inline" role="status" data-testid="adjudication-message">
            {messageText}
          </p>
        )}
        {editor === 'other' && <OtherValueEditor field={field} onDecide={onDecideValue} onClose={() => onEditor(null)} />}
        {editor === 'note' && (
          <NoteEditor
            initial={note}
            onSave={(text) => {
              onSaveNote(text);
              onEditor(null);
            }}
            onClose={() => onEditor(null)}
          />
        )}
        <div className="button-row">
          <button type="button" data-testid="adjudication-other-button" onClick={() => onEditor('other')}>
            {t('otherValue')} <kbd>o</kbd>
          </button>
          <button type="button" data-testid="adjudication-flag-button" aria-pressed={flagged} onClick={onToggleFlag}>
            {t('flag')} <kbd>g</kbd>
          </button>
          <button type="button" onClick={() => onEditor('note')}>
            {t('note')} <kbd>n</kbd>
          </button>
          <button type="button" data-testid="adjudication-unresolved-button" onClick={onUnresolved}>
            {t('unresolve')} <kbd>u</kbd>
          </button>
        </div>
      </section>
    </article>
  );
}
