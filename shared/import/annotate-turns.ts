import { fieldById } from '../codebook/lookup';
import type { Codebook } from '../codebook/types';
import type { AlignmentKind, FieldValues, ParsedTurn, SpeakerCode, UnalignedAnnotation } from '../model/dataset';
import type { AlignmentResult } from './align';
import { alignAnnotations } from './align';
import { annotationValues, cellText, mergeFieldValues } from './annotation-values';
import type { EntryExtras } from './entry-extras';
import { addEntryExtras, mergeEntryExtras } from './entry-extras';
import type { IssueSink } from './issues';
import { snippet, turnLabel } from './issues';
import { type LabelledTurn, warnAboutLabels } from './label-warnings';
import { ownEntriesExceptOrNone } from './own-keys';
import { resolveSpeaker } from './speaker';
import { hasEndMarker } from './text-normalize';

/** A dialogue turn before its pre-annotation is attached. */
export interface DraftTurn {
  speaker: SpeakerCode;
  speakerRaw: string;
  utterance: string;
}

export interface AnnotateContext {
  codebook: Codebook;
  issues: IssueSink;
  /** line of the record, used for every issue about it */
  line: number;
  /** the entries' extras are not wanted (ParserContext.withoutEntryExtras) */
  withoutEntryExtras?: boolean;
  /** the values are only read (ParserContext.readOnlyValues): they may be shared memo entries */
  readOnlyValues?: boolean;
}

/** higher = weaker evidence; a merged turn reports the weakest level of its fragments */
const LEVEL_RANK: Record<AlignmentKind, number> = { exact: 1, normalized: 2, containment: 3, mapped: 0, none: 0 };

function mergeFragments(codebook: Codebook, fragments: FieldValues[]): { pre: FieldValues; conflicts: number } {
  const pre: FieldValues = {};
  let conflicts = 0;
  for (const field of codebook.fields) {
    const values = fragments.map((fragment) => fragment[field.id]).filter((value) => value !== undefined);
    if (values.length === 0) continue;
    const merged = mergeFieldValues(field, values);
    pre[field.id] = merged.value;
    if (merged.conflict) conflicts++;
  }
  return { pre, conflicts };
}

function finishTurn(draft: DraftTurn, index: number, pre: FieldValues, alignment: AlignmentKind, fragments: number): ParsedTurn {
  return {
    index,
    speaker: draft.speaker,
    speakerRaw: draft.speakerRaw,
    utterance: draft.utterance,
    endMarker: hasEndMarker(draft.utterance),
    pre,
    alignment,
    fragments,
  };
}

/** What annotateTurns reads from a codebook, worked out once per codebook rather than per record. */
const keysOfCodebook = new WeakMap<Codebook, { hasSpeakerField: boolean; fieldIds: ReadonlySet<string> }>();

function codebookKeys(codebook: Codebook): { hasSpeakerField: boolean; fieldIds: ReadonlySet<string> } {
  let keys = keysOfCodebook.get(codebook);
  if (!keys) {
    keys = { hasSpeakerField: fieldById(codebook, 'speaker') !== undefined, fieldIds: new Set(codebook.fields.map((field) => field.id)) };
    keysOfCodebook.set(codebook, keys);
  }
  return keys;
}

/** Why an annotation found no turn, for the 'unaligned-annotation' warning. */
function unalignedExplanation(result: Extract<AlignmentResult, { level: null }>, text: string, speakerRaw: string, drafts: readonly DraftTurn[]): string {
  const quoted = `("${snippet(text)}")`;
  const near = result.near === null ? '' : turnLabel(result.near, drafts[result.near].speakerRaw);
  switch (result.reason) {
    case 'no-text':
      return 'has no "utterance" text';
    case 'speaker-mismatch':
      return `${quoted} has the text of ${near} but the speaker "${snippet(speakerRaw, 12)}"`;
    case 'already-annotated':
      return `${quoted} matches ${near}, which other annotation entries already describe`;
    case 'no-match':
      return `${quoted} matches no utterance in this dialogue`;
  }
}

/**
 * A record with fewer annotation entries than turns would otherwise import the turns left over
 * without a pre-annotation and without a word; one warning per record names them. (With as many
 * entries as turns, a turn without one is the other side of an unaligned entry, already reported.)
 */
