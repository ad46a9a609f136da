/**
 * A second annotator's file matched to the dialogues and turns already stored in a data set, so
 * its values can be attached as an annotation layer (the import wizard). The same rules as the
 * CLI's matchLayers, with the stored data set as the reference: dialogues by dialogueKeyer over
 * the data set and the file, turns by alignTurns. Every dialogue or turn of the file that matches
 * nothing is a LayerProblem with file and line, and so is a dialogue the file gives twice (the
 * later copy is ignored) or one whose key names several stored dialogues (ambiguous, so none is
 * chosen). Stored turns the file lacks are no problem of the file: they have no value in the layer.
 */
import type { Dialogue, FieldValues, ParsedDialogue, ParsedFile, ParsedTurn, Turn } from '../model/dataset';
import { dialogueKeyer } from './dialogue-key';
import { dialogueLabel, snippet, type LayerProblem } from './problems';
import { AlignmentTooLargeError, alignTurns, type TurnAlignment } from './turn-alignment';

/** What the matcher needs of a stored dialogue: its identity and its turns in order. */
export type StoredDialogueForLayer = Pick<Dialogue, 'id' | 'externalId' | 'teacherModel' | 'topicId' | 'studentId' | 'repeatId'> & {
  turns: readonly Pick<Turn, 'id' | 'index' | 'speaker' | 'utterance'>[];
};

/** One stored turn and the values the file gives it. */
export interface LayerTurnValues {
  dialogueId: string;
  turnId: string;
  values: FieldValues;
}

export interface LayerAttachment {
  /** per matched turn, in file order */
  values: LayerTurnValues[];
  problems: LayerProblem[];
  /** dialogues of the file matched to a stored dialogue */
  matchedDialogues: number;
  /** turns matched by folded rather than exact text */
  normalizedTurnMatches: number;
  /** stored dialogues the file does not cover (their turns have no value in the layer) */
  storedDialoguesNotInFile: number;
}

const label = (dialogue: ParsedDialogue) => dialogueLabel(dialogue, { withModel: true });

/** Matches `parsed` to the stored dialogues of one data set; see the module comment for the rules. */
export function matchLayerToDataset(stored: readonly StoredDialogueForLayer[], parsed: ParsedFile): LayerAttachment {
  const keyOf = dialogueKeyer([stored, parsed.dialogues]);
  const storedByKey = new Map<string, StoredDialogueForLayer[]>();
  for (const dialogue of stored) {
    const key = keyOf(dialogue);
    const list = storedByKey.get(key);
    if (list) list.push(dialogue);
    else storedByKey.set(key, [dialogue]);
  }

  const problems: LayerProblem[] = [];
  const values: LayerTurnValues[] = [];
  const seenInFile = new Map<string, number>();
  const covered = new Set<string>();
  let matchedDialogues = 0;
  let normalizedTurnMatches = 0;

  for (const dialogue of parsed.dialogues) {
    const at = { file: parsed.file, line: dialogue.line };
    const key = keyOf(dialogue);
    const firstLine = seenInFile.get(key);
    if (firstLine !== undefined) {
      problems.push({ kind: 'dialogue-duplicate', ...at, message: `${label(dialogue)} is already in this file at line ${firstLine}; this copy is ignored.` });
      continue;
    }
    seenInFile.set(key, dialogue.line);
    const candidates = storedByKey.get(key) ?? [];
    if (candidates.length === 0) {
      problems.push({ kind: 'dialogue-unmatched', ...at, message: `${label(dialogue)} is not in the data set; its ${dialogue.turns.length} turn(s) are not attached.` });
      continue;
    }
    if (candidates.length > 1) {
      problems.push({ kind: 'dialogue-ambiguous', ...at, message: `${label(dialogue)} matches ${candidates.length} dialogues of the data set; none is chosen, its turns are not attached.` });
      continue;
    }
    const target = candidates[0];
    covered.add(target.id);
    matchedDialogues++;
    normalizedTurnMatches += matchTurns(target, dialogue, at, values, problems);
  }

  return {
    values,
    problems,
    matchedDialogues,
    normalizedTurnMatches,
    storedDialoguesNotInFile: stored.filter((dialogue) => !covered.has(dialogue.id)).length,
  };
}

/** Adds the values of the file turns matched to `target`'s turns; returns how many matched by folded text. */
function matchTurns(target: StoredDialogueForLayer, dialogue: ParsedDialogue, at: { file: string; line: number }, values: LayerTurnValues[], problems: LayerProblem[]): number {
  const fileTurns: readonly ParsedTurn[] = dialogue.turns;
  let alignment: TurnAlignment;
  try {
    alignment = alignTurns(target.turns, fileTurns);
  } catch (error) {
    if (!(error instanceof AlignmentTooLargeError)) throw error;
    problems.push({ kind: 'too-large-to-align', ...at, message: `${label(dialogue)} and the data set's dialogue: their ${error.message}; its turns are not attached.` });
    return 0;
  }
  alignment.matchOf.forEach((j, i) => {
    if (j >= 0) values.push({ dialogueId: target.id, turnId: target.turns[i].id, values: fileTurns[j].pre });
  });
  // the file's unmatched turns in file order, each with why
  const unmatched: { turn: number; kind: LayerProblem['kind']; why: string }[] = [];
  for (const [i, j] of alignment.speakerDiffers) {
    unmatched.push({ turn: j, kind: 'speaker-differs', why: `is spoken by the ${fileTurns[j].speaker}, but turn ${i + 1} of the data set with that text by the ${target.turns[i].speaker}` });
  }
  for (const turn of alignment.unpaired) {
    if (turn.kind !== 'turn-missing') unmatched.push({ turn: turn.other, kind: turn.kind, why: 'matches no turn of the data set dialogue by its text' });
  }
  unmatched.sort((a, b) => a.turn - b.turn);
  for (const { turn, kind, why } of unmatched) {
    problems.push({ kind, ...at, message: `${label(dialogue)}, turn ${turn + 1} ${snippet(fileTurns[turn].utterance)} ${why}; it is not attached.` });
  }
  return alignment.normalized;
}
