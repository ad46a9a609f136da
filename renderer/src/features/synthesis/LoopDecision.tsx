import type { SynthesisSessionRow } from '../../../../shared/model/synthesis';
import { rolledBack } from '../../../../shared/synthesis/session';
import type { SynthesisRoundPayload } from '../../../../shared/synthesis/synthesis-job';
import type { DraftMetric } from '../../../../shared/synthesis/types';
import type { SynthesisTextApi } from './strings';

interface LoopDecisionProps {
  session: SynthesisSessionRow;
  /** the last finished round's payload */
  payload: SynthesisRoundPayload;
  text: SynthesisTextApi;
}

function metricNames(ids: readonly string[], metrics: readonly DraftMetric[], lang: 'zh' | 'en'): string {
  return ids.map((id) => metrics.find((metric) => metric.id === id)?.name[lang] || id).join(lang === 'zh' ? '、' : ', ');
}

/** The loop's decision after the last round in words: continue or stop and why, a rollback, and when the loop stopped, why. */
export function LoopDecision({ session, payload, text }: LoopDecisionProps) {
  const { t, lang } = text;
  const { decision } = payload;
  const stopped = session.status === 'stopped' && session.stop !== null;
  return (
    <div className="synthesis-decision" data-testid="synthesis-decision" data-action={decision.action} data-reason={decision.reason} data-stopped={stopped} role="status">
      {rolledBack(payload) && decision.rollbackTo !== null && (
        <p className="synthesis-rollback" data-testid="synthesis-rollback" data-to={decision.rollbackTo}>
          {t('rolledBack', { round: decision.rollbackTo })}
        </p>
      )}
      {stopped ? (
        <p data-testid="synthesis-stopped">{t('stoppedBecause', { why: t(`why.${session.stop!.reason}`) })}</p>
      ) : decision.action === 'continue' ? (
        <p>{t('decisionContinue', { why: t(`why.${decision.reason}`), metrics: metricNames(decision.revise, payload.metrics, lang) })}</p>
      ) : (
        <p>{t('decisionStop', { why: t(`why.${decision.reason}`) })}</p>
      )}
    </div>
  );
}
