/**
 * Guards for the arguments of the connection and job channels. The renderer is untrusted: each
 * shape is checked field by field (unknown fields refused), then by the domain's own checks
 * (checkConnection, checkJobDefinition, the codebook parser, the pre-annotation limits), and a
 * bad argument becomes an Error naming the channel, the field and what was wrong. A key given to
 * `llm.connections.save` is never quoted in a message.
 */
import { parseCodebook } from '../../../shared/codebook/parse-codebook';
import { PENDING_ITEMS_DEFAULT, PENDING_ITEMS_MAX, type AckJobItemsArgs, type JobRef, type SaveConnectionArgs } from '../../../shared/ipc/contract';
import { checkJobDefinition, JOB_KINDS, type JobDefinition } from '../../../shared/jobs';
import { generationParameterProblems, type GenerationJobDefinition } from '../../../shared/scenario';
import { judgeParameterProblems, pairwiseParameterProblems, type JudgeJobDefinition, type PairwiseJobDefinition } from '../../../shared/judge';
import { checkConnection, preAnnotationParameterProblems, type DialogueTurn, type ConnectionSettings, type KeyChange, type PreAnnotationJobDefinition, type PreAnnotationParameters, type SamplingParameters } from '../../../shared/llm';
import { expectObject, expectString } from './validate';
import { generationParameters } from './validate-generation';
import { synthesisParameterProblems, type SynthesisJobDefinition } from '../../../shared/synthesis';
import { synthesisParameters } from './validate-synthesis';
import { judgeParameters } from './validate-judge';
import { pairwiseParameters } from './validate-pairwise';

const SPEAKERS = ['teacher', 'student', 'other'] as const;
/** Longest text field of a connection (a name, a URL, a model, a header value). */
const MAX_TEXT = 2048;
const MAX_KEY = 4096;

export function fail(channel: string, message: string): never {
  throw new Error(`${channel}: ${message}`);
}

export function text(channel: string, record: Record<string, unknown>, key: string, max = MAX_TEXT): string {
  const value = expectString(channel, record, key);
  if (value.length > max) fail(channel, `"${key}" is longer than ${max} characters`);
  return value;
}

function optionalText(channel: string, record: Record<string, unknown>, key: string): string | undefined {
  return record[key] === undefined ? undefined : text(channel, record, key);
}

