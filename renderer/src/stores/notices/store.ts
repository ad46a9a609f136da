import { create } from 'zustand';
import { classifyStorageError, errorMessage, type StorageProblemKind } from '../../db/errors';
import type { MessageKey } from '../../i18n/zh';

/**
 * Problems the user must see: storage failures (quota, closed database, failed open) and
 * any other error that reached the top. Nothing is swallowed silently.
 */
export interface Notice {
  id: number;
  kind: StorageProblemKind | 'error';
  /** what the app was doing: a message key (translated when shown) or text already written for both languages */
  context: MessageKey | string | null;
  detail: string;
}

interface NoticeState {
  notices: Notice[];
  report(error: unknown, context?: MessageKey | string): void;
  dismiss(id: number): void;
  clear(): void;
}

const MAX_NOTICES = 5;
let nextNoticeId = 1;

export const useNoticeStore = create<NoticeState>()((set) => ({
  notices: [],
  report(error, context) {
    const storage = classifyStorageError(error);
    const notice: Notice = {
      id: nextNoticeId++,
      kind: storage?.kind ?? 'error',
      context: context ?? null,
      detail: storage?.detail ?? errorMessage(error),
    };
    set((state) => {
      const duplicate = state.notices.some((existing) => existing.kind === notice.kind && existing.detail === notice.detail);
      if (duplicate) return state;
      return { notices: [...state.notices, notice].slice(-MAX_NOTICES) };
    });
  },
  dismiss(id) {
    set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) }));
  },
  clear() {
    set({ notices: [] });
  },
}));

/** For non-React callers (stores, global handlers). */
export function reportError(error: unknown, context?: MessageKey | string): void {
  useNoticeStore.getState().report(error, context);
}
