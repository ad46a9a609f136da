/**
 * Expert rubric scoring of the dialogue open in review (issue 13): the data set's chosen rubric-set
 * version (rubricSetOfDataset; the SID set until one is chosen), the expert's score and rationale per rubric, the focused rubric, autosave with who
 * and when (repositories/expert-scores.ts), and an undo of the panel's own changes.
 */
import { create } from 'zustand';
import { SID_RUBRIC_SET } from '../../../../shared/judge/default-rubrics';
import type { RubricSet } from '../../../../shared/judge/types';
import { expertScoreId, type ExpertScoreRow } from '../../../../shared/model/judge';
import { rubricSetHash } from '../../../../shared/judge/rubric-hash';
import { getDb, type MaieuticDb } from '../../db/db';
import { errorMessage } from '../../db/errors';
import { expertScoresOfDialogue, putExpertScore } from '../../db/repositories/expert-scores';
import { rubricSetOfDataset } from '../../db/repositories/rubric-sets';

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
  /** rubricSetHash(set): the version the scores are given on */
  setHash: string;
  /** this rater's rows of the open dialogue, by rubric id */
  rows: Record<string, ExpertScoreRow>;
  focus: number;
  /** the last rubric was just scored: digits do nothing until the expert moves (j/k, a chip), so a key too many never overwrites it */
  atEnd: boolean;
  /** the panel has the keys (1–5 score, j/k move) */
  active: boolean;
  status: 'idle' | 'loading' | 'ready' | 'saving' | 'saved' | 'error';
  error: string | null;
  undo: UndoEntry[];
  /** reads the data set's rubric set and this rater's scores of the dialogue on it */
  open(input: { datasetId: string; dialogueId: string; rater: string }): Promise<void>;
  /** reads the data set's rubric set again (its choice changed) and the scores on it */
  reload(): Promise<void>;
  setActive(active: boolean): void;
  focusRubric(index: number): void;
  move(step: 1 | -1): void;
  /** scores the focused rubric (ignored outside its range), then moves to the next one */
  score(value: number): Promise<void>;
  clear(): Promise<void>;
  setRationale(text: string): Promise<void>;
  undoLast(): Promise<void>;
  /** resolves once every score typed so far is stored: a report read before would miss the last ones */
  settled(): Promise<void>;
}

