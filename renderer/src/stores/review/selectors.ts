import type { ReviewState } from './types';

export const selectTurnIndex = (state: ReviewState) => state.turnIndex;
export const selectFieldId = (state: ReviewState) => state.fieldId;
export const selectTypeaheadOpen = (state: ReviewState) => state.typeaheadOpen;
export const selectVerifyDialogueArmed = (state: ReviewState) => state.verifyDialogueArmed;
export const selectSave = (state: ReviewState) => state.save;
export const selectNotice = (state: ReviewState) => state.notice;
/** steps of the open dialogue that undo (redo) can take back (make again) */
export const selectUndoSteps = (state: ReviewState) => state.history.past.length;
export const selectRedoSteps = (state: ReviewState) => state.history.future.length;
