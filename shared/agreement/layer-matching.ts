/**
 * Annotation layers of the same dialogues (an LLM annotator's SID file, a human annotator's
 * file, …) matched into rating tables, one per field, for the agreement statistics.
 *
 * Matching, never guessing:
 * - Dialogues by external id `<topic_id>-<student_id>-<repeat_id>` when the record has all three
 *   keys, otherwise by identical turn texts (the exact utterances, in order). When a layer holds
 *   one id under several teacher models (a benchmark folder: every model ran the same sessions),
 *   that id is qualified by the teacher model in every layer.
 * - Turns by utterance text within a matched dialogue: an order-preserving alignment (longest
 *   common subsequence) on exact text, then on the import's folded text (foldForAlignment:
 *   width, case, whitespace, punctuation, end markers). The first layer that has the dialogue is
 *   its reference; a turn of another layer that matches no reference turn, or matches one of a
 *   different speaker, is left out of that layer.
 * - Every mismatch is a LayerProblem with file and line: a dialogue in one layer only (its turns
 *   are left out), a dialogue absent from some layers (its ratings there count as missing), a
 *   different turn count, a turn whose text differs, a turn only one layer has, a speaker that
 *   differs, a dialogue given twice in one layer (the later one is ignored).
 *
 * Items are the reference turns matched in at least two layers. Per field (layerRatingTables):
 * - the category list is the codebook field's FULL ordered label list;
 * - an item whose speaker the field does not apply to is excluded and counted (`notApplicable`);
 * - a rating is missing (null, counted per reason) when the layer lacks the dialogue or the
 *   turn, has no value, or its value is unknown to the codebook, a conflict of merged fragments,
 *   or several labels for a one-label field: such values are never coerced to a label;
 * - a set-valued field (teaching_strategy, discipline) becomes one absent/present table per code
 *   of the codebook (binary decomposition, as label-sets.ts), named `field=code`. There an empty
 *   value on a turn the field applies to is the empty set ("none of the codes": SID's SD metric
 *   counts teacher turns without a strategy), while a layer with no value at all for the field is
 *   missing. A set with any part unknown to the codebook is missing as a whole;
 * - ordinal fields (teacher_guidance_level, cognitive_level) are marked `ordinal`: report them
 *   with linear-weighted kappa and ordinal alpha (defaultScales); the others are nominal.
 */
import { fieldAppliesTo } from '../codebook/lookup';
import type { Codebook, FieldDef } from '../codebook/types';
import { AlignmentTooLargeError, alignTexts } from '../import/text-sequence-alignment';
import type { ParsedDialogue, ParsedFile, ParsedTurn, SpeakerCode } from '../model/dataset';
import { rememberItemCounts } from './item-counts';
import { BINARY_CATEGORIES } from './label-sets';
import type { AlphaLevel, RatingTable, WeightScheme } from './types';

/** One annotation layer: the files of one annotator (one --dataset argument), under one name. */
/** What layer matching reads of a parsed file: its name and dialogues (only read, never changed). */
export type LayerFile = Pick<ParsedFile, 'file' | 'dialogues'>;

export interface AnnotationLayer {
  name: string;
  files: readonly LayerFile[];
}

export type LayerProblemKind =
  | 'dialogue-in-one-layer'
  | 'dialogue-absent'
  | 'duplicate-dialogue'
  | 'turn-count'
  | 'turn-text'
  | 'turn-only-here'
  | 'speaker-differs'
  /** two copies of a dialogue too large and too repetitive to align (text-sequence-alignment.ts) */
  | 'too-large-to-align';

export interface LayerProblem {
  kind: LayerProblemKind;
  file: string;
  /** the line of the dialogue's record (turns of a JSONL record share it) */
  line: number;
  message: string;
}

/** Why a rating of a matched item is missing. */
export type MissingReason = 'dialogue-absent' | 'turn-absent' | 'not-annotated' | 'unknown-value' | 'conflict' | 'several-labels';

