/**
 * Text the expert has typed but not yet committed (the utterance correction box, the teacher
 * model box). Each editor registers a committer while it is mounted, so closing the window,
 * exporting or leaving the page can commit drafts that would otherwise wait for a blur.
 */
export interface DraftCommitter {
  /** true while the box holds text that has not been handed over for saving */
  hasDraft(): boolean;
  /** hands the draft over for saving (queues the write); does nothing without a draft */
  commit(): void;
}

export interface DraftRegistry {
  /** returns the unregister function */
  register(committer: DraftCommitter): () => void;
  /** commits every open draft; returns how many there were */
  commitAll(): number;
  hasDrafts(): boolean;
}

export function createDraftRegistry(): DraftRegistry {
  const committers = new Set<DraftCommitter>();
  return {
    register(committer) {
      committers.add(committer);
      return () => {
        committers.delete(committer);
      };
    },
    commitAll() {
      let committed = 0;
      for (const committer of [...committers]) {
        if (!committer.hasDraft()) continue;
        committer.commit();
        committed += 1;
      }
      return committed;
    },
    hasDrafts: () => [...committers].some((committer) => committer.hasDraft()),
  };
}

/** The app's open drafts. */
export const openDrafts: DraftRegistry = createDraftRegistry();
