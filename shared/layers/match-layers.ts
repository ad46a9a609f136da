/**
 * Annotation layers of the same dialogues (an LLM annotator's SID file, a human annotator's
 * file, …) matched to each other, for the CLI's `agreement --dataset`. Matching, never guessing:
 * dialogues by dialogueKeyer (dialogue-key.ts), turns by alignTurns (turn-alignment.ts). The
 * first layer that has the dialogue is its reference; a turn of another layer that matches no
 * reference turn, or matches one of a different speaker, is left out of that layer.
 *
 * Every mismatch is a LayerProblem with file and line: a dialogue in one layer only (its turns
 * are left out), a dialogue absent from some layers (its ratings there count as missing), a
 * different turn count, a turn whose text differs, a turn only one layer has, a speaker that
 * differs, a dialogue given twice in one layer (the later one is ignored). Items are the
 * reference turns matched in at least two layers.
 */
import type { ParsedDialogue, ParsedFile, ParsedTurn, SpeakerCode } from '../model/dataset';
import { dialogueKeyer } from './dialogue-key';
import { dialogueLabel, plural, snippet, type LayerProblem } from './problems';
import { AlignmentTooLargeError, alignTurns, type TurnAlignment } from './turn-alignment';

/** What layer matching reads of a parsed file: its name and dialogues (only read, never changed). */
export type LayerFile = Pick<ParsedFile, 'file' | 'dialogues'>;

/** One annotation layer: the files of one annotator (one --dataset argument), under one name. */
export interface AnnotationLayer {
  name: string;
  files: readonly LayerFile[];
}

/** Why a layer has no turn for a reference turn (the missing reasons of the same names). */
export type AbsentTurn = 'no-dialogue' | 'no-turn';

/** A reference turn and, per layer (in layer order), the turn matched to it or why there is none. */
export interface MatchedTurn {
  /** `externalId#index` of the reference turn */
  id: string;
  speaker: SpeakerCode;
  turns: readonly (ParsedTurn | AbsentTurn)[];
}

export interface LayerMatch {
  layers: readonly string[];
  /** reference turns matched in at least two layers, in reference order */
  items: readonly MatchedTurn[];
  /** dialogues present in at least two layers */
  matchedDialogues: number;
  /** turns matched by folded rather than exact text */
  normalizedTurnMatches: number;
  problems: readonly LayerProblem[];
}

interface Located {
  file: string;
  dialogue: ParsedDialogue;
}

function where(located: Located): string {
  return `${located.file}:${located.dialogue.line}`;
}

function indexLayer(layer: AnnotationLayer, keyOf: (dialogue: ParsedDialogue) => string, problems: LayerProblem[]): Map<string, Located> {
  const byKey = new Map<string, Located>();
  for (const parsed of layer.files) {
    for (const dialogue of parsed.dialogues) {
      const key = keyOf(dialogue);
      const first = byKey.get(key);
      if (first) {
        const message = `${dialogueLabel(dialogue)} is already in layer "${layer.name}" at ${where(first)}; this copy is ignored.`;
        problems.push({ kind: 'dialogue-duplicate', file: parsed.file, line: dialogue.line, message });
        continue;
      }
      byKey.set(key, { file: parsed.file, dialogue });
    }
  }
  return byKey;
}

