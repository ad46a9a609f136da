import { useState } from 'react';
import type { RubricSet } from '../../../../shared/judge/types';
import type { RubricSetRow } from '../../../../shared/model/judge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage } from '../../db/errors';
import { useExpertScoresStore } from '../../stores/judge/expert-store';
import { attachExpertExample, planFewShot, type FewShotPlan } from '../../stores/rubrics/expert-anchors';
import { useRubricText } from './strings';

/**
 * Review's "Use as few-shot example" for a dialogue the expert scored on every rubric: asks first,
 * naming the new version it makes, then stores it (and, when asked, makes it the data set's set).
 */
export function FewShotAction({ datasetId, dialogueId, rater, set, hash, fullyScored }: { datasetId: string; dialogueId: string; rater: string; set: RubricSet; hash: string; /** the action is offered only then; the outcome stays shown after (the new version may start unscored) */ fullyScored: boolean }) {
  const { t } = useRubricText();
  const [plan, setPlan] = useState<FewShotPlan | null>(null);
  const [choose, setChoose] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'made'; row: RubricSetRow } | { kind: 'error'; message: string } | null>(null);
  const attachedAlready = (set.expertExamples ?? []).length;

  const ask = async () => {
    setOutcome(null);
    try {
      const next = await planFewShot({ set, hash, dialogueId });
      setChoose(false);
      setPlan(next);
    } catch (error) {
      setOutcome({ kind: 'error', message: errorMessage(error) });
    }
  };

  const make = async () => {
    if (!plan) return;
    setBusy(true);
    try {
      const row = await attachExpertExample({ datasetId, dialogueId, base: plan.base, rater, choose });
      setOutcome({ kind: 'made', row });
      if (choose) await useExpertScoresStore.getState().reload();
    } catch (error) {
      setOutcome({ kind: 'error', message: errorMessage(error) });
    } finally {
      setBusy(false);
      setPlan(null);
    }
  };

  return (
    <>
      {fullyScored && (
        <button type="button" className="quiet" data-testid="rubric-use-as-example" onClick={() => void ask()}>
          {t('panelUseAsExample')}
        </button>
      )}
      {outcome?.kind === 'made' && (
        <span className="rubric-hint" data-testid="rubric-example-made" data-row-id={outcome.row.id} role="status">
          {t('anchorMade', { id: outcome.row.setId, version: outcome.row.version, hash: outcome.row.hash.slice(0, 12) })}
        </span>
      )}
      {outcome?.kind === 'error' && (
        <span className="rubric-error" role="alert">
          {outcome.message}
        </span>
      )}
      <ConfirmDialog open={plan !== null} title={t('anchorConfirmTitle')} confirmLabel={t('anchorConfirm')} cancelLabel={t('cancel')} busy={busy} onCancel={() => setPlan(null)} onConfirm={() => void make()}>
        {plan && (
          <div data-testid="anchor-confirm" data-next-version={plan.next}>
            <p>{t('anchorConfirmBody', { id: plan.base.setId, next: plan.next, version: plan.base.version, label: plan.label, n: attachedAlready + 1 })}</p>
            <label>
              <input type="checkbox" data-testid="anchor-confirm-choose" checked={choose} onChange={(event) => setChoose(event.target.checked)} /> {t('anchorConfirmChoose', { next: plan.next, version: plan.base.version })}
            </label>
          </div>
        )}
      </ConfirmDialog>
    </>
  );
}
