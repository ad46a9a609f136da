/**
 * `annotate`: pre-annotation from the command line, on the app's own engine (the pre-annotation
 * runner, the job registry, the endpoint caller with its adaptive limit, retries and cache). The
 * key comes from the environment (EnvSecretStore) and is never printed.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { toSidJsonl } from '../../../shared/export/sid-jsonl';
import type { ExportDialogue } from '../../../shared/export/types';
import { checkSourceFile } from '../../../shared/import';
import type { JobEvent, JobProgress } from '../../../shared/jobs';
import { DEFAULT_PRE_ANNOTATION_TEMPLATE, type LlmConnection, type PreAnnotationJobDefinition, type PreAnnotationPayload } from '../../../shared/llm';
import { seededSample } from '../../../shared/metrics/random';
import type { ParsedDialogue } from '../../../shared/model/dataset';
import { JobRegistry } from '../../services/jobs/job-registry';
import { preAnnotationRunner } from '../../services/llm/pre-annotation-runner';
import { ResponseCache } from '../../services/llm/response-cache';
import { EnvSecretStore } from '../../services/secrets/secret-store';
import { CLI_VERSION } from '../app-version';
import type { CliCommand, CliIo } from '../io';
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE } from '../io';
import { DialogueNames } from '../dialogue-id';
import { forEachInput, inputProblemLine, skippedDialogueLines, skippedLine } from '../read-inputs';
import { noDialogueLine } from '../no-dialogue';
import { outputOverlap, pathArgument, type PathArgument } from '../output-paths';
import { fileLine, lineText } from '../terminal-text';
import { ANNOTATE_USAGE, parseAnnotateArgs, type AnnotateArgs } from './annotate-args';
import { annotateJobKey, ledgerKey, outputProblems, WrittenLedger, type OutputTarget } from './annotate-output';
import { jobWriteFailure } from '../../services/write-failure';

interface InputDialogue {
  /** the input file as the user can open it (for file:line) */
  file: string;
  /** the output file's path relative to --out */
  outputPath: string;
  dialogue: ParsedDialogue;
}

/**
 * Every readable dialogue of the inputs, with where its output goes, and every file read; problems
 * printed as file:line. A dialogue id met twice in a teacher model is annotated both times, with a
 * warning naming both places; a record the import skips (no turns) is a warning too.
 */
async function readDialogues(paths: readonly string[], io: CliIo): Promise<{ dialogues: InputDialogue[]; files: string[]; inputErrors: number; empty: string[] }> {
  const dialogues: InputDialogue[] = [];
  /** one line per file that holds no dialogue, said when no file holds any */
  const empty: string[] = [];
  const files: string[] = [];
  const names = new DialogueNames('both are annotated');
  let inputErrors = 0;
  for (const path of paths) {
    const isFolder = await stat(path).then((info) => info.isDirectory(), () => false);
    const { problems, skipped } = await forEachInput([path], (file) => {
      files.push(file.name);
      const found: ParsedDialogue[] = [];
      const check = checkSourceFile(file, { codebook: DEFAULT_CODEBOOK, teacherModelFrom: file.teacherModelFrom }, (dialogue) => void found.push(dialogue));
      const errors = check.issues.filter((issue) => issue.severity === 'error');
      for (const issue of errors) io.stderr(`${fileLine(issue.file, issue.line, issue.message)}\n`);
      inputErrors += errors.length;
      if (errors.length > 0) return;
      for (const line of skippedDialogueLines(check.issues)) io.stderr(`${line}\n`);
      if (found.length === 0) empty.push(noDialogueLine(check, 'annotate'));
      const group = basename(dirname(resolve(file.name)));
      for (const dialogue of found) {
        const { warning } = names.name(dialogue, file.name, group);
        if (warning !== null) io.stderr(`${warning}\n`);
      }
      const inside = isFolder ? relative(path, file.name) : basename(file.name);
      const outputPath = inside.replace(/\.(json|csv|tsv|txt)$/i, '.jsonl');
      for (const dialogue of found) dialogues.push({ file: file.name, outputPath, dialogue });
    });
    for (const problem of problems) io.stderr(`${inputProblemLine(problem)}\n`);
    for (const skip of skipped) io.stderr(`${skippedLine(skip)}\n`);
    inputErrors += problems.length;
  }
  return { dialogues, files, inputErrors, empty };
}

