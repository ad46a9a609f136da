export * from './types';
export { DEFAULT_CONSISTENCY_RULES } from './default-rules';
export { ConsistencyRulesError, parseConsistencyRules } from './parse-rules';
export { checkDialogue } from './check-dialogue';
export { checkedValue, type CheckedValue } from './turn-values';
export { countFindingsByRule } from './count-findings';
