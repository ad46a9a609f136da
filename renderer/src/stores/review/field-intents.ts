/**
 * What a review key press means for one field's stored value. Pure: given the field, its
 * pre-annotation and the stored expert value, an intent resolves to the next stored value
 * or to a refusal the view explains. Run inside the write transaction so rapid presses on
 * the same field build on each other.
 */
import type { FieldDef } from '../../../../shared/codebook/types';
import type { FieldValue } from '../../../../shared/model/dataset';
import type { ReviewDecision } from '../../../../shared/model/review';
import type { FieldState } from '../../db/repositories/reviews';

export type FieldIntent =
  /**
   * take the pre-annotation as the expert value; `unlessReviewed` (accept-all) leaves a value the
   * expert already gave alone, judged on the stored value when the write runs, so a correction
   * typed just before is never overwritten by a screen that had not caught up yet
   */
  | { kind: 'accept'; unlessReviewed?: boolean }
  /** one-value fields: set this label; set fields: toggle it */
  | { kind: 'pick'; code: string }
  /** flag the current best guess as unsure, or lift the flag */
  | { kind: 'unsure' }
  /** back to "not reviewed" */
  | { kind: 'clear' }
  /** the corrected text of a free-text field */
  | { kind: 'text'; text: string };

export type RefusalReason =
  /** the pre-annotation holds a value the codebook does not know */
  | 'pre-unknown'
  /** merged annotation fragments disagree */
  | 'pre-conflict'
  /** a one-value field whose pre-annotation names several labels */
  | 'pre-multiple'
  /** a one-value field with no pre-annotated value: there is nothing to accept */
  | 'pre-empty'
  /** a code that is not a label of this field */
  | 'not-a-label'
  /** labels were picked on a free-text field, or text was typed into a label field */
  | 'wrong-kind'
  /** accept-all: the field already holds the expert's value */
  | 'already-reviewed'
  /** the annotation layer chosen as the suggestion has no value for this turn */
  | 'no-suggestion'
  /** no annotation was aligned to the turn at all (as in a blind assignment): an absent value is not an empty one */
  | 'not-annotated';

/** The field and the suggestion shown for it on this turn. */
export interface FieldContext {
  field: FieldDef;
  /**
   * the suggestion: the imported pre-annotation, or the chosen layer's value when
   * `suggestionLayerId` is set; null when there is no value for this field on the turn
   */
  pre: FieldValue | null;
  /** for free-text fields: the text as imported (the turn's utterance) */
  preText: string;
  /** the annotation layer the suggestion comes from; absent: the imported pre-annotation */
  suggestionLayerId?: string;
  /** that layer has no value at all for this turn: nothing to accept, rather than an empty value */
  noSuggestion?: boolean;
  /** the imported pre-annotation has nothing at all for this turn (none aligned, or a blind assignment) */
  unannotated?: boolean;
}

export type IntentResult = { ok: true; next: FieldState | null } | { ok: false; reason: RefusalReason };

const ONE_VALUE = new Set(['single', 'ordinal', 'boolean']);

/**
 * The pre-annotation as an expert value, or why it cannot be taken as is. Unknown parts of
 * an open vocabulary (discipline `天文`) are kept as codes rather than dropped.
 */
export function preAsValue(ctx: FieldContext): { ok: true; codes: string[]; text: string | null } | { ok: false; reason: RefusalReason } {
  if (ctx.field.type === 'text') return { ok: true, codes: [], text: ctx.preText };
  if (ctx.noSuggestion) return { ok: false, reason: 'no-suggestion' };
  if (ctx.unannotated && !ctx.pre) return { ok: false, reason: 'not-annotated' };
  const pre = ctx.pre;
  if (!pre || pre.status === 'empty') {
    return ONE_VALUE.has(ctx.field.type) ? { ok: false, reason: 'pre-empty' } : { ok: true, codes: [], text: null };
  }
  if (pre.status === 'conflict') return { ok: false, reason: 'pre-conflict' };
  if (pre.unknown.length > 0 && !ctx.field.openVocabulary) return { ok: false, reason: 'pre-unknown' };
  const codes = dedupe([...pre.codes, ...pre.unknown]);
  if (ONE_VALUE.has(ctx.field.type)) {
    if (codes.length > 1) return { ok: false, reason: 'pre-multiple' };
    if (codes.length === 0) return { ok: false, reason: 'pre-empty' };
  }
  return { ok: true, codes, text: null };
}

function dedupe(codes: string[]): string[] {
  return codes.filter((code, index) => codes.indexOf(code) === index);
}

/** Codebook order first, then values outside the codebook in the order they were given. */
export function orderCodes(field: FieldDef, codes: string[]): string[] {
  const rank = new Map(field.labels.map((label, index) => [label.code, index]));
  return dedupe(codes)
    .map((code, given) => ({ code, key: rank.get(code) ?? field.labels.length + given }))
    .sort((a, b) => a.key - b.key)
    .map((entry) => entry.code);
}