export function finiteNumber(channel: string, record: Record<string, unknown>, key: string): number {
  const value = record[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(channel, `"${key}" must be a finite number`);
  return value;
}

export function optionalNumber(channel: string, record: Record<string, unknown>, key: string): number | undefined {
  return record[key] === undefined ? undefined : finiteNumber(channel, record, key);
}

export function stringList(channel: string, value: unknown, key: string, max: number): string[] {
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string')) fail(channel, `"${key}" must be a list of strings`);
  if (value.length > max) fail(channel, `"${key}" holds more than ${max.toLocaleString('en-US')} entries`);
  return value as string[];
}

export function sampling(channel: string, value: unknown, key: string): SamplingParameters {
  const record = expectObject(`${channel} ${key}`, value, ['temperature', 'top_p', 'max_tokens', 'seed']);
  const result: SamplingParameters = {};
  for (const name of ['temperature', 'top_p', 'max_tokens', 'seed'] as const) {
    const number = optionalNumber(channel, record, name);
    if (number !== undefined) result[name] = number;
  }
  return result;
}

function connectionSettings(channel: string, value: unknown): ConnectionSettings {
  const record = expectObject(channel, value, ['id', 'name', 'baseURL', 'model', 'organization', 'family', 'maxAnswerMB', 'extraHeaders', 'price', 'sampling', 'concurrency']);
  const headers = expectObject(`${channel} extraHeaders`, record.extraHeaders ?? {}, Object.keys((record.extraHeaders as object) ?? {}));
  const extraHeaders: Record<string, string> = {};
  for (const [name, headerValue] of Object.entries(headers)) {
    if (typeof headerValue !== 'string' || headerValue.length > MAX_TEXT) fail(channel, `the value of header ${JSON.stringify(name.slice(0, 40))} must be text of at most ${MAX_TEXT} characters`);
    extraHeaders[name] = headerValue;
  }
  const samplingRecord = expectObject(`${channel} sampling`, record.sampling ?? {}, [...JOB_KINDS]);
  const concurrency = expectObject(`${channel} concurrency`, record.concurrency, ['start', 'min', 'max']);
  const settings: ConnectionSettings = {
    id: text(channel, record, 'id', 128),
    name: text(channel, record, 'name', 200),
    baseURL: text(channel, record, 'baseURL'),
    model: text(channel, record, 'model', 200),
    extraHeaders,
    sampling: Object.fromEntries(Object.entries(samplingRecord).map(([kind, given]) => [kind, sampling(channel, given, `sampling.${kind}`)])),
    concurrency: { start: finiteNumber(channel, concurrency, 'start'), min: finiteNumber(channel, concurrency, 'min'), max: finiteNumber(channel, concurrency, 'max') },
  };
  const organization = optionalText(channel, record, 'organization');
  if (organization !== undefined) settings.organization = organization;
  const family = optionalText(channel, record, 'family');
  if (family !== undefined) settings.family = family;
  const maxAnswerMB = optionalNumber(channel, record, 'maxAnswerMB');
  if (maxAnswerMB !== undefined) settings.maxAnswerMB = maxAnswerMB;
  if (record.price !== undefined) {
    const price = expectObject(`${channel} price`, record.price, ['inputPerMillion', 'outputPerMillion']);
    settings.price = { inputPerMillion: finiteNumber(channel, price, 'inputPerMillion'), outputPerMillion: finiteNumber(channel, price, 'outputPerMillion') };
  }
  const { problems } = checkConnection({ ...settings, keySet: false });
  if (problems.length > 0) fail(channel, problems.map((problem) => `${problem.field}: ${problem.message}`).join('; '));
  return settings;
}

function keyChange(channel: string, value: unknown): KeyChange {
  const record = expectObject(`${channel} key`, value, ['keep', 'set', 'remove']);
  const given = Object.keys(record);
  if (given.length !== 1) fail(channel, '"key" must be exactly one of { keep: true }, { set: "<key>" }, { remove: true }');
  if (record.keep === true) return { keep: true };
  if (record.remove === true) return { remove: true };
  if (typeof record.set === 'string') {
    const key = record.set.trim();
    if (key === '' || key.length > MAX_KEY || /[\s\u0000-\u001f]/.test(key)) fail(channel, 'the API key must be one line of text without spaces, at most 4096 characters');
    return { set: key };
  }
  return fail(channel, '"key" must be exactly one of { keep: true }, { set: "<key>" }, { remove: true }');
}

export function parseSaveConnectionArgs(value: unknown): SaveConnectionArgs {
  const channel = 'llm.connections.save';
  const record = expectObject(channel, value, ['connection', 'key']);
  return { connection: connectionSettings(channel, record.connection), key: keyChange(channel, record.key) };
}

export function parseConnectionRef(channel: string, value: unknown): { id: string } {
  const record = expectObject(channel, value, ['id']);
  return { id: text(channel, record, 'id', 128) };
}

export function parseJobRef(channel: string, value: unknown): JobRef {
  const record = expectObject(channel, value, ['jobId']);
  return { jobId: text(channel, record, 'jobId', 64) };
}

export function parseAckArgs(value: unknown): AckJobItemsArgs {
  const channel = 'jobs.ack';
  const record = expectObject(channel, value, ['jobId', 'itemKeys']);
  return { jobId: text(channel, record, 'jobId', 64), itemKeys: stringList(channel, record.itemKeys, 'itemKeys', 100_000) };
}

/** `jobs.pending`: where the page starts (a whole number from 0) and how many items it may carry. */
export function parsePendingArgs(value: unknown): { after: number; limit: number } {
  const channel = 'jobs.pending';
  const record = expectObject(channel, value, ['after', 'limit']);
  const after = record.after === undefined ? 0 : record.after;
  if (typeof after !== 'number' || !Number.isSafeInteger(after) || after < 0) fail(channel, '"after" must be a whole number of at least 0 (the cursor of the previous page)');
  const limit = record.limit === undefined ? PENDING_ITEMS_DEFAULT : record.limit;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > PENDING_ITEMS_MAX) fail(channel, `"limit" must be a whole number from 1 to ${PENDING_ITEMS_MAX}`);
  return { after, limit };
}

/** A dialogue's turns: speaker and utterance each, nothing else. */
export function dialogueTurns(channel: string, value: unknown[], at: string): DialogueTurn[] {
  return value.map((turnEntry, turnIndex) => {
    const turn = expectObject(`${channel} ${at}.turns[${turnIndex}]`, turnEntry, ['speaker', 'utterance']);
    const speaker = SPEAKERS.find((known) => known === turn.speaker);
    if (speaker === undefined) fail(channel, `${at}.turns[${turnIndex}].speaker must be one of ${SPEAKERS.join(', ')}`);
    return { speaker, utterance: text(channel, turn, 'utterance', 200_000) };
  });
}

