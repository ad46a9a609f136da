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

/**
 * What the last scoring key did, said beside the rubric (the panel words it): a score given or
 * changed (with the score it replaced), a clear, an undo or redo and what it brought back, a move
 * that hit the first or last rubric (the focus never wraps round onto a rubric already scored), a
 * digit outside the focused rubric's range.
 */
export type RubricNotice =
  | { kind: 'scored'; rubric: string; before: number | null; after: number }
  | { kind: 'unchanged'; rubric: string; score: number }
  | { kind: 'cleared'; rubric: string; before: number }
  | { kind: 'nothing-to-clear'; rubric: string }
  | { kind: 'undone' | 'redone'; rubric: string; restored: number | null }
  | { kind: 'nothing-to-undo' | 'nothing-to-redo' }
  | { kind: 'edge'; edge: 'first' | 'last' }
  | { kind: 'out-of-range'; rubric: string; value: number; min: number; max: number };

type Saved = { score: number; rationale: string };

/** One change of the panel's, as undo takes it back (`before`) and redo makes it again (`after`). */
interface ScoreChange {
  rubric: string;
  before: Saved | null;
  after: Saved | null;
  /** a clear removed the row, rationale and all: its undo brings the rationale back; a score's undo and redo leave the rationale as it is now */
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
  /** the rubric digits score: they score it in place; only j/k (or a chip) move the focus */
  focus: number;
  notice: RubricNotice | null;
  /** the panel has the keys (digits score, j/k move) */
  active: boolean;
  status: 'idle' | 'loading' | 'ready' | 'saving' | 'saved' | 'error';
  error: string | null;
  undo: ScoreChange[];
  redo: ScoreChange[];
  /** reads the data set's rubric set and this rater's scores of the dialogue on it */
  open(input: { datasetId: string; dialogueId: string; rater: string }): Promise<void>;
  /** reads the data set's rubric set again (its choice changed) and the scores on it */
  reload(): Promise<void>;
  setActive(active: boolean): void;
  focusRubric(index: number): void;
  /** the next or previous rubric; at the last (first) the focus stays and says so, never wrapping round */
  move(step: 1 | -1): void;
  /** scores the focused rubric in place; a digit outside its range is named and changes nothing */
  score(value: number): Promise<void>;
  clear(): Promise<void>;
  setRationale(text: string): Promise<void>;
  /** takes the last change back (the previous score, or none), focusing its rubric */
  undoLast(): Promise<void>;
  /** makes the change undone last again */
  redoLast(): Promise<void>;
  /** resolves once every score typed so far is stored: a report read before would miss the last ones */
  settled(): Promise<void>;
  /** resolves once the open dialogue's scores are read: a score or undo before then would not know what it replaces */
  ready(): Promise<void>;
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
    /** the latest open(): ready() waits for it */
    let opening: Promise<void> = Promise.resolve();

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

