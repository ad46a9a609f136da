import type { ImportFileEntry, ImportState } from './store';
import { isImportable, verdictOf } from './file-verdict';

export const selectImportStep = (state: ImportState) => state.step;
export const selectImportEntries = (state: ImportState) => state.entries;
export const selectImportProgress = (state: ImportState) => state.progress;
export const selectImportTarget = (state: ImportState) => state.target;
export const selectImportError = (state: ImportState) => state.error;
export const selectImportActions = (state: ImportState) => ({
  setTeacherModel: state.setTeacherModel,
  setMapping: state.setMapping,
  setInclude: state.setInclude,
  setTarget: state.setTarget,
  setAttachAsLayer: state.setAttachAsLayer,
  setLayerChoice: state.setLayerChoice,
  refreshLayerPreview: state.refreshLayerPreview,
  parseAll: state.parseAll,
  commit: state.commit,
  cancel: state.cancel,
});

/** Files that will be stored when the user presses Import. */
export function chosenEntries(entries: readonly ImportFileEntry[]): ImportFileEntry[] {
  return entries.filter((entry) => entry.include && entry.parsed !== null && isImportable(verdictOf(entry)));
}

export interface CommitTotals {
  files: number;
  dialogues: number;
  turns: number;
  warnings: number;
}

export function commitTotals(entries: readonly ImportFileEntry[]): CommitTotals {
  const totals: CommitTotals = { files: 0, dialogues: 0, turns: 0, warnings: 0 };
  for (const entry of chosenEntries(entries)) {
    if (!entry.parsed) continue;
    totals.files += 1;
    totals.dialogues += entry.parsed.dialogues.length;
    totals.turns += entry.parsed.dialogues.reduce((sum, dialogue) => sum + dialogue.turns.length, 0);
    totals.warnings += entry.parsed.issues.filter((issue) => issue.severity === 'warning').length;
  }
  return totals;
}