function warnUnannotatedTurns(entriesPerTurn: ArrayLike<number>, drafts: readonly DraftTurn[], entries: number, ctx: AnnotateContext): void {
  if (entries === 0 || entries >= drafts.length) return;
  const bare: number[] = [];
  for (let index = 0; index < drafts.length; index++) if (entriesPerTurn[index] === 0) bare.push(index);
  if (bare.length === 0) return;
  const shown = bare.slice(0, 8).map((index) => index + 1).join(', ');
  const more = bare.length > 8 ? `, … (${bare.length} in all)` : '';
  ctx.issues.warn(
    ctx.line,
    'unannotated-turns',
    `${bare.length} of ${drafts.length} turns have no annotation entry (turn${bare.length === 1 ? '' : 's'} ${shown}${more}; the record has ${entries} entr${entries === 1 ? 'y' : 'ies'}); they are imported without a pre-annotation to check.`,
  );
}

/** Alignment levels by rank (LEVEL_RANK), for the per-turn weakest level kept as a number. */
const LEVEL_OF_RANK: readonly AlignmentKind[] = ['none', 'exact', 'normalized', 'containment'];

/**
 * Where the entries went, per turn: how many landed there, the first of them, the weakest level
 * (LEVEL_RANK); a list of entries only for the rare turn that receives several (a split utterance).
 */
interface Placement {
  entriesPerTurn: Int32Array;
  firstEntry: Int32Array;
  weakestRank: Int8Array;
  severalEntries: Map<number, number[]> | undefined;
  unaligned: UnalignedAnnotation[];
}

// annotateTurns is split into the placement, the turns and the rare cases: each small function
// is optimised sooner, and one that meets a rare case is recompiled alone (a file is read once).

/** The alignment results as a Placement, warning about unaligned and out-of-order entries. */
function placeEntries(
  results: readonly AlignmentResult[],
  texts: readonly (string | null)[],
  annotations: readonly Record<string, unknown>[],
  drafts: readonly DraftTurn[],
  issues: IssueSink,
  line: number,
): Placement {
  const placement: Placement = {
    entriesPerTurn: new Int32Array(drafts.length),
    firstEntry: new Int32Array(drafts.length),
    weakestRank: new Int8Array(drafts.length),
    severalEntries: undefined,
    unaligned: [],
  };
  const { entriesPerTurn, firstEntry, weakestRank } = placement;
  for (let i = 0; i < results.length; i++) {
    const result = results[i];
    if (result.level === null) {
      noteUnaligned(result, i, texts[i] ?? '', annotations[i], drafts, placement, issues, line);
      continue;
    }
    if (result.outOfOrder) warnOutOfOrder(result.turn, i, texts[i] ?? '', drafts, issues, line);
    const turn = result.turn;
    if (entriesPerTurn[turn] === 0) firstEntry[turn] = i;
    else addSeveral(placement, turn, i);
    entriesPerTurn[turn]++;
    const rank = LEVEL_RANK[result.level];
    if (rank > weakestRank[turn]) weakestRank[turn] = rank;
  }
  return placement;
}

function noteUnaligned(
  result: Extract<AlignmentResult, { level: null }>,
  i: number,
  text: string,
  annotation: Record<string, unknown>,
  drafts: readonly DraftTurn[],
  placement: Placement,
  issues: IssueSink,
  line: number,
): void {
  const speakerRaw = cellText(annotation.speaker);
  placement.unaligned.push({ index: i, speakerRaw, utterance: text, raw: annotation });
  issues.warn(line, 'unaligned-annotation', `Annotation ${i + 1} ${unalignedExplanation(result, text, speakerRaw, drafts)}; it is kept aside as unaligned for review.`);
}

function warnOutOfOrder(turn: number, i: number, text: string, drafts: readonly DraftTurn[], issues: IssueSink, line: number): void {
  const target = turnLabel(turn, drafts[turn].speakerRaw);
  issues.warn(line, 'out-of-order-annotation', `Annotation ${i + 1} ("${snippet(text)}") was attached to ${target}, which comes before the turns of the entries listed ahead of it; check that it belongs there.`);
}