    function write(rubricId: string, score: number | null, rationale?: string, replay?: 'undo' | 'redo'): Promise<void> {
      const { datasetId, dialogueId, rater, set: rubricSet } = get();
      if (!datasetId || !dialogueId) return Promise.resolve();
      inFlight++;
      set({ status: 'saving', error: null });
      const input = { datasetId, dialogueId, set: rubricSet, rubric: rubricId, rater, score, undo: replay === 'undo', redo: replay === 'redo', ...(rationale !== undefined ? { rationale } : {}) };
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

    async function openScores({ datasetId, dialogueId, rater }: { datasetId: string; dialogueId: string; rater: string }): Promise<void> {
      const sameDialogue = get().dialogueId === dialogueId && get().rater === rater;
      set({ datasetId, dialogueId, rater, status: 'loading', error: null, ...(sameDialogue ? {} : { rows: {}, focus: 0, notice: null, undo: [], redo: [] }) });
      try {
        const chosen = await rubricSetOfDataset(database(), datasetId);
        if (get().dialogueId !== dialogueId) return;
        // another version: its rubrics differ, and the undo entries name the old version's rows
        if (chosen.hash !== get().setHash) set({ set: chosen.set, setHash: chosen.hash, rows: {}, focus: 0, notice: null, undo: [], redo: [] });
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
    }

    /** Undo writes a change's `before` back, redo its `after`; the focus goes to its rubric. */
    async function replayChange(direction: 'undo' | 'redo'): Promise<void> {
      const from = direction === 'undo' ? get().undo : get().redo;
      const change = from[from.length - 1];
      if (!change) return set({ notice: { kind: direction === 'undo' ? 'nothing-to-undo' : 'nothing-to-redo' } });
      const target = direction === 'undo' ? change.before : change.after;
      const rest = from.slice(0, -1);
      const other = direction === 'undo' ? get().redo : get().undo;
      set({
        ...(direction === 'undo' ? { undo: rest, redo: [...other, change] } : { redo: rest, undo: [...other, change] }),
        focus: Math.max(0, get().set.rubrics.findIndex((rubric) => rubric.id === change.rubric)),
        notice: { kind: direction === 'undo' ? 'undone' : 'redone', rubric: change.rubric, restored: target?.score ?? null },
      });
      const now = get().rows[change.rubric];
      const rationale = change.restoreRationale ? target?.rationale : undefined;
      show(change.rubric, target ? shownRow(change.rubric, target.score, rationale ?? now?.rationale ?? '') : null);
      await write(change.rubric, target?.score ?? null, rationale, direction);
    }

    return {
      datasetId: null,
      dialogueId: null,
      rater: '',
      set: SID_RUBRIC_SET,
      setHash: rubricSetHash(SID_RUBRIC_SET),
      rows: {},
      focus: 0,
      notice: null,
      active: false,
      status: 'idle',
      error: null,
      undo: [],
      redo: [],

      open(input) {
        opening = openScores(input);
        return opening;
      },

      async ready() {
        // a dialogue opened while waiting is waited for too
        let waited: Promise<void>;
        do {
          waited = opening;
          await waited;
        } while (waited !== opening);
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
        set({ active, notice: null });
      },

      focusRubric(index) {
        const count = get().set.rubrics.length;
        set({ focus: Math.max(0, Math.min(count - 1, index)), notice: null });
      },

      move(step) {
        const count = get().set.rubrics.length;
        const next = get().focus + step;
        if (next < 0 || next >= count) return set({ notice: { kind: 'edge', edge: step > 0 ? 'last' : 'first' } });
        set({ focus: next, notice: null });
      },

      async score(value) {
        const { set: rubricSet, focus, rows, rater } = get();
        const rubric = rubricSet.rubrics[focus];
        if (!rubric || !Number.isInteger(value)) return;
        if (value < rubric.range.min || value > rubric.range.max) {
          return set({ notice: { kind: 'out-of-range', rubric: rubric.id, value, min: rubric.range.min, max: rubric.range.max } });
        }
        if (rater.trim() === '') return set({ status: 'error', error: 'Enter your name in Settings first. / 请先在设置中填写你的名字。' });
        const existing = rows[rubric.id];
        if (existing?.score === value) return set({ notice: { kind: 'unchanged', rubric: rubric.id, score: value } });
        const before = existing ? { score: existing.score, rationale: existing.rationale } : null;
        set({
          undo: [...get().undo, { rubric: rubric.id, before, after: { score: value, rationale: existing?.rationale ?? '' }, restoreRationale: false }],
          redo: [],
          notice: { kind: 'scored', rubric: rubric.id, before: before?.score ?? null, after: value },
        });
        show(rubric.id, shownRow(rubric.id, value, existing?.rationale ?? ''));
        await write(rubric.id, value);
      },

      async clear() {
        const { set: rubricSet, focus, rows } = get();
        const rubric = rubricSet.rubrics[focus];
        if (!rubric) return;
        const existing = rows[rubric.id];
        if (!existing) return set({ notice: { kind: 'nothing-to-clear', rubric: rubric.id } });
        set({
          undo: [...get().undo, { rubric: rubric.id, before: { score: existing.score, rationale: existing.rationale }, after: null, restoreRationale: true }],
          redo: [],
          notice: { kind: 'cleared', rubric: rubric.id, before: existing.score },
        });
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

      undoLast: () => replayChange('undo'),
      redoLast: () => replayChange('redo'),
    };
  });
}

export const useExpertScoresStore = createExpertScoresStore();
