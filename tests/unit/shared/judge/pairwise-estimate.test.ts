import { describe, expect, it } from 'vitest';
import { SID_RUBRIC_SET } from '../../../../shared/judge/default-rubrics';
import { estimatePairwiseJob, PAIRWISE_ANSWER_TOKENS } from '../../../../shared/judge/pairwise-estimate';
import { pairwiseMessages, pairwisePrompt } from '../../../../shared/judge/pairwise-prompt';
import { estimateMessagesTokens } from '../../../../shared/llm/token-estimate';

const dialogue = (id: string, words: string) => ({ id, turns: [{ speaker: 'teacher' as const, utterance: `${words} 为什么？` }, { speaker: 'student' as const, utterance: words }] });

describe('pairwise estimate', () => {
  it('counts every pair in both orders and samples, each with the messages the runner sends', () => {
    const a = dialogue('A:1', '植物需要阳光');
    const b = dialogue('B:1', 'plants need light and water to grow well');
    const parameters = { rubricSet: SID_RUBRIC_SET, language: 'en' as const, reasoningFirst: true, dialogues: [a, b], pairs: [{ id: '1', a: a.id, b: b.id }] };
    const prompt = pairwisePrompt({ rubricSet: SID_RUBRIC_SET, language: 'en', reasoningFirst: true });
    const one = estimateMessagesTokens(pairwiseMessages(prompt, a, b)) + estimateMessagesTokens(pairwiseMessages(prompt, b, a));
    const estimate = estimatePairwiseJob(parameters, 3);
    expect(estimate.calls).toBe(6);
    expect(estimate.input).toBe(3 * one);
    expect(estimate.output).toEqual({ low: 6 * PAIRWISE_ANSWER_TOKENS.low, high: 6 * PAIRWISE_ANSWER_TOKENS.high });
  });

  it('leaves out a pair naming a dialogue the job does not carry', () => {
    const a = dialogue('A:1', 'x');
    expect(estimatePairwiseJob({ rubricSet: SID_RUBRIC_SET, language: 'zh', reasoningFirst: false, dialogues: [a], pairs: [{ id: '1', a: a.id, b: 'B:gone' }] }).calls).toBe(0);
  });
});
