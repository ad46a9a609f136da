/**
 * `judge --pairwise`: two teacher models' dialogues compared pair by pair (issue 13), on the
 * app's pairwise runner. The inputs' dialogues of the two groups are paired by topic and student
 * (shared/judge pairDialogues; the unpaired ones are listed), each pair asked in both orders,
 * and one line written per pair, order, judge and sample as the answers come, so a stopped run
 * resumes from its output file. judge-report does the counting.
 */
import { join } from 'node:path';
import {
  isPairwiseLine,
  pairwiseJobDefinition,
  pairwiseJobResult,
  parsePairwiseItemId,
  readPairwiseLine,
  rubricSetRef,
  type PairwiseJobPayload,
  type PairwiseResultLine,
  type RubricSet,
} from '../../../shared/judge';
import { jobWorkItems, type JobWorkItem } from '../../../shared/jobs';
import type { LlmConnection } from '../../../shared/llm';
import { runJudgeBatch } from '../../services/llm/judge-batch';
import { pairwiseCallPlan, pairwiseRunner } from '../../services/llm/pairwise-runner';
import { ResponseCache } from '../../services/llm/response-cache';
import { EnvSecretStore } from '../../services/secrets/secret-store';
import { CLI_VERSION } from '../app-version';
import type { CliIo } from '../io';
import { EXIT_INPUT_ERRORS, EXIT_OK } from '../io';
import { fileLine, lineText } from '../terminal-text';
import type { JudgeArgs } from './judge-args';
import { jobDialogue, readDialogues, type InputDialogue } from './judge-inputs';
import { dropFailedLines, progressLine, readResults, retriedText, runToLines, type ResultLineKey } from './judge-output';
import { jobWriteFailure } from '../../services/write-failure';

const lineKey = (groupA: string, groupB: string, pair: string, order: string, judge: string, sample: number) => JSON.stringify([groupA, groupB, pair, order, judge, sample]);

/** Groups A and B: named with --groups, else the inputs' two groups, A the first read. */
function chooseGroups(args: JudgeArgs, inputs: readonly InputDialogue[]): [string, string] | string {
  const found = [...new Set(inputs.map((input) => input.group))];
  if (args.groups) {
    const missing = args.groups.filter((group) => !found.includes(group));
    return missing.length === 0 ? args.groups : `--groups names ${missing.map((group) => JSON.stringify(group)).join(' and ')}, which no input folder holds (found: ${found.join(', ')})`;
  }
  if (found.length !== 2) return `--pairwise compares two groups (teacher-model folders); the inputs hold ${found.length}${found.length > 0 ? ` (${found.join(', ')})` : ''}${found.length > 2 ? '; name two with --groups A,B' : ''}`;
  return [found[0], found[1]];
}

