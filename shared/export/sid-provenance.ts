/**
 * The review provenance a SID JSONL export writes under the `maieutic` key of every record (the
 * format is described in README.md beside this file). Readers of exports (the spot-check, the
 * CLI's metrics) check `version` against KNOWN_PROVENANCE_VERSIONS and refuse one they do not know.
 */
import type { Codebook } from '../codebook/types';
import type { AdjudicationRow } from '../model/adjudication';
import type { FieldReview } from '../model/review';
import { isDialogueVerified, type ExportScope } from './scope';
import type { ExportedTranscript } from './sid-transcript';
import type { ExportDialogue } from './types';
import { leavesUnsureEmpty, type UnsureValues } from './unsure-values';
import { addLabelCounts, exportAcceptance, exportedFieldValues, NO_LABELS, type ExportValueStatus, type LabelCounts } from './value-status';
import { valueProvenance, type ProvenanceContext, type ValueProvenance } from './value-provenance';

/**
 * The version of the `maieutic` provenance; 2 added scope, verified, labels, inScope and values;
 * 3 added adjudicated and turns[].adjudication; 4 added codebook and turns[].sources (per value:
 * source layer, annotator, adjudicated, adjudication status); 5 added unsureValues,
 * turns[].originalSpeaker, fields[].acceptance and fields[].leftEmpty, and writes a corrected
 * speaker in `dialogue[i].role`. Every key of an older version keeps its meaning.
 */
export const PROVENANCE_VERSION = 5;

/** Every provenance version an export has been written with: a reader refuses any other. */
export const KNOWN_PROVENANCE_VERSIONS: readonly number[] = [1, 2, 3, 4, 5];

/** The record key of the review provenance; an imported one is replaced, never carried twice. */
export const PROVENANCE_KEY = 'maieutic';

/** The adjudication records of the data set and the names their keys and ids stand for. */
export interface SidAdjudication {
  rows: readonly AdjudicationRow[];
  /** rater key (`llm`, `expert`, `layer:<id>`) → the name the app shows */
  raterNames: Readonly<Record<string, string>>;
  /** annotator id → name */
  annotatorNames: Readonly<Record<string, string>>;
}

/** The adjudicated value is written for this field (SID JSONL with the adjudicated option). */
export function writesAdjudicated(decided: AdjudicationRow | undefined, inScope: boolean, fieldType: string): decided is AdjudicationRow {
  return inScope && decided !== undefined && decided.status !== 'unresolved' && fieldType !== 'text';
}

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

/** A reviewed field as `turns[].fields` writes it. */
function fieldRecord(review: FieldReview, pre: string | null, leftEmpty: boolean): Record<string, unknown> {
  const acceptance = exportAcceptance(review);
  return {
    decision: review.decision,
    pre,
    // a decision taken against a layer's suggestion says so: `pre` is then not what the expert accepted or changed
    ...(review.suggestionLayerId ? { suggestionLayerId: review.suggestionLayerId } : {}),
    ...(acceptance !== null ? { acceptance } : {}),
    ...(leftEmpty ? { leftEmpty: true } : {}),
    reviewer: review.reviewer,
    at: review.at,
  };
}

export interface ProvenanceInput {
  item: ExportDialogue;
  reviews: ReadonlyMap<string, FieldReview>;
  codebook: Codebook;
  /** per turn (in the order of item.turns): the transcript as written */
  transcripts: readonly ExportedTranscript[];
  scope: ExportScope;
  inScope: ReadonlySet<string>;
  unsureValues: UnsureValues;
  adjudication: SidAdjudication | undefined;
  adjudicated: ReadonlyMap<string, AdjudicationRow>;
  context: ProvenanceContext | undefined;
}

/**
 * A value is `unreviewed` when no expert decided on it, also in a verified turn or dialogue; the
 * file then holds the LLM pre-annotation for it. `changed` means the expert corrected it.
 * `unreviewed` labels are counted only when they hold a value; the transcript (speaker,
 * utterance) is listed in `values` but not counted in `labels`. `pre` is the raw imported
 * pre-annotation, so a reviewed value can be traced back; `decision` is taken against the
 * suggestion the expert was shown — that pre-annotation, or, when `suggestionLayerId` is written,
 * the values of that annotation layer (an LLM pre-annotation run in the app, say).
 */
export function sidProvenance(input: ProvenanceInput): Record<string, unknown> {
  const { item, reviews, codebook, transcripts, scope, inScope, unsureValues, adjudication, adjudicated, context } = input;
  const { dialogue, dialogueReview } = item;
  const turnReviews = new Map(item.turnReviews.map((review) => [review.id, review]));
  const dialogueLabels: LabelCounts = { ...NO_LABELS };
  const turns = item.turns.map((turn, position) => {
    const turnReview = turnReviews.get(turn.id);
    const turnInScope = inScope.has(turn.id);
    const written = exportedFieldValues(turn, codebook, reviews).filter((value) => turnInScope || !value.isLabel);
    const values: Record<string, ExportValueStatus> = {};
    const sources: Record<string, ValueProvenance> = {};
    const fields: Record<string, unknown> = {};
    for (const { field, review, status } of written) {
      values[field.id] = status;
      const row = adjudicated.get(`${turn.id}|${field.id}`);
      const fromAdjudication = writesAdjudicated(row, turnInScope, field.type);
      sources[field.id] = valueProvenance({ review, adjudication: row, fromAdjudication }, context);
      if (review) fields[field.id] = fieldRecord(review, turn.pre[field.id]?.raw ?? null, !fromAdjudication && leavesUnsureEmpty(field.id, review, unsureValues));
    }
    const labels = addLabelCounts({ ...NO_LABELS }, written);
    addLabelCounts(dialogueLabels, written);
    const { originalSpeaker, originalUtterance } = transcripts[position];
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
      ...(originalSpeaker !== undefined ? { originalSpeaker } : {}),
      ...(originalUtterance !== undefined ? { originalUtterance } : {}),
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
    unsureValues,
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
