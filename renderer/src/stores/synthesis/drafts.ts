/**
 * What an educator has typed into the synthesis editor and not saved yet, per session and metric:
 * kept here rather than in the editor's cards, so leaving the view (another view in the top bar,
 * another session) and coming back finds the text as it was. Updates are synchronous (a
 * controlled textarea reads it on every key); nothing is written to IndexedDB until Save.
 */
import { create } from 'zustand';
import type { BilingualText, RevisableField } from '../../../../shared/synthesis/types';

export type TypedMetric = Record<RevisableField, BilingualText>;

export interface SynthesisDraftsState {
  /** by `${sessionId}|${metricId}` */
  drafts: Record<string, TypedMetric>;
  put(key: string, draft: TypedMetric | null): void;
  /** the keys of a session's metrics with typed text */
  keysOf(sessionId: string): string[];
}

export function synthesisDraftKey(sessionId: string, metricId: string): string {
  return `${sessionId}|${metricId}`;
}

export const useSynthesisDrafts = create<SynthesisDraftsState>()((set, get) => ({
  drafts: {},
  put(key, draft) {
    set((state) => {
      if (draft) return { drafts: { ...state.drafts, [key]: draft } };
      if (!(key in state.drafts)) return state;
      const { [key]: _dropped, ...rest } = state.drafts;
      return { drafts: rest };
    });
  },
  keysOf: (sessionId) => Object.keys(get().drafts).filter((key) => key.startsWith(`${sessionId}|`)),
}));
