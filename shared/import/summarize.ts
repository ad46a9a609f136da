import type { ParsedDialogue, ParsedFile } from '../model/dataset';
import type { ImportSummary } from './types';

/** Totals for the import dialog and the CLI. */
export function summarizeImport(files: readonly Pick<ParsedFile, 'file' | 'counts' | 'issues'>[]): ImportSummary {
  const summary: ImportSummary = { files: files.length, failedFiles: [], dialogues: 0, turns: 0, annotations: 0, errors: 0, warnings: 0, byCode: {} };
  for (const file of files) {
    summary.dialogues += file.counts.dialogues;
    summary.turns += file.counts.turns;
    summary.annotations += file.counts.annotations;
    let errors = 0;
    for (const issue of file.issues) {
      if (issue.severity === 'error') errors++;
      summary.byCode[issue.code] = (summary.byCode[issue.code] ?? 0) + 1;
    }
    summary.errors += errors;
    summary.warnings += file.issues.length - errors;
    if (errors > 0) summary.failedFiles.push(file.file);
  }
  return summary;
}

/** Values a reviewer must look at: unknown or conflicting pre-annotations plus unaligned entries (Dialogue.flaggedCount). */
export function countFlagged(dialogue: Pick<ParsedDialogue, 'turns' | 'unaligned'>): number {
  let flagged = dialogue.unaligned.length;
  for (const turn of dialogue.turns) {
    for (const value of Object.values(turn.pre)) if (value.status === 'unknown' || value.status === 'conflict') flagged++;
  }
  return flagged;
}
