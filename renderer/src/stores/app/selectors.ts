import type { AppState } from './store';

export const selectView = (state: AppState) => state.view;
export const selectDatasetId = (state: AppState) => state.datasetId;
export const selectDialogueId = (state: AppState) => state.dialogueId;
export const selectVisibleDialogueIds = (state: AppState) => state.visibleDialogueIds;
export const selectNavigation = (state: AppState) => ({
  openDataset: state.openDataset,
  openDialogue: state.openDialogue,
  goTo: state.goTo,
  closeDataset: state.closeDataset,
});
