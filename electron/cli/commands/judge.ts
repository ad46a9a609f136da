/**
 * `judge`: LLM-judge scoring from the command line (issue 13), on the app's own engine (the judge
 * runner, the job registry, the endpoint caller with its adaptive limit, retries and cache). One
 * results line per dialogue, judge and sample (shared/judge result-line.ts), appended as each
 * answer comes, so a run stopped at any point resumes from its output file: the lines already
 * there are not asked again. The key comes from the environment and is never printed.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { jobWorkItems, type JobWorkItem } from '../../../shared/jobs';
import { judgeJobResult, readResultLine, rubricSetHash, rubricSetRef, type JudgeJobDefinition, type JudgeJobPayload, type JudgeResultLine, type RubricSet } from '../../../shared/judge';
import type { LlmConnection } from '../../../shared/llm';
import { dialogueNamer } from '../../../shared/model/dialogue-names';
import { runJudgeBatch } from '../../services/llm/judge-batch';
import { judgeRunner } from '../../services/llm/judge-runner';
import { ResponseCache } from '../../services/llm/response-cache';
import { EnvSecretStore } from '../../services/secrets/secret-store';
import { CLI_VERSION } from '../app-version';
import type { CliCommand, CliIo } from '../io';
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE } from '../io';
import { outputOverlap, pathArgument } from '../output-paths';
import { fileLine, lineText } from '../terminal-text';
import { JUDGE_USAGE, parseJudgeArgs, type JudgeArgs } from './judge-args';
import { jobDialogue, readDialogues, type InputDialogue } from './judge-inputs';
import { dropFailedLines, progressLine, readResults, retriedText, runToLines, type ResultLineKey } from './judge-output';
import { judgePairwise } from './judge-pairwise';
import { loadRubricSet } from './rubric-set-file';
import { jobWriteFailure } from '../../services/write-failure';

/** Which line a result is: the same dialogue id in two groups are two dialogues. */
const lineKey = (group: string, dialogue: string, judge: string, sample: number) => JSON.stringify([group, dialogue, judge, sample]);

/** How a score line already in the output is read; a line scored against another rubric set stops the run. */
function scoreLineKey(set: RubricSet): ResultLineKey {
  const { hash } = rubricSetRef(set);
  return (value) => {
    const read = readResultLine(set, value);
    if (!read.ok) return { problem: read.problems.join('; ') };
    if (read.line.rubricSet && read.line.rubricSet.hash !== hash) return { problem: `scored against the rubric set ${read.line.rubricSet.id} ${read.line.rubricSet.version} (hash ${read.line.rubricSet.hash}), not ${set.id} ${set.version} (hash ${hash}); write to another --out` };
    return { key: lineKey(read.line.group, read.line.dialogue, read.line.judge, read.line.sample), failed: read.line.status === 'failed' };
  };
}

function resultLine(input: InputDialogue, judge: string, payload: JudgeJobPayload): JudgeResultLine {
  const base = { dialogue: input.id, group: input.group, judge, sample: payload.sample, rubricSet: payload.rubricSet };
  if (payload.status === 'failed') return { ...base, status: 'failed', scores: [], reason: payload.reasons.join('; ') };
  return { ...base, status: 'valid', scores: payload.scores.map((score) => ({ rubric: score.rubric, score: score.score, rationale: score.rationale, ...(score.expected === undefined ? {} : { expected: score.expected }) })) };
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseJudgeArgs(argv);
  if (parsed.kind === 'help') {
    io.stdout(JUDGE_USAGE);
    return EXIT_OK;
  }
  if (parsed.kind === 'usage-error') {
    io.stderr(`${parsed.message}\n\n${JUDGE_USAGE}`);
    return EXIT_USAGE;
  }
  return judge(parsed.args, io);
}

