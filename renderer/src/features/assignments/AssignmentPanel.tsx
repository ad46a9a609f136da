import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { getDb } from '../../db/db';
import { assignmentProgress } from '../../db/repositories/assignments-received';
import { listSentAssignments } from '../../db/repositories/assignments-sent';
import { useAppStore } from '../../stores/app/store';
import { useAssignmentStore } from '../../stores/assignments/store';
import { ExportAssignmentDialog } from './ExportAssignmentDialog';
import { OwnerOutcome } from './OwnerOutcome';
import { useAssignmentText } from './strings';
import './assignments.css';

export interface AssignmentPanelProps {
  datasetId: string;
  dialogueCount: number;
  /** the dialogues the table shows, in its order, when a filter is on; null: no filter */
  shownDialogueIds: readonly string[] | null;
}

/**
 * The data-set view's assignment row. In a data set made from an assignment package: who it is
 * for, k of n dialogues done, and "Export my work". Otherwise the owner's "Export assignment…"
 * and "Import annotator's work…", with the outcome of the last one.
 */
export function AssignmentPanel({ datasetId, dialogueCount, shownDialogueIds }: AssignmentPanelProps) {
  const { t } = useAssignmentText();
  const progress = useLiveQuery(() => assignmentProgress(getDb(), datasetId), [datasetId]);
  const sent = useLiveQuery(() => listSentAssignments(getDb(), datasetId), [datasetId]);
  const outcome = useAssignmentStore((state) => state.outcome);
  const { pickWork, exportWork, clearOutcome } = useAssignmentStore.getState();
  const goTo = useAppStore((state) => state.goTo);
  const [exporting, setExporting] = useState(false);

  // an outcome belongs to the data set it was reached in
  useEffect(() => clearOutcome, [datasetId, clearOutcome]);

  if (progress === undefined) return null;
  const busy = outcome.kind === 'working';

  if (progress !== null) {
    const { assignment, done, total, verifiedTurns, turns } = progress;
    return (
      <section className="assignment-panel" data-testid="assignment-banner" aria-label={t('banner', { name: assignment.annotatorName, from: assignment.sourceDatasetName, done, total, verified: verifiedTurns, turns })}>
        <p className="status-line">
          <strong data-testid="assignment-progress">{t('banner', { name: assignment.annotatorName, from: assignment.sourceDatasetName, done, total, verified: verifiedTurns, turns })}</strong>
          {assignment.blind && <span className="muted"> {t('bannerBlind')}</span>}
        </p>
        <div className="button-row">
          <button type="button" className="primary" data-testid="assignment-export-work" disabled={busy} onClick={() => void exportWork(datasetId)}>
            {t('exportWork')}
          </button>
        </div>
        <OwnerOutcome outcome={outcome} onOpenAgreement={() => goTo('agreement')} />
      </section>
    );
  }

  return (
    <section className="assignment-panel" data-testid="assignment-owner">
      <div className="button-row">
        <button type="button" data-testid="assignment-export" disabled={busy || dialogueCount === 0} onClick={() => setExporting(true)}>
          {t('exportAssignment')}
        </button>
        <button type="button" data-testid="assignment-import-work" disabled={busy} onClick={() => void pickWork(datasetId)}>
          {t('importWork')}
        </button>
        {sent && sent.length > 0 && (
          <span className="muted" data-testid="assignment-sent-count">
            {t('sentCount', { n: sent.length, back: sent.filter((row) => row.importedLayerId).length })}
          </span>
        )}
      </div>
      <OwnerOutcome outcome={outcome} onOpenAgreement={() => goTo('agreement')} />
      <ExportAssignmentDialog open={exporting} datasetId={datasetId} dialogueCount={dialogueCount} shownDialogueIds={shownDialogueIds} onClose={() => setExporting(false)} />
    </section>
  );
}
