/**
 * Whether the dialogue model the review commands read (the last one rendered) already shows every
 * write asked for so far. Most commands move the cursor and queue a write that decides on the
 * stored value, so they may run at once on a screen a few writes behind. Some read values the
 * writes before them change — undo needs each earlier edit stored, `v` whether the turn is
 * verified and which fields still need a value, `f` which fields need attention, every command
 * the fields that apply after a speaker correction — and those wait until the model has caught
 * up, holding the keys after them (see keyboard/key-hold.ts), so each key acts on what the keys
 * before it left.
 */
import type { ReviewStore } from '../../stores/review/store';

/**
 * What a command reads from the model besides positions: 'values', every field value and
 * verification; 'applicability', which fields apply to the turn (they follow the corrected speaker).
 */
export type ModelNeed = 'values' | 'applicability';

export interface ModelFreshness {
  /** the rendered model shows every write the command depends on */
  isFresh(need: ModelNeed): boolean;
  /** resolves once it does: the writes have finished and the dialogue, read again, is rendered */
  whenFresh(need: ModelNeed): Promise<void>;
  /** the model just rendered was read once `asOf` writes had finished */
  rendered(asOf: number): void;
  /** the view is gone: nothing more will render, waiting commands are let go */
  dispose(): void;
}

/** Always fresh: for callers whose model is read straight from the database (tests of the commands). */
export const ALWAYS_FRESH: ModelFreshness = {
  isFresh: () => true,
  whenFresh: () => Promise.resolve(),
  rendered: () => undefined,
  dispose: () => undefined,
};

export interface FreshnessDeps {
  store: ReviewStore;
  /** the field whose value decides which fields apply (the speaker) */
  applicabilityField: string;
  /** asks for the dialogue to be read again and rendered (calls `rendered` when it is) */
  refresh: () => void;
}

export function createModelFreshness({ store, applicabilityField, refresh }: FreshnessDeps): ModelFreshness {
  let renderedAsOf = 0;
  let disposed = false;
  let waiters: { asOf: number; resolve: () => void }[] = [];

  const neededAsOf = (need: ModelNeed) => {
    const state = store.getState();
    return need === 'values' ? state.writeProgress().issued : state.lastWriteNaming(applicabilityField);
  };
  const isFresh = (need: ModelNeed) => disposed || renderedAsOf >= neededAsOf(need);

  const renderedAtLeast = (asOf: number) =>
    disposed || renderedAsOf >= asOf ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ asOf, resolve }));

  return {
    isFresh,
    async whenFresh(need) {
      while (!isFresh(need)) {
        // every write asked for so far, and any asked for while waiting
        await store.getState().flush();
        if (isFresh(need)) return;
        const { finished } = store.getState().writeProgress();
        refresh();
        await renderedAtLeast(finished);
      }
    },
    rendered(asOf) {
      if (asOf > renderedAsOf) renderedAsOf = asOf;
      const ready = waiters.filter((waiter) => waiter.asOf <= renderedAsOf);
      waiters = waiters.filter((waiter) => waiter.asOf > renderedAsOf);
      for (const waiter of ready) waiter.resolve();
    },
    dispose() {
      disposed = true;
      const all = waiters;
      waiters = [];
      for (const waiter of all) waiter.resolve();
    },
  };
}
