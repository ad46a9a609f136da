import { useEffect, useState } from 'react';
import { fieldById } from '../../../../shared/codebook/lookup';
import { fieldName } from '../../codebook';
import { useCommands } from '../../keyboard/use-commands';
import { useAppStore } from '../../stores/app/store';
import { useQueueStore } from '../../stores/spot-check/queue';
import { useSpotCheckStore } from '../../stores/spot-check/store';
import { useSpotCheckText } from './strings';
import './spot-check.css';

/**
 * "Sample k of n" (or "Full review: field k of n") above the review of a queued dialogue, with
 * the queue's own keys: ] next, [ previous. Mounted by the review view; shows nothing without a queue.
 */
export function QueueBar({ dialogueId }: { dialogueId: string }) {
  const { t, lang } = useSpotCheckText();
  const queue = useQueueStore((state) => state.queue);
  const step = useQueueStore((state) => state.step);
  const stopQueue = useQueueStore((state) => state.stop);
  const follow = useQueueStore((state) => state.follow);
  // the queue was opened from the spot-check view, whose store holds the data set's codebook version
  const codebook = useSpotCheckStore((state) => state.codebook);
  const leaveReview = useAppStore((state) => state.leaveReview);
  // a dialogue opened from elsewhere (the table, metrics) is not a stop of the queue
  const fromSpotCheck = useAppStore((state) => state.reviewReturnView === 'spot-check');
  const [edge, setEdge] = useState<'start' | 'end' | null>(null);
  const move = (delta: 1 | -1) => setEdge(step(delta) ? null : delta === 1 ? 'end' : 'start');
  useCommands('review', { 'queue.next': () => move(1), 'queue.prev': () => move(-1) }, { enabled: queue !== null && fromSpotCheck });
  // n / p step through the queue's dialogues (queue.ts sets them as review's list): the bar follows
  useEffect(() => {
    if (fromSpotCheck) follow(dialogueId);
  }, [dialogueId, fromSpotCheck, follow]);

  if (!queue || !fromSpotCheck) return null;
  const stop = queue.stops[queue.position];
  const k = queue.position + 1;
  const n = queue.stops.length;
  const label = queue.kind === 'sample' ? t('queueSample', { name: queue.name, k, n }) : t('queueFull', { field: ((field) => (field ? fieldName(field, lang) : queue.fieldId))(fieldById(codebook, queue.fieldId)), k, n });
  const last = queue.position === n - 1;
  return (
    <div className="sc-queue-bar" role="navigation" aria-label={label} data-testid="review-queue-bar" data-kind={queue.kind} data-position={k} data-total={n} data-here={stop?.dialogueId === dialogueId ? 'true' : 'false'}>
      <strong data-testid="review-queue-label">
        {label}
        {stop?.turnIndex !== null && stop?.turnIndex !== undefined && `${lang === 'zh' ? '' : ' '}${t('queueTurn', { turn: stop.turnIndex + 1 })}`}
      </strong>
      {edge && (
        <span role="status" data-testid="review-queue-edge">
          {edge === 'end' ? t('queueEnd') : t('queueStart')}
        </span>
      )}
      <button type="button" data-testid="review-queue-prev" disabled={queue.position === 0} onClick={() => move(-1)}>
        ‹ {t('queuePrev')} <kbd>[</kbd>
      </button>
      <button type="button" data-testid="review-queue-next" disabled={last} onClick={() => move(1)}>
        {t('queueNext')} › <kbd>]</kbd>
      </button>
      {last && (
        <button type="button" className="primary" data-testid="review-queue-done" onClick={leaveReview}>
          {t('queueDone')}
        </button>
      )}
      <button type="button" className="quiet" data-testid="review-queue-close" onClick={stopQueue}>
        {t('queueClose')}
      </button>
    </div>
  );
}
