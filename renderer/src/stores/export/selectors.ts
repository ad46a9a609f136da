import type { ExportState } from './store';

export const selectExportChoice = (state: ExportState) => ({ scope: state.scope, format: state.format });
export const selectExportResult = (state: ExportState) => ({ status: state.status, saved: state.saved, error: state.error });
export const selectExportCounts = (state: ExportState) => state.counts;
export const selectTableCsv = (state: ExportState) => ({ status: state.tableCsvStatus, path: state.tableCsvPath });
