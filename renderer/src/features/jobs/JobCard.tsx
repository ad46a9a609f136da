import type { JobReason, JobSnapshot } from '../../../../shared/jobs';
import { ProgressBar } from '../../components/ProgressBar';
import { formatNumber } from '../../i18n';
import type { DiscardedItem } from '../../stores/jobs/store';
import { formatCost, formatEta } from './format';
import { type ItemDialogue, itemLabel } from './item-dialogues';
import { ReasonText } from './ReasonText';
import { useJobsText } from './strings';

interface JobCardProps {
  job: JobSnapshot;
  discarded: readonly DiscardedItem[];
  /** main holds the pause, and the calls in flight are still finishing */
  pausing: boolean;
  /** the stored dialogues of the failed and discarded items, to name them and open them in review */
  dialogues: ReadonlyMap<string, ItemDialogue>;
  onOpenItem(dialogue: ItemDialogue): void;
  onPause(): void;
  onResume(): void;
  onCancel(): void;
  /** where the job's results are looked at, for kinds that have a view of their own (generation runs) */
  onOpenResults?: () => void;
}

/** One job: its figures, its controls, and the items that failed with their reasons (as text: they may quote model output). */
export function JobCard({ job, discarded, pausing, dialogues, onOpenItem, onPause, onResume, onCancel, onOpenResults }: JobCardProps) {
  const { t, lang } = useJobsText();
  const { progress, status } = job;
  const n = (value: number) => formatNumber(lang, value);
  const finished = status === 'succeeded' || status === 'failed' || status === 'cancelled';
  // a synthesis job's one item is a round, not a dialogue: it is run again from the synthesis view
  const rounds = job.kind === 'rubric-synthesis';
  return (
    <article className="job-card" data-testid="job-card" data-job-id={job.id} data-status={status} data-pausing={pausing ? 'true' : 'false'} aria-labelledby={`job-title-${job.id}`}>
      <header className="job-card-header">
        <h3 id={`job-title-${job.id}`}>{job.title}</h3>
        <span className="chip job-kind" data-testid="job-kind">
          {t(`kind_${job.kind}`)}
        </span>
        <span className={`chip job-status job-status-${status}`} data-testid="job-status">
          {pausing ? t('status_pausing') : t(`status_${status}`)}
        </span>
      </header>
      <ProgressBar value={progress.total === 0 ? 0 : progress.done / progress.total} label={t('progressLabel', { title: job.title })} tone={status === 'succeeded' ? 'done' : 'neutral'} testId="job-progress" />
      <p className="job-figures" data-testid="job-figures">
        <span data-testid="job-done">{t('done', { done: n(progress.done), total: n(progress.total) })}</span>
        <span data-testid="job-failed">{t('failed', { n: n(progress.failed) })}</span>
        <span data-testid="job-cached">{t('cached', { n: n(progress.cached) })}</span>
        <span>{t('tokens', { input: n(progress.tokens.input), output: n(progress.tokens.output) })}</span>
        <span data-testid="job-cost">{progress.cost === null ? t('costUnknown') : t('cost', { cost: formatCost(progress.cost) })}</span>
        {!finished && <span>{progress.rate === null ? t('rateUnknown') : t('rate', { n: n(Math.round(progress.rate * 10) / 10) })}</span>}
        {!finished && progress.eta !== null && <span>{t('eta', { time: formatEta(lang, progress.eta) })}</span>}
      </p>
      {onOpenResults && (
        <div className="button-row">
          <button type="button" data-testid="job-open-results" onClick={onOpenResults}>
            {t('openResults')}
          </button>
        </div>
      )}
      {progress.note && (
        <p className="job-note" data-testid="job-note">
          {t('jobNote', { note: progress.note })}
        </p>
      )}
      {job.error && (
        <p className="error-inline" data-testid="job-error">
          {t('jobError')} <ReasonText why={job.errorWhy} detail={job.error} testId="job-error-reason" />
        </p>
      )}
      {!finished && (
        <div className="button-row">
          {(status === 'running' || status === 'queued') && !pausing && (
            <button type="button" data-testid="job-pause" onClick={onPause}>
              {t('pause')}
            </button>
          )}
          {(status === 'paused' || status === 'interrupted') && (
            <button type="button" className="primary" data-testid="job-resume" onClick={onResume}>
              {t('resume')}
            </button>
          )}
          <button type="button" className="danger" data-testid="job-cancel" onClick={onCancel}>
            {t('cancel')}
          </button>
        </div>
      )}
      {job.failedItems.length > 0 && (
        <details className="job-items" data-testid="job-failed-items" open={job.failedItems.length <= 5}>
          <summary>{t(rounds ? 'failedRounds' : 'failedItems', { n: n(job.failedItems.length) })}</summary>
          <ul>
            {job.failedItems.map((failed) => (
              <ItemLine key={`${failed.item.connectionId}|${failed.item.itemId}|${failed.item.sample}`} testId="job-failed-item" rounds={rounds} itemId={failed.item.itemId} reason={failed.reason} why={failed.why} dialogue={dialogues.get(failed.item.itemId)} onOpen={onOpenItem} />
            ))}
          </ul>
        </details>
      )}
      {discarded.length > 0 && (
        <details className="job-items" data-testid="job-discarded-items">
          <summary>{t('discardedItems', { n: n(discarded.length) })}</summary>
          <ul>
            {discarded.map((entry) => (
              <ItemLine key={`${entry.item.connectionId}|${entry.item.itemId}|${entry.item.sample}`} testId="job-discarded-item" rounds={rounds} itemId={entry.item.itemId} reason={entry.reason} dialogue={dialogues.get(entry.item.itemId)} onOpen={onOpenItem} />
            ))}
          </ul>
        </details>
      )}
    </article>
  );
}

function ItemLine({ testId, rounds, itemId, reason, why, dialogue, onOpen }: { testId: string; rounds: boolean; itemId: string; reason: string; why?: JobReason; dialogue: ItemDialogue | undefined; onOpen(dialogue: ItemDialogue): void }) {
  const { t } = useJobsText();
  return (
    <li data-testid={testId} data-item-id={itemId}>
      {rounds ? t('roundReason', { item: itemId }) : t('itemReason', { item: itemLabel(itemId, dialogue) })} <ReasonText why={why} detail={reason} testId={`${testId}-reason`} />{' '}
      {dialogue && (
        <button type="button" className="quiet" data-testid="job-item-open" onClick={() => onOpen(dialogue)}>
          {t('openInReview')}
        </button>
      )}
    </li>
  );
}
