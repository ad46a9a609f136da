import type { StateCreator } from 'zustand';
import type { NavigationSlice, ReviewState } from '../types';

/** '/' presses so far, in any session: each opens the editor with a request number not seen before */
let textEditRequests = 0;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export const createNavigationSlice: StateCreator<ReviewState, [], [], NavigationSlice> = (set, get) => ({
  dialogueId: null,
  turnIndex: 0,
  fieldId: null,
  typeaheadOpen: false,
  verifyDialogueArmed: false,
  textEdit: null,
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
      textEdit: null,
      sessionId: get().sessionId + 1,
      // the new dialogue's own history, kept from an earlier visit in this app session
      history: get().switchHistory(dialogueId),
      notice: null,
    });
  },

  goToTurn(index, turnCount) {
    if (turnCount <= 0) return;
    set({ turnIndex: clamp(index, 0, turnCount - 1), typeaheadOpen: false, verifyDialogueArmed: false, textEdit: null, notice: null });
  },

  moveTurn(delta, turnCount) {
    if (turnCount <= 0) return false;
    const current = get().turnIndex;
    const next = clamp(current + delta, 0, turnCount - 1);
    set({ turnIndex: next, typeaheadOpen: false, verifyDialogueArmed: false, textEdit: null, notice: null });
    return next !== current;
  },

  focusField(fieldId) {
    if (get().fieldId !== fieldId) set({ fieldId, typeaheadOpen: false, textEdit: null });
  },

  moveField(delta, fieldIds) {
    if (fieldIds.length === 0) return;
    const position = fieldIds.indexOf(get().fieldId ?? '');
    const start = position === -1 ? (delta > 0 ? -1 : 0) : position;
    const next = (((start + delta) % fieldIds.length) + fieldIds.length) % fieldIds.length;
    set({ fieldId: fieldIds[next], typeaheadOpen: false, textEdit: null });
  },

  openTextEdit(turnId, fieldId) {
    set({ textEdit: { turnId, fieldId, request: (textEditRequests += 1) }, typeaheadOpen: false });
  },

  endTextEdit(turnId, fieldId) {
    const current = get().textEdit;
    if (current && current.turnId === turnId && current.fieldId === fieldId) set({ textEdit: null });
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
