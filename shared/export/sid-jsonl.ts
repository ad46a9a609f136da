import type { Codebook } from '../codebook/types';
import { ANNOTATION_EXTRAS_KEY, entryExtrasAt, RESERVED_EXTRA_KEYS, TURN_EXTRAS_KEY } from '../import/entry-extras';
import { setOwn } from '../import/own-keys';
import type { AdjudicationRow } from '../model/adjudication';
import type { Dialogue, Turn } from '../model/dataset';
import type { FieldReview } from '../model/review';
import { expertValue, indexFieldReviews } from './expert-value';
import { dialoguesInScope, isDialogueVerified, turnIdsInScope, type ExportScope } from './scope';
import { sidFieldText } from './sid-values';
import type { ExportDialogue } from './types';
import { addLabelCounts, exportedFieldValues, NO_LABELS, TRANSCRIPT_FIELD_IDS, type ExportValueStatus, type LabelCounts } from './value-status';
import { valueProvenance, type ProvenanceContext, type ValueProvenance } from './value-provenance';

export interface SidExportOptions {
  /** the language of label values; SID files are Chinese */
  lang?: 'zh';
  /** which turns' labels are written (scope.ts); 'all' by default */
  scope?: ExportScope;
  /** write the adjudicated layer's values where there is one, with their provenance (issue 11) */
  adjudication?: SidAdjudication;
  /**
   * names of layers and annotators and the codebook version, for the per-value provenance
   * (`turns[].sources`, `codebook`); without it ids stand for names and `codebook` is null
   */
  provenance?: ProvenanceContext;
}

/** The adjudication records of the data set and the names their keys and ids stand for. */
export interface SidAdjudication {
  rows: readonly AdjudicationRow[];
  /** rater key (`llm`, `expert`, `layer:<id>`) → the name the app shows */
  raterNames: Readonly<Record<string, string>>;
  /** annotator id → name */
  annotatorNames: Readonly<Record<string, string>>;
}

/**
 * The version of the `maieutic` provenance; 2 added scope, verified, labels, inScope and values;
 * 3 added adjudicated and turns[].adjudication; 4 added codebook and turns[].sources (per value:
 * source layer, annotator, adjudicated, adjudication status).
 */
export const PROVENANCE_VERSION = 4;

/** The record key of the review provenance; an imported one is replaced, never carried twice. */
const PROVENANCE_KEY = 'maieutic';

/**
 * Integer-looking ids are written as numbers (SID writes `"topic_id": 7`); anything else,
 * including "007", stays a string. The model stores ids as strings, so this is the one
 * place a type may differ from the source file.
 */
function sidId(id: string): string | number {
  return /^(0|-?[1-9]\d{0,14})$/.test(id) ? Number(id) : id;
}

function header(dialogue: Dialogue): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  if (dialogue.topicId !== null) record.topic_id = sidId(dialogue.topicId);
  if (dialogue.topicText !== '') record.topic_text = dialogue.topicText;
  if (dialogue.studentId !== null) record.student_id = sidId(dialogue.studentId);
  if (dialogue.studentType !== '') record.student_type = dialogue.studentType;
  if (dialogue.scenario !== '') record.scenario = dialogue.scenario;
  if (dialogue.repeatId !== null) record.repeat_id = sidId(dialogue.repeatId);
  for (const [key, value] of Object.entries(dialogue.extra)) {
    if (key === PROVENANCE_KEY || RESERVED_EXTRA_KEYS.has(key) || Object.hasOwn(record, key)) continue;
    setOwn(record, key, value);
  }
  return record;
}

/** `target` plus the entries of `extras` whose keys it does not have yet (the modelled keys win). */
function withExtras(target: Record<string, unknown>, extras: Record<string, unknown> | undefined): Record<string, unknown> {
  if (extras) for (const [key, value] of Object.entries(extras)) if (!Object.hasOwn(target, key)) setOwn(target, key, value);
  return target;
}

/** The utterance to export: the expert's correction when there is one, else the turn's text. */
function exportedUtterance(turn: Turn, codebook: Codebook, reviews: Map<string, FieldReview>): string {
  const field = codebook.fields.find((candidate) => candidate.id === 'utterance' && candidate.type === 'text');
  return field ? expertValue(turn, field, reviews.get(`${turn.id}|utterance`)).text : turn.utterance;
}

/**
 * The annotation entry of one turn. A turn outside the scope keeps its transcript (speaker and
 * utterance, so the entries stay one per utterance and the conversation reads whole) and has
 * every label empty: no label of it leaves the app, checked or not.
 */
/** The adjudicated value is written for this field (SID JSONL with the adjudicated option). */
function writesAdjudicated(decided: AdjudicationRow | undefined, inScope: boolean, fieldType: string): decided is AdjudicationRow {
  return inScope && decided !== undefined && decided.status !== 'unresolved' && fieldType !== 'text';
}

