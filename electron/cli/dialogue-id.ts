import { basename } from 'node:path';
import type { ParsedDialogue } from '../../shared/model/dataset';

/**
 * How the command line names a dialogue in its output: `<topic_id>-<student_id>-<repeat_id>`, or
 * `<file>:<line>` for a record without those ids. `metrics` and `judge` must agree, so that a
 * judge's results and the metrics of the same files can be joined by it.
 */
export function cliDialogueId(dialogue: Pick<ParsedDialogue, 'topicId' | 'studentId' | 'repeatId' | 'line'>, file: string): string {
  return dialogue.topicId !== null && dialogue.studentId !== null && dialogue.repeatId !== null
    ? `${dialogue.topicId}-${dialogue.studentId}-${dialogue.repeatId}`
    : `${basename(file)}:${dialogue.line}`;
}
