import { canRedo, canUndo } from './undo-stack';
import type { ReviewState } from './types';

export const selectTurnIndex = (state: ReviewState) => state.turnIndex;
export const selectFieldId = (state: ReviewState) => state.fieldId;
export const selectTypeaheadOpen = (state: ReviewState) => state.typeaheadOpen;
export const selectVerifyDialogueArmed = (state: ReviewState) => state.verifyDialogueArmed;
export const selectSave = (state: ReviewState) => state.save;
export const selectNotice = (state: ReviewState) => state.notice;
export const selectCanUndo = (state: ReviewState) => canUndo(state.history);
export const selectCanRedo = (state: ReviewState) => canRedo(state.history);
