/**
 * A pairwise job's tokens estimated before it starts, by the rule of estimateJudgeJob: the
 * messages the runner sends for each pair in each order, counted from their text, and a verdict
 * with a rationale as the answer. An estimate for a cost range, not a tokenizer.
 */
import { estimateMessagesTokens, type JobTokenEstimate, type TokenRange } from '../llm/token-estimate';
import { PAIR_ORDERS, type PairwiseJobParameters } from './pairwise-job';
import { pairwiseMessages, pairwisePrompt } from './pairwise-prompt';

/** `{"verdict": "first", "rationale": "…"}`: the verdict and a rationale of a sentence to a short paragraph */
export const PAIRWISE_ANSWER_TOKENS: Readonly<TokenRange> = { low: 30, high: 200 };

/** What one connection's calls would take: every pair in both orders, `samples` times, without the cache. */
export function estimatePairwiseJob(parameters: Pick<PairwiseJobParameters, 'rubricSet' | 'language' | 'reasoningFirst' | 'dialogues' | 'pairs'>, samples = 1): JobTokenEstimate {
  const prompt = pairwisePrompt({ rubricSet: parameters.rubricSet, language: parameters.language, reasoningFirst: parameters.reasoningFirst });
  const byId = new Map(parameters.dialogues.map((dialogue) => [dialogue.id, dialogue]));
  const estimate: JobTokenEstimate = { calls: 0, input: 0, output: { low: 0, high: 0 } };
  for (const pair of parameters.pairs) {
    const a = byId.get(pair.a);
    const b = byId.get(pair.b);
    if (!a || !b || a.turns.length === 0 || b.turns.length === 0) continue;
    for (const order of PAIR_ORDERS) {
      const [first, second] = order === 'ab' ? [a, b] : [b, a];
      estimate.calls += samples;
      estimate.input += samples * estimateMessagesTokens(pairwiseMessages(prompt, first, second));
    }
  }
  estimate.output.low = estimate.calls * PAIRWISE_ANSWER_TOKENS.low;
  estimate.output.high = estimate.calls * PAIRWISE_ANSWER_TOKENS.high;
  return estimate;
}
