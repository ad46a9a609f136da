import type { JobSnapshot } from '../../../../shared/jobs/types';
import { formatNumber } from '../../i18n';
import { ReasonText } from '../jobs/ReasonText';
import { jobsText } from '../jobs/strings';
import type { SynthesisTextApi } from './strings';

/** The running round's job as the jobs store last saw it: calls done when it counts several, else that it runs, and the tokens spent. */
export function RoundProgress({ round, job, text }: { round: number; job: JobSnapshot | undefined; text: SynthesisTextApi }) {
  const { t, lang } = text;
  const tokens = job ? formatNumber(lang, job.progress.tokens.input + job.progress.tokens.output) : '0';
  // a job that stopped on a fault (a deleted connection, a refused key) sends no round: say so, and how to go on
  if (job && (job.status === 'failed' || job.status === 'interrupted' || job.status === 'cancelled')) {
    return (
      <div className="synthesis-progress" data-testid="synthesis-progress" data-status={job.status} role="alert">
        <p>
          {t('roundJobEnded', { round, status: jobsText(lang, `status_${job.status}`) })} {job.error ? <ReasonText why={job.errorWhy} detail={job.error} testId="synthesis-job-error" /> : '—'}
        </p>
        <p className="muted">{t('roundJobEndedHint')}</p>
      </div>
    );
  }
  const line = !job || job.status === 'queued' ? t('progressQueued') : job.status === 'paused' ? t('progressPaused') : job.progress.total > 1 ? t('progress', { done: formatNumber(lang, job.progress.done), total: formatNumber(lang, job.progress.total), tokens }) : t('progressRunning', { tokens });
  return (
    <div className="synthesis-progress" data-testid="synthesis-progress" data-status={job?.status ?? 'unknown'} role="status" aria-live="polite">
      <p>{t('roundWaiting', { round })}</p>
      <p className="muted">
        <span className="synthesis-spinner" aria-hidden="true" /> {line}
      </p>
    </div>
  );
}