export const MISSING_REASON_WORDS: Record<MissingReason, string> = {
  'dialogue-absent': 'dialogue not in the layer',
  'turn-absent': 'turn not matched in the layer',
  'not-annotated': 'no value',
  'unknown-value': 'value not in the codebook',
  conflict: 'conflicting fragments',
  'several-labels': 'several labels for a one-label field',
};

/** A reference turn and, per layer (in layer order), the turn matched to it or why there is none. */
export interface MatchedTurn {
  /** `externalId#index` of the reference turn */
  id: string;
  speaker: SpeakerCode;
  turns: readonly (ParsedTurn | 'dialogue-absent' | 'turn-absent')[];
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

export interface LayerFieldTable {
  /** the field id, or `field=code` for one code of a set-valued field */
  name: string;
  fieldId: string;
  /** the code of a set-valued field's binary table, else null */
  code: string | null;
  ordinal: boolean;
  table: RatingTable;
  /** matched turns left out because the field does not apply to their speaker */
  notApplicable: number;
  /** missing ratings of `table` by reason (they sum to the table's absent cells) */
  missing: Record<MissingReason, number>;
}

interface Located {
  file: string;
  dialogue: ParsedDialogue;
}

const SNIPPET = 24;

function snippet(text: string): string {
  const characters = [...text];
  return JSON.stringify(characters.length > SNIPPET ? `${characters.slice(0, SNIPPET).join('')}…` : text);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** `<topic_id>-<student_id>-<repeat_id>` when the record has all three, else its exact turn texts. */
export function dialogueKey(dialogue: ParsedDialogue): string {
  if (dialogue.topicId !== null && dialogue.studentId !== null && dialogue.repeatId !== null) return `id:${dialogue.externalId}`;
  return `text:${dialogue.turns.map((turn) => turn.utterance).join('\u0000')}`;
}

function dialogueLabel(dialogue: ParsedDialogue): string {
  if (dialogue.topicId !== null && dialogue.studentId !== null && dialogue.repeatId !== null) return `Dialogue "${dialogue.externalId}"`;
  return `The dialogue starting ${snippet(dialogue.turns[0]?.utterance ?? '')} (no topic/student/repeat id; matched by its turn texts)`;
}

function where(located: Located): string {
  return `${located.file}:${located.dialogue.line}`;
}

/** Pairs of turn positions (reference, other) in order, by utterance text (see alignTexts). */
function alignTurns(reference: readonly ParsedTurn[], other: readonly ParsedTurn[]): [number, number][] {
  return alignTexts(reference.map((turn) => turn.utterance), other.map((turn) => turn.utterance));
}

/**
 * Ids (`<topic>-<student>-<repeat>`) that some layer holds under two or more teacher models: a
 * benchmark runs the same sessions with every model, so there the id alone names several
 * dialogues and the teacher model becomes part of the key, in every layer alike.
 */
function idsSharedByModels(layers: readonly AnnotationLayer[]): Set<string> {
  const shared = new Set<string>();
  for (const layer of layers) {
    const modelsOf = new Map<string, string>();
    for (const parsed of layer.files) {
      for (const dialogue of parsed.dialogues) {
        const key = dialogueKey(dialogue);
        if (!key.startsWith('id:')) continue;
        const model = modelsOf.get(key);
        if (model === undefined) modelsOf.set(key, dialogue.teacherModel);
        else if (model !== dialogue.teacherModel) shared.add(key);
      }
    }
  }
  return shared;
}

function indexLayer(layer: AnnotationLayer, sharedIds: ReadonlySet<string>, problems: LayerProblem[]): Map<string, Located> {
  const byKey = new Map<string, Located>();
  for (const parsed of layer.files) {
    for (const dialogue of parsed.dialogues) {
      const located = { file: parsed.file, dialogue };
      const idKey = dialogueKey(dialogue);
      const key = sharedIds.has(idKey) ? `${idKey}\u0000${dialogue.teacherModel}` : idKey;
      const first = byKey.get(key);
      if (first) {
        problems.push({
          kind: 'duplicate-dialogue',
          file: parsed.file,
          line: dialogue.line,
          message: `${dialogueLabel(dialogue)} is already in layer "${layer.name}" at ${where(first)}; this copy is ignored.`,
        });
        continue;
      }
      byKey.set(key, located);
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
  const sharedIds = idsSharedByModels(layers);
  const indexed = layers.map((layer) => indexLayer(layer, sharedIds, problems));
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
      problems.push({
        kind: 'dialogue-in-one-layer',
        file: reference.file,
        line: reference.dialogue.line,
        message: `${dialogueLabel(reference.dialogue)} is only in layer "${names[referenceLayer]}"; its ${plural(reference.dialogue.turns.length, 'turn')} are left out.`,
      });
      continue;
    }
    matchedDialogues++;
    const absent = names.filter((_, layer) => present[layer] === null);
    if (absent.length > 0) {
      problems.push({
        kind: 'dialogue-absent',
        file: reference.file,
        line: reference.dialogue.line,
        message: `${dialogueLabel(reference.dialogue)} is not in layer ${absent.map((name) => `"${name}"`).join(', ')}; its ratings there count as missing.`,
      });
    }
    const referenceTurns = reference.dialogue.turns;
    const perLayer: (ParsedTurn | 'dialogue-absent' | 'turn-absent')[][] = [];
    for (let index = 0; index < referenceTurns.length; index++) perLayer.push([]);
    for (let layer = 0; layer < layers.length; layer++) {
      const located = present[layer];
      if (located === null) {
        for (const slots of perLayer) slots.push('dialogue-absent');
        continue;
      }
      if (layer === referenceLayer) {
        for (let index = 0; index < referenceTurns.length; index++) perLayer[index].push(referenceTurns[index]);
        continue;
      }
      const turns = located.dialogue.turns;
      // the wording of problems, built only when there is one to report
      const context = () => `${dialogueLabel(located.dialogue)} in layer "${names[layer]}"`;
      const origin = () => `layer "${names[referenceLayer]}" (${where(reference)})`;
      if (turns.length !== referenceTurns.length) {
        problems.push({ kind: 'turn-count', file: located.file, line: located.dialogue.line, message: `${context()} has ${plural(turns.length, 'turn')}, ${origin()} has ${referenceTurns.length}.` });
      }
      let pairs: [number, number][];
      try {
        pairs = alignTurns(referenceTurns, turns);
      } catch (error) {
        if (!(error instanceof AlignmentTooLargeError)) throw error;
        const message = `${context()} and ${origin()}: their ${error.message}; its ratings in layer "${names[layer]}" count as missing.`;
        problems.push({ kind: 'too-large-to-align', file: located.file, line: located.dialogue.line, message });
        for (const slots of perLayer) slots.push('turn-absent');
        continue;
      }
      const matchOf = new Array<number>(referenceTurns.length).fill(-1);
      const otherMatched = new Array<boolean>(turns.length).fill(false);
      const referenceReported = new Array<boolean>(referenceTurns.length).fill(false);
      for (const [i, j] of pairs) {
        if (referenceTurns[i].speaker !== turns[j].speaker) {
          problems.push({
            kind: 'speaker-differs',
            file: located.file,
            line: located.dialogue.line,
            message: `${context()}, turn ${j + 1} ${snippet(turns[j].utterance)} is spoken by the ${turns[j].speaker}, in ${origin()} by the ${referenceTurns[i].speaker}; the turn is left out of layer "${names[layer]}".`,
          });
          referenceReported[i] = true;
          otherMatched[j] = true;
          continue;
        }
        matchOf[i] = j;
        otherMatched[j] = true;
        if (referenceTurns[i].utterance !== turns[j].utterance) normalizedTurnMatches++;
      }
      // when every turn on both sides is paired there is no gap to report
      if (pairs.length !== referenceTurns.length || pairs.length !== turns.length) {
        reportUnmatched({ referenceTurns, turns, matchOf, otherMatched, referenceReported, located, context: context(), origin: origin(), layerName: names[layer], problems });
      }
      for (let index = 0; index < referenceTurns.length; index++) perLayer[index].push(matchOf[index] < 0 ? 'turn-absent' : turns[matchOf[index]]);
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

/**
 * Between two matched turns, an unmatched reference turn and an unmatched turn of the other
 * layer at the same relative place are reported together as a text that differs; the rest as
 * turns that only one side has.
 */
function reportUnmatched(context: {
  referenceTurns: readonly ParsedTurn[];
  turns: readonly ParsedTurn[];
  matchOf: readonly number[];
  /** turns of the other layer already matched or reported */
  otherMatched: readonly boolean[];
  /** reference turns already reported */
  referenceReported: readonly boolean[];
  located: Located;
  context: string;
  origin: string;
  layerName: string;
  problems: LayerProblem[];
}): void {
  const { referenceTurns, turns, matchOf, otherMatched, located, problems } = context;
  const at = { file: located.file, line: located.dialogue.line };
  let j = 0;
  let i = 0;
  while (i <= referenceTurns.length) {
    // the gap before the next matched reference turn (or the end)
    let nextMatched = i;
    while (nextMatched < referenceTurns.length && matchOf[nextMatched] < 0) nextMatched++;
    const otherEnd = nextMatched < referenceTurns.length ? matchOf[nextMatched] : turns.length;
    const referenceGap = [];
    for (let index = i; index < nextMatched; index++) if (!context.referenceReported[index]) referenceGap.push(index);
    const otherGap = [];
    for (let index = j; index < otherEnd; index++) if (!otherMatched[index]) otherGap.push(index);
    const paired = Math.min(referenceGap.length, otherGap.length);
    for (let p = 0; p < paired; p++) {
      const r = referenceGap[p];
      const o = otherGap[p];
      problems.push({
        kind: 'turn-text',
        ...at,
        message: `${context.context}, turn ${o + 1}: the text ${snippet(turns[o].utterance)} differs from turn ${r + 1} of ${context.origin}, ${snippet(referenceTurns[r].utterance)}; the turn is left out of layer "${context.layerName}".`,
      });
    }
    for (const r of referenceGap.slice(paired)) {
      problems.push({ kind: 'turn-only-here', ...at, message: `${context.context} lacks turn ${r + 1} of ${context.origin}, ${snippet(referenceTurns[r].utterance)}; its rating there counts as missing.` });
    }
    for (const o of otherGap.slice(paired)) {
      problems.push({ kind: 'turn-only-here', ...at, message: `${context.context}, turn ${o + 1} ${snippet(turns[o].utterance)} is not in ${context.origin}; it is left out.` });
    }
    if (nextMatched >= referenceTurns.length) break;
    j = matchOf[nextMatched] + 1;
    i = nextMatched + 1;
  }
}

/**
 * Shares the rows of rating tables between items with identical ratings: with a few layers there
 * are few distinct rows ((k + 1)^m), and one fresh array per item and table made building the
 * tables of 100,000 turns slower than computing every coefficient on them. A row is keyed by its
 * values as digits (index + 1, 0 for missing) in base k + 1; small key ranges look rows up in a
 * plain array, larger ones in a Map, and above 2^52 (keys no longer exact) rows are not shared.
 *
 * Each distinct row also gets its per-category counts, so the table's ItemCounts (which every
 * coefficient but Cohen's reads) come out of the same pass instead of a second one per report.
 */
class RowPool {
  private readonly byKey = new Map<number, PooledRow>();
  private readonly bySmallKey: (PooledRow | undefined)[] | null;
  private readonly shared: boolean;
  private readonly base: number;

  constructor(
    private readonly categories: number,
    private readonly raters: number,
  ) {
    this.base = categories + 1;
    const keys = this.base ** raters;
    this.shared = keys <= 2 ** 52;
    this.bySmallKey = keys <= 1 << 16 ? new Array<PooledRow | undefined>(keys).fill(undefined) : null;
  }

  /**
   * The table of `count` items whose ratings are `values[from + item × raters + rater]` (a
   * category index, −1 for missing), with its item counts remembered for itemCountsOfTable.
   */
  table(options: { categories: readonly string[]; raters: readonly string[]; items: readonly string[]; values: Int8Array | Int32Array; from: number; count: number }): RatingTable {
    const { values, from, count } = options;
    const { base, raters } = this;
    const rows = new Array<readonly (number | null)[]>(count);
    const counts = new Array<readonly number[]>(count);
    let missing = 0;
    for (let item = 0, at = from; item < count; item++, at += raters) {
      let pooled: PooledRow | undefined;
      if (this.shared) {
        let key = 0;
        for (let rater = 0; rater < raters; rater++) key = key * base + values[at + rater] + 1;
        pooled = this.bySmallKey !== null ? this.bySmallKey[key] : this.byKey.get(key);
        if (pooled === undefined) {
          pooled = pooledRow(values, at, raters, this.categories);
          if (this.bySmallKey !== null) this.bySmallKey[key] = pooled;
          else this.byKey.set(key, pooled);
        }
      } else pooled = pooledRow(values, at, raters, this.categories);
      rows[item] = pooled.ratings;
      counts[item] = pooled.counts;
      missing += pooled.missing;
    }
    const table: RatingTable = { categories: options.categories, raters: options.raters, items: options.items, ratings: rows };
    rememberItemCounts(table, counts, missing);
    return table;
  }
}

interface PooledRow {
  ratings: readonly (number | null)[];
  counts: readonly number[];
  missing: number;
}

function pooledRow(values: Int8Array | Int32Array, at: number, raters: number, categories: number): PooledRow {
  const ratings: (number | null)[] = [];
  const counts = new Array<number>(categories).fill(0);
  let missing = 0;
  for (let rater = 0; rater < raters; rater++) {
    const value = values[at + rater];
    if (value < 0) {
      ratings.push(null);
      missing++;
    } else {
      ratings.push(value);
      counts[value]++;
    }
  }
  return { ratings, counts, missing };
}

function noMissing(): Record<MissingReason, number> {
  return { 'dialogue-absent': 0, 'turn-absent': 0, 'not-annotated': 0, 'unknown-value': 0, conflict: 0, 'several-labels': 0 };
}

/** Linear-weighted kappa and ordinal alpha for ordinal fields; unweighted and nominal otherwise. */
export function defaultScales(ordinal: boolean): { weights: WeightScheme; level: AlphaLevel } {
  return ordinal ? { weights: 'linear', level: 'ordinal' } : { weights: 'none', level: 'nominal' };
}

/** The codebook fields that have labels (every field but free text), in codebook order. */
export function ratableFields(codebook: Codebook): FieldDef[] {
  return codebook.fields.filter((field) => field.type !== 'text' && field.labels.length > 0);
}

/** One byte per cell while the category indices fit (every codebook so far), else four. */
function ratingCells(cells: number, categories: number): Int8Array | Int32Array {
  return categories <= 127 ? new Int8Array(cells) : new Int32Array(cells);
}

const SPEAKERS: readonly SpeakerCode[] = ['teacher', 'student', 'other'];

function speakerSlot(speaker: SpeakerCode): number {
  return speaker === 'teacher' ? 0 : speaker === 'student' ? 1 : 2;
}

/**
 * One wanted field while the matched turns are read: its ratings land in one flat typed array
 * (no per-item objects). A one-label field keeps a category index per item × layer (−1 missing);
 * a set field keeps, code-major, absent (0) / present (1) / missing (−1) per code × item × layer,
 * so each code's binary table is one contiguous run.
 */
interface FieldTally {
  field: FieldDef;
  set: boolean;
  categories: readonly string[];
  categoryIndex: ReadonlyMap<string, number>;
  /** by speakerSlot */
  appliesTo: readonly boolean[];
  /** matched items the field applies to */
  count: number;
  /** items filled so far */
  filled: number;
  /** cells per code of a set field (count × raters) */
  stride: number;
  values: Int8Array | Int32Array;
  missing: Record<MissingReason, number>;
  /** the first code of a one-label field that its codebook does not list (thrown after the pass, as before) */
  unlisted: string | null;
}

/**
 * One rating table per labelled field (per code for set-valued fields), over the matched items
 * the field applies to, in codebook order. `fields` picks field ids (default: every labelled
 * field); an id that is not a labelled field of the codebook throws.
 *
 * The matched turns are read once for all fields (not once per field), which is what makes
 * 100,000 turns × several layers × every field fast enough to report interactively.
 */
export function layerRatingTables(match: LayerMatch, codebook: Codebook, options: { fields?: readonly string[] } = {}): LayerFieldTable[] {
  const available = ratableFields(codebook);
  const wanted = options.fields ?? available.map((field) => field.id);
  for (const id of wanted) {
    if (!available.some((field) => field.id === id)) throw new Error(`"${id}" is not a labelled field of the codebook (fields: ${available.map((field) => field.id).join(', ')}).`);
  }
  const raters = match.layers.length;
  const itemCount = match.items.length;
  const speakers = new Uint8Array(itemCount);
  const perSpeaker = [0, 0, 0];
  for (let item = 0; item < itemCount; item++) perSpeaker[(speakers[item] = speakerSlot(match.items[item].speaker))]++;

  const tallies: FieldTally[] = available
    .filter((field) => wanted.includes(field.id))
    .map((field) => {
      const categories = field.labels.map((label) => label.code);
      const appliesTo = SPEAKERS.map((speaker) => fieldAppliesTo(field, speaker));
      const count = appliesTo.reduce((sum, applies, slot) => sum + (applies ? perSpeaker[slot] : 0), 0);
      const set = field.type === 'set';
      return {
        field,
        set,
        categories,
        categoryIndex: new Map(categories.map((code, position) => [code, position])),
        appliesTo,
        count,
        filled: 0,
        stride: count * raters,
        values: ratingCells((set ? categories.length : 1) * count * raters, set ? BINARY_CATEGORIES.length : categories.length),
        missing: noMissing(),
        unlisted: null,
      };
    });

  for (let item = 0; item < itemCount; item++) {
    const speaker = speakers[item];
    const turns = match.items[item].turns;
    for (const tally of tallies) {
      if (!tally.appliesTo[speaker]) continue;
      const position = tally.filled++;
      for (let rater = 0; rater < raters; rater++) readRating(tally, turns[rater], position * raters + rater);
    }
  }
  for (const tally of tallies) {
    if (tally.unlisted !== null) throw new Error(`The import gave field "${tally.field.id}" the code "${tally.unlisted}", which its codebook does not list.`);
  }

  // items of fields with the same speakers are the same list, so they share one array
  const itemIdsBySpeakers = new Map<string, readonly string[]>();
  const itemIds = (appliesTo: readonly boolean[]): readonly string[] => {
    const signature = appliesTo.join();
    let ids = itemIdsBySpeakers.get(signature);
    if (ids === undefined) {
      const fresh: string[] = [];
      for (let item = 0; item < itemCount; item++) if (appliesTo[speakers[item]]) fresh.push(match.items[item].id);
      ids = fresh;
      itemIdsBySpeakers.set(signature, ids);
    }
    return ids;
  };

  const tables: LayerFieldTable[] = [];
  const binaryPool = new RowPool(BINARY_CATEGORIES.length, raters);
  for (const tally of tallies) {
    const { field, count, missing } = tally;
    const items = itemIds(tally.appliesTo);
    const notApplicable = itemCount - count;
    if (tally.set) {
      tally.categories.forEach((code, codePosition) => {
        tables.push({
          name: `${field.id}=${code}`,
          fieldId: field.id,
          code,
          ordinal: false,
          table: binaryPool.table({ categories: BINARY_CATEGORIES, raters: match.layers, items, values: tally.values, from: codePosition * tally.stride, count }),
          notApplicable,
          missing: { ...missing },
        });
      });
      continue;
    }
    tables.push({
      name: field.id,
      fieldId: field.id,
      code: null,
      ordinal: field.type === 'ordinal',
      table: new RowPool(tally.categories.length, raters).table({ categories: tally.categories, raters: match.layers, items, values: tally.values, from: 0, count }),
      notApplicable,
      missing,
    });
  }
  return tables;
}

/**
 * Stores one layer's rating of one item (`cell` = item position × raters + rater) for the field,
 * or counts why it is missing: the layer lacks the dialogue or turn, has no value, or its value
 * is unknown, a conflict, or several labels for a one-label field. For a set field an empty value
 * is the empty set, and codes the codebook does not list are not present in any code's table.
 */
function readRating(tally: FieldTally, slot: ParsedTurn | 'dialogue-absent' | 'turn-absent', cell: number): void {
  let reason: MissingReason;
  if (typeof slot === 'string') reason = slot;
  else {
    const value = slot.pre[tally.field.id];
    if (value === undefined) reason = 'not-annotated';
    else if (value.status === 'unknown') reason = 'unknown-value';
    else if (value.status === 'conflict') reason = 'conflict';
    else if (tally.set) {
      // the empty set unless 'ok' lists codes: the cells start at 0 (absent)
      if (value.status !== 'ok') return;
      const { codes } = value;
      for (let index = 0; index < codes.length; index++) {
        const position = tally.categoryIndex.get(codes[index]);
        if (position !== undefined) tally.values[position * tally.stride + cell] = 1;
      }
      return;
    } else if (value.status === 'empty' || value.codes.length === 0) reason = 'not-annotated';
    else if (value.codes.length > 1) reason = 'several-labels';
    else {
      const position = tally.categoryIndex.get(value.codes[0]);
      if (position === undefined) {
        tally.unlisted ??= value.codes[0];
        return;
      }
      tally.values[cell] = position;
      return;
    }
  }
  tally.missing[reason]++;
  if (!tally.set) {
    tally.values[cell] = -1;
    return;
  }
  for (let position = 0; position < tally.categories.length; position++) tally.values[position * tally.stride + cell] = -1;
}

/**
 * Layer names from the paths the layers were read from: the file name without its extension
 * (a folder: its name); where two names collide, the parent folder is prefixed, and where that
 * still collides, the whole path is used.
 */
export function layerNames(paths: readonly string[]): string[] {
  const parts = paths.map((path) => path.split(/[\\/]+/).filter((part) => part !== '' && part !== '.'));
  const base = parts.map((segments, index) => (segments.at(-1) ?? paths[index]).replace(/\.(jsonl|json|csv|tsv|txt)$/i, ''));
  const withFolder = parts.map((segments, index) => (segments.length > 1 ? `${segments.at(-2)}/${base[index]}` : base[index]));
  const unique = (names: string[]) => names.map((name) => names.filter((other) => other === name).length === 1);
  const baseUnique = unique(base);
  const folderUnique = unique(withFolder);
  return paths.map((path, index) => (baseUnique[index] ? base[index] : folderUnique[index] ? withFolder[index] : path));
}