export function createExpertScoresStore(database: () => MaieuticDb = getDb) {
  return create<ExpertScoresState>()((set, get) => {
    /**
     * Writes go one after another, in the order the keys came: a fast typist's clear, rescore or
     * undo acts on what the panel shows (rows are updated at once), never on a row whose write is
     * still in flight, and a later write is never overtaken by an earlier one.
     */
    let chain: Promise<void> = Promise.resolve();
    let inFlight = 0;

    function shownRow(rubricId: string, score: number, rationale: string): ExpertScoreRow {
      const { datasetId, dialogueId, rater, set: rubricSet, setHash } = get();
      return { id: expertScoreId(datasetId!, dialogueId!, setHash, rubricId, rater), datasetId: datasetId!, dialogueId: dialogueId!, rubricSetId: rubricSet.id, rubricSetHash: setHash, rubric: rubricId, rater, score, rationale, at: new Date().toISOString() };
    }

    function show(rubricId: string, row: ExpertScoreRow | null): void {
      const rows = { ...get().rows };
      if (row) rows[rubricId] = row;
      else delete rows[rubricId];
      set({ rows });
    }

    function write(rubricId: string, score: number | null, rationale?: string, undo = false): Promise<void> {
      const { datasetId, dialogueId, rater, set: rubricSet } = get();
      if (!datasetId || !dialogueId) return Promise.resolve();
      inFlight++;
      set({ status: 'saving', error: null });
      const input = { datasetId, dialogueId, set: rubricSet, rubric: rubricId, rater, score, undo, ...(rationale !== undefined ? { rationale } : {}) };
      chain = chain.then(async () => {
        try {
          await putExpertScore(database(), input);
          if (--inFlight === 0 && get().dialogueId === dialogueId && get().status === 'saving') set({ status: 'saved' });
        } catch (error) {
          inFlight--;
          set({ status: 'error', error: errorMessage(error) });
          // what is stored, not what was typed: the panel shows the truth after a failed write
          if (get().dialogueId === dialogueId) {
            const stored = await expertScoresOfDialogue(database(), dialogueId, get().setHash).catch(() => null);
            if (stored && get().dialogueId === dialogueId) set({ rows: Object.fromEntries(stored.filter((row) => row.rater === rater).map((row) => [row.rubric, row])) });
          }
        }
      });
      return chain;
    }

    return {
      datasetId: null,
      dialogueId: null,
      rater: '',
      set: SID_RUBRIC_SET,
      setHash: rubricSetHash(SID_RUBRIC_SET),
      rows: {},
      focus: 0,
      atEnd: false,
      active: false,
      status: 'idle',
      error: null,
      undo: [],

      async open({ datasetId, dialogueId, rater }) {
        const sameDialogue = get().dialogueId === dialogueId && get().rater === rater;
        set({ datasetId, dialogueId, rater, status: 'loading', error: null, ...(sameDialogue ? {} : { rows: {}, focus: 0, atEnd: false, undo: [] }) });
        try {
          const chosen = await rubricSetOfDataset(database(), datasetId);
          if (get().dialogueId !== dialogueId) return;
          // another version: its rubrics differ, and the undo entries name the old version's rows
          if (chosen.hash !== get().setHash) set({ set: chosen.set, setHash: chosen.hash, rows: {}, focus: 0, atEnd: false, undo: [] });
          // writes typed before still land first: reading earlier would show the panel without them
          // and a key typed while this reads queues another: read again until none is in flight, or the
          // stored rows would replace scores the panel already shows (a clear and undo then missed them)
          let found: ExpertScoreRow[];
          do {
            await chain;
            found = await expertScoresOfDialogue(database(), dialogueId, chosen.hash);
          } while (inFlight > 0 && get().dialogueId === dialogueId);
          if (get().dialogueId !== dialogueId || get().setHash !== chosen.hash) return;
          const rows: Record<string, ExpertScoreRow> = {};
          for (const row of found) if (row.rater === rater) rows[row.rubric] = row;
          set({ rows, status: 'ready' });
        } catch (error) {
          set({ status: 'error', error: errorMessage(error) });
        }
      },

      async settled() {
        // a write queued while waiting extends the chain: wait until none is left
        while (inFlight > 0) await chain;
      },

      async reload() {
        const { datasetId, dialogueId, rater } = get();
        if (datasetId && dialogueId) await get().open({ datasetId, dialogueId, rater });
      },

      setActive(active) {
        set({ active });
      },

      focusRubric(index) {
        const count = get().set.rubrics.length;
        set({ focus: Math.max(0, Math.min(count - 1, index)), atEnd: false });
      },

      move(step) {
        const count = get().set.rubrics.length;
        set({ focus: (get().focus + step + count) % count, atEnd: false });
      },

      async score(value) {
        const { set: rubricSet, focus, rows, rater, atEnd } = get();
        const rubric = rubricSet.rubrics[focus];
        if (!rubric || atEnd || !Number.isInteger(value) || value < rubric.range.min || value > rubric.range.max) return;
        if (rater.trim() === '') return set({ status: 'error', error: 'Enter your name in Settings first. / 请先在设置中填写你的名字。' });
        const existing = rows[rubric.id];
        // the focus moves before the write lands: the next key (typed at once) scores the next rubric
        set({
          undo: [...get().undo, { rubric: rubric.id, before: existing ? { score: existing.score, rationale: existing.rationale } : null, restoreRationale: false }],
          focus: focus < rubricSet.rubrics.length - 1 ? focus + 1 : focus,
          atEnd: focus === rubricSet.rubrics.length - 1,
        });
        show(rubric.id, shownRow(rubric.id, value, existing?.rationale ?? ''));
        await write(rubric.id, value);
      },

      async clear() {
        const { set: rubricSet, focus, rows } = get();
        const rubric = rubricSet.rubrics[focus];
        const existing = rubric ? rows[rubric.id] : undefined;
        if (!rubric || !existing) return;
        set({ undo: [...get().undo, { rubric: rubric.id, before: { score: existing.score, rationale: existing.rationale }, restoreRationale: true }], atEnd: false });
        show(rubric.id, null);
        await write(rubric.id, null);
      },

      async setRationale(text) {
        const { set: rubricSet, focus, rows } = get();
        const rubric = rubricSet.rubrics[focus];
        const existing = rubric ? rows[rubric.id] : undefined;
        if (!rubric || !existing || existing.rationale === text) return;
        show(rubric.id, { ...existing, rationale: text });
        // as a score with its rationale, in the same queue: it lands after the score it belongs to
        await write(rubric.id, existing.score, text);
      },

      async undoLast() {
        const entries = get().undo;
        const last = entries[entries.length - 1];
        if (!last) return;
        set({ undo: entries.slice(0, -1), focus: Math.max(0, get().set.rubrics.findIndex((rubric) => rubric.id === last.rubric)), atEnd: false });
        const now = get().rows[last.rubric];
        const rationale = last.restoreRationale ? last.before?.rationale : undefined;
        show(last.rubric, last.before ? shownRow(last.rubric, last.before.score, rationale ?? now?.rationale ?? '') : null);
        await write(last.rubric, last.before?.score ?? null, rationale, true);
      },
    };
  });
}

export const useExpertScoresStore = createExpertScoresStore();