function annotation(turn: Turn, codebook: Codebook, reviews: Map<string, FieldReview>, utterance: string, inScope: boolean, adjudicated: ReadonlyMap<string, AdjudicationRow>): Record<string, unknown> {
  const entry: Record<string, unknown> = {};
  for (const field of codebook.fields) {
    let text = '';
    const decided = adjudicated.get(`${turn.id}|${field.id}`);
    if (field.id === 'utterance') text = utterance;
    else if (writesAdjudicated(decided, inScope, field.type)) text = sidFieldText(field, { source: 'expert', codes: [...decided.codes], text: '', unresolved: false, asImported: false });
    else if (inScope || TRANSCRIPT_FIELD_IDS.has(field.id)) text = sidFieldText(field, expertValue(turn, field, reviews.get(`${turn.id}|${field.id}`)));
    setOwn(entry, field.id, text);
  }
  return entry;
}

/**
 * The review provenance written under the `maieutic` key of every record (version 4):
 * `{ version: 4, scope,                          // 'verified' | 'verified-turns' | 'all': what the export held
 *    adjudicated,                                // true: adjudicated values were written where there are any
 *    codebook: { id, version, hash } | null,     // the codebook version of the codes (null when the caller gave none)
 *    dialogueId, externalId, teacherModel, source: { file, line },
 *    status, verified, reviewer, at,             // the dialogue review: status 'unreviewed' / 'in-progress' / 'verified', verified = status is 'verified'
 *    labels: { accepted, changed, unsure, unreviewed, labelled? },   // the labels this record writes, by status (labelled: only when some were)
 *    turns: [{ index, verified, reviewer, at,    // the turn review (reviewer/at null when the turn is not verified)
 *              inScope,                          // false: the turn's labels were left out (written empty), only its transcript is here
 *              originalUtterance?,               // the imported text, only when the expert corrected it
 *              labels: { accepted, changed, unsure, unreviewed, labelled? },
 *              values: { <fieldId>: 'accepted' | 'changed' | 'unsure' | 'labelled' | 'unreviewed' },  // every value written for the turn
 *              sources: { <fieldId>: { layer: { role, id, name }, annotator: { id, name } | null, adjudicated, adjudicationStatus } },
 *                                                // every value written: where it came from (value-provenance.ts)
 *              fields: { <fieldId>: { decision, pre, suggestionLayerId?, reviewer, at } },  // reviewed fields only, as in version 1
 *              adjudication?: { <fieldId>: { status, agreedWith: [names], decidedBy: name, note, needsGuidelineUpdate } } }],
 *                                                // only with adjudicated values asked for: the fields with an adjudication record
 *    unaligned: [{ index, raw }] }`              // annotation entries never aligned to a turn
 * A value is `unreviewed` when no expert decided on it, also in a verified turn or dialogue; the
 * file then holds the LLM pre-annotation for it. `changed` means the expert corrected it.
 * `unreviewed` labels are counted only when they hold a value; the transcript (speaker,
 * utterance) is listed in `values` but not counted in `labels`. `pre` is the raw imported
 * pre-annotation, so a reviewed value can be traced back; `decision` is taken against the
 * suggestion the expert was shown — that pre-annotation, or, when `suggestionLayerId` is written,
 * the values of that annotation layer (an LLM pre-annotation run in the app, say).
 */
/** A record's provenance as the file holds it: names, not the app's keys and ids. */
function adjudicationProvenance(row: AdjudicationRow, adjudication: SidAdjudication): Record<string, unknown> {
  return {
    status: row.status,
    agreedWith: row.agreedWith.map((key) => adjudication.raterNames[key] ?? key),
    decidedBy: row.decidedBy === undefined ? null : (adjudication.annotatorNames[row.decidedBy] ?? row.decidedBy),
    note: row.note,
    needsGuidelineUpdate: row.needsGuidelineUpdate,
  };
}

