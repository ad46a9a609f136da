/** The dialogues `judge` reads: named as `metrics` names them, grouped by the folder holding their file (the teacher model). */
import { basename, dirname, resolve } from 'node:path';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { checkSourceFile } from '../../../shared/import';
import type { JudgeJobDialogue } from '../../../shared/judge';
import type { ParsedDialogue } from '../../../shared/model/dataset';
import { DialogueNames } from '../dialogue-id';
import type { CliIo } from '../io';
import { forEachInput, inputProblemLine, skippedDialogueLines, skippedLine } from '../read-inputs';
import { noDialogueLine } from '../no-dialogue';
import { fileLine } from '../terminal-text';

export interface InputDialogue {
  file: string;
  /** as the metrics command names it */
  id: string;
  /** the teacher model: the folder holding the file */
  group: string;
  dialogue: ParsedDialogue;
}

/**
 * Every dialogue of the inputs, in the order read, each named apart (DialogueNames: a repeated id
 * is judged too, under a numbered name, with a warning naming both places). A record the import
 * skips (no turns) is listed as a warning: none is left out unsaid.
 */
export async function readDialogues(paths: readonly string[], io: CliIo): Promise<{ dialogues: InputDialogue[]; inputErrors: number; empty: string[] }> {
  const dialogues: InputDialogue[] = [];
  /** one line per file that holds no dialogue, said when no file holds any */
  const empty: string[] = [];
  const names = new DialogueNames('both are judged');
  let inputErrors = 0;
  const { problems, skipped } = await forEachInput([...paths], (file) => {
    const found: ParsedDialogue[] = [];
    const check = checkSourceFile(file, { codebook: DEFAULT_CODEBOOK, teacherModelFrom: file.teacherModelFrom }, (dialogue) => void found.push(dialogue));
    const errors = check.issues.filter((issue) => issue.severity === 'error');
    for (const issue of errors) io.stderr(`${fileLine(issue.file, issue.line, issue.message)}\n`);
    inputErrors += errors.length;
    if (errors.length > 0) return;
    for (const line of skippedDialogueLines(check.issues)) io.stderr(`${line}\n`);
    if (found.length === 0) empty.push(noDialogueLine(check, 'judge'));
    const group = basename(dirname(resolve(file.name)));
    for (const dialogue of found) {
      const { id, warning } = names.name(dialogue, file.name, group);
      if (warning !== null) io.stderr(`${warning}\n`);
      dialogues.push({ file: file.name, id, group, dialogue });
    }
  });
  for (const problem of problems) io.stderr(`${inputProblemLine(problem)}\n`);
  for (const skip of skipped) io.stderr(`${skippedLine(skip)}\n`);
  inputErrors += problems.length;
  return { dialogues, inputErrors, empty };
}

/** The dialogue as a job carries it, under the job's own id: its turns and the context the prompt may show. */
export function jobDialogue(id: string, input: InputDialogue): JudgeJobDialogue {
  const { topicText, studentType, scenario } = input.dialogue;
  const context = { ...(topicText ? { topic: topicText } : {}), ...(studentType ? { studentType } : {}), ...(scenario ? { scenario } : {}) };
  return { id, turns: input.dialogue.turns.map((turn) => ({ speaker: turn.speaker, utterance: turn.utterance })), ...(Object.keys(context).length > 0 ? { context } : {}) };
}
