import { create } from 'zustand';

interface ShortcutHelpState {
  open: boolean;
  setOpen: (open: boolean) => void;
  toggle: () => void;
}

/** Whether the shortcut overlay is showing; the app menu's "show shortcuts" opens it too. */
export const useShortcutHelpStore = create<ShortcutHelpState>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
  toggle: () => set((state) => ({ open: !state.open })),
}));

export function openShortcutHelp(): void {
  useShortcutHelpStore.getState().setOpen(true);
}
