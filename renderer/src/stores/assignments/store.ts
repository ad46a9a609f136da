/**
 * Assignment packages in the UI (issue 11). The owner exports an assignment for a named
 * annotator and imports the work that comes back; an annotator's profile opens a package (after
 * confirming the reviewer name) and exports its work. Files go through main's dialogs
 * (files.saveExport / files.openImport), like every other import and export.
 */
import { create } from 'zustand';
import type { SourceFile } from '../../../../shared/model/dataset';
import { PackageError, parseAssignmentPackage, serializePackage, type AssignmentPackage, type PackageErrorCode } from '../../../../shared/packages';
import { invoke } from '../../api/client';
import { codebookForDataset, rulesForCarriedCodebook } from '../../codebook';
import { getDb, type MaieuticDb } from '../../db/db';
import { errorMessage } from '../../db/errors';
import { AssignmentAlreadyOpenError, buildWorkPackage, findReceivedDataset, openAssignment } from '../../db/repositories/assignments-received';
import { getDataset } from '../../db/repositories/datasets';
import { buildAssignment, importWorkPackage, recordSentAssignment, WorkAlreadyImportedError, type WorkImportReport } from '../../db/repositories/assignments-sent';
import { fileNameStem, todayStamp } from '../export/file-names';
import { useAppStore } from '../app/store';
import { useDatasetsStore } from '../datasets/store';
import { useCodebooksStore } from '../codebooks/store';
import { useSettingsStore } from '../settings/store';

/** A refusal as the UI shows it: worded from `code` in the reader's language, with the English detail for copying. */
export interface PackageRefusal {
  code: PackageErrorCode | 'already' | 'other';
  message: string;
}

export type AssignmentOutcome =
  | { kind: 'none' }
  | { kind: 'working' }
  | { kind: 'sent'; path: string; annotatorName: string; dialogues: number }
  | { kind: 'imported'; report: WorkImportReport }
  | { kind: 'confirm-replace'; file: SourceFile; layerName: string; datasetId: string }
  | { kind: 'work-saved'; path: string }
  | { kind: 'refused'; refusal: PackageRefusal };

export interface AssignmentExportChoice {
  datasetId: string;
  annotatorName: string;
  /** null: every dialogue of the data set */
  dialogueIds: readonly string[] | null;
  blind: boolean;
}

export interface AssignmentState {
  /** the owner's last export or import of work, and the annotator's last export of work */
  outcome: AssignmentOutcome;
  /** an assignment package waiting for the annotator to confirm the reviewer name */
  pending: { pkg: AssignmentPackage; file: string } | null;
  /** the start view's last refusal of a package, or a note that it was open already */
  openOutcome: { kind: 'refused'; refusal: PackageRefusal } | { kind: 'already-open' } | null;
  exportAssignment(choice: AssignmentExportChoice): Promise<boolean>;
  pickWork(datasetId: string): Promise<void>;
  importWork(datasetId: string, file: SourceFile, replace?: boolean): Promise<void>;
  confirmReplace(): Promise<void>;
  receivePackage(file: SourceFile): Promise<void>;
  confirmOpen(reviewerName: string): Promise<void>;
  cancelOpen(): void;
  exportWork(datasetId: string): Promise<void>;
  clearOutcome(): void;
}

function refusalOf(error: unknown): PackageRefusal {
  if (error instanceof PackageError) return { code: error.code, message: error.message };
  if (error instanceof WorkAlreadyImportedError) return { code: 'already', message: error.message };
  return { code: 'other', message: errorMessage(error) };
}

