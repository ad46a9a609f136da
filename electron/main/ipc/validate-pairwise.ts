/**
 * The parameters of a `jobs.start` of kind `judge-pairwise`, checked field by field like a judge
 * job's (validate-judge.ts): the rubric set through parseRubricSet, the dialogues by shape, the
 * pairs as {id, a, b}; pairwiseParameterProblems then checks the hash, the groups, that every
 * pair names dialogues of the job and every item an order of a pair.
 */
import { MAX_PAIRWISE_PAIRS, parseRubricSet, type PairwiseJobPair, type PairwiseJobParameters } from '../../../shared/judge';
import { expectObject, expectOneOf } from './validate';
import { batchSettings, dialogue } from './validate-judge';
import { fail, sampling, text } from './validate-llm';

const MAX_DIALOGUES = 50_000;

function pair(channel: string, value: unknown, index: number): PairwiseJobPair {
  const at = `${channel} pairs[${index}]`;
  const record = expectObject(at, value, ['id', 'a', 'b']);
  return { id: text(at, record, 'id', 1024), a: text(at, record, 'a', 512), b: text(at, record, 'b', 512) };
}

export function pairwiseParameters(channel: string, value: unknown): PairwiseJobParameters {
  const record = expectObject(`${channel} parameters`, value, ['rubricSet', 'rubricSetHash', 'language', 'reasoningFirst', 'sampling', 'groupA', 'groupB', 'dialogues', 'pairs', 'batch']);
  let rubricSet;
  try {
    rubricSet = parseRubricSet(record.rubricSet, "the job's rubric set");
  } catch (error) {
    fail(channel, (error as Error).message);
  }
  if (typeof record.reasoningFirst !== 'boolean') fail(channel, '"reasoningFirst" must be true or false');
  if (!Array.isArray(record.dialogues)) fail(channel, '"dialogues" must be a list');
  if (record.dialogues.length > MAX_DIALOGUES) fail(channel, `"dialogues" holds more than ${MAX_DIALOGUES.toLocaleString('en-US')} entries`);
  if (!Array.isArray(record.pairs)) fail(channel, '"pairs" must be a list');
  if (record.pairs.length > MAX_PAIRWISE_PAIRS) fail(channel, `"pairs" holds more than ${MAX_PAIRWISE_PAIRS.toLocaleString('en-US')} entries`);
  const parameters: PairwiseJobParameters = {
    rubricSet,
    rubricSetHash: text(channel, record, 'rubricSetHash', 128),
    language: expectOneOf(channel, record, 'language', ['zh', 'en'] as const),
    reasoningFirst: record.reasoningFirst,
    groupA: text(channel, record, 'groupA', 512),
    groupB: text(channel, record, 'groupB', 512),
    dialogues: record.dialogues.map((entry, index) => dialogue(channel, entry, index)),
    pairs: record.pairs.map((entry, index) => pair(channel, entry, index)),
  };
  if (record.sampling !== undefined) parameters.sampling = sampling(channel, record.sampling, 'sampling');
  if (record.batch !== undefined) parameters.batch = batchSettings(channel, record.batch);
  return parameters;
}
