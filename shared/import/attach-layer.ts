/**
 * Matches a second annotator's file to the dialogues and turns already stored in a data set, so
 * its values can be attached as an annotation layer. Matching, never guessing (as
 * shared/agreement/layer-matching.ts does for layers read from files):
 * - Dialogues by external id `<topic_id>-<student_id>-<repeat_id>` when the record has all three
 *   keys, otherwise by identical turn texts (the exact utterances, in order). When the data set or
 *   the file holds one id under several teacher models, that id is qualified by the teacher model
 *   on both sides.
 * - Turns by utterance within a matched dialogue: an order-preserving alignment (longest common
 *   subsequence) on exact text, then, between those anchors, on folded text (foldForAlignment).
 *   A pair whose speakers differ is not matched. Never by position alone.
 * - Every dialogue or turn of the file that matches nothing is a problem with file and line (the
 *   dialogue's record line: the turns of a JSONL record share it), and so is a dialogue the file
 *   gives twice (the later copy is ignored) or one whose key names several stored dialogues
 *   (ambiguous, so none is chosen).
 */
import type { Dialogue, FieldValues, ParsedDialogue, ParsedFile, ParsedTurn, Turn } from '../model/dataset';
import { AlignmentTooLargeError, alignTexts } from './text-sequence-alignment';

/** What the matcher needs of a stored dialogue: its identity and its turns in order. */
export type StoredDialogueForLayer = Pick<Dialogue, 'id' | 'externalId' | 'teacherModel' | 'topicId' | 'studentId' | 'repeatId'> & {
  turns: readonly Pick<Turn, 'id' | 'index' | 'speaker' | 'utterance'>[];
};

export interface AttachProblem {
  file: string;
  line: number;
  message: string;
}

/** One stored turn and the values the file gives it. */
export interface LayerTurnValues {
  dialogueId: string;
  turnId: string;
  values: FieldValues;
}

export interface LayerAttachment {
  /** per matched turn, in file order */
  values: LayerTurnValues[];
  problems: AttachProblem[];
  /** dialogues of the file matched to a stored dialogue */
  matchedDialogues: number;
  /** turns matched by folded rather than exact text */
  normalizedTurnMatches: number;
  /** stored dialogues the file does not cover (their turns have no value in the layer) */
  storedDialoguesNotInFile: number;
}

interface KeyedDialogue {
  topicId: string | null;
  studentId: string | null;
  repeatId: string | null;
  externalId: string;
  teacherModel: string;
  turns: readonly { utterance: string }[];
}

const SNIPPET = 24;

function snippet(text: string): string {
  const characters = [...text];
  return JSON.stringify(characters.length > SNIPPET ? `${characters.slice(0, SNIPPET).join('')}…` : text);
}

function hasFullId(dialogue: KeyedDialogue): boolean {
  return dialogue.topicId !== null && dialogue.studentId !== null && dialogue.repeatId !== null;
}

/** Same rule as layer-matching's dialogueKey, for stored and parsed dialogues alike. */
function baseKey(dialogue: KeyedDialogue): string {
  if (hasFullId(dialogue)) return `id:${dialogue.externalId}`;
  return `text:${dialogue.turns.map((turn) => turn.utterance).join('\u0000')}`;
}

function label(dialogue: ParsedDialogue): string {
  if (hasFullId(dialogue)) return `Dialogue "${dialogue.externalId}" (teacher model ${dialogue.teacherModel})`;
  return `The dialogue starting ${snippet(dialogue.turns[0]?.utterance ?? '')} (no topic/student/repeat id; matched by its turn texts)`;
}

/** Id keys that one side holds under two or more teacher models. */
function idsUnderSeveralModels(dialogues: Iterable<KeyedDialogue>, into: Set<string>): void {
  const modelOf = new Map<string, string>();
  for (const dialogue of dialogues) {
    const key = baseKey(dialogue);
    if (!key.startsWith('id:')) continue;
    const model = modelOf.get(key);
    if (model === undefined) modelOf.set(key, dialogue.teacherModel);
    else if (model !== dialogue.teacherModel) into.add(key);
  }
}

/** Matches `parsed` to the stored dialogues of one data set; see the module comment for the rules. */
export function matchLayerToDataset(stored: readonly StoredDialogueForLayer[], parsed: ParsedFile): LayerAttachment {
  const several = new Set<string>();
  idsUnderSeveralModels(stored, several);
  idsUnderSeveralModels(parsed.dialogues, several);
  const keyOf = (dialogue: KeyedDialogue) => {
    const key = baseKey(dialogue);
    return several.has(key) ? `${key}\u0000${dialogue.teacherModel}` : key;
  };

  const storedByKey = new Map<string, StoredDialogueForLayer[]>();
  for (const dialogue of stored) {
    const key = keyOf(dialogue);
    const list = storedByKey.get(key);
    if (list) list.push(dialogue);
    else storedByKey.set(key, [dialogue]);
  }

  const problems: AttachProblem[] = [];
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
      problems.push({ ...at, message: `${label(dialogue)} is already in this file at line ${firstLine}; this copy is ignored.` });
      continue;
    }
    seenInFile.set(key, dialogue.line);
    const candidates = storedByKey.get(key) ?? [];
    if (candidates.length === 0) {
      problems.push({ ...at, message: `${label(dialogue)} is not in the data set; its ${dialogue.turns.length} turn(s) are not attached.` });
      continue;
    }
    if (candidates.length > 1) {
      problems.push({ ...at, message: `${label(dialogue)} matches ${candidates.length} dialogues of the data set; none is chosen, its turns are not attached.` });
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
function matchTurns(
  target: StoredDialogueForLayer,
  dialogue: ParsedDialogue,
  at: { file: string; line: number },
  values: LayerTurnValues[],
  problems: AttachProblem[],
): number {
  const fileTurns: readonly ParsedTurn[] = dialogue.turns;
  let pairs: [number, number][];
  try {
    pairs = alignTexts(
      target.turns.map((turn) => turn.utterance),
      fileTurns.map((turn) => turn.utterance),
    );
  } catch (error) {
    if (!(error instanceof AlignmentTooLargeError)) throw error;
    problems.push({ ...at, message: `${label(dialogue)} and the data set's dialogue: their ${error.message}; its turns are not attached.` });
    return 0;
  }
  const matchedFile = new Array<boolean>(fileTurns.length).fill(false);
  const reasons = new Map<number, string>();
  let normalized = 0;
  for (const [i, j] of pairs) {
    const storedTurn = target.turns[i];
    const fileTurn = fileTurns[j];
    if (storedTurn.speaker !== fileTurn.speaker) {
      reasons.set(j, `is spoken by the ${fileTurn.speaker}, but turn ${i + 1} of the data set with that text by the ${storedTurn.speaker}`);
      continue;
    }
    matchedFile[j] = true;
    if (storedTurn.utterance !== fileTurn.utterance) normalized++;
    values.push({ dialogueId: target.id, turnId: storedTurn.id, values: fileTurn.pre });
  }
  fileTurns.forEach((turn, j) => {
    if (matchedFile[j]) return;
    const why = reasons.get(j) ?? 'matches no turn of the data set dialogue by its text';
    problems.push({ ...at, message: `${label(dialogue)}, turn ${j + 1} ${snippet(turn.utterance)} ${why}; it is not attached.` });
  });
  return normalized;
}
