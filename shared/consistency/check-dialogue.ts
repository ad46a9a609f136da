import { fieldAppliesTo, fieldById } from '../codebook/lookup';
import type { Codebook, FieldDef, LabelLanguage } from '../codebook/types';
import type { Turn } from '../model/dataset';
import type { FieldReview } from '../model/review';
import { checkedValue, codesText, fieldName, fillReason, setMembers, speakerName, valueText, type CheckedValue } from './turn-values';
import type {
  ConsistencyFinding,
  ConsistencyRule,
  ConsistencyRules,
  InapplicableValueRule,
  LabelOutsideCodebookRule,
  StateWithoutFollowUpRule,
  TransferWithoutChangeRule,
} from './types';

type Placeholders = Record<LabelLanguage, Record<string, string>>;

/** What every rule evaluator reads: the dialogue's turns in order and their values. */
interface DialogueView {
  turns: readonly Turn[];
  codebook: Codebook;
  value(turn: Turn, field: FieldDef): CheckedValue;
}

function finding(rule: ConsistencyRule, turn: Turn, field: FieldDef, placeholders: (lang: LabelLanguage) => Record<string, string>): ConsistencyFinding {
  const values: Placeholders = { zh: { turn: String(turn.index + 1), ...placeholders('zh') }, en: { turn: String(turn.index + 1), ...placeholders('en') } };
  return { ruleId: rule.id, turnIndex: turn.index, turnId: turn.id, dialogueId: turn.dialogueId, fieldId: field.id, reason: fillReason(rule.reason, values) };
}

function inapplicableValues(rule: InapplicableValueRule, view: DialogueView): ConsistencyFinding[] {
  const fields = (rule.fields ? rule.fields.map((id) => fieldById(view.codebook, id)) : view.codebook.fields).filter(
    (field): field is FieldDef => field !== undefined && !rule.exceptFields.includes(field.id),
  );
  const found: ConsistencyFinding[] = [];
  for (const turn of view.turns) {
    for (const field of fields) {
      if (fieldAppliesTo(field, turn.speaker)) continue;
      const value = view.value(turn, field);
      if (value.empty) continue;
      found.push(
        finding(rule, turn, field, (lang) => ({ field: fieldName(field, lang), speaker: speakerName(view.codebook, turn.speaker, lang), value: valueText(field, value, lang) })),
      );
    }
  }
  return found;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((member) => b.has(member));
}

function transfersWithoutChange(rule: TransferWithoutChangeRule, view: DialogueView): ConsistencyFinding[] {
  const field = fieldById(view.codebook, rule.field);
  const setField = fieldById(view.codebook, rule.setField);
  if (!field || !setField) return [];
  const found: ConsistencyFinding[] = [];
  let previous: { turn: Turn; value: CheckedValue; members: Set<string> } | undefined;
  for (const turn of view.turns) {
    const setValue = view.value(turn, setField);
    const members = setMembers(setValue);
    if (members.size === 0) continue;
    if (previous && view.value(turn, field).codes.includes(rule.code) && sameSet(members, previous.members)) {
      const before = previous.turn;
      found.push(
        finding(rule, turn, field, (lang) => ({
          field: fieldName(field, lang),
          value: codesText(field, [rule.code], lang),
          setField: fieldName(setField, lang),
          set: valueText(setField, setValue, lang),
          previousTurn: String(before.index + 1),
        })),
      );
    }
    previous = { turn, value: setValue, members };
  }
  return found;
}

function statesWithoutFollowUp(rule: StateWithoutFollowUpRule, view: DialogueView): ConsistencyFinding[] {
  const triggerField = fieldById(view.codebook, rule.triggerField);
  const followUpField = fieldById(view.codebook, rule.followUpField);
  if (!triggerField || !followUpField) return [];
  const found: ConsistencyFinding[] = [];
  view.turns.forEach((turn, position) => {
    const trigger = view.value(turn, triggerField);
    const states = trigger.codes.filter((code) => rule.triggerCodes.includes(code));
    if (states.length === 0) return;
    const window = view.turns
      .slice(position + 1)
      .filter((later) => fieldAppliesTo(followUpField, later.speaker))
      .slice(0, rule.withinTurns);
    if (window.length === 0) return;
    if (window.some((later) => view.value(later, followUpField).codes.some((code) => rule.followUpCodes.includes(code)))) return;
    found.push(
      finding(rule, turn, triggerField, (lang) => ({
        field: fieldName(triggerField, lang),
        value: codesText(triggerField, states, lang),
        followUpField: fieldName(followUpField, lang),
        followUps: codesText(followUpField, rule.followUpCodes, lang),
        within: String(rule.withinTurns),
      })),
    );
  });
  return found;
}

function labelsOutsideCodebook(rule: LabelOutsideCodebookRule, view: DialogueView): ConsistencyFinding[] {
  const fields = view.codebook.fields.filter((field) => field.type !== 'text' && (rule.includeOpenVocabulary || !field.openVocabulary));
  const found: ConsistencyFinding[] = [];
  for (const turn of view.turns) {
    for (const field of fields) {
      const value = view.value(turn, field);
      if (value.unknown.length === 0) continue;
      found.push(finding(rule, turn, field, (lang) => ({ field: fieldName(field, lang), value: value.unknown.join(lang === 'zh' ? '、' : ', ') })));
    }
  }
  return found;
}

function evaluate(rule: ConsistencyRule, view: DialogueView): ConsistencyFinding[] {
  switch (rule.kind) {
    case 'value-on-inapplicable-field':
      return inapplicableValues(rule, view);
    case 'transfer-without-change':
      return transfersWithoutChange(rule, view);
    case 'state-without-follow-up':
      return statesWithoutFollowUp(rule, view);
    case 'label-outside-codebook':
      return labelsOutsideCodebook(rule, view);
  }
}

/**
 * The findings of every rule on one dialogue, by turn and then in the rules file's order. A
 * field's value is the expert's where it was reviewed (`reviews` keyed `${turnId}|${fieldId}`,
 * as indexFieldReviews builds it), else the LLM pre-annotation.
 */
export function checkDialogue(
  turns: readonly Turn[],
  codebook: Codebook,
  rules: ConsistencyRules,
  reviews: ReadonlyMap<string, FieldReview> = new Map(),
): ConsistencyFinding[] {
  const ordered = [...turns].sort((a, b) => a.index - b.index);
  const view: DialogueView = { turns: ordered, codebook, value: (turn, field) => checkedValue(turn, field, reviews) };
  const found = rules.rules.flatMap((rule) => evaluate(rule, view));
  // stable: within a turn the rules keep their file order
  return found.sort((a, b) => a.turnIndex - b.turnIndex);
}