export async function judgePairwise(args: JudgeArgs, set: RubricSet, io: CliIo): Promise<number> {
  const { dialogues: all, inputErrors } = await readDialogues(args.paths, io);
  const groups = chooseGroups(args, all);
  if (typeof groups === 'string') {
    io.stderr(`judge: ${groups}.\n`);
    return EXIT_INPUT_ERRORS;
  }
  const [groupA, groupB] = groups;
  const byGroupAndId = new Map(all.map((input) => [JSON.stringify([input.group, input.id]), input]));
  const inputOf = (group: string, id: string) => byGroupAndId.get(JSON.stringify([group, id])) as InputDialogue;
  const { definition, pairing } = pairwiseJobDefinition({
    title: `judge --pairwise ${groupA} ${groupB}`,
    connectionIds: ['cli'],
    samples: args.samples,
    rubricSet: set,
    language: args.language,
    reasoningFirst: args.reasoningFirst,
    groupA,
    groupB,
    dialogues: all.map((input) => ({ ...jobDialogue(input.id, input), group: input.group, topicId: input.dialogue.topicId, studentId: input.dialogue.studentId, repeatId: input.dialogue.repeatId })),
  });
  for (const unpaired of pairing.unpaired) {
    const input = inputOf(unpaired.group, unpaired.dialogue);
    io.stderr(`${fileLine(input.file, input.dialogue.line, `not compared: ${unpaired.message}`)}\n`);
  }
  io.stderr(`judge: ${pairing.pairs.length} pair${pairing.pairs.length === 1 ? '' : 's'} of ${lineText(groupA)} (A) and ${lineText(groupB)} (B); ${pairing.unpaired.length} dialogue${pairing.unpaired.length === 1 ? '' : 's'} unpaired${pairing.otherGroups > 0 ? `; ${pairing.otherGroups} of other groups left out` : ''}\n`);
  if (definition === null) {
    io.stderr('judge: no pair to compare.\n');
    return EXIT_INPUT_ERRORS;
  }

  const { hash } = rubricSetRef(set);
  const keyOf: ResultLineKey = (value) => {
    if (!isPairwiseLine(value)) return { problem: 'a score line, not a pairwise one; write pairwise results to their own --out' };
    const read = readPairwiseLine(value);
    if (!read.ok) return { problem: read.problems.join('; ') };
    if (read.line.rubricSet && read.line.rubricSet.hash !== hash) return { problem: `judged against the rubric set ${read.line.rubricSet.id} ${read.line.rubricSet.version} (hash ${read.line.rubricSet.hash}), not ${set.id} ${set.version} (hash ${hash}); write to another --out` };
    return { key: lineKey(read.line.groupA, read.line.groupB, read.line.pair, read.line.order, read.line.judge, read.line.sample), failed: read.line.status === 'failed' };
  };
  const results = await readResults(args.out, io, keyOf);
  if (results === null) return EXIT_INPUT_ERRORS;

  const byPair = new Map(pairing.pairs.map((pair) => [pair.id, { pair, a: inputOf(groupA, pair.a), b: inputOf(groupB, pair.b) }]));
  const keyOfItem = (item: JobWorkItem) => {
    const parsed = parsePairwiseItemId(item.itemId);
    return parsed === null ? null : lineKey(groupA, groupB, parsed.pairId, parsed.order, args.model, item.sample);
  };
  const isDone = (item: JobWorkItem) => {
    const key = keyOfItem(item);
    return key !== null && results.answered.has(key);
  };
  const { itemIds } = definition;
  const jobKeys = new Set(itemIds.flatMap((itemId) => Array.from({ length: args.samples }, (_, sample) => keyOfItem({ itemId, connectionId: 'cli', sample })).filter((key): key is string => key !== null)));
  const already = [...jobKeys].filter((key) => results.answered.has(key)).length;
  const retried = [...jobKeys].filter((key) => results.failed.has(key)).length;
  await dropFailedLines(args.out, results, (key) => jobKeys.has(key), keyOf);

  const secrets = new EnvSecretStore(args.apiKeyEnv);
  const connection: LlmConnection = { id: 'cli', name: args.model, baseURL: args.baseURL, model: args.model, extraHeaders: {}, sampling: {}, concurrency: { start: args.concurrency, min: 1, max: args.concurrency }, ...(args.maxAnswerMB === undefined ? {} : { maxAnswerMB: args.maxAnswerMB }), keySet: await secrets.has() };
  const cache = new ResponseCache(`${args.out}.maieutic`);
  if (args.batch) {
    const items = jobWorkItems(definition).filter((item) => !isDone(item));
    try {
      const batch = await runJudgeBatch({ connection, apiKey: await secrets.get(), plan: pairwiseCallPlan(definition.parameters), items, cache, stateFile: join(`${args.out}.maieutic`, 'batch.json'), pollMs: args.pollSeconds * 1000, timeoutMs: args.timeoutSeconds * 1000, log: (line) => io.stderr(`${line}\n`) });
      if (batch.batchId !== null) io.stderr(`judge: batch ${batch.batchId}: ${batch.valid} of ${batch.sent} verdicts valid${batch.invalid > 0 ? `; ${batch.invalid} asked live` : ''}\n`);
    } catch (error) {
      io.stderr(`judge: ${error instanceof Error ? error.message : String(error)}\n`);
      cache.close();
      return EXIT_INPUT_ERRORS;
    }
  }
  const run = await runToLines<PairwiseJobPayload>({
    out: args.out,
    io,
    runner: pairwiseRunner({ connections: { get: async () => connection, key: () => secrets.get() }, cache, appVersion: CLI_VERSION, timeoutMs: args.timeoutSeconds * 1000 }),
    definition,
    isDone,
    lineOf: (event) => {
      const payload = pairwiseJobResult(event.outcome);
      if (!payload) return null;
      const { pair, a, b } = byPair.get(payload.pairId)!;
      const base = { pair: pair.id, groupA, groupB, dialogueA: pair.a, dialogueB: pair.b, order: payload.order, judge: args.model, sample: payload.sample, rubricSet: payload.rubricSet };
      if (payload.status === 'failed') {
        const line: PairwiseResultLine = { ...base, status: 'failed', reason: payload.reasons.join('; ') };
        const shownFirst = payload.order === 'ab' ? a : b;
        return { value: line, failure: fileLine(shownFirst.file, shownFirst.dialogue.line, `pair ${pair.id} order ${payload.order} sample ${payload.sample}: no verdict: ${line.reason}`) };
      }
      const line: PairwiseResultLine = { ...base, status: 'valid', verdict: payload.verdict, winner: payload.winner, rationale: payload.rationale };
      return { value: line };
    },
  }).finally(() => cache.close());
  const last = run.finished;
  if (last) io.stderr(progressLine(last.progress));
  for (const failure of run.failures) io.stderr(`${failure}\n`);
  // a journal or the answer cache on a full or read-only disk: the one line that names the file
  const writeFailure = jobWriteFailure(last);
  if (writeFailure) throw writeFailure;
  if (last?.status === 'failed') io.stderr(`judge: stopped: ${last.error}\n`);
  const tokens = (last?.progress.tokens.input ?? 0) + (last?.progress.tokens.output ?? 0);
  const total = itemIds.length * args.samples;
  io.stdout(`judge: ${run.written} line${run.written === 1 ? '' : 's'} written to ${args.out} (${run.written - run.failed} verdicts, ${run.failed} failed), ${already} of ${total} already there${retriedText(retried)}; ${(last?.progress.cached ?? 0) - already} answered from the cache; ${tokens.toLocaleString('en-US')} tokens\n`);
  return inputErrors > 0 || run.failed > 0 || last?.status !== 'succeeded' ? EXIT_INPUT_ERRORS : EXIT_OK;
}
