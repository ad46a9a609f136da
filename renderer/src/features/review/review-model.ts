/**
 * What the review view shows, derived from one dialogue's stored rows. Pure, so the rules
 * (applicability follows the corrected speaker, what counts as open work) are testable.
 */
import { fieldAppliesTo } from '../../../../shared/codebook/lookup';
import type { Codebook, FieldDef } from '../../../../shared/codebook/types';
import type { FieldValue, SpeakerCode, Turn } from '../../../../shared/model/dataset';
import type { FieldReview, ReviewDecision } from '../../../../shared/model/review';
import { TRANSCRIPT_FIELD_IDS } from '../../../../shared/export/value-status';
import { fieldStateOf, type FieldState, type ReviewBundle, type TurnToVerify } from '../../db/repositories/reviews';
import { IMPORTED_SUGGESTION, type Suggestion } from '../../db/repositories/suggestions';
import { preAsValue, resolveIntent, type FieldContext, type RefusalReason } from '../../stores/review/field-intents';

export type RowDecision = ReviewDecision | 'not-reviewed' | 'not-applicable';

export interface FieldRowModel {
  field: FieldDef;
  applicable: boolean;
  context: FieldContext;
  expert: FieldState | null;
  decision: RowDecision;
  /** why 'a' cannot take the suggestion as is; null when it can */
  acceptRefusal: RefusalReason | null;
  /** the suggestion is unknown or conflicting */
  flagged: boolean;
}

export interface TurnModel {
  turn: Turn;
  /** the speaker as corrected by the expert, else as imported */
  speaker: SpeakerCode;
  speakerCorrected: boolean;
  /** the utterance as corrected by the expert, else as imported */
  utterance: string;
  utteranceCorrected: boolean;
  verified: boolean;
  fields: FieldRowModel[];
  counts: { applicable: number; reviewed: number; unsure: number; changed: number; flagged: number };
}

export interface DialogueProgress {
  turnCount: number;
  verifiedTurns: number;
  /** applicable fields without a decision, over all turns */
  unreviewedFields: number;
  unsureFields: number;
}

export interface DialogueModel {
  turns: TurnModel[];
  progress: DialogueProgress;
}

const SPEAKER_FIELD = 'speaker';
/** The field whose value decides which fields apply to a turn: the speaker, as corrected. */
export const APPLICABILITY_FIELD = SPEAKER_FIELD;
const isSpeakerCode = (code: string | undefined): code is 'teacher' | 'student' => code === 'teacher' || code === 'student';

/**
 * Labels come from the chosen suggestion; the transcript (speaker, free text) is what was
 * imported whatever is chosen, as no layer annotates it.
 */
const takesLayerSuggestion = (field: FieldDef) => field.type !== 'text' && !TRANSCRIPT_FIELD_IDS.has(field.id);

/**
 * The speaker as the transcript gives it, where no annotation names one (a blind assignment, a
 * turn nothing was aligned to): the transcript is never hidden. Null when the turn's speaker is
 * not a label of the field (an "other" speaker is picked by hand).
 */
function transcriptSpeaker(field: FieldDef, turn: Turn): FieldValue | null {
  if (field.id !== SPEAKER_FIELD || !field.labels.some((label) => label.code === turn.speaker)) return null;
  return { raw: turn.speakerRaw, codes: [turn.speaker], unknown: [], status: 'ok' };
}

function contextFor(field: FieldDef, turn: Turn, suggestion: Suggestion): FieldContext {
  const imported: FieldContext = { field, pre: turn.pre[field.id] ?? transcriptSpeaker(field, turn), preText: turn.utterance };
  if (suggestion.kind === 'imported' || !takesLayerSuggestion(field)) return turn.alignment === 'none' && Object.keys(turn.pre).length === 0 ? { ...imported, unannotated: true } : imported;
  const values = suggestion.values.get(turn.id);
  const layerId = suggestion.layer.id;
  // A turn the layer never annotated shows that, never the imported value in its place.
  if (!values) return { ...imported, pre: null, suggestionLayerId: layerId, noSuggestion: true };
  return { ...imported, pre: values[field.id] ?? null, suggestionLayerId: layerId };
}

