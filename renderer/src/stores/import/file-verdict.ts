import type { ParsedFile } from '../../../../shared/model/dataset';
import type { PriorImport } from '../../db/repositories/sources';

/**
 * What may happen to a parsed file:
 * - clean: imported unless the user unticks it
 * - warnings: imported only when the user explicitly accepts the warnings
 * - errors / empty / unsupported / refused: cannot be imported
 *
 * refused: reading the file was stopped (it took longer than the time budget).
 */
export type FileVerdict = 'clean' | 'warnings' | 'errors' | 'empty' | 'unsupported' | 'refused';

/** Why a file was stopped before it was read. */
export type FileRefusal = { kind: 'over-budget'; budgetMs: number };

export interface VerdictInput {
  format: string | null;
  parsed: ParsedFile | null;
  refusal?: FileRefusal | null;
}

export function verdictOf({ format, parsed, refusal }: VerdictInput): FileVerdict {
  if (refusal) return 'refused';
  if (format === null) return 'unsupported';
  if (!parsed) return 'unsupported';
  if (parsed.issues.some((issue) => issue.severity === 'error')) return 'errors';
  if (parsed.dialogues.length === 0) return 'empty';
  if (parsed.issues.length > 0) return 'warnings';
  return 'clean';
}

export function isImportable(verdict: FileVerdict): boolean {
  return verdict === 'clean' || verdict === 'warnings';
}

/** Clean files are ticked by default; files with warnings and files imported before wait for the user's explicit choice. */
export function includedByDefault(verdict: FileVerdict, priorImports: readonly PriorImport[]): boolean {
  return verdict === 'clean' && priorImports.length === 0;
}

export function issueCounts(parsed: ParsedFile | null): { errors: number; warnings: number; byCode: [string, number][] } {
  if (!parsed) return { errors: 0, warnings: 0, byCode: [] };
  let errors = 0;
  let warnings = 0;
  const byCode = new Map<string, number>();
  for (const issue of parsed.issues) {
    if (issue.severity === 'error') errors += 1;
    else warnings += 1;
    byCode.set(issue.code, (byCode.get(issue.code) ?? 0) + 1);
  }
  return { errors, warnings, byCode: [...byCode].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])) };
}

/** `file:line — message`, the form the report shows and copies. */
export function formatIssue(issue: { file: string; line: number; message: string }): string {
  return `${issue.file}:${issue.line} — ${issue.message}`;
}

/**
 * True when storing the file now would leave dialogues without a teacher model: none was named
 * (a bare file name gives only a suggestion) and some dialogues take the file's model rather
 * than carrying their own (a CSV model column).
 */
export function needsTeacherModel(entry: { teacherModel: string; parsed: ParsedFile | null }): boolean {
  const { parsed } = entry;
  if (entry.teacherModel.trim() !== '' || !parsed) return false;
  return parsed.dialogues.some((dialogue) => dialogue.teacherModel === parsed.teacherModel || dialogue.teacherModel.trim() === '');
}

/**
 * Applies a teacher model the user edited in the wizard. Dialogues that carry their own model
 * (a CSV column) keep it; those that took the file's model get the new one.
 */
export function withTeacherModel(parsed: ParsedFile, teacherModel: string): ParsedFile {
  const model = teacherModel.trim();
  if (model === parsed.teacherModel) return parsed;
  return {
    ...parsed,
    teacherModel: model,
    dialogues: parsed.dialogues.map((dialogue) =>
      dialogue.teacherModel === parsed.teacherModel ? { ...dialogue, teacherModel: model } : dialogue,
    ),
  };
}

/** The default name of a new data set: the common folder of the files, else the first file's stem. */
export function suggestDatasetName(names: readonly string[]): string {
  if (names.length === 0) return '';
  const folders = names.map((name) => name.split('/').slice(0, -1));
  const common: string[] = [];
  for (let depth = 0; folders.every((parts) => parts.length > depth); depth += 1) {
    const part = folders[0][depth];
    if (!folders.every((parts) => parts[depth] === part)) break;
    common.push(part);
  }
  if (common.length > 0) return common.join('/');
  const first = names[0].split('/').pop() ?? names[0];
  const stem = first.replace(/\.[^.]+$/, '');
  return names.length > 1 ? `${stem} +${names.length - 1}` : stem;
}
