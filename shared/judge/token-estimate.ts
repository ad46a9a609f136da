/**
 * A judge job's tokens estimated before it starts, by the same rule as pre-annotation's
 * (shared/llm/token-estimate.ts): the messages the runner sends (the prompt built once, the
 * few-shot turns, each dialogue's transcript) counted from their text, and the answer's size from
 * the number of rubrics. An estimate for a cost range, not a tokenizer.
 */
import { estimateMessagesTokens, type JobTokenEstimate, type TokenRange } from '../llm/token-estimate';
import { judgeMessages, judgePrompt, type JudgeDialogue, type JudgeFewShotExample } from './prompt';
import type { JudgeLanguage, RubricSet } from './types';

/** `{"scores": [ … ]}` around the entries */
export const JUDGE_ANSWER_WRAPPER_TOKENS = 6;
/** one rubric's entry: its id and score, and a rationale of one short sentence to a few */
export const JUDGE_ANSWER_RUBRIC_TOKENS: Readonly<TokenRange> = { low: 25, high: 120 };

export interface JudgeEstimateInput {
  rubricSet: RubricSet;
  language: JudgeLanguage;
  reasoningFirst: boolean;
  /** absent: the set's expertExamples, as the runner does */
  fewShot?: readonly JudgeFewShotExample[];
  dialogues: readonly JudgeDialogue[];
  /** samples per dialogue (1 when absent) */
  samples?: number;
}

/** What one connection's calls would take: one per dialogue and sample, without the cache. Throws for a malformed few-shot example. */
export function estimateJudgeJob(input: JudgeEstimateInput): JobTokenEstimate {
  const samples = input.samples ?? 1;
  const prompt = judgePrompt({ rubricSet: input.rubricSet, language: input.language, reasoningFirst: input.reasoningFirst, fewShot: input.fewShot ?? input.rubricSet.expertExamples });
  const rubrics = input.rubricSet.rubrics.length;
  const estimate: JobTokenEstimate = { calls: 0, input: 0, output: { low: 0, high: 0 } };
  for (const dialogue of input.dialogues) {
    if (dialogue.turns.length === 0) continue;
    estimate.calls += samples;
    estimate.input += samples * estimateMessagesTokens(judgeMessages(prompt, dialogue));
  }
  estimate.output.low = estimate.calls * (JUDGE_ANSWER_WRAPPER_TOKENS + rubrics * JUDGE_ANSWER_RUBRIC_TOKENS.low);
  estimate.output.high = estimate.calls * (JUDGE_ANSWER_WRAPPER_TOKENS + rubrics * JUDGE_ANSWER_RUBRIC_TOKENS.high);
  return estimate;
}
