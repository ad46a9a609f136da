/**
 * `judge`: LLM-judge scoring from the command line (issue 13), on the app's own engine (the judge
 * runner, the job registry, the endpoint caller with its adaptive limit, retries and cache). One
 * results line per dialogue, judge and sample (shared/judge result-line.ts), appended as each
 * answer comes, so a run stopped at any point resumes from its output file: the lines already
 * there are not asked again. The key comes from the environment and is never printed.
 */
import { mkdtemp, open, readFile, rm, stat, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { checkSourceFile } from '../../../shared/import';
import { jobWorkItems, type JobDefinition, type JobEvent, type JobProgress, type JobWorkItem } from '../../../shared/jobs';
import { judgeJobResult, readResultLine, rubricSetHash, rubricSetRef, type JudgeJobDefinition, type JudgeJobPayload, type JudgeResultLine, type RubricSet } from '../../../shared/judge';
import type { LlmConnection } from '../../../shared/llm';
import type { ParsedDialogue } from '../../../shared/model/dataset';
import { JobRegistry } from '../../services/jobs/job-registry';
import type { JobKindRunner } from '../../services/jobs/job-runner';
import { runJudgeBatch } from '../../services/llm/judge-batch';
import { judgeRunner } from '../../services/llm/judge-runner';
import { ResponseCache } from '../../services/llm/response-cache';
import { EnvSecretStore } from '../../services/secrets/secret-store';
import { CLI_VERSION } from '../app-version';
import type { CliCommand, CliIo } from '../io';
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE } from '../io';
import { forEachInput, inputProblemLine, skippedLine } from '../read-inputs';
import { cliDialogueId } from '../dialogue-id';
import { fileLine } from '../terminal-text';
import { JUDGE_USAGE, parseJudgeArgs, type JudgeArgs } from './judge-args';
import { loadRubricSet } from './judge-report';

interface InputDialogue {
  file: string;
  /** as the metrics command names it */
  id: string;
  /** the teacher model: the folder holding the file */
  group: string;
  dialogue: ParsedDialogue;
}

/** Which line a result is: the same dialogue id in two groups are two dialogues. */
const lineKey = (group: string, dialogue: string, judge: string, sample: number) => JSON.stringify([group, dialogue, judge, sample]);

async function readDialogues(paths: readonly string[], io: CliIo): Promise<{ dialogues: InputDialogue[]; inputErrors: number }> {
  const dialogues: InputDialogue[] = [];
  const seen = new Map<string, string>();
  let inputErrors = 0;
  const { problems, skipped } = await forEachInput([...paths], (file) => {
    const found: ParsedDialogue[] = [];
    const check = checkSourceFile(file, { codebook: DEFAULT_CODEBOOK, teacherModelFrom: file.teacherModelFrom }, (dialogue) => void found.push(dialogue));
    const errors = check.issues.filter((issue) => issue.severity === 'error');
    for (const issue of errors) io.stderr(`${fileLine(issue.file, issue.line, issue.message)}\n`);
    inputErrors += errors.length;
    if (errors.length > 0) return;
    const group = basename(dirname(resolve(file.name)));
    for (const dialogue of found) {
      const id = cliDialogueId(dialogue, file.name);
      const key = JSON.stringify([group, id]);
      const first = seen.get(key);
      if (first !== undefined) {
        io.stderr(`${fileLine(file.name, dialogue.line, `the dialogue ${id} of ${group} is already at ${first}; judged once`)}\n`);
        inputErrors++;
        continue;
      }
      seen.set(key, `${file.name}:${dialogue.line}`);
      if (dialogue.turns.length === 0) continue;
      dialogues.push({ file: file.name, id, group, dialogue });
    }
  });
  for (const problem of problems) io.stderr(`${inputProblemLine(problem)}\n`);
  for (const skip of skipped) io.stderr(`${skippedLine(skip)}\n`);
  inputErrors += problems.length;
  return { dialogues, inputErrors };
}

/**
 * The lines already in the output file, by key. A torn last line (a run killed mid-write) is cut
 * off; any other line that does not read, or was scored against another rubric set, stops the
 * run (file:line): appending to it would mix results that cannot be reported together.
 */
