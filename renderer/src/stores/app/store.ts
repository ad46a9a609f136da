import { create } from 'zustand';

export type View = 'start' | 'datasets' | 'review' | 'import' | 'export' | 'agreement' | 'metrics' | 'settings' | 'spot-check' | 'adjudication' | 'findings' | 'audit' | 'judge' | 'rubrics' | 'scenarios' | 'generation' | 'synthesis';
/** The views review can be opened from and goes back to. */
export type ReviewReturnView = 'datasets' | 'metrics' | 'spot-check' | 'findings' | 'judge';
/** The views the Rubric sets view is opened from (not in the top bar) and goes back to. */
export type RubricsReturnView = 'judge' | 'review';

export interface AppState {
  view: View;
  datasetId: string | null;
  dialogueId: string | null;
  /** the data-set table's current sorted + filtered order, so review can step to the next dialogue */
  visibleDialogueIds: string[];
  /** where review's "back" goes: the view review was opened from (stepping to another dialogue keeps it) */
  reviewReturnView: ReviewReturnView;
  /** where the Rubric sets view's "back" goes */
  rubricsReturnView: RubricsReturnView;
  openDataset(datasetId: string): void;
  /** opens review; `returnTo` by default is where the open review returns, or the data-set table */
  openDialogue(dialogueId: string, returnTo?: ReviewReturnView): void;
  /** review's "back" (button and Esc): to the view review was opened from */
  leaveReview(): void;
  /** opens the Rubric sets view of the open data set; its back returns to `returnTo` (review keeps its dialogue and its own way back) */
  openRubricSets(returnTo: RubricsReturnView): void;
  leaveRubricSets(): void;
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
  reviewReturnView: 'datasets',
  rubricsReturnView: 'judge',
  openDataset(datasetId) {
    const switching = get().datasetId !== datasetId;
    set({ view: 'datasets', datasetId, dialogueId: switching ? null : get().dialogueId, ...(switching ? { visibleDialogueIds: [], reviewReturnView: 'datasets' } : {}) });
  },
  openDialogue(dialogueId, returnTo) {
    const { view, reviewReturnView } = get();
    set({ view: 'review', dialogueId, reviewReturnView: returnTo ?? (view === 'review' ? reviewReturnView : 'datasets') });
  },
  leaveReview() {
    get().goTo(get().reviewReturnView);
  },
  openRubricSets(returnTo) {
    set({ rubricsReturnView: returnTo });
    get().goTo('rubrics');
  },
  leaveRubricSets() {
    get().goTo(get().rubricsReturnView);
  },
  goTo(view) {
    const { datasetId, dialogueId } = get();
    if ((view === 'datasets' || view === 'export' || view === 'agreement' || view === 'metrics' || view === 'spot-check' || view === 'adjudication' || view === 'findings' || view === 'audit' || view === 'judge' || view === 'rubrics') && !datasetId) return set({ view: 'start' });
    if (view === 'review' && !dialogueId) return set({ view: datasetId ? 'datasets' : 'start' });
    set({ view });
  },
  closeDataset() {
    set({ view: 'start', datasetId: null, dialogueId: null, visibleDialogueIds: [], reviewReturnView: 'datasets' });
  },
  setVisibleDialogueIds(ids) {
    // The table recomputes its rows often; only a real change should notify subscribers.
    if (!sameIds(get().visibleDialogueIds, ids)) set({ visibleDialogueIds: ids });
  },
}));
