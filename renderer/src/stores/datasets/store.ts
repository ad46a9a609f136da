import { create } from 'zustand';
import type { SortingState } from '@tanstack/react-table';
import type { Dataset } from '../../../../shared/model/dataset';
import type { DialogueStatus } from '../../../../shared/model/review';
import { getDb, type MaieuticDb } from '../../db/db';
import { deleteDataset, getDataset, listDatasetSummaries, type DatasetSummary } from '../../db/repositories/datasets';
import { reportError } from '../notices/store';
import { useAppStore } from '../app/store';

/** The data-set table's view state: kept here so it survives a trip to review and back. */
export interface TableState {
  sorting: SortingState;
  globalFilter: string;
  /** '' = every teacher model */
  teacherModel: string;
  /** '' = every status */
  status: DialogueStatus | '';
  hasFlags: boolean;
}

export const INITIAL_TABLE_STATE: TableState = { sorting: [], globalFilter: '', teacherModel: '', status: '', hasFlags: false };

type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface DatasetsState {
  list: DatasetSummary[];
  listStatus: LoadStatus;
  /** the open data set's record (its rows are read live by the table) */
  current: Dataset | null;
  /** 'missing' when the data set asked for does not exist (deleted in another window, say) */
  currentStatus: 'none' | 'loading' | 'ready' | 'missing';
  table: TableState;
  selectedDialogueId: string | null;
  loadList(): Promise<void>;
  loadCurrent(datasetId: string | null): Promise<void>;
  /** resolves to false when the deletion failed (the error is reported) */
  deleteDataset(datasetId: string): Promise<boolean>;
  setTable(patch: Partial<TableState>): void;
  resetFilters(): void;
  select(dialogueId: string | null): void;
}

export function createDatasetsStore(database: () => MaieuticDb = getDb) {
  return create<DatasetsState>()((set, get) => ({
    list: [],
    listStatus: 'idle',
    current: null,
    currentStatus: 'none',
    table: INITIAL_TABLE_STATE,
    selectedDialogueId: null,
    async loadList() {
      set({ listStatus: 'loading' });
      try {
        set({ list: await listDatasetSummaries(database()), listStatus: 'ready' });
      } catch (error) {
        set({ listStatus: 'error' });
        reportError(error, 'notice.context.loadDatasets');
      }
    },
    async loadCurrent(datasetId) {
      if (datasetId === null) return set({ current: null, currentStatus: 'none' });
      if (get().current?.id === datasetId) return;
      set({ currentStatus: 'loading' });
      try {
        const dataset = (await getDataset(database(), datasetId)) ?? null;
        // A different data set resets the table's filters and selection.
        set({ current: dataset, currentStatus: dataset ? 'ready' : 'missing', table: INITIAL_TABLE_STATE, selectedDialogueId: null });
      } catch (error) {
        set({ currentStatus: 'none' });
        reportError(error, 'notice.context.loadDatasets');
      }
    },
    async deleteDataset(datasetId) {
      try {
        await deleteDataset(database(), datasetId);
      } catch (error) {
        reportError(error, 'notice.context.deleteDataset');
        return false;
      }
      if (get().current?.id === datasetId) set({ current: null, currentStatus: 'none', selectedDialogueId: null, table: INITIAL_TABLE_STATE });
      if (useAppStore.getState().datasetId === datasetId) useAppStore.getState().closeDataset();
      await get().loadList();
      return true;
    },
    setTable(patch) {
      set((state) => ({ table: { ...state.table, ...patch } }));
    },
    resetFilters() {
      set((state) => ({ table: { ...INITIAL_TABLE_STATE, sorting: state.table.sorting } }));
    },
    select(dialogueId) {
      set({ selectedDialogueId: dialogueId });
    },
  }));
}

export const useDatasetsStore = createDatasetsStore();
