import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { getDb } from '../../db/db';
import { reportError } from '../notices/store';
import { useSettingsStore } from '../settings/store';
import { createEditsSlice } from './slices/edits';
import { createNavigationSlice } from './slices/navigation';
import type { ReviewDeps, ReviewState } from './types';

export type ReviewStore = StoreApi<ReviewState>;

/** A review store over the given database and clock; tests build their own. */
export function createReviewStore(deps: ReviewDeps): ReviewStore {
  return createStore<ReviewState>()((...args) => ({
    ...createNavigationSlice(...args),
    ...createEditsSlice(deps)(...args),
  }));
}

/** The app's review session. */
export const reviewStore: ReviewStore = createReviewStore({
  db: getDb,
  reviewer: () => useSettingsStore.getState().reviewerName,
  now: () => new Date().toISOString(),
  reportError,
});

export function useReviewStore<T>(selector: (state: ReviewState) => T): T {
  return useStore(reviewStore, selector);
}