function progressLine(progress: JobProgress): string {
  const parts = [`${progress.done}/${progress.total} dialogues`, `${progress.failed} failed`, `${progress.cached} from cache`, `${(progress.tokens.input + progress.tokens.output).toLocaleString('en-US')} tokens`];
  if (progress.rate !== null) parts.push(`${progress.rate.toFixed(1)}/min`);
  if (progress.eta !== null) parts.push(`about ${Math.ceil(progress.eta)} s left`);
  return `annotate: ${parts.join(', ')}\n`;
}

function exportDialogue(input: InputDialogue, payload: PreAnnotationPayload): ExportDialogue {
  const parsed = input.dialogue;
  const id = `${input.outputPath}:${parsed.line}`;
  return {
    dialogue: { ...parsed, id, datasetId: 'annotate', sourceId: input.outputPath, turnCount: parsed.turns.length, flaggedCount: 0, file: input.outputPath },
    turns: parsed.turns.map((turn, position) => ({ ...turn, id: `${id}#${turn.index}`, dialogueId: id, pre: payload.turns[position]?.values ?? {}, alignment: 'exact', fragments: 1 })),
    fieldReviews: [],
    turnReviews: [],
    dialogueReview: null,
  };
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseAnnotateArgs(argv);
  if (parsed.kind === 'help') {
    io.stdout(ANNOTATE_USAGE);
    return EXIT_OK;
  }
  if (parsed.kind === 'usage-error') {
    io.stderr(`${parsed.message}\n\n${ANNOTATE_USAGE}`);
    return EXIT_USAGE;
  }
  return annotate(parsed.args, io);
}

/** The output files the chosen dialogues make, each with the input files behind it. */
function outputTargets(chosen: readonly InputDialogue[]): OutputTarget[] {
  const byPath = new Map<string, Set<string>>();
  for (const input of chosen) {
    const inputs = byPath.get(input.outputPath) ?? new Set<string>();
    inputs.add(input.file);
    byPath.set(input.outputPath, inputs);
  }
  return [...byPath].map(([outputPath, inputs]) => ({ outputPath, inputs: [...inputs] }));
}

/** The inputs as given and found, or the refusal of an --out that is, holds or lies inside one of them. */
async function checkOutFolder(args: AnnotateArgs, io: CliIo): Promise<{ out: PathArgument; inputs: (PathArgument & { isFolder: boolean })[] } | number> {
  const out = await pathArgument(args.out);
  const inputs = await Promise.all(args.paths.map(async (path) => ({ ...(await pathArgument(path)), isFolder: await stat(path).then((info) => info.isDirectory(), () => false) })));
  const overlap = outputOverlap(out, inputs, { out: '--out', remedy: 'Name a folder apart from the inputs for --out.' });
  if (overlap !== null) {
    io.stderr(`annotate: ${lineText(overlap)}\n`);
    return EXIT_USAGE;
  }
  if (await stat(args.out).then((info) => !info.isDirectory(), () => false)) {
    io.stderr(`${fileLine(args.out, null, '--out names a file; name a folder (made when missing)')}\n`);
    return EXIT_USAGE;
  }
  return { out, inputs };
}

