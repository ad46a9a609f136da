import type { Codebook } from '../../../../shared/codebook/types';
import { currentPlatform, formatBinding } from '../../keyboard/key-match';
import { bindingFor } from '../../keyboard/keymap';
import type { ChangeConflict, FieldState } from '../../db/repositories/reviews';
import type { ReviewNotice } from '../../stores/review/types';
import type { ReviewStringKey, ReviewTextApi } from './strings';
import { layerTitle } from './suggestion-choice';

/** The sentence shown for a notice, naming the field where one is concerned. */
export function noticeText(notice: ReviewNotice, codebook: Codebook, text: ReviewTextApi, turnNumberOf: (turnId: string) => number): string {
  const { t, lang } = text;
  const fieldName = (fieldId: string) => codebook.fields.find((field) => field.id === fieldId)?.name[lang] ?? fieldId;
  /** "Field: sentence" in English, "字段：句子" in Chinese */
  const aboutField = (fieldId: string, sentence: string) => `${t('nameColon', { name: fieldName(fieldId) })}${lang === 'zh' ? '' : ' '}${sentence}`;
  switch (notice.kind) {
    case 'refused':
      return aboutField(notice.fieldId, t(`refused.${notice.reason}` satisfies ReviewStringKey));
    case 'accepted-all':
      return t('acceptedAll', { accepted: notice.accepted, skipped: notice.skipped });
    case 'nothing-to-undo':
      return t('nothingToUndo');
    case 'nothing-to-redo':
      return t('nothingToRedo');
    case 'undone':
      return t('undone');
    case 'redone':
      return t('redone');
    case 'not-applicable':
      return aboutField(notice.fieldId, t('notApplicableNotice'));
    case 'no-such-label':
      return aboutField(notice.fieldId, t('noSuchLabel', { n: notice.position }));
    case 'end-of-list':
      return t(notice.direction === 'next' ? 'endOfListNext' : 'endOfListPrev');
    case 'no-attention-left': {
      if (notice.total === 0) return t('noAttentionAtAll');
      const back = bindingFor(notice.direction === 'next' ? 'field.prevFlagged' : 'field.nextFlagged')?.keys[0] ?? '';
      return t(notice.direction === 'next' ? 'noAttentionAfter' : 'noAttentionBefore', { n: notice.total, key: formatBinding(back, currentPlatform()) });
    }
    case 'verified-turn':
      return t('verifiedTurn', { turn: turnNumberOf(notice.turnId), n: notice.accepted });
    case 'verified-dialogue':
      return t('verifiedDialogue', { turns: notice.turns, n: notice.accepted });
    case 'verify-refused':
      return t('verifyRefused', {
        fields: notice.missing.map((missing) => `${t('turnNumber', { n: turnNumberOf(missing.turnId) })} ${fieldName(missing.fieldId)}`).join(lang === 'zh' ? '、' : ', '),
      });
    case 'suggestion-changed':
      return t('suggestionChanged', { source: notice.layer ? layerTitle(notice.layer, text) : t('suggestion.imported') });
    case 'no-suggestion-layers':
      return t('noSuggestionLayers');
    case 'undo-conflict':
      return `${t(notice.direction === 'undo' ? 'undoConflict' : 'redoConflict', { applied: notice.applied, n: notice.conflicts.length })} ${notice.conflicts
        .map((conflict) => conflictText(conflict, fieldName, turnNumberOf, text, codebook))
        .join(lang === 'zh' ? '；' : '; ')}`;
  }
}

function valueText(state: FieldState | null, codebook: Codebook, fieldId: string, text: ReviewTextApi): string {
  if (state === null) return text.t('decision.not-reviewed');
  if (state.text !== null) return `“${state.text.length > 24 ? `${state.text.slice(0, 24)}…` : state.text}”`;
  const field = codebook.fields.find((candidate) => candidate.id === fieldId);
  return state.codes.map((code) => field?.labels.find((label) => label.code === code)?.name[text.lang] ?? code).join(' + ') || '∅';
}

function byline(reviewer: string | null, at: string | null, text: ReviewTextApi): string {
  if (!reviewer) return '';
  const time = at ? new Date(at).toLocaleString(text.lang === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' }) : '';
  return ` (${text.t('changedBy', { reviewer, time })})`;
}

/** One part undo left alone, in words: what it is now and who made it so. */
function conflictText(conflict: ChangeConflict, fieldName: (fieldId: string) => string, turnNumberOf: (turnId: string) => number, text: ReviewTextApi, codebook: Codebook): string {
  const by = byline(conflict.reviewer, conflict.at, text);
  if (conflict.kind === 'field') {
    const now = valueText(conflict.found, codebook, conflict.fieldId, text);
    return `${text.t('turnNumber', { n: turnNumberOf(conflict.turnId) })} ${fieldName(conflict.fieldId)} ${text.t('isNow', { value: now })}${by}`;
  }
  if (conflict.kind === 'turn') {
    return `${text.t('turnNumber', { n: turnNumberOf(conflict.turnId) })} ${text.t(conflict.found ? 'isNowVerified' : 'isNowUnverified')}${by}`;
  }
  return `${text.t('dialogueIsNow', { status: text.t(`status.${conflict.found.status}` satisfies ReviewStringKey) })}${by}`;
}

/** Refusals and failures ask for attention; confirmations are quiet. */
export function noticeTone(notice: ReviewNotice): 'info' | 'warn' {
  return notice.kind === 'refused' || notice.kind === 'verify-refused' || notice.kind === 'undo-conflict' || notice.kind === 'no-such-label' || notice.kind === 'not-applicable' || (notice.kind === 'accepted-all' && notice.skipped > 0)
    ? 'warn'
    : 'info';
}
