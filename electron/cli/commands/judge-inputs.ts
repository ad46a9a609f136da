/** The dialogues `judge` reads: named as `metrics` names them, grouped by the folder holding their file (the teacher model). */
import { basename, dirname, resolve } from 'node:path';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { checkSourceFile } from '../../../shared/import';
import type { JudgeJobDialogue } from '../../../shared/judge';
import type { ParsedDialogue } from '../../../shared/model/dataset';
import { cliDialogueId } from '../dialogue-id';
import type { CliIo } from '../io';
import { forEachInput, inputProblemLine, skippedLine } from '../read-inputs';
import { fileLine } from '../terminal-text';

export interface InputDialogue {
  file: string;
  /** as the metrics command names it */
  id: string;
  /** the teacher model: the folder holding the file */
  group: string;
  dialogue: ParsedDialogue;
}

/** Every dialogue with turns of the inputs, in the order read; a dialogue id repeated within a group is reported and judged once. */
export async function readDialogues(paths: readonly string[], io: CliIo): Promise<{ dialogues: InputDialogue[]; inputErrors: number }> {
  const dialogues: InputDialogue[] = [];
  const seen = new Map<string, string>();
  let inputErrors = 0;
  const { problems, skipped } = await forEachInput([...paths], (file) => {
    const found: ParsedDialogue[] = [];
    const check = checkSourceFile(file, { codebook: DEFAULT_CODEBOOK, teacherModelFrom: file.teacherModelFrom }, (dialogue) => void found.push(dialogue));
    const errors = check.issues.filter((issue) => issue.severity === 'error');
    for (const issue of errors) io.stderr(`${fileLine(issue.file, issue.line, issue.message)}\n`);
    inputErrors += errors.length;
    if (errors.length > 0) return;
    const group = basename(dirname(resolve(file.name)));
    for (const dialogue of found) {
      const id = cliDialogueId(dialogue, file.name);
      const key = JSON.stringify([group, id]);
      const first = seen.get(key);
      if (first !== undefined) {
        io.stderr(`${fileLine(file.name, dialogue.line, `the dialogue ${id} of ${group} is already at ${first}; judged once`)}\n`);
        inputErrors++;
        continue;
      }
      seen.set(key, `${file.name}:${dialogue.line}`);
      if (dialogue.turns.length === 0) continue;
      dialogues.push({ file: file.name, id, group, dialogue });
    }
  });
  for (const problem of problems) io.stderr(`${inputProblemLine(problem)}\n`);
  for (const skip of skipped) io.stderr(`${skippedLine(skip)}\n`);
  inputErrors += problems.length;
  return { dialogues, inputErrors };
}

/** The dialogue as a job carries it, under the job's own id: its turns and the context the prompt may show. */
export function jobDialogue(id: string, input: InputDialogue): JudgeJobDialogue {
  const { topicText, studentType, scenario } = input.dialogue;
  const context = { ...(topicText ? { topic: topicText } : {}), ...(studentType ? { studentType } : {}), ...(scenario ? { scenario } : {}) };
  return { id, turns: input.dialogue.turns.map((turn) => ({ speaker: turn.speaker, utterance: turn.utterance })), ...(Object.keys(context).length > 0 ? { context } : {}) };
}
