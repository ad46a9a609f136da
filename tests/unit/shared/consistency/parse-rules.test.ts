import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { ConsistencyRulesError, DEFAULT_CONSISTENCY_RULES, parseConsistencyRules } from '../../../../shared/consistency';
import sidRules from '../../../../resources/codebooks/sid-default.rules.json';

type RulesJson = { codebookId: string; rules: Record<string, unknown>[] };
const fresh = () => structuredClone(sidRules) as RulesJson;

function problemsOf(json: unknown): string[] {
  try {
    parseConsistencyRules(json, DEFAULT_CODEBOOK, 'my.rules.json');
  } catch (error) {
    expect(error).toBeInstanceOf(ConsistencyRulesError);
    expect((error as Error).message).toMatch(/^Invalid consistency rules my\.rules\.json:\n- /);
    return (error as ConsistencyRulesError).problems;
  }
  throw new Error('parsed without a problem');
}

describe('parseConsistencyRules', () => {
  it('reads the shipped rules for the default codebook, one of each kind the issue asks for', () => {
    expect(DEFAULT_CONSISTENCY_RULES.codebookId).toBe(DEFAULT_CODEBOOK.id);
    expect(DEFAULT_CONSISTENCY_RULES.rules.map((rule) => [rule.id, rule.kind])).toEqual([
      ['value-on-inapplicable-field', 'value-on-inapplicable-field'],
      ['transfer-without-change', 'transfer-without-change'],
      ['bloom-on-inapplicable-turn', 'value-on-inapplicable-field'],
      ['incorrect-answer-not-corrected', 'state-without-follow-up'],
      ['label-outside-codebook', 'label-outside-codebook'],
    ]);
  });

  it('rejects a file that is not one object, and rules written for another codebook', () => {
    expect(problemsOf([])).toEqual(['the file must hold one JSON object']);
    expect(problemsOf({ ...fresh(), codebookId: 'mathdial' })).toEqual(['$.codebookId: the rules are for codebook "mathdial", not "sid-default"']);
    expect(problemsOf({ codebookId: 'sid-default' })).toEqual(['$.rules must be a list']);
  });

  it('names the JSON path of an unknown kind, a bad or repeated id and a missing reason', () => {
    const json = fresh();
    json.rules[0].kind = 'no-such-kind';
    json.rules[1].id = 'transfer without change';
    json.rules[2].id = 'label-outside-codebook';
    delete json.rules[3].reason;
    expect(problemsOf(json)).toEqual([
      '$.rules[0].kind must be one of value-on-inapplicable-field, transfer-without-change, state-without-follow-up, label-outside-codebook',
      '$.rules[1].id "transfer without change" must be ASCII letters, digits, _ and -',
      '$.rules[3].reason must be an object {"zh": "…", "en": "…"}',
      '$.rules: rule id "label-outside-codebook" appears twice',
    ]);
  });

  it('checks every field and code against the codebook', () => {
    const json = fresh();
    json.rules[0].exceptFields = ['bloom'];
    Object.assign(json.rules[1], { code: 'maybe', setField: 'teacher_intent' });
    Object.assign(json.rules[3], { triggerField: 'utterance', followUpCodes: ['correction'], withinTurns: 0 });
    expect(problemsOf(json)).toEqual([
      '$.rules[0].exceptFields: the codebook has no field "bloom"',
      '$.rules[1].code: "maybe" is not a label of "discipline_transfer" (yes, no)',
      '$.rules[1].setField: "teacher_intent" is a single field; this rule compares sets',
      '$.rules[3].triggerField: "utterance" is a text field; this rule needs a field with labels',
      '$.rules[3].withinTurns must be a whole number of turns, 1 or more',
      '$.rules[3].followUpCodes: "correction" is not a label of "teaching_strategy" (follow_up_questioning, provide_hints, use_analogies, scenario_questioning, break_down_question, encourage_responses, corrective_feedback)',
    ]);
  });

  it('allows in a reason only the placeholders its kind fills', () => {
    const json = fresh();
    (json.rules[4].reason as { en: string }).en = 'Turn {turn}: {field} holds {value} from {speaker}.';
    expect(problemsOf(json)).toEqual(['$.rules[4].reason.en: {speaker} is not a placeholder of label-outside-codebook (use {turn}, {field}, {value})']);
  });
});
