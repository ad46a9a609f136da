import type { KeyboardEvent } from 'react';
import { useCommittedDraft } from './use-committed-draft';
import type { ReviewTextApi } from './strings';

interface TeacherModelInputProps {
  dialogueId: string;
  imported: string;
  corrected: string | undefined;
  text: ReviewTextApi;
  /** null restores the imported model; true when the correction was handed over for saving */
  onCommit: (teacherModel: string | null) => boolean;
}

/**
 * The dialogue's teacher model, correctable here; Enter, leaving the box, the box going away
 * and save-everything (openDrafts) commit it.
 */
export function TeacherModelInput({ dialogueId, imported, corrected, text, onCommit }: TeacherModelInputProps) {
  const stored = corrected ?? imported;
  const { draft, update, commit, reset } = useCommittedDraft({
    stored,
    normalize: (typed) => typed.trim(),
    save: (value) => onCommit(value === '' || value === imported ? null : value),
    onStoredChange: 'replace',
    persist: { dialogueId, target: { kind: 'teacher-model' } },
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
      event.currentTarget.blur();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      reset();
      event.currentTarget.blur();
    }
  };

  return (
    <label className="rv-teacher-model">
      <span>{text.t('teacherModel')}</span>
      <input
        data-testid="teacher-model-input"
        value={draft}
        onChange={(event) => update(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
        title={corrected !== undefined ? text.t('teacherModelImported', { value: imported }) : undefined}
        spellCheck={false}
      />
      {corrected !== undefined && <span className="rv-badge rv-badge-info">{text.t('decision.changed')}</span>}
    </label>
  );
}
