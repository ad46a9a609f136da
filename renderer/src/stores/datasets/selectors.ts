import type { DatasetsState } from './store';

export const selectDatasetList = (state: DatasetsState) => state.list;
export const selectListStatus = (state: DatasetsState) => state.listStatus;
export const selectCurrentDataset = (state: DatasetsState) => state.current;
export const selectCurrentStatus = (state: DatasetsState) => state.currentStatus;
export const selectTableState = (state: DatasetsState) => state.table;
export const selectSelectedDialogueId = (state: DatasetsState) => state.selectedDialogueId;
export const selectDatasetActions = (state: DatasetsState) => ({
  loadList: state.loadList,
  loadCurrent: state.loadCurrent,
  deleteDataset: state.deleteDataset,
  setTable: state.setTable,
  resetFilters: state.resetFilters,
  select: state.select,
});
