/**
 * Expert rubric scoring of the dialogue open in review (issue 13): the data set's rubric set (the
 * SID set), the expert's score and rationale per rubric, the focused rubric, autosave with who
 * and when (repositories/expert-scores.ts), and an undo of the panel's own changes.
 */
import { create } from 'zustand';
import { SID_RUBRIC_SET } from '../../../../shared/judge/default-rubrics';
import type { RubricSet } from '../../../../shared/judge/types';
import type { ExpertScoreRow } from '../../../../shared/model/judge';
import { rubricSetHash } from '../../../../shared/judge/rubric-hash';
import { getDb, type MaieuticDb } from '../../db/db';
import { errorMessage } from '../../db/errors';
import { expertScoresOfDialogue, putExpertRationale, putExpertScore } from '../../db/repositories/expert-scores';

interface UndoEntry {
  rubric: string;
  before: { score: number; rationale: string } | null;
  /** a clear removed the row, rationale and all: its undo brings the rationale back; a score's undo leaves the rationale as it is now */
  restoreRationale: boolean;
}

export interface ExpertScoresState {
  datasetId: string | null;
  dialogueId: string | null;
  rater: string;
  set: RubricSet;
  /** this rater's rows of the open dialogue, by rubric id */
  rows: Record<string, ExpertScoreRow>;
  focus: number;
  /** the panel has the keys (1–5 score, j/k move) */
  active: boolean;
  status: 'idle' | 'loading' | 'ready' | 'saving' | 'saved' | 'error';
  error: string | null;
  undo: UndoEntry[];
  open(input: { datasetId: string; dialogueId: string; rater: string }): Promise<void>;
  setActive(active: boolean): void;
  focusRubric(index: number): void;
  move(step: 1 | -1): void;
  /** scores the focused rubric (ignored outside its range), then moves to the next one */
  score(value: number): Promise<void>;
  clear(): Promise<void>;
  setRationale(text: string): Promise<void>;
  undoLast(): Promise<void>;
}

/** The rubric set experts score a data set on: the SID set (custom sets per data set are not chosen yet). */
export function rubricSetForDataset(): RubricSet {
  return SID_RUBRIC_SET;
}

export function createExpertScoresStore(database: () => MaieuticDb = getDb) {
  return create<ExpertScoresState>()((set, get) => {
    async function write(rubricId: string, score: number | null, rationale?: string, undo = false): Promise<void> {
      const { datasetId, dialogueId, rater, set: rubricSet } = get();
      if (!datasetId || !dialogueId) return;
      set({ status: 'saving', error: null });
      try {
        const row = await putExpertScore(database(), { datasetId, dialogueId, set: rubricSet, rubric: rubricId, rater, score, undo, ...(rationale !== undefined ? { rationale } : {}) });
        if (get().dialogueId !== dialogueId) return;
        const rows = { ...get().rows };
        if (row) rows[rubricId] = row;
        else delete rows[rubricId];
        set({ rows, status: 'saved' });
      } catch (error) {
        set({ status: 'error', error: errorMessage(error) });
      }
    }

    return {
      datasetId: null,
      dialogueId: null,
      rater: '',
      set: SID_RUBRIC_SET,
      rows: {},
      focus: 0,
      active: false,
      status: 'idle',
      error: null,
      undo: [],

      async open({ datasetId, dialogueId, rater }) {
        const rubricSet = rubricSetForDataset();
        const same = get().dialogueId === dialogueId && get().rater === rater;
        set({ datasetId, dialogueId, rater, set: rubricSet, status: 'loading', error: null, ...(same ? {} : { rows: {}, focus: 0, undo: [], active: false }) });
        try {
          const found = await expertScoresOfDialogue(database(), dialogueId, rubricSetHash(rubricSet));
          if (get().dialogueId !== dialogueId) return;
          const rows: Record<string, ExpertScoreRow> = {};
          for (const row of found) if (row.rater === rater) rows[row.rubric] = row;
          set({ rows, status: 'ready' });
        } catch (error) {
          set({ status: 'error', error: errorMessage(error) });
        }
      },

      setActive(active) {
        set({ active });
      },

      focusRubric(index) {
        const count = get().set.rubrics.length;
        set({ focus: Math.max(0, Math.min(count - 1, index)) });
      },

      move(step) {
        const count = get().set.rubrics.length;
        set({ focus: (get().focus + step + count) % count });
      },

      async score(value) {
        const { set: rubricSet, focus, rows, rater } = get();
        const rubric = rubricSet.rubrics[focus];
        if (!rubric || value < rubric.range.min || value > rubric.range.max) return;
        if (rater.trim() === '') return set({ status: 'error', error: 'Enter your name in Settings first. / 请先在设置中填写你的名字。' });
        const existing = rows[rubric.id];
        // the focus moves before the write lands: the next key (typed at once) scores the next rubric
        set({
          undo: [...get().undo, { rubric: rubric.id, before: existing ? { score: existing.score, rationale: existing.rationale } : null, restoreRationale: false }],
          focus: focus < rubricSet.rubrics.length - 1 ? focus + 1 : focus,
        });
        await write(rubric.id, value);
      },

      async clear() {
        const { set: rubricSet, focus, rows } = get();
        const rubric = rubricSet.rubrics[focus];
        const existing = rubric ? rows[rubric.id] : undefined;
        if (!rubric || !existing) return;
        set({ undo: [...get().undo, { rubric: rubric.id, before: { score: existing.score, rationale: existing.rationale }, restoreRationale: true }] });
        await write(rubric.id, null);
      },

      async setRationale(text) {
        const { set: rubricSet, focus, rows } = get();
        const rubric = rubricSet.rubrics[focus];
        const existing = rubric ? rows[rubric.id] : undefined;
        if (!rubric || !existing || existing.rationale === text) return;
        set({ status: 'saving' });
        try {
          const row = await putExpertRationale(database(), { id: existing.id, rationale: text });
          if (row) set({ rows: { ...get().rows, [rubric.id]: row }, status: 'saved' });
        } catch (error) {
          set({ status: 'error', error: errorMessage(error) });
        }
      },

      async undoLast() {
        const entries = get().undo;
        const last = entries[entries.length - 1];
        if (!last) return;
        set({ undo: entries.slice(0, -1), focus: Math.max(0, get().set.rubrics.findIndex((rubric) => rubric.id === last.rubric)) });
        await write(last.rubric, last.before?.score ?? null, last.restoreRationale ? last.before?.rationale : undefined, true);
      },
    };
  });
}

export const useExpertScoresStore = createExpertScoresStore();
