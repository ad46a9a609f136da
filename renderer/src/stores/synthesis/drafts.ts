/**
 * What an educator has typed into the synthesis editor and not saved yet, per session and metric:
 * kept here rather than in the editor's cards, so leaving the view (another view in the top bar,
 * another session) and coming back finds the text as it was. Updates are synchronous (a
 * controlled textarea reads it on every key); nothing is written to IndexedDB until Save.
 */
import { create } from 'zustand';
import { openDrafts } from '../review/drafts';
import type { BilingualText, RevisableField } from '../../../../shared/synthesis/types';

export type TypedMetric = Record<RevisableField, BilingualText>;

export interface SynthesisDraftsState {
  /** by `${sessionId}|${metricId}` */
  drafts: Record<string, TypedMetric>;
  put(key: string, draft: TypedMetric | null): void;
}

export function synthesisDraftKey(sessionId: string, metricId: string): string {
  return `${sessionId}|${metricId}`;
}

export const useSynthesisDrafts = create<SynthesisDraftsState>()((set) => ({
  drafts: {},
  put(key, draft) {
    set((state) => {
      if (draft) return { drafts: { ...state.drafts, [key]: draft } };
      if (!(key in state.drafts)) return state;
      const { [key]: _dropped, ...rest } = state.drafts;
      return { drafts: rest };
    });
  },
}));

// The window's close handshake asks every open draft: unsaved metric text holds the close (the
// educator saves it, or closes anyway), never saved behind their back as a half-typed version.
openDrafts.register({ hasDraft: () => Object.keys(useSynthesisDrafts.getState().drafts).length > 0, commit: () => undefined });
