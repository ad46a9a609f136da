import type { ImportFileEntry, ImportState } from './store';
import { isImportable, issueCounts, needsTeacherModel, verdictOf } from './file-verdict';

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
  readSkippedAs: state.readSkippedAs,
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

/**
 * What the user still has to do before Import does what they expect, file by file, so the
 * footer can say it instead of only "nothing is chosen":
 * - accept-warnings: a readable file with warnings waits for its tick (always said: otherwise it
 *   is left out without a word while other files are imported);
 * - include-again: a file imported before, or a copy of another in this selection, left unticked
 *   (said only when nothing else is chosen);
 * - name-teacher-model: a chosen file whose dialogues would have no teacher model (blocks Import;
 *   not asked when the file is attached as an annotation layer, which keeps the stored dialogues' models);
 * - nothing-importable: every file has errors, holds nothing, or is not a format Maieutic reads
 *   (not said when no file was read at all: nothing is listed to fix).
 */
export type ImportHint =
  | { kind: 'accept-warnings'; index: number; file: string; warnings: number }
  | { kind: 'include-again'; index: number; file: string }
  | { kind: 'name-teacher-model'; index: number; file: string; suggestion: string | null }
  | { kind: 'nothing-importable' };

export function importHints(entries: readonly ImportFileEntry[], attachingLayer = false): ImportHint[] {
  const hints: ImportHint[] = [];
  const nothingChosen = chosenEntries(entries).length === 0;
  entries.forEach((entry, index) => {
    const verdict = verdictOf(entry);
    if (!isImportable(verdict)) return;
    if (!entry.include) {
      if (verdict === 'warnings') hints.push({ kind: 'accept-warnings', index, file: entry.name, warnings: issueCounts(entry.parsed).warnings });
      else if (nothingChosen) hints.push({ kind: 'include-again', index, file: entry.name });
      return;
    }
    if (!attachingLayer && needsTeacherModel(entry)) hints.push({ kind: 'name-teacher-model', index, file: entry.name, suggestion: entry.teacherModelSuggestion });
  });
  // with no file at all there are no problems to fix: the totals line says why nothing is there
  if (entries.length > 0 && !entries.some((entry) => isImportable(verdictOf(entry)))) hints.push({ kind: 'nothing-importable' });
  return hints;
}

/** Import stays disabled while a chosen file has no teacher model. */
export function blocksImport(hint: ImportHint): boolean {
  return hint.kind === 'name-teacher-model';
}