async function readDone(out: string, set: RubricSet, io: CliIo): Promise<Set<string> | null> {
  const done = new Set<string>();
  let text: string;
  try {
    text = await readFile(out, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return done;
    io.stderr(`${fileLine(out, null, `cannot read the results file (${(error as NodeJS.ErrnoException).code ?? String(error)})`)}\n`);
    return null;
  }
  const { hash } = rubricSetRef(set);
  const lines = text.split('\n');
  let problems = 0;
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index].replace(/\r$/, '');
    if (raw.trim() === '') continue;
    const last = index === lines.length - 1;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      if (last) {
        // not ended by a line feed: the write was cut short; the answer is asked again
        await truncate(out, Buffer.byteLength(lines.slice(0, index).join('\n'), 'utf8') + (index > 0 ? 1 : 0));
        io.stderr(`${fileLine(out, index + 1, 'a cut-off last line was removed; it is asked again')}\n`);
        break;
      }
      io.stderr(`${fileLine(out, index + 1, 'not a JSON line')}\n`);
      problems++;
      continue;
    }
    const read = readResultLine(set, value);
    if (!read.ok) {
      io.stderr(`${fileLine(out, index + 1, read.problems.join('; '))}\n`);
      problems++;
    } else if (read.line.rubricSet && read.line.rubricSet.hash !== hash) {
      io.stderr(`${fileLine(out, index + 1, `scored against the rubric set ${read.line.rubricSet.id} ${read.line.rubricSet.version} (hash ${read.line.rubricSet.hash}), not ${set.id} ${set.version} (hash ${hash}); write to another --out`)}\n`);
      problems++;
    } else done.add(lineKey(read.line.group, read.line.dialogue, read.line.judge, read.line.sample));
  }
  return problems > 0 ? null : done;
}

/** The judge runner, with the items already in the output file answered as done without a call. */
function skippingDone(runner: JobKindRunner<JudgeJobPayload>, isDone: (item: JobWorkItem) => boolean): JobKindRunner<JudgeJobPayload> {
  return {
    kind: runner.kind,
    priced: (definition: JobDefinition) => runner.priced(definition),
    async open(definition: JobDefinition) {
      const worker = await runner.open(definition);
      return {
        parallel: worker.parallel,
        close: worker.close?.bind(worker),
        run: (item, signal, recall) => (isDone(item) ? Promise.resolve({ ok: true, payload: null as unknown as JudgeJobPayload, cached: true, tokens: { input: 0, output: 0 }, cost: null }) : worker.run(item, signal, recall)),
      };
    },
  };
}

function resultLine(input: InputDialogue, judge: string, payload: JudgeJobPayload): JudgeResultLine {
  const base = { dialogue: input.id, group: input.group, judge, sample: payload.sample, rubricSet: payload.rubricSet };
  if (payload.status === 'failed') return { ...base, status: 'failed', scores: [], reason: payload.reasons.join('; ') };
  return { ...base, status: 'valid', scores: payload.scores.map((score) => ({ rubric: score.rubric, score: score.score, rationale: score.rationale, ...(score.expected === undefined ? {} : { expected: score.expected }) })) };
}

