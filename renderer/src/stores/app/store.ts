import { create } from 'zustand';

export type View = 'start' | 'datasets' | 'review' | 'import' | 'export' | 'agreement' | 'metrics' | 'settings';

export interface AppState {
  view: View;
  datasetId: string | null;
  dialogueId: string | null;
  /** the data-set table's current sorted + filtered order, so review can step to the next dialogue */
  visibleDialogueIds: string[];
  openDataset(datasetId: string): void;
  openDialogue(dialogueId: string): void;
  /** views that need a data set (datasets, export, agreement, metrics) or a dialogue (review) fall back to the start screen without one */
  goTo(view: View): void;
  closeDataset(): void;
  setVisibleDialogueIds(ids: string[]): void;
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

export const useAppStore = create<AppState>()((set, get) => ({
  view: 'start',
  datasetId: null,
  dialogueId: null,
  visibleDialogueIds: [],
  openDataset(datasetId) {
    const switching = get().datasetId !== datasetId;
    set({ view: 'datasets', datasetId, dialogueId: switching ? null : get().dialogueId, ...(switching ? { visibleDialogueIds: [] } : {}) });
  },
  openDialogue(dialogueId) {
    set({ view: 'review', dialogueId });
  },
  goTo(view) {
    const { datasetId, dialogueId } = get();
    if ((view === 'datasets' || view === 'export' || view === 'agreement' || view === 'metrics') && !datasetId) return set({ view: 'start' });
    if (view === 'review' && !dialogueId) return set({ view: datasetId ? 'datasets' : 'start' });
    set({ view });
  },
  closeDataset() {
    set({ view: 'start', datasetId: null, dialogueId: null, visibleDialogueIds: [] });
  },
  setVisibleDialogueIds(ids) {
    // The table recomputes its rows often; only a real change should notify subscribers.
    if (!sameIds(get().visibleDialogueIds, ids)) set({ visibleDialogueIds: ids });
  },
}));