async function judge(args: JudgeArgs, io: CliIo): Promise<number> {
  const set = await loadRubricSet(args.rubrics);
  if ('errors' in set) {
    for (const error of set.errors) io.stderr(`${error}\n`);
    return EXIT_INPUT_ERRORS;
  }
  if (await stat(args.out).then((info) => info.isDirectory(), () => false)) {
    io.stderr(`${fileLine(args.out, null, '--out names a folder; name the results file (results.jsonl)')}\n`);
    return EXIT_USAGE;
  }
  const overlap = outputOverlap(await pathArgument(args.out), await Promise.all(args.paths.map(pathArgument)), { out: '--out', remedy: 'Name a results file outside the inputs for --out.' });
  if (overlap !== null) {
    io.stderr(`judge: ${lineText(overlap)}\n`);
    return EXIT_USAGE;
  }
  if (args.pairwise) return judgePairwise(args, set, io);
  const { dialogues: all, inputErrors, empty } = await readDialogues(args.paths, io);
  if (all.length === 0) {
    io.stderr(`${[...empty, 'judge: no dialogue to judge.'].join('\n')}\n`);
    return EXIT_INPUT_ERRORS;
  }
  const keyOf = scoreLineKey(set);
  const results = await readResults(args.out, io, keyOf);
  if (results === null) return EXIT_INPUT_ERRORS;

  const byItem = new Map(all.map((input, index) => [`${index}`, input]));
  // a failure line names the teacher model beside an id other models' folders hold too
  const nameOf = dialogueNamer(all.map((input) => ({ externalId: input.id, teacherModel: input.group })));
  const keysOf = (input: InputDialogue) => Array.from({ length: args.samples }, (_, sample) => lineKey(input.group, input.id, args.model, sample));
  const isDone = (item: JobWorkItem) => {
    const input = byItem.get(item.itemId);
    return input !== undefined && results.answered.has(lineKey(input.group, input.id, args.model, item.sample));
  };
  const jobKeys = new Set(all.flatMap(keysOf));
  const already = [...jobKeys].filter((key) => results.answered.has(key)).length;
  // a failed line (the endpoint's 500s, rate limits, time-outs, or answers that never validated) is asked again
  const retried = [...jobKeys].filter((key) => results.failed.has(key)).length;
  await dropFailedLines(args.out, results, (key) => jobKeys.has(key), keyOf);

  const secrets = new EnvSecretStore(args.apiKeyEnv);
  const connection: LlmConnection = { id: 'cli', name: args.model, baseURL: args.baseURL, model: args.model, extraHeaders: {}, sampling: {}, concurrency: { start: args.concurrency, min: 1, max: args.concurrency }, ...(args.maxAnswerMB === undefined ? {} : { maxAnswerMB: args.maxAnswerMB }), keySet: await secrets.has() };
  const definition: JudgeJobDefinition = {
    kind: 'judge',
    title: `judge ${args.paths.join(' ')}`,
    connectionIds: ['cli'],
    itemIds: [...byItem.keys()],
    samples: args.samples,
    parameters: {
      rubricSet: set,
      rubricSetHash: rubricSetHash(set),
      language: args.language,
      reasoningFirst: args.reasoningFirst,
      ...(args.logprobs > 0 ? { topLogprobs: args.logprobs } : {}),
      dialogues: [...byItem].map(([id, input]) => jobDialogue(id, input)),
    },
  };

  const cache = new ResponseCache(`${args.out}.maieutic`);
  if (args.batch) {
    const items = jobWorkItems(definition).filter((item) => !isDone(item));
    try {
      const batch = await runJudgeBatch({ connection, apiKey: await secrets.get(), parameters: definition.parameters, items, cache, stateFile: join(`${args.out}.maieutic`, 'batch.json'), pollMs: args.pollSeconds * 1000, timeoutMs: args.timeoutSeconds * 1000, log: (line) => io.stderr(`${line}\n`) });
      if (batch.batchId !== null) io.stderr(`judge: batch ${batch.batchId}: ${batch.valid} of ${batch.sent} answers valid${batch.invalid > 0 ? `; ${batch.invalid} asked live` : ''}\n`);
    } catch (error) {
      io.stderr(`judge: ${error instanceof Error ? error.message : String(error)}\n`);
      cache.close();
      return EXIT_INPUT_ERRORS;
    }
  }

  const run = await runToLines<JudgeJobPayload>({
    out: args.out,
    io,
    runner: judgeRunner({ connections: { get: async () => connection, key: () => secrets.get() }, cache, appVersion: CLI_VERSION, timeoutMs: args.timeoutSeconds * 1000 }),
    definition,
    isDone,
    lineOf: (event) => {
      const input = byItem.get(event.item.itemId) as InputDialogue;
      const payload = judgeJobResult(event.outcome);
      if (!payload) return null;
      const line = resultLine(input, args.model, payload);
      return { value: line, ...(line.status === 'failed' ? { failure: fileLine(input.file, input.dialogue.line, `${nameOf({ externalId: input.id, teacherModel: input.group })} sample ${line.sample}: not scored: ${line.reason}`) } : {}) };
    },
  }).finally(() => cache.close());
  const { written, failed, failures } = run;
  const last = run.finished;
  if (last) io.stderr(progressLine(last.progress));
  for (const failure of failures) io.stderr(`${failure}\n`);
  // a journal or the answer cache on a full or read-only disk: the one line that names the file
  const writeFailure = jobWriteFailure(last);
  if (writeFailure) throw writeFailure;
  if (last?.status === 'failed') io.stderr(`judge: stopped: ${last.error}\n`);
  const tokens = (last?.progress.tokens.input ?? 0) + (last?.progress.tokens.output ?? 0);
  const total = all.length * args.samples;
  io.stdout(`judge: ${written} line${written === 1 ? '' : 's'} written to ${args.out} (${written - failed} scored, ${failed} failed), ${already} of ${total} already there${retriedText(retried)}; ${(last?.progress.cached ?? 0) - already} answered from the cache; ${tokens.toLocaleString('en-US')} tokens\n`);
  return inputErrors > 0 || failed > 0 || last?.status !== 'succeeded' ? EXIT_INPUT_ERRORS : EXIT_OK;
}

export const judgeCommand: CliCommand = { name: 'judge', usage: JUDGE_USAGE, run };
