/**
 * Dialogue ids met twice across an import: two dialogues of one teacher model with the same
 * topic_id, student_id and repeat_id, in two files of the same import, or one in a file and one
 * already in the data set imported into. Both are kept (each dialogue is stored under its own
 * file and line); the warning asks the reader to check whether one is a copy. Twice within one
 * file is parse-source-file's `duplicate-dialogue`, said there.
 */
import type { ImportIssue, ImportIssueCode, ParsedDialogue } from '../model/dataset';

/** The issue codes this check adds (a file's own issues never carry them). */
export const DUPLICATE_ID_CODES: readonly ImportIssueCode[] = ['duplicate-dialogue-across-files', 'duplicate-dialogue-in-dataset'];

type IdentifiedDialogue = Pick<ParsedDialogue, 'teacherModel' | 'topicId' | 'studentId' | 'repeatId' | 'line'>;

/** A dialogue already stored, where it came from. */
export interface StoredDialogueId extends Pick<IdentifiedDialogue, 'teacherModel' | 'topicId' | 'studentId' | 'repeatId' | 'line'> {
  file: string;
}

/** A file of the import: its name and dialogues, and the teacher model named for it in the report. */
export interface ImportedFileIds {
  file: string;
  dialogues: readonly IdentifiedDialogue[];
  /**
   * The file's model as read (`from`) and as named in the report (`to`): the dialogues that took
   * the file's model are stored under `to` (file-verdict withTeacherModel), without copying them here.
   */
  renamed?: { from: string; to: string };
}

/** The import's key of a dialogue; null without all three ids (it is then named by its file and line, which cannot repeat). */
function idKey(teacherModel: string, dialogue: Pick<IdentifiedDialogue, 'topicId' | 'studentId' | 'repeatId'>): string | null {
  const { topicId, studentId, repeatId } = dialogue;
  // NUL cannot occur in a model name or an id the importer keeps, so the parts cannot run together
  return topicId === null || studentId === null || repeatId === null ? null : `${teacherModel.trim()}\u0000${topicId}\u0000${studentId}\u0000${repeatId}`;
}

const idText = (teacherModel: string, dialogue: Pick<IdentifiedDialogue, 'topicId' | 'studentId' | 'repeatId'>) => `"${dialogue.topicId}-${dialogue.studentId}-${dialogue.repeatId}" of ${teacherModel.trim() || 'a model not named yet'}`;

/**
 * The warnings of each file (in the order given) about ids another file of the import holds first
 * or the data set already holds. The first file holding an id (in the order given) is not warned
 * about another file of the import; every later one is, naming the first.
 */
export function duplicateIdWarnings(files: readonly ImportedFileIds[], stored: readonly StoredDialogueId[]): ImportIssue[][] {
  const inDataset = new Map<string, StoredDialogueId>();
  for (const dialogue of stored) {
    const key = idKey(dialogue.teacherModel, dialogue);
    if (key !== null && !inDataset.has(key)) inDataset.set(key, dialogue);
  }
  const firstInImport = new Map<string, { file: string; line: number }>();
  return files.map(({ file, dialogues, renamed }) => {
    const issues: ImportIssue[] = [];
    for (const dialogue of dialogues) {
      const model = renamed && dialogue.teacherModel === renamed.from ? renamed.to : dialogue.teacherModel;
      const key = idKey(model, dialogue);
      if (key === null) continue;
      const first = firstInImport.get(key);
      if (first === undefined) firstInImport.set(key, { file, line: dialogue.line });
      else if (first.file !== file) {
        issues.push({ severity: 'warning', file, line: dialogue.line, code: 'duplicate-dialogue-across-files', message: `Dialogue ${idText(model, dialogue)} is also in ${first.file} on line ${first.line}; both are imported, check whether one is a copy.` });
      }
      const there = inDataset.get(key);
      if (there) {
        issues.push({ severity: 'warning', file, line: dialogue.line, code: 'duplicate-dialogue-in-dataset', message: `The data set already holds dialogue ${idText(model, dialogue)} (from ${there.file}, line ${there.line}); both are kept, check whether this file was imported before.` });
      }
    }
    return issues;
  });
}
