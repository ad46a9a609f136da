/**
 * The review queue: walks the reviewer through a spot-check's sample (or through a full review
 * of one field) inside the ordinary review view, one stop at a time. A sample queue keeps its
 * position in the spot-check row, so it resumes there after a reload; a full-review queue lives
 * for the session (it is recomputed from what is still unreviewed when sent again).
 */
import { create } from 'zustand';
import { getDb, type MaieuticDb } from '../../db/db';
import { chooseSuggestionLayer } from '../../db/repositories/suggestions';
import { saveSpotCheckPosition } from '../../db/repositories/spot-checks';
import { useAppStore } from '../app/store';
import { reportError } from '../notices/store';
import { reviewStore } from '../review/store';
import type { QueueStop } from './build';

export type ReviewQueue =
  | { kind: 'sample'; spotCheckId: string; name: string; stops: QueueStop[]; position: number }
  | { kind: 'full'; fieldId: string; stops: QueueStop[]; position: number };

export interface QueueState {
  queue: ReviewQueue | null;
  /** starts a queue at its position (a sample's saved one) and opens that stop in review */
  start(queue: ReviewQueue, options: { datasetId: string; suggestionLayerId?: string | null }): Promise<void>;
  /** the next (+1) or previous (−1) stop; false at either end */
  step(delta: 1 | -1): boolean;
  /**
   * review moved to another dialogue by its own keys (n / p, which step through the queue's
   * dialogues while it runs): the queue's position follows to that dialogue's first stop
   */
  follow(dialogueId: string): void;
  stop(): void;
}

/** The queue's dialogues, each once, in stop order: what review's n / p step through while the queue runs. */
function queueDialogues(queue: ReviewQueue): string[] {
  return [...new Set(queue.stops.map((stop) => stop.dialogueId))];
}

/** Opens a stop: the dialogue in review, with the sampled turn focused (and, in a full review, the field). */
function openStop(queue: ReviewQueue): void {
  const stop = queue.stops[queue.position];
  const review = reviewStore.getState();
  review.startSession(stop.dialogueId);
  // goToTurn clamps to the count; the sampled index is inside the dialogue
  if (stop.turnIndex !== null) review.goToTurn(stop.turnIndex, stop.turnIndex + 1);
  if (queue.kind === 'full') review.focusField(queue.fieldId);
  const app = useAppStore.getState();
  app.setVisibleDialogueIds(queueDialogues(queue));
  app.openDialogue(stop.dialogueId, 'spot-check');
}

export function createQueueStore(database: () => MaieuticDb = getDb) {
  return create<QueueState>()((set, get) => {
    function keep(queue: ReviewQueue): void {
      if (queue.kind === 'sample') void saveSpotCheckPosition(database(), queue.spotCheckId, queue.position).catch((error: unknown) => reportError(error, 'notice.context.spotCheck'));
    }
    return {
      queue: null,
      async start(queue, options) {
        if (queue.stops.length === 0) return;
        const position = Math.max(0, Math.min(queue.stops.length - 1, queue.position));
        // review shows the values being checked beside the expert's: the spot-check's layer, or the imported ones
        if (options.suggestionLayerId !== undefined) {
          try {
            await chooseSuggestionLayer(database(), options.datasetId, options.suggestionLayerId);
          } catch (error) {
            reportError(error, 'notice.context.spotCheck');
          }
        }
        const started = { ...queue, position };
        set({ queue: started });
        keep(started);
        openStop(started);
      },
      step(delta) {
        const queue = get().queue;
        if (!queue) return false;
        const position = queue.position + delta;
        if (position < 0 || position >= queue.stops.length) return false;
        const moved = { ...queue, position };
        set({ queue: moved });
        keep(moved);
        openStop(moved);
        return true;
      },
      follow(dialogueId) {
        const queue = get().queue;
        if (!queue || queue.stops[queue.position]?.dialogueId === dialogueId) return;
        const position = queue.stops.findIndex((stop) => stop.dialogueId === dialogueId);
        if (position === -1) return;
        const moved = { ...queue, position };
        set({ queue: moved });
        keep(moved);
      },
      stop() {
        set({ queue: null });
      },
    };
  });
}

export const useQueueStore = createQueueStore();
