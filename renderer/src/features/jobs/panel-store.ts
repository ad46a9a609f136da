import { create } from 'zustand';

/** Whether the Jobs panel is open: reachable from every view through the top bar. */
export const useJobsPanelStore = create<{ open: boolean; setOpen(open: boolean): void }>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
