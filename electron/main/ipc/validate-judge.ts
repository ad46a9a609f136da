/**
 * The parameters of a `jobs.start` of kind `judge`, checked field by field like pre-annotation's
 * (validate-llm.ts): the rubric set through parseRubricSet (every problem with its JSON path),
 * the dialogues and few-shot examples by shape; judgeParameterProblems then checks the set's
 * hash, the limits and the examples against the set.
 */
import { BATCH_POLL_SECONDS, BATCH_TIMEOUT_HOURS, parseRubricSet, type JudgeBatchSettings, type JudgeDialogueContext, type JudgeFewShotExample, type JudgeJobDialogue, type JudgeJobParameters } from '../../../shared/judge';
import { expectObject, expectOneOf } from './validate';
import { dialogueTurns, fail, finiteNumber, optionalNumber, sampling, text } from './validate-llm';

const MAX_FEW_SHOT = 20;
const MAX_DIALOGUES = 50_000;

function context(channel: string, value: unknown, at: string): JudgeDialogueContext | undefined {
  if (value === undefined) return undefined;
  const record = expectObject(`${channel} ${at}.context`, value, ['topic', 'studentType', 'scenario']);
  const result: JudgeDialogueContext = {};
  for (const key of ['topic', 'studentType', 'scenario'] as const) if (record[key] !== undefined) result[key] = text(channel, record, key, 10_000);
  return result;
}

function turnsOf(channel: string, record: Record<string, unknown>, at: string) {
  if (!Array.isArray(record.turns)) fail(channel, `${at}.turns must be a list`);
  return dialogueTurns(channel, record.turns, at);
}

export function dialogue(channel: string, value: unknown, index: number): JudgeJobDialogue {
  const at = `dialogues[${index}]`;
  const record = expectObject(`${channel} ${at}`, value, ['id', 'turns', 'context']);
  const result: JudgeJobDialogue = { id: text(channel, record, 'id', 512), turns: turnsOf(channel, record, at) };
  const given = context(channel, record.context, at);
  if (given) result.context = given;
  return result;
}

function fewShotExample(channel: string, value: unknown, index: number): JudgeFewShotExample {
  const at = `fewShot[${index}]`;
  const record = expectObject(`${channel} ${at}`, value, ['turns', 'context', 'scores']);
  if (!Array.isArray(record.scores)) fail(channel, `${at}.scores must be a list`);
  const scores = record.scores.map((entry, position) => {
    const score = expectObject(`${channel} ${at}.scores[${position}]`, entry, ['rubric', 'score', 'rationale']);
    const result: { rubric: string; score: number; rationale?: string } = { rubric: text(channel, score, 'rubric', 200), score: finiteNumber(channel, score, 'score') };
    if (score.rationale !== undefined) result.rationale = text(channel, score, 'rationale', 20_000);
    return result;
  });
  const example: JudgeFewShotExample = { turns: turnsOf(channel, record, at), scores };
  const given = context(channel, record.context, at);
  if (given) (example as { context?: JudgeDialogueContext }).context = given;
  return example;
}

/** A job's `batch` (Batch API) settings: each number within its bounds; absent: live calls. */
export function batchSettings(channel: string, value: unknown): JudgeBatchSettings {
  const record = expectObject(`${channel} batch`, value, ['pollSeconds', 'timeoutHours']);
  const result: JudgeBatchSettings = {};
  for (const [key, range] of [['pollSeconds', BATCH_POLL_SECONDS], ['timeoutHours', BATCH_TIMEOUT_HOURS]] as const) {
    const number = optionalNumber(`${channel} batch`, record, key);
    if (number === undefined) continue;
    if (number < range.min || number > range.max) fail(channel, `"batch.${key}" must be from ${range.min} to ${range.max} (got ${number})`);
    result[key] = number;
  }
  return result;
}

export function judgeParameters(channel: string, value: unknown): JudgeJobParameters {
  const record = expectObject(`${channel} parameters`, value, ['rubricSet', 'rubricSetHash', 'language', 'reasoningFirst', 'fewShot', 'sampling', 'topLogprobs', 'dialogues', 'batch']);
  let rubricSet;
  try {
    rubricSet = parseRubricSet(record.rubricSet, "the job's rubric set");
  } catch (error) {
    fail(channel, (error as Error).message);
  }
  if (typeof record.reasoningFirst !== 'boolean') fail(channel, '"reasoningFirst" must be true or false');
  if (!Array.isArray(record.dialogues)) fail(channel, '"dialogues" must be a list');
  if (record.dialogues.length > MAX_DIALOGUES) fail(channel, `"dialogues" holds more than ${MAX_DIALOGUES.toLocaleString('en-US')} entries`);
  if (record.fewShot !== undefined && !Array.isArray(record.fewShot)) fail(channel, '"fewShot" must be a list');
  const fewShot = (record.fewShot as unknown[] | undefined) ?? [];
  if (fewShot.length > MAX_FEW_SHOT) fail(channel, `"fewShot" holds more than ${MAX_FEW_SHOT} examples`);
  const parameters: JudgeJobParameters = {
    rubricSet,
    rubricSetHash: text(channel, record, 'rubricSetHash', 128),
    language: expectOneOf(channel, record, 'language', ['zh', 'en'] as const),
    reasoningFirst: record.reasoningFirst,
    dialogues: record.dialogues.map((entry, index) => dialogue(channel, entry, index)),
  };
  if (record.fewShot !== undefined) parameters.fewShot = fewShot.map((entry, index) => fewShotExample(channel, entry, index));
  if (record.sampling !== undefined) parameters.sampling = sampling(channel, record.sampling, 'sampling');
  const topLogprobs = optionalNumber(channel, record, 'topLogprobs');
  if (topLogprobs !== undefined) parameters.topLogprobs = topLogprobs;
  if (record.batch !== undefined) parameters.batch = batchSettings(channel, record.batch);
  return parameters;
}
