import type { ReactNode } from 'react';
import type { Dialogue } from '../../../../shared/model/dataset';
import { useAppStore } from '../../stores/app/store';
import type { DialogueReview, DialogueStatus } from '../../../../shared/model/review';
import type { DialogueProgress } from './review-model';
import { SaveIndicator } from './SaveIndicator';
import type { ReviewStringKey, ReviewTextApi } from './strings';
import { TeacherModelInput } from './TeacherModelInput';

export interface DialogueHeaderActions {
  back: () => void;
  previous: () => void;
  next: () => void;
  undo: () => void;
  redo: () => void;
  verifyDialogue: () => void;
  /** true when the correction was handed over for saving */
  commitTeacherModel: (teacherModel: string | null) => boolean;
}

interface DialogueHeaderProps {
  dialogue: Dialogue;
  review: DialogueReview | null;
  status: DialogueStatus;
  progress: DialogueProgress;
  /** 0-based position among the table's visible dialogues; null when not among them */
  position: { index: number; total: number } | null;
  /** steps undo can take back, redo can make again */
  undoSteps: number;
  redoSteps: number;
  text: ReviewTextApi;
  actions: DialogueHeaderActions;
  /** where the suggestion beside the expert's value comes from */
  suggestionChooser: ReactNode;
}

export function DialogueHeader({ dialogue, review, status, progress, position, undoSteps, redoSteps, text, actions, suggestionChooser }: DialogueHeaderProps) {
  const { t, hint } = text;
  const statusKey = `status.${status}` satisfies ReviewStringKey;
  const returnView = useAppStore((state) => state.reviewReturnView);
  return (
    <header className="rv-header">
      <div className="rv-header-row">
        <button type="button" className="rv-back" data-testid="review-back" data-return-view={returnView} onClick={actions.back} tabIndex={-1}>
          ← {t(returnView === 'metrics' ? 'backToMetrics' : returnView === 'spot-check' ? 'backToSpotCheck' : 'back')} <kbd>Esc</kbd>
        </button>
        <button type="button" onClick={actions.previous} disabled={!position || position.index === 0} tabIndex={-1}>
          ‹ {t('prevDialogue')} <kbd>p</kbd>
        </button>
        <span className="rv-position" data-testid="dialogue-position">
          {position ? t('position', { n: position.index + 1, total: position.total }) : t('notInList')}
        </span>
        <button type="button" onClick={actions.next} disabled={!position || position.index >= position.total - 1} tabIndex={-1}>
          {t('nextDialogue')} › <kbd>n</kbd>
        </button>
        <h2 className="rv-title" title={`${dialogue.file}:${dialogue.line}`}>
          {dialogue.externalId}
        </h2>
        <span className={`rv-status rv-status-chip-${status}`} data-testid="dialogue-status" data-status={status}>
          {t(statusKey)} <span className="rv-hint">{hint(statusKey)}</span>
        </span>
        <span className="rv-spacer" />
        <SaveIndicator text={text} />
        <button type="button" data-testid="undo-button" data-steps={undoSteps} onClick={actions.undo} disabled={undoSteps === 0} tabIndex={-1} title={t('undo')}>
          ↶ {t('undo')}
        </button>
        <button type="button" data-testid="redo-button" data-steps={redoSteps} onClick={actions.redo} disabled={redoSteps === 0} tabIndex={-1} title={t('redo')}>
          ↷ {t('redo')}
        </button>
        <button type="button" className="rv-primary" data-testid="verify-dialogue" onClick={actions.verifyDialogue} tabIndex={-1}>
          {status === 'verified' ? t('reopenDialogue') : t('verifyDialogue')} <kbd>⇧V</kbd>
        </button>
      </div>
      <div className="rv-header-row rv-header-meta">
        <TeacherModelInput dialogueId={dialogue.id} imported={dialogue.teacherModel} corrected={review?.teacherModel} text={text} onCommit={actions.commitTeacherModel} />
        {suggestionChooser}
        {dialogue.studentType && (
          <span>
            {t('studentType')}: {dialogue.studentType}
          </span>
        )}
        {dialogue.scenario && (
          <span>
            {t('scenario')}: {dialogue.scenario}
          </span>
        )}
        <span data-testid="turns-verified">{t('turnsVerified', { verified: progress.verifiedTurns, total: progress.turnCount })}</span>
        <span>{t('openWork', { unreviewed: progress.unreviewedFields, unsure: progress.unsureFields })}</span>
        <span className="rv-muted">
          {t('source')}: {dialogue.file}:{dialogue.line}
        </span>
      </div>
      {dialogue.topicText && (
        <details className="rv-topic">
          <summary>
            {t('topic')}
            {dialogue.topicId ? ` ${dialogue.topicId}` : ''}
          </summary>
          <p lang="zh">{dialogue.topicText}</p>
        </details>
      )}
      {dialogue.unaligned.length > 0 && (
        <details className="rv-unaligned" data-testid="unaligned-annotations">
          <summary>⚠ {t('unaligned', { n: dialogue.unaligned.length })}</summary>
          <ul>
            {dialogue.unaligned.map((annotation) => (
              <li key={annotation.index}>
                <span className="rv-muted">#{annotation.index + 1}</span> {annotation.speakerRaw && <strong>{annotation.speakerRaw}: </strong>}
                <span lang="zh">{annotation.utterance}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </header>
  );
}
