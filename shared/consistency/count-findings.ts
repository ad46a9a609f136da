import type { ConsistencyFinding, ConsistencyRules, RuleFindingCount } from './types';

/**
 * A data set's findings per rule, in the rules file's order, a rule without findings included so
 * the list shows every check that ran. Findings of rules the file does not have (another version
 * of it) are left out.
 */
export function countFindingsByRule(rules: ConsistencyRules, findings: Iterable<ConsistencyFinding>): RuleFindingCount[] {
  const counts = new Map(rules.rules.map((rule) => [rule.id, { count: 0, dialogues: new Set<string>() }]));
  for (const finding of findings) {
    const entry = counts.get(finding.ruleId);
    if (!entry) continue;
    entry.count++;
    entry.dialogues.add(finding.dialogueId);
  }
  return rules.rules.map((rule) => {
    const entry = counts.get(rule.id)!;
    return { ruleId: rule.id, description: rule.description, count: entry.count, dialogues: entry.dialogues.size };
  });
}
