import type { JobDefinition } from '../jobs/definition';
import type { JobItemOutcome } from '../jobs/events';
import type { TokenCounts } from '../jobs/types';
import type { SamplingParameters } from '../llm/connection';
import type { DialogueTurn } from '../llm/dialogue-turn';
import type { StoredCall } from '../llm/pre-annotation-job';
import type { JudgeDialogueContext, JudgeFewShotExample, JudgePrompt } from './prompt';
import { batchSettingsProblems, type JudgeBatchSettings } from './batch-settings';
import { rubricSetHash } from './rubric-hash';
import type { JudgeLanguage, RubricSet, RubricSetRef } from './types';

/**
 * A judge job (issue 13) as the engine runs it and the renderer stores its results. Like a
 * pre-annotation job it carries the dialogues themselves (main has no IndexedDB, and the journal
 * keeps them so an interrupted job resumes without the renderer) and the whole rubric set with
 * its hash (checked at start: results point at the version they were scored against). Item ids
 * are the dialogue ids; one work item is one dialogue × judge connection × sample.
 */
export interface JudgeJobParameters {
  rubricSet: RubricSet;
  /** rubricSetHash(rubricSet); a job whose set does not hash to it is refused */
  rubricSetHash: string;
  language: JudgeLanguage;
  reasoningFirst: boolean;
  /** expert-scored dialogues shown before the one to score; absent: the rubric set's own expertExamples */
  fewShot?: JudgeFewShotExample[];
  /** over the connection's own judge sampling and the paper's (temperature 0.1, top_p 0.9, max_tokens 1024) */
  sampling?: SamplingParameters;
  /**
   * Ask the endpoint for logprobs with this many alternatives per token (1–20; absent or 0:
   * none). Where they come back, each score gets G-Eval's expected score beside it.
   */
  topLogprobs?: number;
  dialogues: JudgeJobDialogue[];
  /** through the OpenAI Batch API (one batch per connection) instead of live calls; absent: live calls */
  batch?: JudgeBatchSettings;
}

export interface JudgeJobDialogue {
  id: string;
  turns: DialogueTurn[];
  context?: JudgeDialogueContext;
}

export type JudgeJobDefinition = JobDefinition<'judge', JudgeJobParameters>;

/** One rubric's score in a result: the sampled integer, its rationale and, with logprobs, the expected score. */
export interface JudgeJobScore {
  rubric: string;
  score: number;
  rationale: string;
  /** Σ s·p(s) over the allowed score tokens at the score's position; null when logprobs were asked but none fell on a score; absent when not asked */
  expected?: number | null;
}

interface JudgeJobPayloadBase {
  dialogueId: string;
  connectionId: string;
  /** the judge model as the endpoint answered it (the connection's model when no answer came) */
  judgeModel: string;
  /** 0 for the first of the job's samples */
  sample: number;
  rubricSet: RubricSetRef;
  prompt: JudgePrompt['ref'];
  tokens: TokenCounts;
  /** answered from the response cache: no call made */
  cached: boolean;
  /** the call (its attempts, raw answer and reasons), never anything of the key */
  call: StoredCall;
}

/** A valid answer: one score per rubric of the set, in the set's order. */
export interface JudgeJobScored extends JudgeJobPayloadBase {
  status: 'valid';
  scores: JudgeJobScore[];
}

/** Retries exhausted (malformed, missing, duplicate, out-of-range…, or the endpoint failing): every reason, and no score. */
export interface JudgeJobFailed extends JudgeJobPayloadBase {
  status: 'failed';
  reasons: string[];
}

/**
 * What a finished judge item carries. A valid one is the `payload` of an `ok: true` outcome; a
 * failed one is the `payload` of the `ok: false` outcome (the item is counted failed and listed
 * for review; its `reason` is `reasons` joined). A job stopped as a whole (key refused) gives no
 * payload for the items it did not finish.
 */
export type JudgeJobPayload = JudgeJobScored | JudgeJobFailed;

