/**
 * Consistency rules are data (resources/codebooks/<codebook>.rules.json, beside the codebook they
 * check), so a custom codebook can bring its own. The engine knows a few rule kinds; a rules file
 * picks kinds and fills in their fields and codes. These types describe that file once parsed.
 */
import type { BilingualText } from '../codebook/types';

interface RuleBase {
  /** stable, ASCII: findings and dismissals refer to it */
  id: string;
  /** why the rule exists, for the person who reads the rules file or the findings list */
  description: BilingualText;
  /** the finding's reason; `{placeholders}` are filled per finding (see PLACEHOLDERS) */
  reason: BilingualText;
}

/** A field that does not apply to the turn's speaker (codebook `appliesTo`) holds a value. */
export interface InapplicableValueRule extends RuleBase {
  kind: 'value-on-inapplicable-field';
  /** the fields checked; absent: every field of the codebook */
  fields?: string[];
  /** fields left to another rule (the Bloom level has its own reason) */
  exceptFields: string[];
}

/**
 * `field` holds `code` (a transfer marked) while `setField` holds the same set as on the nearest
 * earlier turn whose `setField` is not empty. A turn without any `setField` value, or one without
 * an earlier turn that has one, is not judged: there is nothing to compare.
 */
export interface TransferWithoutChangeRule extends RuleBase {
  kind: 'transfer-without-change';
  field: string;
  code: string;
  setField: string;
}

/**
 * A turn whose `triggerField` holds one of `triggerCodes` is not followed, within the next
 * `withinTurns` turns to which `followUpField` applies, by a turn whose `followUpField` holds one
 * of `followUpCodes`. A dialogue that ends before any such turn is not judged (nobody could answer).
 */
export interface StateWithoutFollowUpRule extends RuleBase {
  kind: 'state-without-follow-up';
  triggerField: string;
  triggerCodes: string[];
  followUpField: string;
  followUpCodes: string[];
  withinTurns: number;
}

/** A label field holds a value that names no label of the codebook. */
export interface LabelOutsideCodebookRule extends RuleBase {
  kind: 'label-outside-codebook';
  /** open vocabularies (discipline) accept new values by design; checked only when true */
  includeOpenVocabulary: boolean;
}

export type ConsistencyRule = InapplicableValueRule | TransferWithoutChangeRule | StateWithoutFollowUpRule | LabelOutsideCodebookRule;

export type RuleKind = ConsistencyRule['kind'];

export interface ConsistencyRules {
  /** the codebook the rules were written for (its `id`) */
  codebookId: string;
  rules: ConsistencyRule[];
}

/** The placeholders each kind's reason may use, filled in the reason's language. */
export const PLACEHOLDERS: Record<RuleKind, readonly string[]> = {
  'value-on-inapplicable-field': ['turn', 'field', 'speaker', 'value'],
  'transfer-without-change': ['turn', 'field', 'value', 'setField', 'set', 'previousTurn'],
  'state-without-follow-up': ['turn', 'field', 'value', 'followUpField', 'followUps', 'within'],
  'label-outside-codebook': ['turn', 'field', 'value'],
};

/** One rule broken on one turn. */
export interface ConsistencyFinding {
  ruleId: string;
  /** 0-based position of the turn in its dialogue */
  turnIndex: number;
  turnId: string;
  dialogueId: string;
  /** the field the finding is about */
  fieldId: string;
  /** the rule's reason with this turn's values filled in */
  reason: BilingualText;
}

/** One rule's line in a data set's list: how many findings it has, zero included. */
export interface RuleFindingCount {
  ruleId: string;
  description: BilingualText;
  count: number;
  /** dialogues with at least one finding of the rule */
  dialogues: number;
}
