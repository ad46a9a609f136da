/**
 * The rubric-set editor's session: the version it was opened from, the draft, its live check
 * (parseRubricSet, problems by JSON path), the diff against the base and "Save as new version".
 * The draft lives here, not in the form, so leaving the view by the top bar loses nothing.
 */
import { create } from 'zustand';
import type { RubricSetRow } from '../../../../shared/model/judge';
import { getDb, type MaieuticDb } from '../../db/db';
import { errorMessage } from '../../db/errors';
import { saveRubricSetVersion } from '../../db/repositories/rubric-sets';
import { anchorCandidates, buildExpertExample, type AnchorCandidate } from './expert-anchors';
import { checkDraft, draftFromSet, draftToJson, nextVersion, type DraftCheck, type SetDraft } from './editor-model';
import { diffRubricSets, isEmptyDiff, type SetDiff } from './set-diff';

export interface RubricEditorState {
  base: RubricSetRow | null;
  /** 'duplicate': the draft starts a new set (new id) from the base */
  mode: 'edit' | 'duplicate';
  draft: SetDraft | null;
  check: DraftCheck;
  diff: SetDiff | null;
  dirty: boolean;
  /** the version string is the base's while the content differs (a warning, with `suggestedVersion`) */
  versionUnchanged: boolean;
  suggestedVersion: string;
  status: 'idle' | 'saving' | 'saved' | 'error';
  error: string | null;
  saved: RubricSetRow | null;
  candidates: { status: 'idle' | 'loading' | 'ready' | 'error'; items: AnchorCandidate[]; error: string | null };
  open(base: RubricSetRow, options: { mode: 'edit' | 'duplicate'; takenIds?: readonly string[]; takenVersions?: readonly string[] }): void;
  update(change: (draft: SetDraft) => SetDraft): void;
  close(): void;
  save(): Promise<RubricSetRow | null>;
  loadCandidates(input: { datasetId: string; rater: string }): Promise<void>;
  addExamples(input: { dialogueIds: readonly string[]; rater: string }): Promise<void>;
}

const NO_CHECK: DraftCheck = { set: null, hash: null, problems: [] };

function derived(base: RubricSetRow, draft: SetDraft, takenVersions: readonly string[]) {
  const check = checkDraft(draft);
  const diff = diffRubricSets(base.set, draftToJson(draft));
  const dirty = !isEmptyDiff(diff);
  const versionUnchanged = dirty && draft.id.trim() === base.setId && draft.version.trim() === base.version;
  return { check, diff, dirty, versionUnchanged, suggestedVersion: nextVersion(base.version, takenVersions) };
}

export function createRubricEditorStore(database: () => MaieuticDb = getDb) {
  let takenVersions: readonly string[] = [];
  return create<RubricEditorState>()((set, get) => ({
    base: null,
    mode: 'edit',
    draft: null,
    check: NO_CHECK,
    diff: null,
    dirty: false,
    versionUnchanged: false,
    suggestedVersion: '',
    status: 'idle',
    error: null,
    saved: null,
    candidates: { status: 'idle', items: [], error: null },

    open(base, { mode, takenIds = [], takenVersions: versions = [] }) {
      takenVersions = mode === 'edit' ? versions : [];
      const draft = draftFromSet(base.set);
      if (mode === 'duplicate') {
        let id = `${base.setId}-copy`;
        for (let n = 2; takenIds.includes(id); n += 1) id = `${base.setId}-copy-${n}`;
        draft.id = id;
        draft.version = '1.0.0';
        draft.name = { zh: `${base.set.name.zh}（副本）`, en: `${base.set.name.en} (copy)` };
      }
      set({ base, mode, draft, ...derived(base, draft, takenVersions), status: 'idle', error: null, saved: null, candidates: { status: 'idle', items: [], error: null } });
    },

    update(change) {
      const { base, draft } = get();
      if (!base || !draft) return;
      const next = change(draft);
      set({ draft: next, ...derived(base, next, takenVersions), ...(get().status === 'saved' ? { status: 'idle' as const } : {}) });
    },

    close() {
      set({ base: null, draft: null, check: NO_CHECK, diff: null, dirty: false, versionUnchanged: false, status: 'idle', error: null, saved: null });
    },

    async save() {
      const { check, base } = get();
      if (!check.set || !base) return null;
      set({ status: 'saving', error: null });
      try {
        const row = await saveRubricSetVersion(database(), check.set);
        // the saved version is the new base: further edits are measured against it
        takenVersions = [...takenVersions, row.version];
        const draft = draftFromSet(row.set);
        set({ base: row, mode: 'edit', draft, ...derived(row, draft, takenVersions), status: 'saved', saved: row });
        return row;
      } catch (error) {
        set({ status: 'error', error: errorMessage(error) });
        return null;
      }
    },

    async loadCandidates({ datasetId, rater }) {
      const { base } = get();
      if (!base) return;
      set({ candidates: { status: 'loading', items: [], error: null } });
      try {
        const items = await anchorCandidates(database(), { datasetId, set: base.set, hash: base.hash, rater });
        set({ candidates: { status: 'ready', items, error: null } });
      } catch (error) {
        set({ candidates: { status: 'error', items: [], error: errorMessage(error) } });
      }
    },

    async addExamples({ dialogueIds, rater }) {
      const { base } = get();
      if (!base) return;
      try {
        // scored on the base version: the anchors' scores are the expert's on exactly those rubrics
        const examples = await Promise.all(dialogueIds.map((dialogueId) => buildExpertExample(database(), { dialogueId, set: base.set, hash: base.hash, rater })));
        get().update((draft) => {
          const labels = new Set(draft.expertExamples.map((example) => example.label));
          const added = examples.filter((example) => !labels.has(example.label));
          // more than the parser allows is shown as its problem, not cut silently
          return { ...draft, expertExamples: [...draft.expertExamples, ...added] };
        });
      } catch (error) {
        set({ status: 'error', error: errorMessage(error) });
      }
    },
  }));
}

export const useRubricEditorStore = createRubricEditorStore();
