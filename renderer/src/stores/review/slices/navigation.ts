import type { StateCreator } from 'zustand';
import { emptyHistory } from '../undo-stack';
import type { EditStep, NavigationSlice, ReviewState } from '../types';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export const createNavigationSlice: StateCreator<ReviewState, [], [], NavigationSlice> = (set, get) => ({
  dialogueId: null,
  turnIndex: 0,
  fieldId: null,
  typeaheadOpen: false,
  verifyDialogueArmed: false,
  highlight: null,

  startSession(dialogueId) {
    if (get().dialogueId === dialogueId) return;
    const highlight = get().highlight;
    set({
      highlight: highlight?.dialogueId === dialogueId ? highlight : null,
      dialogueId,
      turnIndex: 0,
      fieldId: null,
      typeaheadOpen: false,
      verifyDialogueArmed: false,
      sessionId: get().sessionId + 1,
      history: emptyHistory<EditStep>(),
      notice: null,
    });
  },

  goToTurn(index, turnCount) {
    if (turnCount <= 0) return;
    set({ turnIndex: clamp(index, 0, turnCount - 1), typeaheadOpen: false, verifyDialogueArmed: false, notice: null });
  },

  moveTurn(delta, turnCount) {
    if (turnCount <= 0) return false;
    const current = get().turnIndex;
    const next = clamp(current + delta, 0, turnCount - 1);
    set({ turnIndex: next, typeaheadOpen: false, verifyDialogueArmed: false, notice: null });
    return next !== current;
  },

  focusField(fieldId) {
    if (get().fieldId !== fieldId) set({ fieldId, typeaheadOpen: false });
  },

  moveField(delta, fieldIds) {
    if (fieldIds.length === 0) return;
    const position = fieldIds.indexOf(get().fieldId ?? '');
    const start = position === -1 ? (delta > 0 ? -1 : 0) : position;
    const next = (((start + delta) % fieldIds.length) + fieldIds.length) % fieldIds.length;
    set({ fieldId: fieldIds[next], typeaheadOpen: false });
  },

  setTypeaheadOpen(open) {
    set({ typeaheadOpen: open });
  },

  highlightTurns(highlight) {
    set({ highlight });
  },

  armVerifyDialogue(armed) {
    if (get().verifyDialogueArmed !== armed) set({ verifyDialogueArmed: armed });
  },
});