function preAnnotationParameters(channel: string, value: unknown): PreAnnotationParameters {
  const record = expectObject(`${channel} parameters`, value, ['datasetId', 'layerName', 'codebook', 'template', 'sampling', 'window', 'dialogues']);
  let codebook;
  try {
    codebook = parseCodebook(record.codebook, 'the job\'s codebook');
  } catch (error) {
    fail(channel, (error as Error).message);
  }
  const template = expectObject(`${channel} template`, record.template, ['id', 'version', 'system', 'user']);
  if (!Array.isArray(record.dialogues)) fail(channel, '"dialogues" must be a list');
  const dialogues = record.dialogues.map((entry, index) => {
    const dialogue = expectObject(`${channel} dialogues[${index}]`, entry, ['id', 'turns']);
    if (!Array.isArray(dialogue.turns)) fail(channel, `dialogues[${index}].turns must be a list`);
    return {
      id: text(channel, dialogue, 'id', 512),
      turns: dialogueTurns(channel, dialogue.turns, `dialogues[${index}]`),
    };
  });
  const parameters: PreAnnotationParameters = {
    datasetId: text(channel, record, 'datasetId', 128),
    layerName: text(channel, record, 'layerName', 200),
    codebook,
    template: { id: text(channel, template, 'id', 128), version: text(channel, template, 'version', 64), system: text(channel, template, 'system', 100_000), user: text(channel, template, 'user', 100_000) },
    dialogues,
  };
  if (record.sampling !== undefined) parameters.sampling = sampling(channel, record.sampling, 'sampling');
  if (record.window !== undefined) {
    const window = expectObject(`${channel} window`, record.window, ['size', 'overlap']);
    parameters.window = { size: finiteNumber(channel, window, 'size'), overlap: finiteNumber(channel, window, 'overlap') };
  }
  return parameters;
}

export function parseStartJobArgs(value: unknown): { definition: JobDefinition } {
  const channel = 'jobs.start';
  const outer = expectObject(channel, value, ['definition']);
  const record = expectObject(`${channel} definition`, outer.definition, ['kind', 'title', 'connectionIds', 'itemIds', 'samples', 'budget', 'parameters']);
  const kind = JOB_KINDS.find((known) => known === record.kind);
  if (kind === undefined) fail(channel, `"kind" must be one of ${JOB_KINDS.join(', ')}`);
  const common = { title: text(channel, record, 'title', 200), connectionIds: stringList(channel, record.connectionIds, 'connectionIds', 16), itemIds: stringList(channel, record.itemIds, 'itemIds', 50_000) };
  const definition: PreAnnotationJobDefinition | JudgeJobDefinition | PairwiseJobDefinition | GenerationJobDefinition | SynthesisJobDefinition =
    kind === 'rubric-synthesis'
      ? { kind, ...common, parameters: synthesisParameters(channel, record.parameters) }
      : kind === 'generation'
      ? { kind, ...common, parameters: generationParameters(channel, record.parameters) }
      : kind === 'judge'
      ? { kind, ...common, parameters: judgeParameters(channel, record.parameters) }
      : kind === 'judge-pairwise'
        ? { kind, ...common, parameters: pairwiseParameters(channel, record.parameters) }
        : { kind, ...common, parameters: preAnnotationParameters(channel, record.parameters) };
  const samples = optionalNumber(channel, record, 'samples');
  if (samples !== undefined) definition.samples = samples;
  if (record.budget !== undefined) {
    const budget = expectObject(`${channel} budget`, record.budget, ['maxTokens', 'maxCost']);
    definition.budget = {};
    const maxTokens = optionalNumber(channel, budget, 'maxTokens');
    const maxCost = optionalNumber(channel, budget, 'maxCost');
    if (maxTokens !== undefined) definition.budget.maxTokens = maxTokens;
    if (maxCost !== undefined) definition.budget.maxCost = maxCost;
  }
  const kindProblems =
    definition.kind === 'judge' ? judgeParameterProblems(definition)
      : definition.kind === 'judge-pairwise' ? pairwiseParameterProblems(definition)
        : definition.kind === 'generation' ? generationParameterProblems(definition)
          : definition.kind === 'rubric-synthesis' ? synthesisParameterProblems(definition)
          : preAnnotationParameterProblems(definition);
  const problems = [...checkJobDefinition(definition), ...kindProblems];
  if (problems.length > 0) fail(channel, problems.join('; '));
  return { definition };
}