function provenance(item: ExportDialogue, reviews: Map<string, FieldReview>, codebook: Codebook, utterances: readonly string[], scope: ExportScope, inScope: ReadonlySet<string>, adjudication: SidAdjudication | undefined, adjudicated: ReadonlyMap<string, AdjudicationRow>, context: ProvenanceContext | undefined): Record<string, unknown> {
  const { dialogue, dialogueReview } = item;
  const turnReviews = new Map(item.turnReviews.map((review) => [review.id, review]));
  const dialogueLabels: LabelCounts = { ...NO_LABELS };
  const turns = item.turns.map((turn, position) => {
    const turnReview = turnReviews.get(turn.id);
    const turnInScope = inScope.has(turn.id);
    const written = exportedFieldValues(turn, codebook, reviews).filter((value) => turnInScope || !value.isLabel);
    const values: Record<string, ExportValueStatus> = {};
    const sources: Record<string, ValueProvenance> = {};
    for (const value of written) {
      values[value.field.id] = value.status;
      const row = adjudicated.get(`${turn.id}|${value.field.id}`);
      sources[value.field.id] = valueProvenance({ review: value.review, adjudication: row, fromAdjudication: writesAdjudicated(row, turnInScope, value.field.type) }, context);
    }
    const labels = addLabelCounts({ ...NO_LABELS }, written);
    addLabelCounts(dialogueLabels, written);
    const fields: Record<string, unknown> = {};
    for (const { field, review } of written) {
      // a decision taken against a layer's suggestion says so: `pre` is then not what the expert accepted or changed
      if (review) fields[field.id] = { decision: review.decision, pre: turn.pre[field.id]?.raw ?? null, ...(review.suggestionLayerId ? { suggestionLayerId: review.suggestionLayerId } : {}), reviewer: review.reviewer, at: review.at };
    }
    const corrected = utterances[position] !== turn.utterance ? { originalUtterance: turn.utterance } : {};
    const decided: Record<string, unknown> = {};
    if (adjudication && turnInScope) {
      for (const field of codebook.fields) {
        const row = adjudicated.get(`${turn.id}|${field.id}`);
        if (row) decided[field.id] = adjudicationProvenance(row, adjudication);
      }
    }
    const verified = turnReview?.verified ?? false;
    return {
      index: turn.index,
      verified,
      reviewer: verified ? (turnReview?.reviewer ?? null) : null,
      at: verified ? (turnReview?.at ?? null) : null,
      inScope: turnInScope,
      ...corrected,
      labels,
      values,
      sources,
      fields,
      ...(adjudication ? { adjudication: decided } : {}),
    };
  });
  return {
    version: PROVENANCE_VERSION,
    scope,
    adjudicated: adjudication !== undefined,
    codebook: context?.codebook ?? null,
    dialogueId: dialogue.id,
    externalId: dialogue.externalId,
    teacherModel: dialogueReview?.teacherModel ?? dialogue.teacherModel,
    source: { file: dialogue.file, line: dialogue.line },
    status: dialogueReview?.status ?? 'unreviewed',
    verified: isDialogueVerified(item),
    reviewer: dialogueReview?.reviewer ?? null,
    at: dialogueReview?.at ?? null,
    labels: dialogueLabels,
    turns,
    unaligned: dialogue.unaligned.map((entry) => ({ index: entry.index, raw: entry.raw })),
  };
}

/**
 * SID-native JSON Lines, one record per dialogue: the dialogue's header keys (topic_id … and
 * the source's own extra keys), `dialogue` as {role, content} plus the turn's own extra keys,
 * `annotations` one per turn with every codebook field plus the annotation's own extra keys
 * (entry-extras.ts), and `maieutic` with the review provenance. A corrected utterance is
 * written in both `content` and `utterance` (so the file re-imports with exact alignment) and
 * the imported text is kept in the provenance. Label values: reviewed ones as SID's Chinese
 * labels, unreviewed ones exactly as imported (sid-values.ts); which of them an expert checked
 * is only in the provenance. Under a scope, dialogues without a turn in scope are left out and
 * the labels of the other turns are written empty (see `annotation`). Ends with a newline.
 */
export function toSidJsonl(items: readonly ExportDialogue[], codebook: Codebook, opts: SidExportOptions = {}): string {
  void opts.lang; // only 'zh' exists: SID's values are Chinese
  const scope = opts.scope ?? 'all';
  const adjudicated = new Map<string, AdjudicationRow>();
  for (const row of opts.adjudication?.rows ?? []) adjudicated.set(row.id, row);
  const lines = dialoguesInScope(items, scope).map((item) => {
    const reviews = indexFieldReviews(item.fieldReviews);
    const turns = [...item.turns].sort((a, b) => a.index - b.index);
    const inScope = turnIdsInScope(item, scope);
    const { extra } = item.dialogue;
    const utterances = turns.map((turn) => exportedUtterance(turn, codebook, reviews));
    const record = {
      ...header(item.dialogue),
      dialogue: turns.map((turn, position) => withExtras({ role: turn.speakerRaw, content: utterances[position] }, entryExtrasAt(extra, TURN_EXTRAS_KEY, turn.index))),
      annotations: turns.map((turn, position) => {
        const entry = annotation(turn, codebook, reviews, utterances[position], inScope.has(turn.id), adjudicated);
        // the annotation's own extra keys (confidence, notes) are the LLM's too: only with its labels
        return inScope.has(turn.id) ? withExtras(entry, entryExtrasAt(extra, ANNOTATION_EXTRAS_KEY, turn.index)) : entry;
      }),
      [PROVENANCE_KEY]: provenance({ ...item, turns }, reviews, codebook, utterances, scope, inScope, opts.adjudication, adjudicated, opts.provenance),
    };
    return JSON.stringify(record);
  });
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}
