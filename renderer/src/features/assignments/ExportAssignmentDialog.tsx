import { useEffect, useRef, useState } from 'react';
import { useAssignmentStore } from '../../stores/assignments/store';
import { useAssignmentText } from './strings';

export interface ExportAssignmentDialogProps {
  open: boolean;
  datasetId: string;
  dialogueCount: number;
  /** the dialogues the table shows, in its order, when a filter is on; null: no filter */
  shownDialogueIds: readonly string[] | null;
  onClose(): void;
}

/** Names the annotator, chooses the dialogues (all, or those the table shows) and blind (on by default), then saves the package. */
export function ExportAssignmentDialog({ open, datasetId, dialogueCount, shownDialogueIds, onClose }: ExportAssignmentDialogProps) {
  const { t } = useAssignmentText();
  const exportAssignment = useAssignmentStore((state) => state.exportAssignment);
  const working = useAssignmentStore((state) => state.outcome.kind === 'working');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState('');
  const [blind, setBlind] = useState(true);
  const [onlyShown, setOnlyShown] = useState(true);
  const [missingName, setMissingName] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setMissingName(false);
      dialog.showModal();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  const useShown = shownDialogueIds !== null && onlyShown;
  const count = useShown ? shownDialogueIds.length : dialogueCount;

  async function save() {
    if (name.trim() === '') {
      setMissingName(true);
      return;
    }
    const saved = await exportAssignment({ datasetId, annotatorName: name, dialogueIds: useShown ? shownDialogueIds : null, blind });
    if (saved) onClose();
  }

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      data-testid="assignment-export-dialog"
      aria-labelledby="assignment-export-title"
      onCancel={(event) => {
        event.preventDefault();
        if (!working) onClose();
      }}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <h2 id="assignment-export-title">{t('exportTitle')}</h2>
        <p className="muted">{t('exportIntro')}</p>
        <label className="stacked-field">
          <span>{t('annotatorName')}</span>
          <input type="text" data-testid="assignment-annotator-name" value={name} maxLength={80} autoFocus onChange={(event) => setName(event.target.value)} />
        </label>
        <fieldset className="choice-group">
          <legend>{t('scope')}</legend>
          {shownDialogueIds !== null && (
            <label className="radio">
              <input type="radio" name="assignment-scope" data-testid="assignment-scope-shown" checked={onlyShown} onChange={() => setOnlyShown(true)} />
              <span>{t('scopeShown', { n: shownDialogueIds.length })}</span>
            </label>
          )}
          <label className="radio">
            <input type="radio" name="assignment-scope" data-testid="assignment-scope-all" checked={!useShown} onChange={() => setOnlyShown(false)} />
            <span>{t('scopeAll', { n: dialogueCount })}</span>
          </label>
        </fieldset>
        <label className="radio">
          <input type="checkbox" data-testid="assignment-blind" checked={blind} onChange={(event) => setBlind(event.target.checked)} />
          <span>{t('blind')}</span>
        </label>
        {missingName && (
          <p className="error-inline" role="alert" data-testid="assignment-export-error">
            {t('needName')}
          </p>
        )}
        <div className="button-row end">
          <button type="button" data-testid="assignment-export-cancel" disabled={working} onClick={onClose}>
            {t('close')}
          </button>
          <button type="submit" className="primary" data-testid="assignment-export-save" disabled={working || count === 0}>
            {working ? t('saving') : t('save')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
