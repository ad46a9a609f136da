/**
 * A mismatch found while matching layers, with the file and line of the dialogue's record (the
 * turns of a JSONL record share it). The CLI prints them as `file:line: warning: message`; the
 * import wizard lists them before a layer is attached and keeps them with the layer.
 */
import { hasFullId, type KeyedDialogue } from './dialogue-key';

export type LayerProblemKind =
  /** a dialogue that no other side has (the CLI: only one layer; the app: not in the data set) */
  | 'dialogue-unmatched'
  /** a dialogue some layers lack (its ratings there count as missing) */
  | 'dialogue-absent'
  /** a dialogue given twice on one side (the later copy is ignored) */
  | 'dialogue-duplicate'
  /** a dialogue whose key names several dialogues of the data set (none is chosen) */
  | 'dialogue-ambiguous'
  | 'turn-count'
  /** a turn whose text differs from the reference turn at the same place */
  | 'turn-text'
  /** a turn of this side that matches no reference turn */
  | 'turn-unmatched'
  /** a reference turn this side lacks */
  | 'turn-missing'
  | 'speaker-differs'
  /** two copies of a dialogue too large and too repetitive to align (text-sequence-alignment.ts) */
  | 'too-large-to-align';

export interface LayerProblem {
  kind: LayerProblemKind;
  file: string;
  /** the line of the dialogue's record */
  line: number;
  message: string;
}

const SNIPPET = 24;

/** A quoted start of an utterance, for messages. */
export function snippet(text: string): string {
  const characters = [...text];
  return JSON.stringify(characters.length > SNIPPET ? `${characters.slice(0, SNIPPET).join('')}…` : text);
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** `Dialogue "7-1-1"` (with its teacher model when asked), or its first words for a dialogue matched by text. */
export function dialogueLabel(dialogue: KeyedDialogue, options: { withModel?: boolean } = {}): string {
  if (hasFullId(dialogue)) return `Dialogue "${dialogue.externalId}"${options.withModel ? ` (teacher model ${dialogue.teacherModel})` : ''}`;
  return `The dialogue starting ${snippet(dialogue.turns[0]?.utterance ?? '')} (no topic/student/repeat id; matched by its turn texts)`;
}

/** A problem as a layer row keeps it: layers attached before problems had kinds have none. */
export type StoredLayerProblem = Omit<LayerProblem, 'kind'> & { kind?: LayerProblemKind };
