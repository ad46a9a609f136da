import { filterItems } from '../../../../shared/adjudication/filters';
import type { AdjudicationItem } from '../../../../shared/adjudication/queue';
import type { AdjudicationState } from './store';

type QueueView = Pick<AdjudicationState, 'queue' | 'filter' | 'records'>;

const NO_ITEMS: AdjudicationItem[] = [];
let lastInput: { queue: QueueView['queue']; filter: QueueView['filter'] } | null = null;
let lastOutput: AdjudicationItem[] = NO_ITEMS;

/** The disagreements the filters let through, least agreement first (memoised on the queue and filter, so selectors stay stable). */
export function visibleItems(state: QueueView): AdjudicationItem[] {
  if (!state.queue) return NO_ITEMS;
  if (lastInput && lastInput.queue === state.queue && lastInput.filter === state.filter) return lastOutput;
  lastInput = { queue: state.queue, filter: state.filter };
  lastOutput = filterItems(state.queue.disagreements, state.filter);
  return lastOutput;
}

/** The first shown item after `afterId` (or from the start) without a record, wrapping round; null when every shown item has one. */
export function nextOpenId(state: QueueView, afterId: string | null): string | null {
  const shown = visibleItems(state);
  const start = afterId === null ? 0 : shown.findIndex((item) => item.id === afterId) + 1;
  for (let step = 0; step < shown.length; step++) {
    const item = shown[(start + step) % shown.length];
    if (item.id !== afterId && !state.records[item.id]) return item.id;
  }
  return null;
}

export interface QueueCounts {
  disagreements: number;
  shown: number;
  adjudicated: number;
  unresolved: number;
  open: number;
  unanimous: number;
  unanimousAccepted: number;
  flagged: number;
}

export function queueCounts(state: QueueView): QueueCounts {
  const queue = state.queue;
  const shown = visibleItems(state);
  const counts: QueueCounts = { disagreements: queue?.disagreements.length ?? 0, shown: shown.length, adjudicated: 0, unresolved: 0, open: 0, unanimous: queue?.unanimous.length ?? 0, unanimousAccepted: 0, flagged: 0 };
  for (const item of shown) {
    const record = state.records[item.id];
    if (!record) counts.open++;
    else if (record.status === 'unresolved') counts.unresolved++;
    else counts.adjudicated++;
    if (record?.needsGuidelineUpdate) counts.flagged++;
  }
  for (const item of queue?.unanimous ?? []) if (state.records[item.id]) counts.unanimousAccepted++;
  return counts;
}
