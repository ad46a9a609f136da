/**
 * The adjudication session: which layers are compared, the queue of disagreements, the item
 * shown, filters, and the decisions. A decision changes the state at once (so the next key press
 * acts on the item the queue moved to) and is written through one serial queue; Ctrl+Z takes back
 * the last decision, also one still being written.
 */
import { create } from 'zustand';
import { buildAdjudicationQueue, type AdjudicationItem, type AdjudicationQueue } from '../../../../shared/adjudication/queue';
import { decisionRow, unanimousRow, type AdjudicationChoice } from '../../../../shared/adjudication/decisions';
import type { AdjudicationFilter } from '../../../../shared/adjudication/filters';
import { fieldById } from '../../../../shared/codebook/lookup';
import type { Codebook } from '../../../../shared/codebook/types';
import type { AdjudicationRow } from '../../../../shared/model/adjudication';
import { codebookForDataset } from '../../codebook';
import { getDb, type MaieuticDb } from '../../db/db';
import { applyAdjudications, listAdjudications, saveAdjudicationSetup } from '../../db/repositories/adjudications';
import { ensureAdjudicator } from '../../db/repositories/annotators';
import { errorMessage } from '../../db/errors';
import { createWriteQueue } from '../review/write-queue';
import { reportError } from '../notices/store';
import { loadLayerValues } from '../agreement/load-layers';
import { raterChoices, raterSource, chosenLayerId, type RaterChoice } from '../agreement/rater-choice';
import { loadAdjudicationData, type AdjudicationData } from './load';
import { nextOpenId, visibleItems } from './selectors';

/** One undoable step: the records it changed, each as it was before (null: there was none) and after (null: removed). */
interface UndoStep {
  itemId: string;
  changes: { id: string; before: AdjudicationRow | null; after: AdjudicationRow | null }[];
}

/** A note or guideline flag given to an item before it is decided; it goes into the decision. */
export interface ItemDraft {
  note: string;
  needsGuidelineUpdate: boolean;
}

/** Something the last key press could not do, said beside the item (not a storage problem). */
export type AdjudicationMessage = { key: 'noValue'; rater: number } | { key: 'noRater'; rater: number } | { key: 'invalid'; detail: string };

export interface AdjudicationState {
  datasetId: string | null;
  status: 'idle' | 'loading' | 'ready' | 'missing' | 'error';
  error: string | null;
  data: AdjudicationData | null;
  codebook: Codebook | null;
  /** the raters chosen in the setup, in the order their values are numbered */
  chosen: RaterChoice[];
  phase: 'setup' | 'queue';
  adjudicatorId: string | null;
  adjudicatorName: string;
  queue: AdjudicationQueue | null;
  records: Record<string, AdjudicationRow>;
  filter: AdjudicationFilter;
  currentId: string | null;
  drafts: Record<string, ItemDraft>;
  undo: UndoStep[];
  pendingWrites: number;
  editor: 'other' | 'note' | null;
  message: AdjudicationMessage | null;
  load(datasetId: string): Promise<void>;
  toggleRater(choice: RaterChoice): void;
  /** builds the queue of the chosen raters with `adjudicatorName` (the reviewer in settings) deciding */
  start(adjudicatorName: string): Promise<boolean>;
  changeSetup(): void;
  setFilter(filter: AdjudicationFilter): void;
  select(itemId: string): void;
  move(step: 1 | -1): void;
  /** the value of the rater at `position` (1-based) for the item `itemId` */
  pickRater(itemId: string, position: number): void;
  decideValue(itemId: string, codes: readonly string[]): void;
  leaveUnresolved(itemId: string): void;
  toggleGuidelineFlag(itemId: string): void;
  setNote(itemId: string, note: string): void;
  /** records every unanimous item without a record as unanimous, in one write; the count written */
  acceptUnanimous(): number;
  undoLast(): void;
  setEditor(editor: 'other' | 'note' | null): void;
  /** resolves when every write asked for so far is done */
  idle(): Promise<void>;
}

const EMPTY_DRAFT: ItemDraft = { note: '', needsGuidelineUpdate: false };