function sameCodes(field: FieldDef, a: string[], b: string[]): boolean {
  const left = field.type === 'set' ? orderCodes(field, a) : a;
  const right = field.type === 'set' ? orderCodes(field, b) : b;
  return left.length === right.length && left.every((code, i) => code === right[i]);
}

/** Whether a suggestion is shown beside the field at all (a blind turn shows none; an empty pre-annotation is one). */
function showsSuggestion(ctx: FieldContext): boolean {
  if (ctx.field.type === 'text') return true;
  return !ctx.noSuggestion && !(ctx.unannotated && !ctx.pre);
}

/** accepted when the value equals the suggestion, changed when it differs, labelled when there was none to compare with. */
export function decisionFor(ctx: FieldContext, codes: string[], text: string | null): Exclude<ReviewDecision, 'unsure'> {
  if (ctx.field.type === 'text') return text === ctx.preText ? 'accepted' : 'changed';
  if (!showsSuggestion(ctx)) return 'labelled';
  const pre = preAsValue(ctx);
  return pre.ok && sameCodes(ctx.field, pre.codes, codes) ? 'accepted' : 'changed';
}

/** The value a correction starts from: the stored one, else the pre-annotation as far as it is usable. */
function startingCodes(ctx: FieldContext, current: FieldState | null): string[] {
  if (current) return current.codes;
  const pre = preAsValue(ctx);
  if (pre.ok) return pre.codes;
  const matched = ctx.pre ? dedupe([...ctx.pre.codes]) : [];
  // A one-value field never stores two labels, not even as a guess.
  return ONE_VALUE.has(ctx.field.type) && matched.length > 1 ? [] : matched;
}

function isLabel(ctx: FieldContext, code: string): boolean {
  return ctx.field.labels.some((label) => label.code === code) || (ctx.field.openVocabulary && code.trim() !== '');
}

/**
 * The value as judged against this context's suggestion: it names the layer the suggestion came
 * from (none for the imported pre-annotation), so 'accepted' can be traced to what was shown. A key
 * press is a decision on this field by itself: an accepted value is accepted deliberately
 * (verifying a turn marks its own, repositories/reviews.ts verifyTurns).
 */
function judged(ctx: FieldContext, state: FieldState): FieldState {
  const value: FieldState = { decision: state.decision, codes: state.codes, text: state.text };
  if (ctx.suggestionLayerId !== undefined) value.suggestionLayerId = ctx.suggestionLayerId;
  if (state.decision === 'accepted') value.acceptance = 'deliberate';
  return value;
}

export function resolveIntent(ctx: FieldContext, current: FieldState | null, intent: FieldIntent): IntentResult {
  const result = resolveValue(ctx, current, intent);
  return result.ok && result.next !== null ? { ok: true, next: judged(ctx, result.next) } : result;
}

function resolveValue(ctx: FieldContext, current: FieldState | null, intent: FieldIntent): IntentResult {
  const { field } = ctx;
  switch (intent.kind) {
    case 'clear':
      return { ok: true, next: null };
    case 'accept': {
      if (intent.unlessReviewed && current !== null) return { ok: false, reason: 'already-reviewed' };
      const pre = preAsValue(ctx);
      if (!pre.ok) return pre;
      return { ok: true, next: { decision: 'accepted', codes: pre.codes, text: pre.text } };
    }
    case 'text': {
      if (field.type !== 'text') return { ok: false, reason: 'wrong-kind' };
      const decision = current?.decision === 'unsure' ? 'unsure' : decisionFor(ctx, [], intent.text);
      return { ok: true, next: { decision, codes: [], text: intent.text } };
    }
    case 'pick': {
      if (field.type === 'text') return { ok: false, reason: 'wrong-kind' };
      if (!isLabel(ctx, intent.code)) return { ok: false, reason: 'not-a-label' };
      let codes: string[];
      if (field.type === 'set') {
        const base = startingCodes(ctx, current);
        codes = base.includes(intent.code) ? base.filter((code) => code !== intent.code) : orderCodes(field, [...base, intent.code]);
      } else {
        codes = [intent.code];
      }
      return { ok: true, next: { decision: decisionFor(ctx, codes, null), codes, text: null } };
    }
    case 'unsure': {
      if (current?.decision === 'unsure') {
        return { ok: true, next: { ...current, decision: decisionFor(ctx, current.codes, current.text) } };
      }
      if (current) return { ok: true, next: { ...current, decision: 'unsure' } };
      const text = field.type === 'text' ? ctx.preText : null;
      return { ok: true, next: { decision: 'unsure', codes: startingCodes(ctx, null), text } };
    }
  }
}
