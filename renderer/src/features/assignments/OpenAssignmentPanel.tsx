import { useEffect, useState } from 'react';
import { useAssignmentStore } from '../../stores/assignments/store';
import { RefusalText } from './RefusalText';
import { useAssignmentText } from './strings';
import './assignments.css';

/**
 * On the start view: an assignment package that was opened or dropped, waiting for the annotator
 * to confirm the reviewer name (the package's annotator by default), or why it was refused.
 */
export function OpenAssignmentPanel() {
  const { t } = useAssignmentText();
  const pending = useAssignmentStore((state) => state.pending);
  const openOutcome = useAssignmentStore((state) => state.openOutcome);
  const { confirmOpen, cancelOpen } = useAssignmentStore.getState();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => setName(pending?.pkg.annotator.name ?? ''), [pending]);

  if (!pending) {
    if (openOutcome?.kind === 'refused') return <RefusalText refusal={openOutcome.refusal} lead="cannotOpen" testId="assignment-open-refused" />;
    return null;
  }
  const { pkg } = pending;
  return (
    <section className="assignment-panel open-assignment" data-testid="assignment-open" aria-labelledby="assignment-open-title">
      <h2 id="assignment-open-title">{t('openTitle')}</h2>
      <p data-testid="assignment-open-summary">{t('openBody', { name: pkg.annotator.name, dataset: pkg.dataset.name, n: pkg.dialogues.length, blind: pkg.blind ? t('openBlind') : '' })}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() === '' || busy) return;
          setBusy(true);
          void confirmOpen(name.trim()).finally(() => setBusy(false));
        }}
      >
        <label className="stacked-field">
          <span>{t('reviewerName')}</span>
          <input type="text" data-testid="assignment-reviewer-name" value={name} maxLength={80} autoFocus onChange={(event) => setName(event.target.value)} />
        </label>
        {openOutcome?.kind === 'refused' && <RefusalText refusal={openOutcome.refusal} lead="cannotOpen" testId="assignment-open-refused" />}
        <div className="button-row">
          <button type="submit" className="primary" data-testid="assignment-open-confirm" disabled={busy || name.trim() === ''}>
            {t('confirmOpen')}
          </button>
          <button type="button" data-testid="assignment-open-cancel" onClick={cancelOpen}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