export function buildTurnModel(
  codebook: Codebook,
  turn: Turn,
  reviews: ReadonlyMap<string, FieldReview>,
  verified: boolean,
  suggestion: Suggestion = IMPORTED_SUGGESTION,
): TurnModel {
  const speakerReview = fieldStateOf(reviews.get(SPEAKER_FIELD));
  const correctedSpeaker = speakerReview?.codes[0];
  const speaker = isSpeakerCode(correctedSpeaker) ? correctedSpeaker : turn.speaker;
  let utterance = turn.utterance;
  let utteranceCorrected = false;

  const fields = codebook.fields.map((field): FieldRowModel => {
    const applicable = fieldAppliesTo(field, speaker);
    const context = contextFor(field, turn, suggestion);
    const expert = fieldStateOf(reviews.get(field.id));
    if (field.type === 'text' && field.id === 'utterance' && expert?.text != null && expert.text !== turn.utterance) {
      utterance = expert.text;
      utteranceCorrected = true;
    }
    const pre = preAsValue(context);
    const flagged = applicable && (context.pre?.status === 'unknown' || context.pre?.status === 'conflict');
    return {
      field,
      applicable,
      context,
      expert,
      decision: !applicable ? 'not-applicable' : (expert?.decision ?? 'not-reviewed'),
      acceptRefusal: pre.ok ? null : pre.reason,
      flagged,
    };
  });

  const applicableFields = fields.filter((row) => row.applicable);
  return {
    turn,
    speaker,
    speakerCorrected: speaker !== turn.speaker,
    utterance,
    utteranceCorrected,
    verified,
    fields,
    counts: {
      applicable: applicableFields.length,
      reviewed: applicableFields.filter((row) => row.expert !== null).length,
      unsure: applicableFields.filter((row) => row.decision === 'unsure').length,
      changed: applicableFields.filter((row) => row.decision === 'changed').length,
      flagged: applicableFields.filter((row) => row.flagged).length,
    },
  };
}

export function buildDialogueModel(codebook: Codebook, bundle: Pick<ReviewBundle, 'turns' | 'fieldReviews' | 'turnReviews'> & Partial<Pick<ReviewBundle, 'suggestion'>>): DialogueModel {
  const suggestion = bundle.suggestion ?? IMPORTED_SUGGESTION;
  const reviewsByTurn = new Map<string, Map<string, FieldReview>>();
  for (const review of bundle.fieldReviews) {
    let forTurn = reviewsByTurn.get(review.turnId);
    if (!forTurn) reviewsByTurn.set(review.turnId, (forTurn = new Map()));
    forTurn.set(review.fieldId, review);
  }
  const verifiedTurnIds = new Set(bundle.turnReviews.filter((review) => review.verified).map((review) => review.id));
  const turns = bundle.turns.map((turn) => buildTurnModel(codebook, turn, reviewsByTurn.get(turn.id) ?? new Map(), verifiedTurnIds.has(turn.id), suggestion));
  return {
    turns,
    progress: {
      turnCount: turns.length,
      verifiedTurns: turns.filter((turn) => turn.verified).length,
      unreviewedFields: turns.reduce((sum, turn) => sum + turn.counts.applicable - turn.counts.reviewed, 0),
      unsureFields: turns.reduce((sum, turn) => sum + turn.counts.unsure, 0),
    },
  };
}

/**
 * What verifying a turn as shown stores for each applicable field: the pre-annotation as an
 * accepted value, or null where it cannot be taken as is (the field then needs the expert's
 * value first). Fields that already have a value keep it; the write decides that, on the
 * stored value.
 */
export function turnToVerify(turn: TurnModel): TurnToVerify {
  return {
    turnId: turn.turn.id,
    fields: turn.fields
      .filter((row) => row.applicable)
      .map((row) => {
        const accepted = resolveIntent(row.context, null, { kind: 'accept' });
        // taken as shown because the turn is verified, not accepted by a key of its own
        return { fieldId: row.field.id, accepted: accepted.ok && accepted.next !== null ? { ...accepted.next, acceptance: 'verify' as const } : null };
      }),
  };
}

/** Applicable fields with no expert value and no pre-annotation that can be confirmed as shown. */
export function fieldsNeedingValue(turn: TurnModel): { turnId: string; fieldId: string }[] {
  return turn.fields
    .filter((row) => row.applicable && row.expert === null && row.acceptRefusal !== null)
    .map((row) => ({ turnId: turn.turn.id, fieldId: row.field.id }));
}