function addSeveral(placement: Placement, turn: number, i: number): void {
  placement.severalEntries ??= new Map();
  const list = placement.severalEntries.get(turn);
  if (list) list.push(i);
  else placement.severalEntries.set(turn, [placement.firstEntry[turn], i]);
}

/** The merged values of a turn that received several entries, with its 'merged-fragments' warning. */
function mergedValues(
  indices: readonly number[],
  index: number,
  draft: DraftTurn,
  annotations: readonly Record<string, unknown>[],
  annotationExtras: EntryExtras,
  ctx: AnnotateContext,
): FieldValues {
  const { codebook, issues, line, withoutEntryExtras = false, readOnlyValues = false } = ctx;
  if (!withoutEntryExtras) addEntryExtras(annotationExtras, index, mergeEntryExtras(indices.map((i) => ownEntriesExceptOrNone(annotations[i], codebookKeys(codebook).fieldIds))));
  const fragments = indices.map((i) => annotationValues(codebook, annotations[i], readOnlyValues));
  const list = indices.map((i) => i + 1).join(', ');
  issues.warn(line, 'merged-fragments', `${turnLabel(index, draft.speakerRaw)} received ${indices.length} annotation entries (${list}), probably one long utterance split by the annotator; their values were merged.`, { turn: index + 1 });
  return mergeFragments(codebook, fragments).pre;
}

/** The label warnings of one annotated turn, as annotateTurns gives them (also sid/one-to-one-record.ts). */
export function warnAboutTurnLabels(codebook: Codebook, turn: LabelledTurn, index: number, speakerRaw: string, line: number, issues: IssueSink): void {
  warnAboutLabels(codebook, turn, () => turnLabel(index, speakerRaw), line, issues, index);
}

/**
 * Attaches SID annotation entries to the turns they describe (align.ts), merges entries that
 * land on the same turn, and reports everything a reviewer must look at: unaligned entries,
 * entries out of order, merged fragments, conflicts and unknown labels. Keys of an entry that
 * are not codebook fields come back in `annotationExtras` (entry-extras.ts).
 */
export function annotateTurns(
  drafts: readonly DraftTurn[],
  annotations: readonly Record<string, unknown>[],
  ctx: AnnotateContext,
): { turns: ParsedTurn[]; unaligned: UnalignedAnnotation[]; annotationExtras: EntryExtras } {
  const { codebook, issues, line, withoutEntryExtras = false, readOnlyValues = false } = ctx;
  const { hasSpeakerField, fieldIds } = codebookKeys(codebook);
  const sources = annotations.map((annotation) => ({
    utterance: typeof annotation.utterance === 'string' ? annotation.utterance : null,
    speaker: hasSpeakerField ? resolveSpeaker(codebook, cellText(annotation.speaker)) : null,
  }));
  const results = alignAnnotations(drafts, sources);
  const placement = placeEntries(
    results,
    sources.map((source) => source.utterance),
    annotations,
    drafts,
    issues,
    line,
  );
  const { entriesPerTurn, firstEntry, weakestRank, severalEntries } = placement;

  const annotationExtras: EntryExtras = {};
  const turns: ParsedTurn[] = new Array(drafts.length);
  for (let index = 0; index < drafts.length; index++) {
    const draft = drafts[index];
    const count = entriesPerTurn[index];
    if (count === 0) {
      turns[index] = finishTurn(draft, index, {}, 'none', 0);
      continue;
    }
    let pre: FieldValues;
    if (count === 1) {
      const entry = annotations[firstEntry[index]];
      if (!withoutEntryExtras) addEntryExtras(annotationExtras, index, mergeEntryExtras([ownEntriesExceptOrNone(entry, fieldIds)]));
      pre = annotationValues(codebook, entry, readOnlyValues);
    } else pre = mergedValues(severalEntries!.get(index)!, index, draft, annotations, annotationExtras, ctx);
    const turn = finishTurn(draft, index, pre, LEVEL_OF_RANK[weakestRank[index]], count);
    warnAboutTurnLabels(codebook, turn, index, draft.speakerRaw, line, issues);
    turns[index] = turn;
  }
  warnUnannotatedTurns(entriesPerTurn, drafts, annotations.length, ctx);
  return { turns, unaligned: placement.unaligned, annotationExtras };
}