/** The typed result of a finished item's outcome, or null when it carries none (an older journal, another kind). */
export function judgeJobResult(outcome: JobItemOutcome<JudgeJobPayload>): JudgeJobPayload | null {
  const payload = outcome.payload;
  if (!payload || typeof payload !== 'object') return null;
  if (outcome.ok && payload.status === 'valid') return payload;
  if (!outcome.ok && payload.status === 'failed') return payload;
  return null;
}

/** Limits a judge definition stays within (it crosses IPC and is journaled whole). */
export const MAX_JUDGE_DIALOGUES = 50_000;
export const MAX_JUDGE_TURNS = 5_000;
export const MAX_TOP_LOGPROBS = 20;

/** Problems with a judge job's parameters beyond their shape, in words; empty when it can run. */
export function judgeParameterProblems(definition: JudgeJobDefinition): string[] {
  const problems: string[] = [];
  const { parameters } = definition;
  const { dialogues, rubricSet } = parameters;
  const hash = rubricSetHash(rubricSet);
  if (parameters.rubricSetHash !== hash) problems.push(`the rubric set ${rubricSet.id}@${rubricSet.version} hashes to ${hash}, not to the ${JSON.stringify(parameters.rubricSetHash)} the job names: it was changed after the job was made`);
  if (parameters.language !== 'zh' && parameters.language !== 'en') problems.push(`language must be "zh" or "en" (got ${JSON.stringify(parameters.language)})`);
  const top = parameters.topLogprobs;
  if (top !== undefined && !(Number.isInteger(top) && top >= 0 && top <= MAX_TOP_LOGPROBS)) problems.push(`topLogprobs must be a whole number from 0 to ${MAX_TOP_LOGPROBS} (got ${String(top)})`);
  problems.push(...batchSettingsProblems(parameters.batch));
  if (dialogues.length > MAX_JUDGE_DIALOGUES) problems.push(`a judge job takes at most ${MAX_JUDGE_DIALOGUES.toLocaleString('en-US')} dialogues (got ${dialogues.length.toLocaleString('en-US')})`);
  const byId = new Map(dialogues.map((dialogue) => [dialogue.id, dialogue]));
  if (byId.size !== dialogues.length) problems.push('the dialogues hold the same id more than once');
  const missing = definition.itemIds.filter((id) => !byId.has(id));
  if (missing.length > 0) problems.push(`${missing.length} item(s) name no dialogue of the job (first: ${JSON.stringify(missing[0])})`);
  for (const dialogue of dialogues) {
    if (dialogue.turns.length === 0) problems.push(`dialogue ${JSON.stringify(dialogue.id)} has no turns`);
    else if (dialogue.turns.length > MAX_JUDGE_TURNS) problems.push(`dialogue ${JSON.stringify(dialogue.id)} has ${dialogue.turns.length} turns; at most ${MAX_JUDGE_TURNS} are judged`);
    if (problems.length > 20) break;
  }
  const rubrics = new Map(rubricSet.rubrics.map((rubric) => [rubric.id, rubric]));
  (parameters.fewShot ?? []).forEach((example, index) => {
    if (example.turns.length === 0) problems.push(`few-shot example ${index + 1} has no turns`);
    const seen = new Set<string>();
    for (const { rubric: id, score } of example.scores) {
      const rubric = rubrics.get(id);
      if (!rubric) problems.push(`few-shot example ${index + 1} scores ${JSON.stringify(id)}, which is not in the set`);
      else if (!Number.isInteger(score) || score < rubric.range.min || score > rubric.range.max) problems.push(`few-shot example ${index + 1}: the score ${score} of ${id} lies outside ${rubric.range.min}–${rubric.range.max}`);
      if (seen.has(id)) problems.push(`few-shot example ${index + 1} scores ${id} twice`);
      seen.add(id);
    }
    for (const id of rubrics.keys()) if (!seen.has(id)) problems.push(`few-shot example ${index + 1} has no score for ${id}`);
  });
  return problems;
}