function progressLine(progress: JobProgress): string {
  const parts = [`${progress.done}/${progress.total} answers`, `${progress.failed} failed`, `${progress.cached} from cache or file`, `${(progress.tokens.input + progress.tokens.output).toLocaleString('en-US')} tokens`];
  if (progress.rate !== null) parts.push(`${progress.rate.toFixed(1)}/min`);
  if (progress.eta !== null) parts.push(`about ${Math.ceil(progress.eta)} s left`);
  return `judge: ${parts.join(', ')}\n`;
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
  const { dialogues: all, inputErrors } = await readDialogues(args.paths, io);
  if (all.length === 0) {
    io.stderr('judge: no dialogue to judge.\n');
    return EXIT_INPUT_ERRORS;
  }
  const done = await readDone(args.out, set, io);
  if (done === null) return EXIT_INPUT_ERRORS;

  const byItem = new Map(all.map((input, index) => [`${index}`, input]));
  const isDone = (item: JobWorkItem) => {
    const input = byItem.get(item.itemId);
    return input !== undefined && done.has(lineKey(input.group, input.id, args.model, item.sample));
  };
  const already = all.reduce((sum, input) => sum + Array.from({ length: args.samples }, (_, sample) => sample).filter((sample) => done.has(lineKey(input.group, input.id, args.model, sample))).length, 0);

  const secrets = new EnvSecretStore(args.apiKeyEnv);
  const connection: LlmConnection = { id: 'cli', name: args.model, baseURL: args.baseURL, model: args.model, extraHeaders: {}, sampling: {}, concurrency: { start: args.concurrency, min: 1, max: args.concurrency }, keySet: await secrets.has() };
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
      dialogues: [...byItem].map(([id, input]) => {
        const { topicText, studentType, scenario } = input.dialogue;
        const context = { ...(topicText ? { topic: topicText } : {}), ...(studentType ? { studentType } : {}), ...(scenario ? { scenario } : {}) };
        return { id, turns: input.dialogue.turns.map((turn) => ({ speaker: turn.speaker, utterance: turn.utterance })), ...(Object.keys(context).length > 0 ? { context } : {}) };
      }),
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

  // the output: each line appended (and synced) as its answer comes, in the order they come
  const output = await open(args.out, 'a');
  const size = (await output.stat()).size;
  let writing: Promise<unknown> = size > 0 && !(await readFile(args.out, 'utf8')).endsWith('\n') ? output.write('\n') : Promise.resolve();
  let written = 0;
  let failed = 0;
  const failures: string[] = [];
  const journals = await mkdtemp(join(tmpdir(), 'maieutic-judge-'));
  let finished: Extract<JobEvent, { type: 'finished' }> | null = null;
  let lastPrinted = 0;
  let ended: () => void = () => undefined;
  const end = new Promise<void>((resolve) => (ended = resolve));
  const registry = new JobRegistry({
    folder: journals,
    runners: [skippingDone(judgeRunner({ connections: { get: async () => connection, key: () => secrets.get() }, cache, appVersion: CLI_VERSION, timeoutMs: args.timeoutSeconds * 1000 }), isDone)],
    emit: (event) => {
      if (event.type === 'item') {
        if (isDone(event.item)) return;
        const input = byItem.get(event.item.itemId) as InputDialogue;
        const payload = judgeJobResult(event.outcome as never);
        if (!payload) return;
        const line = resultLine(input, args.model, payload);
        if (line.status === 'failed') {
          failed++;
          failures.push(fileLine(input.file, input.dialogue.line, `${input.id} sample ${line.sample}: not scored: ${line.reason}`));
        }
        written++;
        const text = `${JSON.stringify(line)}\n`;
        writing = writing.then(async () => {
          await output.write(text);
          await output.datasync();
        });
      } else if (event.type === 'progress' && Date.now() - lastPrinted >= 1000) {
        lastPrinted = Date.now();
        io.stderr(progressLine(event.progress));
      } else if (event.type === 'finished') {
        finished = event;
        ended();
      }
    },
  });
  try {
    await registry.start(definition);
    await end;
  } finally {
    await registry.shutdown();
    await writing.catch((error: unknown) => io.stderr(`${fileLine(args.out, null, `could not write (${String(error)})`)}\n`));
    await output.close();
    await rm(journals, { recursive: true, force: true });
  }
  const last = finished as Extract<JobEvent, { type: 'finished' }> | null;
  if (last) io.stderr(progressLine(last.progress));
  for (const failure of failures) io.stderr(`${failure}\n`);
  if (last?.status === 'failed') io.stderr(`judge: stopped: ${last.error}\n`);
  const tokens = (last?.progress.tokens.input ?? 0) + (last?.progress.tokens.output ?? 0);
  const total = all.length * args.samples;
  io.stdout(`judge: ${written} line${written === 1 ? '' : 's'} written to ${args.out} (${written - failed} scored, ${failed} failed), ${already} of ${total} already there; ${(last?.progress.cached ?? 0) - already} answered from the cache; ${tokens.toLocaleString('en-US')} tokens\n`);
  return inputErrors > 0 || failed > 0 || last?.status !== 'succeeded' ? EXIT_INPUT_ERRORS : EXIT_OK;
}

export const judgeCommand: CliCommand = { name: 'judge', usage: JUDGE_USAGE, run };
