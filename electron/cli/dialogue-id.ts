import { basename } from 'node:path';
import type { ParsedDialogue } from '../../shared/model/dataset';
import { fileLine } from './terminal-text';

type IdentifiedDialogue = Pick<ParsedDialogue, 'topicId' | 'studentId' | 'repeatId' | 'line'>;

/**
 * How the command line names a dialogue in its output: `<topic_id>-<student_id>-<repeat_id>`, or
 * `<file>:<line>` for a record without those ids. `metrics` and `judge` must agree, so that a
 * judge's results and the metrics of the same files can be joined by it.
 */
export function cliDialogueId(dialogue: IdentifiedDialogue, file: string): string {
  return dialogue.topicId !== null && dialogue.studentId !== null && dialogue.repeatId !== null
    ? `${dialogue.topicId}-${dialogue.studentId}-${dialogue.repeatId}`
    : `${basename(file)}:${dialogue.line}`;
}

/** A dialogue's name in a command's output, and the warning when its id was taken already. */
export interface NamedDialogue {
  id: string;
  /** `file:line: warning: …` naming both dialogues; null when the id was its own */
  warning: string | null;
}

/**
 * Names the dialogues of one command's inputs apart, in the order read: the first dialogue with an
 * id in a group keeps cliDialogueId; a later one with the same id (a copied record, two files of
 * one model, a generator that repeated ids) gets `#2`, `#3`… after it, so both are kept and their
 * output lines stay apart, with a warning naming both places. The same inputs read in the same
 * order get the same names, so a rerun resumes, and `judge` and `metrics` name alike.
 */
export class DialogueNames {
  /** by group and name: where the dialogue holding it is */
  private readonly taken = new Map<string, string>();

  constructor(
    /** what happens to both, for the warning: "both are judged" */
    private readonly bothAre: string,
  ) {}

  name(dialogue: IdentifiedDialogue, file: string, group: string): NamedDialogue {
    const id = cliDialogueId(dialogue, file);
    const here = `${file}:${dialogue.line}`;
    const keyOf = (name: string) => JSON.stringify([group, name]);
    const first = this.taken.get(keyOf(id));
    if (first === undefined) {
      this.taken.set(keyOf(id), here);
      return { id, warning: null };
    }
    let number = 2;
    while (this.taken.has(keyOf(`${id}#${number}`))) number++;
    const named = `${id}#${number}`;
    this.taken.set(keyOf(named), here);
    return { id: named, warning: fileLine(file, dialogue.line, `warning: the dialogue id ${id} of ${group} is also at ${first}; ${this.bothAre}, this one as ${named}`) };
  }
}