export function createAssignmentStore(database: () => MaieuticDb = getDb) {
  return create<AssignmentState>()((set, get) => ({
    outcome: { kind: 'none' },
    pending: null,
    openOutcome: null,

    async exportAssignment(choice) {
      const dataset = await getDataset(database(), choice.datasetId);
      if (!dataset) return false;
      set({ outcome: { kind: 'working' } });
      try {
        const pkg = await buildAssignment(database(), { ...choice, codebook: codebookForDataset(dataset).codebook });
        const defaultName = `${fileNameStem(`${dataset.name}-assignment-${pkg.annotator.name}`)}-${todayStamp()}.json`;
        const result = await invoke('files.saveExport', { defaultName, content: serializePackage(pkg), kind: 'json' });
        if (result.canceled || result.path === null) {
          set({ outcome: { kind: 'none' } });
          return false;
        }
        // recorded only once the file exists: work can only come back for a package that was saved
        await recordSentAssignment(database(), pkg);
        set({ outcome: { kind: 'sent', path: result.path, annotatorName: pkg.annotator.name, dialogues: pkg.dialogues.length } });
        return true;
      } catch (error) {
        set({ outcome: { kind: 'refused', refusal: refusalOf(error) } });
        return false;
      }
    },

    async pickWork(datasetId) {
      let files: SourceFile[];
      try {
        const result = await invoke('files.openImport', { mode: 'files' });
        if (result.canceled) return;
        files = result.files;
      } catch (error) {
        set({ outcome: { kind: 'refused', refusal: refusalOf(error) } });
        return;
      }
      if (files.length !== 1) {
        set({ outcome: { kind: 'refused', refusal: { code: 'other', message: 'Choose one work file.' } } });
        return;
      }
      await get().importWork(datasetId, files[0]);
    },

    async importWork(datasetId, file, replace = false) {
      const dataset = await getDataset(database(), datasetId);
      if (!dataset) return;
      set({ outcome: { kind: 'working' } });
      try {
        const report = await importWorkPackage(database(), { datasetId, codebook: codebookForDataset(dataset).codebook, text: file.text, file: file.name, replace });
        set({ outcome: { kind: 'imported', report } });
      } catch (error) {
        if (error instanceof WorkAlreadyImportedError && !error.sameWork) {
          set({ outcome: { kind: 'confirm-replace', file, layerName: error.layerName, datasetId } });
          return;
        }
        set({ outcome: { kind: 'refused', refusal: refusalOf(error) } });
      }
    },

    async confirmReplace() {
      const { outcome } = get();
      if (outcome.kind !== 'confirm-replace') return;
      await get().importWork(outcome.datasetId, outcome.file, true);
    },

    async receivePackage(file) {
      set({ pending: null, openOutcome: null });
      useAppStore.getState().goTo('start');
      try {
        // the package carries its codebook, proven by its hash (parseAssignmentPackage): no local copy is needed
        const pkg = parseAssignmentPackage(file.text, file.name);
        const earlier = await findReceivedDataset(database(), pkg.id);
        if (earlier) {
          set({ openOutcome: { kind: 'already-open' } });
          useAppStore.getState().openDataset(earlier.id);
          return;
        }
        set({ pending: { pkg, file: file.name } });
      } catch (error) {
        set({ openOutcome: { kind: 'refused', refusal: refusalOf(error) } });
      }
    },

    async confirmOpen(reviewerName) {
      const { pending } = get();
      if (!pending) return;
      try {
        const saved = await useSettingsStore.getState().setReviewerName(reviewerName);
        if (!saved) throw new Error('The reviewer name could not be saved.');
        const name = `${pending.pkg.dataset.name} · ${pending.pkg.annotator.name}`;
        const { datasetId } = await openAssignment(database(), { pkg: pending.pkg, file: pending.file, datasetName: name, rules: rulesForCarriedCodebook(pending.pkg.codebook) });
        await useCodebooksStore.getState().load();
        set({ pending: null, openOutcome: null });
        void useDatasetsStore.getState().loadList();
        useAppStore.getState().openDataset(datasetId);
      } catch (error) {
        if (error instanceof AssignmentAlreadyOpenError) {
          set({ pending: null, openOutcome: { kind: 'already-open' } });
          useAppStore.getState().openDataset(error.datasetId);
          return;
        }
        set({ openOutcome: { kind: 'refused', refusal: refusalOf(error) } });
      }
    },

    cancelOpen() {
      set({ pending: null, openOutcome: null });
    },

    async exportWork(datasetId) {
      set({ outcome: { kind: 'working' } });
      try {
        const work = await buildWorkPackage(database(), datasetId);
        const defaultName = `${fileNameStem(`${work.dataset.name}-work-${work.annotator.name}`)}-${todayStamp()}.json`;
        const result = await invoke('files.saveExport', { defaultName, content: serializePackage(work), kind: 'json' });
        set({ outcome: result.canceled || result.path === null ? { kind: 'none' } : { kind: 'work-saved', path: result.path } });
      } catch (error) {
        set({ outcome: { kind: 'refused', refusal: refusalOf(error) } });
      }
    },

    clearOutcome() {
      set({ outcome: { kind: 'none' } });
    },
  }));
}

export const useAssignmentStore = createAssignmentStore();
