/**
 * A command given files that hold no dialogue says so, naming each file, and exits 1 (issue 30
 * point 10): an empty table or a heading alone would read as a result. The import's own first
 * warning about the file (empty, blank lines only, a header alone) gives the reason.
 */
import type { ImportIssue } from '../../shared/model/dataset';
import { fileLine } from './terminal-text';

/** What a command read of one file: its name and the import's issues about it. */
export interface FileReadBack {
  file: string;
  issues: readonly ImportIssue[];
}

/** `a.jsonl:1: The file is empty; nothing to import. No dialogue to judge.` */
export function noDialogueLine(read: FileReadBack, task: string): string {
  const reason = read.issues.find((issue) => issue.severity === 'warning');
  return fileLine(read.file, reason?.line ?? null, `${reason ? `${reason.message} ` : ''}No dialogue to ${task}.`);
}