export function createAdjudicationStore(database: () => MaieuticDb = getDb) {
  const writes = createWriteQueue();
  return create<AdjudicationState>()((set, get) => {
    function itemById(itemId: string): AdjudicationItem | undefined {
      const queue = get().queue;
      return queue?.disagreements.find((item) => item.id === itemId) ?? queue?.unanimous.find((item) => item.id === itemId);
    }

    async function reloadRecords(datasetId: string) {
      const rows = await listAdjudications(database(), datasetId);
      if (get().datasetId === datasetId) set({ records: Object.fromEntries(rows.map((row) => [row.id, row])) });
    }

    /** Applies the changes to the state now and queues their write; `remember` puts them on the undo stack. */
    function commit(itemId: string, changes: UndoStep['changes'], remember: boolean) {
      const { datasetId, adjudicatorId, adjudicatorName } = get();
      if (!datasetId || changes.length === 0) return;
      const records = { ...get().records };
      for (const { id, after } of changes) {
        if (after) records[id] = after;
        else delete records[id];
      }
      set((state) => ({ records, undo: remember ? [...state.undo, { itemId, changes }] : state.undo, pendingWrites: state.pendingWrites + 1, message: null }));
      const put = changes.flatMap(({ after }) => (after ? [after] : []));
      const remove = changes.filter(({ after }) => !after).map(({ id }) => id);
      void writes
        .enqueue(() => applyAdjudications(database(), datasetId, { put, remove, reason: remember ? 'adjudicated' : 'undone', ...(adjudicatorId ? { by: { name: adjudicatorName, annotatorId: adjudicatorId } } : {}) }))
        .catch(async (error: unknown) => {
          reportError(error, 'Saving the adjudication / 保存裁决');
          // what is stored is the truth: show it rather than the decision that failed
          await reloadRecords(datasetId).catch(() => undefined);
        })
        .finally(() => set((state) => ({ pendingWrites: state.pendingWrites - 1 })));
    }

    /** Records a decision on `itemId` and moves on to the next open item (when the item decided is the one shown). */
    function decide(itemId: string, choice: AdjudicationChoice) {
      const { codebook, datasetId, adjudicatorId, records, drafts } = get();
      const item = itemById(itemId);
      const field = item && codebook ? fieldById(codebook, item.fieldId) : undefined;
      if (!item || !field || !datasetId || !adjudicatorId) return;
      const before = records[itemId] ?? null;
      const draft = drafts[itemId] ?? (before ? { note: before.note, needsGuidelineUpdate: before.needsGuidelineUpdate } : EMPTY_DRAFT);
      let after: AdjudicationRow;
      try {
        after = decisionRow(item, field, choice, { datasetId, decidedBy: adjudicatorId, note: draft.note, needsGuidelineUpdate: draft.needsGuidelineUpdate, at: new Date().toISOString() });
      } catch (error) {
        set({ message: { key: 'invalid', detail: errorMessage(error) } });
        return;
      }
      commit(itemId, [{ id: itemId, before, after }], true);
      if (get().currentId === itemId) set({ currentId: nextOpenId(get(), itemId) ?? itemId, editor: null });
    }

    return {
      datasetId: null,
      status: 'idle',
      error: null,
      data: null,
      codebook: null,
      chosen: [],
      phase: 'setup',
      adjudicatorId: null,
      adjudicatorName: '',
      queue: null,
      records: {},
      filter: {},
      currentId: null,
      drafts: {},
      undo: [],
      pendingWrites: 0,
      editor: null,
      message: null,

      async load(datasetId) {
        set({ datasetId, status: 'loading', error: null, phase: 'setup', queue: null, currentId: null, undo: [], drafts: {}, filter: {}, editor: null, message: null });
        try {
          await writes.idle();
          const data = await loadAdjudicationData(database(), datasetId);
          if (get().datasetId !== datasetId) return;
          if (!data) return set({ status: 'missing' });
          const offered = raterChoices(data.layers);
          const remembered = (data.setup ?? []).filter((choice): choice is RaterChoice => offered.includes(choice as RaterChoice));
          // by default: every layer a person made, with the expert layer when anything was reviewed
          const defaults: RaterChoice[] = [...(data.fieldReviews.length > 0 ? (['expert'] as const) : []), ...data.layers.filter((layer) => layer.kind === 'human').map((layer) => `layer:${layer.id}` as const)];
          const fallback: RaterChoice[] = data.layers.length > 0 ? ['pre', ...data.layers.map((layer) => `layer:${layer.id}` as const)] : [];
          const chosen = remembered.length >= 2 ? remembered : defaults.length >= 2 ? defaults : fallback;
          set({ status: 'ready', data, codebook: codebookForDataset(data).codebook, chosen, records: Object.fromEntries(data.records.map((row) => [row.id, row])) });
        } catch (error) {
          if (get().datasetId === datasetId) set({ status: 'error', error: errorMessage(error) });
        }
      },

      toggleRater(choice) {
        const { chosen } = get();
        set({ chosen: chosen.includes(choice) ? chosen.filter((entry) => entry !== choice) : [...chosen, choice] });
      },

      async start(adjudicatorName) {
        const { datasetId, data, codebook, chosen } = get();
        const name = adjudicatorName.trim();
        if (!datasetId || !data || !codebook || chosen.length < 2 || name === '') return false;
        try {
          const db = database();
          const at = new Date().toISOString();
          const adjudicatorId = await ensureAdjudicator(db, name, at);
          await saveAdjudicationSetup(db, datasetId, chosen);
          const valuesOf = new Map<string, Awaited<ReturnType<typeof loadLayerValues>>>();
          for (const choice of chosen) {
            const layerId = chosenLayerId(choice);
            if (layerId) valuesOf.set(layerId, await loadLayerValues(db, layerId));
          }
          const queue = buildAdjudicationQueue({ codebook, turns: data.turns, fieldReviews: data.fieldReviews, raters: chosen.map((choice) => raterSource(choice, valuesOf)) });
          if (get().datasetId !== datasetId) return false;
          set({ queue, adjudicatorId, adjudicatorName: name, phase: 'queue', filter: {}, undo: [], message: null });
          set({ currentId: nextOpenId(get(), null) ?? queue.disagreements[0]?.id ?? null });
          return true;
        } catch (error) {
          reportError(error, 'Starting the adjudication / 开始裁决');
          return false;
        }
      },

      changeSetup() {
        set({ phase: 'setup', editor: null, message: null });
      },

      setFilter(filter) {
        set({ filter, message: null });
        const shown = visibleItems(get());
        const { currentId } = get();
        if (!shown.some((item) => item.id === currentId)) set({ currentId: nextOpenId(get(), null) ?? shown[0]?.id ?? null });
      },

      select(itemId) {
        set({ currentId: itemId, editor: null, message: null });
      },

      move(step) {
        const shown = visibleItems(get());
        const at = shown.findIndex((item) => item.id === get().currentId);
        const next = shown[Math.min(Math.max(at + step, 0), shown.length - 1)];
        if (next) set({ currentId: next.id, editor: null, message: null });
      },

      pickRater(itemId, position) {
        const item = itemById(itemId);
        const rating = item?.ratings[position - 1];
        if (!item) return;
        if (!rating) return set({ message: { key: 'noRater', rater: position } });
        if (!('codes' in rating.rating)) return set({ message: { key: 'noValue', rater: position } });
        decide(itemId, { kind: 'rater', rater: rating.rater });
      },

      decideValue(itemId, codes) {
        decide(itemId, { kind: 'value', codes });
      },

      leaveUnresolved(itemId) {
        decide(itemId, { kind: 'unresolved' });
      },

      toggleGuidelineFlag(itemId) {
        const before = get().records[itemId];
        if (before) return commit(itemId, [{ id: itemId, before, after: { ...before, needsGuidelineUpdate: !before.needsGuidelineUpdate, at: new Date().toISOString() } }], true);
        const draft = get().drafts[itemId] ?? EMPTY_DRAFT;
        set((state) => ({ drafts: { ...state.drafts, [itemId]: { ...draft, needsGuidelineUpdate: !draft.needsGuidelineUpdate } } }));
      },

      setNote(itemId, note) {
        const before = get().records[itemId];
        const trimmed = note.trim();
        if (before) {
          if (before.note !== trimmed) commit(itemId, [{ id: itemId, before, after: { ...before, note: trimmed, at: new Date().toISOString() } }], true);
          return;
        }
        const draft = get().drafts[itemId] ?? EMPTY_DRAFT;
        set((state) => ({ drafts: { ...state.drafts, [itemId]: { ...draft, note: trimmed } } }));
      },

      acceptUnanimous() {
        const { queue, records, datasetId, adjudicatorId } = get();
        if (!queue || !datasetId || !adjudicatorId) return 0;
        const at = new Date().toISOString();
        const changes = queue.unanimous
          .filter((item) => !records[item.id])
          .map((item) => ({ id: item.id, before: null, after: unanimousRow(item, { datasetId, decidedBy: adjudicatorId, at }) }));
        commit('', changes, true);
        return changes.length;
      },

      undoLast() {
        const step = get().undo.at(-1);
        if (!step) return;
        set((state) => ({ undo: state.undo.slice(0, -1) }));
        commit(
          step.itemId,
          step.changes.map(({ id, before, after }) => ({ id, before: after, after: before })),
          false,
        );
        if (step.itemId !== '' && visibleItems(get()).some((item) => item.id === step.itemId)) set({ currentId: step.itemId, editor: null });
      },

      setEditor(editor) {
        set({ editor, message: null });
      },

      idle: () => writes.idle(),
    };
  });
}

export const useAdjudicationStore = createAdjudicationStore();
