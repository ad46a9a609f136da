import type { Codebook } from '../../../../shared/codebook/types';
import type { ReviewNotice } from '../../stores/review/types';
import type { ReviewStringKey, ReviewTextApi } from './strings';

/** The sentence shown for a notice, naming the field where one is concerned. */
export function noticeText(notice: ReviewNotice, codebook: Codebook, text: ReviewTextApi): string {
  const { t, lang } = text;
  const fieldName = (fieldId: string) => codebook.fields.find((field) => field.id === fieldId)?.name[lang] ?? fieldId;
  switch (notice.kind) {
    case 'refused':
      return `${fieldName(notice.fieldId)}: ${t(`refused.${notice.reason}` satisfies ReviewStringKey)}`;
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
      return `${fieldName(notice.fieldId)}: ${t('notApplicableNotice')}`;
    case 'no-such-label':
      return `${fieldName(notice.fieldId)}: ${t('noSuchLabel', { n: notice.position })}`;
    case 'end-of-list':
      return t(notice.direction === 'next' ? 'endOfListNext' : 'endOfListPrev');
  }
}

/** Refusals and failures ask for attention; confirmations are quiet. */
export function noticeTone(notice: ReviewNotice): 'info' | 'warn' {
  return notice.kind === 'refused' || notice.kind === 'no-such-label' || notice.kind === 'not-applicable' || (notice.kind === 'accepted-all' && notice.skipped > 0)
    ? 'warn'
    : 'info';
}
