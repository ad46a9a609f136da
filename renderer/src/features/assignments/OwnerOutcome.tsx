import type { AssignmentOutcome } from '../../stores/assignments/store';
import { useAssignmentStore } from '../../stores/assignments/store';
import { RefusalText } from './RefusalText';
import { useAssignmentText } from './strings';

/** The result of the last export or import of a package, with what to do next. */
export function OwnerOutcome({ outcome, onOpenAgreement }: { outcome: AssignmentOutcome; onOpenAgreement(): void }) {
  const { t } = useAssignmentText();
  const { confirmReplace, clearOutcome } = useAssignmentStore.getState();
  switch (outcome.kind) {
    case 'sent':
      return (
        <p className="status-line" role="status" data-testid="assignment-sent">
          {t('sent', { name: outcome.annotatorName, n: outcome.dialogues, path: outcome.path })}
        </p>
      );
    case 'work-saved':
      return (
        <p className="status-line" role="status" data-testid="assignment-work-saved">
          {t('workSaved', { path: outcome.path })}
        </p>
      );
    case 'imported': {
      const { layer, counts, replaced, annotator } = outcome.report;
      return (
        <div className="status-line" role="status" data-testid="assignment-imported">
          <p>
            {t('imported', { name: annotator.name, layer: layer.name, dialogues: counts.dialogues, turns: counts.turns, fields: counts.fields, unsure: counts.unsure, verified: counts.verifiedTurns })}
            {replaced && ` ${t('importedReplaced')}`}
          </p>
          <button type="button" data-testid="assignment-open-agreement" onClick={onOpenAgreement}>
            {t('openAgreement')}
          </button>
        </div>
      );
    }
    case 'confirm-replace':
      return (
        <div className="error-inline" role="alert" data-testid="assignment-replace">
          <p>
            <strong>{t('replaceTitle')}</strong> {t('replaceBody', { layer: outcome.layerName, file: outcome.file.name })}
          </p>
          <div className="button-row">
            <button type="button" data-testid="assignment-replace-confirm" onClick={() => void confirmReplace()}>
              {t('replace')}
            </button>
            <button type="button" data-testid="assignment-replace-keep" onClick={clearOutcome}>
              {t('keep')}
            </button>
          </div>
        </div>
      );
    case 'refused':
      return <RefusalText refusal={outcome.refusal} lead="refused" testId="assignment-refused" />;
    default:
      return null;
  }
}
