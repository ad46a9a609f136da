import type { ReactNode } from 'react';
import type { Codebook } from '../../../../shared/codebook/types';
import { CodebookPanel } from '../codebook/CodebookPanel';
import { FieldRow, type FieldRowActions } from './FieldRow';
import type { TextEditTarget } from '../../stores/review/types';
import { TRANSCRIPT_FIELD_IDS } from '../../../../shared/export/value-status';
import { needsAttention, type FieldRowModel, type TurnModel } from './review-model';
import type { ReviewStringKey, ReviewTextApi } from './strings';
import type { Suggestion } from '../../db/repositories/suggestions';
import { suggestionSourceTitle } from './suggestion-choice';
import type { FindingItem } from '../consistency/findings-model';

interface FieldPanelProps {
  turn: TurnModel;
  activeFieldId: string | null;
  typeaheadOpen: boolean;
  /** the text field opened for editing, on whichever turn */
  textEdit: TextEditTarget | null;
  /** where the suggestion column's values come from, named in its heading */
  suggestion: Suggestion;
  /** the dialogue's codebook, for the codebook panel's "search all fields" */
  codebook: Codebook;
  text: ReviewTextApi;
  actions: FieldRowActions & { verifyTurn: () => void; acceptAll: () => void };
  /** reviewer prompt, notices and the verify-dialogue warning, shown above the fields */
  messages: ReactNode;
  /** the consistency findings by `${turnId}|${fieldId}` */
  findingsByField?: ReadonlyMap<string, FindingItem[]>;
  /** the dialogue's data set and the codebook version it recorded: the panel shows it and edits it */
  codebookDataset?: { id: string; codebookHash?: string };
}

/**
 * A transcript field (speaker, utterance) is context, not a value to review, unless the cursor is
 * on it or the expert has to look at it: corrected, unsure, flagged, in need of a value, or an
 * annotation whose utterance differs from the turn's.
 */
export function presentationOf(row: FieldRowModel, current: boolean): 'row' | 'context' {
  if (!TRANSCRIPT_FIELD_IDS.has(row.field.id) || current || !row.applicable) return 'row';
  if (row.decision !== 'not-reviewed' && row.decision !== 'accepted') return 'row';
  if (needsAttention(row)) return 'row';
  const pre = row.context.pre;
  if (row.field.type === 'text' && pre && pre.raw.trim() !== '' && pre.raw.trim() !== row.context.preText.trim()) return 'row';
  return 'context';
}

type Block = { kind: 'row'; row: FieldRowModel } | { kind: 'context'; rows: FieldRowModel[] };

/** Consecutive context fields share one slim line; every other field is a row of its own. */
function blocksOf(rows: readonly FieldRowModel[], activeFieldId: string | null, hasFinding: (row: FieldRowModel) => boolean = () => false): Block[] {
  const blocks: Block[] = [];
  for (const row of rows) {
    if (hasFinding(row) || presentationOf(row, row.field.id === activeFieldId) === 'row') {
      blocks.push({ kind: 'row', row });
      continue;
    }
    const last = blocks[blocks.length - 1];
    if (last?.kind === 'context') last.rows.push(row);
    else blocks.push({ kind: 'context', rows: [row] });
  }
  return blocks;
}

/** The current turn's fields: pre-annotation beside the expert value, one row per field. */
export function FieldPanel({ turn, activeFieldId, typeaheadOpen, textEdit, suggestion, codebook, text, actions, messages, findingsByField, codebookDataset }: FieldPanelProps) {
  const findingsOf = (row: FieldRowModel) => findingsByField?.get(`${turn.turn.id}|${row.field.id}`);
  const { t, hint } = text;
  const speakerKey = `speaker.${turn.speaker}` satisfies ReviewStringKey;
  const activeRow = turn.fields.find((row) => row.field.id === activeFieldId);
  const fieldRow = (row: FieldRowModel, presentation: 'row' | 'context') => (
    <FieldRow
      key={`${turn.turn.id}|${row.field.id}`}
      row={row}
      current={row.field.id === activeFieldId}
      presentation={presentation}
      typeaheadOpen={typeaheadOpen && row.field.id === activeFieldId}
      dialogueId={turn.turn.dialogueId}
      turnId={turn.turn.id}
      textEditRequest={textEdit && textEdit.turnId === turn.turn.id && textEdit.fieldId === row.field.id ? textEdit.request : null}
      text={text}
      actions={actions}
      findings={findingsOf(row)}
    />
  );
  return (
    <section className="rv-fields" aria-label={t('fields')} data-testid="field-panel" data-turn-index={turn.turn.index}>
      {/* Head and messages stay put while the fields scroll: a warning is never scrolled away. */}
      <div className="rv-fields-top">
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
        <div className="rv-fields-messages" data-testid="field-panel-messages">
          {messages}
        </div>
      </div>
      <div className="rv-fields-scroll" data-testid="field-scroll">
        <div className="rv-field-list">
          <div className="rv-field-columns" aria-hidden="true">
            <span>{t('fields')}</span>
            <span className={suggestion.kind === 'layer' ? 'rv-suggestion-source rv-suggestion-layer' : 'rv-suggestion-source'} data-testid="suggestion-source">
              {t('suggestionColumn', { source: suggestionSourceTitle(suggestion, text) })} <span className="rv-hint">({t('rawWhereItDiffers')})</span>
            </span>
            <span>{t('expertValue')}</span>
            <span />
          </div>
          {turn.counts.applicable === 0 && <p className="rv-muted">{t('noApplicableFields')}</p>}
          {blocksOf(turn.fields, activeFieldId, (row) => findingsOf(row) !== undefined).map((block) =>
            block.kind === 'row' ? (
              fieldRow(block.row, 'row')
            ) : (
              <div key={`context|${block.rows[0].field.id}`} className="rv-context-line" data-testid="field-context-line" aria-label={t('contextLine')}>
                {block.rows.map((row) => fieldRow(row, 'context'))}
              </div>
            ),
          )}
        </div>
        {activeRow && <CodebookPanel field={activeRow.field} codebook={codebook} focusCommand="codebook.search" showPickKeys testId="codebook-note" dataset={codebookDataset} editable />}
        <p className="rv-muted rv-shortcuts-hint">{t('shortcutsHint')}</p>
      </div>
    </section>
  );
}