/** What Shift+V will do, named before it is done. */
export interface DialogueVerifySummary {
  /** turns not verified yet, which verifying the dialogue verifies */
  unverifiedTurns: number;
  /** unreviewed values that verifying confirms as accepted pre-annotations */
  valuesToConfirm: number;
  /** values the expert marked unsure, kept as they are */
  unsureFields: number;
  /** fields that need a value before the dialogue can be verified */
  missing: { turnId: string; fieldId: string }[];
}

export function dialogueVerifySummary(model: DialogueModel): DialogueVerifySummary {
  return {
    unverifiedTurns: model.progress.turnCount - model.progress.verifiedTurns,
    valuesToConfirm: model.progress.unreviewedFields - model.turns.reduce((sum, turn) => sum + fieldsNeedingValue(turn).length, 0),
    unsureFields: model.progress.unsureFields,
    missing: model.turns.flatMap(fieldsNeedingValue),
  };
}

/** True when Shift+V has nothing to confirm beyond the dialogue's own mark. */
export function nothingToConfirm(summary: DialogueVerifySummary): boolean {
  return summary.unverifiedTurns === 0 && summary.valuesToConfirm === 0 && summary.unsureFields === 0 && summary.missing.length === 0;
}

/**
 * The field that has the focus ring on this turn: the preferred one when it applies, else the
 * next applicable field after it (so moving from a teacher to a student turn lands nearby).
 */
export function activeFieldId(turn: TurnModel | undefined, preferred: string | null): string | null {
  if (!turn) return null;
  const applicable = turn.fields.filter((row) => row.applicable);
  if (applicable.length === 0) return null;
  if (preferred === null) return defaultFieldId(turn);
  const position = turn.fields.findIndex((row) => row.field.id === preferred);
  if (position === -1) return defaultFieldId(turn);
  for (let offset = 0; offset < turn.fields.length; offset += 1) {
    const row = turn.fields[(position + offset) % turn.fields.length];
    if (row.applicable) return row.field.id;
  }
  return applicable[0].field.id;
}

/** The first labelled field after the speaker: speaker and utterance are rarely what needs checking. */
function defaultFieldId(turn: TurnModel): string | null {
  const candidate = turn.fields.find((row) => row.applicable && row.field.type !== 'text' && row.field.id !== SPEAKER_FIELD);
  return (candidate ?? turn.fields.find((row) => row.applicable))?.field.id ?? null;
}

export function applicableFieldIds(turn: TurnModel | undefined): string[] {
  return turn ? turn.fields.filter((row) => row.applicable).map((row) => row.field.id) : [];
}

/**
 * A field the expert has to look at: its pre-annotation is flagged (unknown or conflicting), or
 * it has no value and a pre-annotation that cannot be taken as is (verifying would refuse it).
 */
export function needsAttention(row: FieldRowModel): boolean {
  return row.applicable && (row.flagged || (row.expert === null && row.acceptRefusal !== null));
}

export interface FieldPosition {
  turnIndex: number;
  fieldId: string;
}

/**
 * The next (or previous) field that needs attention after `from`, across the dialogue's turns in
 * reading order, not wrapping around; null when there is none in that direction. `from.fieldId`
 * null (a turn without applicable fields) stands before the turn's first field going forward and
 * after its last going back.
 */
export function nextAttentionField(model: DialogueModel, from: { turnIndex: number; fieldId: string | null }, direction: 1 | -1): FieldPosition | null {
  const fieldCount = (turnIndex: number) => model.turns[turnIndex]?.fields.length ?? 0;
  const startField = (() => {
    const position = model.turns[from.turnIndex]?.fields.findIndex((row) => row.field.id === from.fieldId) ?? -1;
    if (position !== -1) return position;
    return direction === 1 ? -1 : fieldCount(from.turnIndex);
  })();
  for (let turnIndex = from.turnIndex; turnIndex >= 0 && turnIndex < model.turns.length; turnIndex += direction) {
    const fields = model.turns[turnIndex].fields;
    let fieldIndex = turnIndex === from.turnIndex ? startField + direction : direction === 1 ? 0 : fields.length - 1;
    for (; fieldIndex >= 0 && fieldIndex < fields.length; fieldIndex += direction) {
      if (needsAttention(fields[fieldIndex])) return { turnIndex, fieldId: fields[fieldIndex].field.id };
    }
  }
  return null;
}

/** How many fields of the dialogue need attention. */
export function attentionCount(model: DialogueModel): number {
  return model.turns.reduce((sum, turn) => sum + turn.fields.filter(needsAttention).length, 0);
}