/** Matches the dialogues and turns of the layers; see the module comment for the rules. */
export function matchLayers(layers: readonly AnnotationLayer[]): LayerMatch {
  const names = layers.map((layer) => layer.name);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined) throw new Error(`Two annotation layers are named "${repeated}"; layer names must differ.`);
  const problems: LayerProblem[] = [];
  const keyOf = dialogueKeyer(layers.map((layer) => layer.files.flatMap((file) => file.dialogues)));
  const indexed = layers.map((layer) => indexLayer(layer, keyOf, problems));
  const keys: string[] = [];
  const seenKeys = new Set<string>();
  for (const byKey of indexed) {
    for (const key of byKey.keys()) {
      if (!seenKeys.has(key)) {
        seenKeys.add(key);
        keys.push(key);
      }
    }
  }
  const items: MatchedTurn[] = [];
  let matchedDialogues = 0;
  let normalizedTurnMatches = 0;
  for (const key of keys) {
    const present = indexed.map((byKey) => byKey.get(key) ?? null);
    const holders = present.flatMap((located, layer) => (located ? [layer] : []));
    const referenceLayer = holders[0];
    const reference = present[referenceLayer] as Located;
    if (holders.length < 2) {
      const message = `${dialogueLabel(reference.dialogue)} is only in layer "${names[referenceLayer]}"; its ${plural(reference.dialogue.turns.length, 'turn')} are left out.`;
      problems.push({ kind: 'dialogue-unmatched', file: reference.file, line: reference.dialogue.line, message });
      continue;
    }
    matchedDialogues++;
    const absent = names.filter((_, layer) => present[layer] === null);
    if (absent.length > 0) {
      const message = `${dialogueLabel(reference.dialogue)} is not in layer ${absent.map((name) => `"${name}"`).join(', ')}; its ratings there count as missing.`;
      problems.push({ kind: 'dialogue-absent', file: reference.file, line: reference.dialogue.line, message });
    }
    const referenceTurns = reference.dialogue.turns;
    const perLayer: (ParsedTurn | AbsentTurn)[][] = [];
    for (let index = 0; index < referenceTurns.length; index++) perLayer.push([]);
    for (let layer = 0; layer < layers.length; layer++) {
      const located = present[layer];
      if (located === null) {
        for (const slots of perLayer) slots.push('no-dialogue');
        continue;
      }
      if (layer === referenceLayer) {
        for (let index = 0; index < referenceTurns.length; index++) perLayer[index].push(referenceTurns[index]);
        continue;
      }
      const alignment = matchToReference({ reference, located, referenceName: names[referenceLayer], layerName: names[layer], problems });
      if (alignment === null) {
        for (const slots of perLayer) slots.push('no-turn');
        continue;
      }
      normalizedTurnMatches += alignment.normalized;
      const { matchOf } = alignment;
      const turns = located.dialogue.turns;
      for (let index = 0; index < referenceTurns.length; index++) perLayer[index].push(matchOf[index] < 0 ? 'no-turn' : turns[matchOf[index]]);
    }
    for (let index = 0; index < referenceTurns.length; index++) {
      const slots = perLayer[index];
      let rated = 0;
      for (const slot of slots) if (typeof slot !== 'string') rated++;
      if (rated < 2) continue;
      items.push({ id: `${reference.dialogue.externalId}#${index}`, speaker: referenceTurns[index].speaker, turns: slots });
    }
  }
  return { layers: names, items, matchedDialogues, normalizedTurnMatches, problems };
}

/** One layer's copy of a dialogue aligned to the reference copy, its mismatches reported; null when it is too large to align. */
function matchToReference(context: { reference: Located; located: Located; referenceName: string; layerName: string; problems: LayerProblem[] }): TurnAlignment | null {
  const { reference, located, layerName, problems } = context;
  const referenceTurns = reference.dialogue.turns;
  const turns = located.dialogue.turns;
  const at = { file: located.file, line: located.dialogue.line };
  // the wording of problems, built only when there is one to report
  const here = () => `${dialogueLabel(located.dialogue)} in layer "${layerName}"`;
  const origin = () => `layer "${context.referenceName}" (${where(reference)})`;
  if (turns.length !== referenceTurns.length) {
    problems.push({ kind: 'turn-count', ...at, message: `${here()} has ${plural(turns.length, 'turn')}, ${origin()} has ${referenceTurns.length}.` });
  }
  let alignment: TurnAlignment;
  try {
    alignment = alignTurns(referenceTurns, turns);
  } catch (error) {
    if (!(error instanceof AlignmentTooLargeError)) throw error;
    const message = `${here()} and ${origin()}: their ${error.message}; its ratings in layer "${layerName}" count as missing.`;
    problems.push({ kind: 'too-large-to-align', ...at, message });
    return null;
  }
  for (const [i, j] of alignment.speakerDiffers) {
    const message = `${here()}, turn ${j + 1} ${snippet(turns[j].utterance)} is spoken by the ${turns[j].speaker}, in ${origin()} by the ${referenceTurns[i].speaker}; the turn is left out of layer "${layerName}".`;
    problems.push({ kind: 'speaker-differs', ...at, message });
  }
  for (const turn of alignment.unpaired) {
    if (turn.kind === 'turn-text') {
      const message = `${here()}, turn ${turn.other + 1}: the text ${snippet(turns[turn.other].utterance)} differs from turn ${turn.reference + 1} of ${origin()}, ${snippet(referenceTurns[turn.reference].utterance)}; the turn is left out of layer "${layerName}".`;
      problems.push({ kind: 'turn-text', ...at, message });
    } else if (turn.kind === 'turn-missing') {
      problems.push({ kind: 'turn-missing', ...at, message: `${here()} lacks turn ${turn.reference + 1} of ${origin()}, ${snippet(referenceTurns[turn.reference].utterance)}; its rating there counts as missing.` });
    } else {
      problems.push({ kind: 'turn-unmatched', ...at, message: `${here()}, turn ${turn.other + 1} ${snippet(turns[turn.other].utterance)} is not in ${origin()}; it is left out.` });
    }
  }
  return alignment;
}