async function annotate(args: AnnotateArgs, io: CliIo): Promise<number> {
  const checked = await checkOutFolder(args, io);
  if (typeof checked === 'number') return checked;
  const { dialogues: all, files, inputErrors, empty } = await readDialogues(args.paths, io);
  const chosen = args.sample >= 1 ? all : seededSample(all, args.sample, args.seed);
  if (chosen.length === 0) {
    io.stderr(`${[...(all.length === 0 ? empty : []), 'annotate: no dialogue to annotate.'].join('\n')}\n`);
    return EXIT_INPUT_ERRORS;
  }
  // every file this run may write is checked before the first call: a refusal costs nothing
  const job = annotateJobKey({ inputs: checked.inputs.map((input) => input.real), baseURL: args.baseURL, model: args.model, sample: args.sample, seed: args.seed });
  const ledger = await WrittenLedger.open(args.out);
  if ('problem' in ledger) {
    io.stderr(`${lineText(ledger.problem)}\n`);
    return EXIT_USAGE;
  }
  const targets = outputTargets(chosen);
  const problems = await outputProblems({ out: checked.out, inputFolders: checked.inputs.filter((input) => input.isFolder), inputFiles: files, targets, ledger, job });
  if (problems.length > 0) {
    for (const problem of problems) io.stderr(`${lineText(problem)}\n`);
    io.stderr(`annotate: nothing was asked or written.\n`);
    return EXIT_USAGE;
  }
  const secrets = new EnvSecretStore(args.apiKeyEnv);
  const connection: LlmConnection = { id: 'cli', name: args.model, baseURL: args.baseURL, model: args.model, extraHeaders: {}, sampling: {}, concurrency: { start: args.concurrency, min: 1, max: args.concurrency }, ...(args.maxAnswerMB === undefined ? {} : { maxAnswerMB: args.maxAnswerMB }), keySet: await secrets.has() };
  const byItem = new Map(chosen.map((input, index) => [`${index}`, input]));
  const definition: PreAnnotationJobDefinition = {
    kind: 'pre-annotation',
    title: `annotate ${args.paths.join(' ')}`,
    connectionIds: ['cli'],
    itemIds: [...byItem.keys()],
    parameters: {
      datasetId: 'annotate',
      layerName: args.model,
      codebook: DEFAULT_CODEBOOK,
      template: DEFAULT_PRE_ANNOTATION_TEMPLATE,
      dialogues: [...byItem].map(([id, input]) => ({ id, turns: input.dialogue.turns.map((turn) => ({ speaker: turn.speaker, utterance: turn.utterance })) })),
    },
  };
  const journals = await mkdtemp(join(tmpdir(), 'maieutic-annotate-'));
  const cache = new ResponseCache(join(args.out, '.maieutic', 'cache'));
  const results = new Map<string, PreAnnotationPayload>();
  const failures: { input: InputDialogue; reason: string }[] = [];
  let finished: Extract<JobEvent, { type: 'finished' }> | null = null;
  let lastPrinted = 0;
  let done: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => {
    done = resolve;
  });
  const registry = new JobRegistry({
    folder: journals,
    runners: [preAnnotationRunner({ connections: { get: async () => connection, key: () => secrets.get() }, cache, appVersion: CLI_VERSION, timeoutMs: args.timeoutSeconds * 1000 })],
    emit: (event) => {
      if (event.type === 'item') {
        const input = byItem.get(event.item.itemId) as InputDialogue;
        if (event.outcome.ok) results.set(event.item.itemId, event.outcome.payload as PreAnnotationPayload);
        else failures.push({ input, reason: event.outcome.reason });
      } else if (event.type === 'progress' && Date.now() - lastPrinted >= 1000) {
        lastPrinted = Date.now();
        io.stderr(progressLine(event.progress));
      } else if (event.type === 'finished') {
        finished = event;
        done();
      }
    },
  });
  try {
    await registry.start(definition);
    await ended;
  } finally {
    await registry.shutdown();
    cache.close();
    await rm(journals, { recursive: true, force: true });
  }
  const end = finished as Extract<JobEvent, { type: 'finished' }> | null;
  if (end) io.stderr(progressLine(end.progress));
  for (const { input, reason } of failures) io.stderr(`${fileLine(input.file, input.dialogue.line, `not annotated: ${reason}`)}\n`);
  // a journal or the answer cache on a full or read-only disk: the one line that names the file
  const writeFailure = jobWriteFailure(end);
  if (writeFailure) throw writeFailure;
  if (end?.status === 'failed') io.stderr(`annotate: stopped: ${end.error}\n`);

  // one output file per input file, holding its annotated dialogues in input order
  const byFile = new Map<string, ExportDialogue[]>();
  for (const [itemId, input] of byItem) {
    const payload = results.get(itemId);
    if (!payload) continue;
    const list = byFile.get(input.outputPath) ?? [];
    list.push(exportDialogue(input, payload));
    byFile.set(input.outputPath, list);
  }
  // each file checked again as it is written: one changed while the run went is kept, and said
  let refused = 0;
  for (const [outputPath, items] of byFile) {
    const target = join(args.out, outputPath);
    const problem = await ledger.writeProblem(target, ledgerKey(outputPath), job);
    if (problem !== null) {
      io.stderr(`${lineText(problem)}\n`);
      refused++;
      continue;
    }
    await ledger.write(target, ledgerKey(outputPath), job, toSidJsonl(items, DEFAULT_CODEBOOK));
  }
  if (byFile.size > 0) await ledger.save();
  const progress = end?.progress;
  io.stdout(
    `annotate: ${results.size} of ${chosen.length} dialogues annotated (${progress?.cached ?? 0} from the cache), ${failures.length} failed; ` +
      `${((progress?.tokens.input ?? 0) + (progress?.tokens.output ?? 0)).toLocaleString('en-US')} tokens; ${byFile.size - refused} file${byFile.size - refused === 1 ? '' : 's'} written under ${args.out}\n`,
  );
  if (refused > 0) return EXIT_USAGE;
  return inputErrors > 0 || failures.length > 0 || end?.status !== 'succeeded' ? EXIT_INPUT_ERRORS : EXIT_OK;
}

export const annotateCommand: CliCommand = { name: 'annotate', usage: ANNOTATE_USAGE, run };
