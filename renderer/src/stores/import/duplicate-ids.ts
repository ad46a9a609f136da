/**
 * The import report's warnings on dialogue ids met twice across files, or already in the data set
 * imported into (shared/import/duplicate-ids.ts), kept up to date with the teacher models named in
 * the report: they are taken off and found again whenever a model or the target changes.
 */
import { DUPLICATE_ID_CODES, duplicateIdWarnings, type StoredDialogueId } from '../../../../shared/import/duplicate-ids';
import type { ImportIssue } from '../../../../shared/model/dataset';
import type { MaieuticDb } from '../../db/db';
import { listDialoguesOf } from '../../db/repositories/dialogues';
import { includedByDefault, isImportable, verdictOf } from './file-verdict';
import type { ImportFileEntry, TargetChoice } from './store';

/**
 * The ids of the data set imported into; none for a new one, and none when the file is attached
 * as an annotation layer: a second annotator's file holds the data set's own dialogues by design
 * (it is matched to them by id), so its ids are no repeat.
 */
export async function storedDialogueIds(db: MaieuticDb, target: TargetChoice, attachingLayer: boolean): Promise<StoredDialogueId[]> {
  if (target.kind === 'new' || attachingLayer) return [];
  return (await listDialoguesOf(db, target.datasetId)).map(({ teacherModel, topicId, studentId, repeatId, file, line }) => ({ teacherModel, topicId, studentId, repeatId, file, line }));
}

const isDuplicateId = (issue: ImportIssue) => DUPLICATE_ID_CODES.includes(issue.code);

/**
 * The entries with their duplicate-id warnings as the teacher models now stand (a model named in
 * the report applies as withTeacherModel applies it at import). Only files that
 * can be imported take part. A file given a warning it did not have is unticked: a file with
 * warnings is imported only once the user ticks it, knowing them. A file that loses such warnings
 * and gains none keeps a tick the user gave, and is ticked if it would have been without them.
 */
export function withDuplicateIdWarnings(entries: readonly ImportFileEntry[], stored: readonly StoredDialogueId[]): ImportFileEntry[] {
  const taking = entries.map((entry) => entry.parsed !== null && isImportable(verdictOf(entry)));
  const files = entries.flatMap((entry, index) => (taking[index] && entry.parsed ? [{ file: entry.name, dialogues: entry.parsed.dialogues, renamed: { from: entry.parsed.teacherModel, to: entry.teacherModel.trim() } }] : []));
  const warnings = duplicateIdWarnings(files, stored);
  let next = 0;
  return entries.map((entry, index) => {
    if (!entry.parsed) return entry;
    const found = taking[index] ? warnings[next++] : [];
    const before = entry.parsed.issues.filter(isDuplicateId);
    const same = before.length === found.length && before.every((issue, at) => issue.message === found[at].message && issue.line === found[at].line);
    if (same) return entry;
    const issues = [...entry.parsed.issues.filter((issue) => !isDuplicateId(issue)), ...found].sort((a, b) => a.line - b.line);
    const gained = found.some((issue) => !before.some((old) => old.message === issue.message && old.line === issue.line));
    const updated: ImportFileEntry = { ...entry, parsed: { ...entry.parsed, issues } };
    const lost = before.some((old) => !found.some((issue) => old.message === issue.message && old.line === issue.line));
    // losing warnings never unticks (the user may have ticked the file knowing its other warnings)
    const include = gained ? false : lost ? entry.include || (entry.sameAs === null && includedByDefault(verdictOf(updated), entry.priorImports)) : entry.include;
    return { ...updated, include };
  });
}
