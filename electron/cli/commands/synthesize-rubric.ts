/**
 * `synthesize-rubric`: a rubric set from a synthesis spec on the command line (issue 15), on the
 * app's own engine (the rubric-synthesis job kind through the job registry, the endpoint callers
 * and the response cache). One job is one round; between rounds the command does what the
 * educator's app does without an educator: the next round starts from the best round
 * (workingAfterRound, so a worse round is rolled back) and carries the state (nextCarried). The
 * loop's decision is afterRound's under the spec's stopping rules with --rounds as max_rounds.
 * Each finished round is appended to the journal, so a rerun repeats no finished paid call.
 * Keys come from the environment and are never printed.
 */
import { stat } from 'node:fs/promises';
import { afterRound, bestRound, buildSynthesisDefinition, parseSynthesisSpec, revisionDiff, synthesisSpecHash, type SynthesisCarried, type SynthesisRoundPayload, type SynthesisSpec } from '../../../shared/synthesis';
import { nextCarried, resultRubricSet, workingAfterRound, type WorkingMetrics } from '../../../shared/synthesis/session';
import { writeFileAtomic } from '../../services/atomic-write';
import { makePrivateDir } from '../../services/private-files';
import { asWriteFailure, FileWriteError, jobWriteFailure } from '../../services/write-failure';
import { ResponseCache } from '../../services/llm/response-cache';
import { synthesisRunner } from '../../services/llm/synthesis-runner';
import { CLI_VERSION } from '../app-version';
import type { CliCommand, CliIo } from '../io';
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE } from '../io';
import { fileLine, lineText } from '../terminal-text';
import { resolveNamedConnections, runnerConnections, type CliConnection } from './cli-connections';
import { readInputText } from './generate-files';
import { runToLines } from './judge-output';
import { SYNTHESIZE_USAGE, parseSynthesizeArgs, type SynthesizeArgs } from './synthesize-args';
import { readJournal, synthesisPaths, type JournalLine, type RoundSettings, type SynthesisPaths } from './synthesize-journal';
import { reportValue, roundLines, type RoundSeen } from './synthesize-report';

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseSynthesizeArgs(argv);
  if (parsed.kind === 'help') {
    io.stdout(SYNTHESIZE_USAGE);
    return EXIT_OK;
  }
  if (parsed.kind === 'usage-error') {
    io.stderr(`${parsed.message}\n\n${SYNTHESIZE_USAGE}`);
    return EXIT_USAGE;
  }
  return synthesize(parsed.args, io);
}

const ROLES = ['drafter', 'generator', 'judge'] as const;

interface RoundRun {
  spec: SynthesisSpec;
  source: string;
  args: SynthesizeArgs;
  paths: SynthesisPaths;
  settings: RoundSettings;
  runner: ReturnType<typeof synthesisRunner>;
  io: CliIo;
}

/** Runs round `round` as one job; its payload is appended to the journal. */
async function runRound(context: RoundRun, round: number, carried: SynthesisCarried | undefined): Promise<{ payload: SynthesisRoundPayload } | { failure: string }> {
  const { spec, args, io } = context;
  const built = buildSynthesisDefinition({
    specSource: context.source, specFile: args.spec, round, judgeConnectionId: spec.models.judge,
    roleConnections: { drafter: spec.models.drafter, generator: spec.models.generator },
    answersPerItem: args.answersPerItem, language: args.language, ...(carried ? { carried } : {}), title: `synthesize-rubric ${args.spec} round ${round}`,
  });
  if (!built.ok) return { failure: `round ${round} cannot run: ${built.problems.join('; ')}` };
  let payload: SynthesisRoundPayload | null = null;
  let reason: string | null = null;
  const result = await runToLines<SynthesisRoundPayload>({
    out: context.paths.journal, io, runner: context.runner, definition: built.definition, isDone: () => false,
    progress: { command: 'synthesize-rubric', unit: 'rounds' },
    privateFile: true,
    lineOf: (event) => {
      if (!event.outcome.ok) {
        reason = event.outcome.reason;
        return null;
      }
      payload = event.outcome.payload;
      const line: JournalLine = { settings: context.settings, payload };
      return { value: line };
    },
  });
  if (payload) return { payload };
  // the answer cache on a full or read-only disk: the one line that names the file
  const writeFailure = jobWriteFailure(result.finished);
  if (writeFailure) throw writeFailure;
  const stopped = result.finished?.status === 'failed' ? result.finished.error : null;
  return { failure: `round ${round} failed: ${reason ?? stopped ?? `the job ended ${result.finished?.status ?? 'without finishing'}`}` };
}

async function prepare(args: SynthesizeArgs, io: CliIo): Promise<{ spec: SynthesisSpec; source: string; connections: Map<string, CliConnection>; paths: SynthesisPaths } | number> {
  const read = await readInputText(args.spec, 'synthesis-spec');
  if ('problem' in read) {
    io.stderr(`${read.problem}\n`);
    return EXIT_INPUT_ERRORS;
  }
  const parsed = parseSynthesisSpec(read.text, args.spec);
  if (!parsed.ok) {
    for (const problem of parsed.problems) io.stderr(`${lineText(problem.text)}\n`);
    return EXIT_INPUT_ERRORS;
  }
  const { spec } = parsed;
  const names = [...new Set(ROLES.map((role) => spec.models[role]))];
  const resolved = await resolveNamedConnections(names, names, 'spec', args);
  if ('problems' in resolved) {
    for (const problem of resolved.problems) io.stderr(`synthesize-rubric: ${problem}\n`);
    return EXIT_USAGE;
  }
  if (await stat(args.out).then((info) => info.isDirectory(), () => false)) {
    io.stderr(`${fileLine(args.out, null, '--out names a folder; name the rubric set\'s JSON file')}\n`);
    return EXIT_USAGE;
  }
  const paths = synthesisPaths(args.out);
  return { spec, source: read.text, connections: resolved.connections, paths };
}

async function synthesize(args: SynthesizeArgs, io: CliIo): Promise<number> {
  const prepared = await prepare(args, io);
  if (typeof prepared === 'number') return prepared;
  const { spec, source, connections, paths } = prepared;
  const hash = synthesisSpecHash(spec);
  const models = Object.fromEntries(ROLES.map((role) => [role, connections.get(spec.models[role])?.connection.model ?? ''])) as RoundSettings['models'];
  const settings: RoundSettings = { language: args.language, answersPerItem: args.answersPerItem, models };
  try {
    // the journal and the cache hold prompts and answers: the folder is the user's alone
    await makePrivateDir(paths.folder);
  } catch (error) {
    const failure = asWriteFailure(paths.folder, error);
    io.stderr(`${failure instanceof FileWriteError ? lineText(failure.message) : fileLine(paths.folder, null, `cannot make the work folder (${(error as NodeJS.ErrnoException).code ?? String(error)})`)}\n`);
    return EXIT_INPUT_ERRORS;
  }
  const journal = await readJournal(paths.journal, hash, settings, io);
  if (journal === null) return EXIT_INPUT_ERRORS;
  const stopping = { ...spec.stopping, maxRounds: args.rounds ?? spec.stopping.maxRounds };

  const cache = new ResponseCache(paths.cache);
  const runner = synthesisRunner({ connections: runnerConnections(connections), cache, appVersion: CLI_VERSION, timeoutMs: args.timeoutSeconds * 1000 });
  const context: RoundRun = { spec, source, args, paths, settings, runner, io };
  const seen: RoundSeen[] = [];
  let carried: SynthesisCarried | undefined;
  let working: WorkingMetrics | null = null;
  try {
    for (let round = 0; ; round++) {
      const fromJournal = journal[round];
      const ran = fromJournal ? { payload: fromJournal } : await runRound(context, round, carried);
      if ('failure' in ran) {
        io.stderr(`synthesize-rubric: ${lineText(ran.failure)}\n`);
        io.stderr(`synthesize-rubric: ${round} round(s) kept in ${lineText(paths.journal)}; run the same command again to resume\n`);
        return EXIT_INPUT_ERRORS;
      }
      const { payload } = ran;
      const rounds = [...seen.map((entry) => entry.payload.record), payload.record];
      const decision = afterRound(rounds, stopping);
      // the diff is against what this round was given: the best round's metrics before it
      const entry: RoundSeen = { payload, decision, startedFrom: working?.basedOn ?? null, diff: working ? revisionDiff(working.metrics, payload.metrics) : null, fromJournal: Boolean(fromJournal) };
      seen.push(entry);
      for (const line of roundLines(entry)) io.stdout(line);
      if (decision.action === 'stop') break;
      working = workingAfterRound(carried?.rounds ?? [], payload);
      carried = nextCarried(carried, payload, working);
    }
  } finally {
    cache.close();
  }

  const records = seen.map((entry) => entry.payload.record);
  const best = bestRound(records) ?? records[0];
  const rubricSet = resultRubricSet(spec, best);
  const report = reportValue({ spec: { id: spec.id, version: spec.version, hash, file: args.spec }, settings, maxRounds: stopping.maxRounds, best, rubricSetVersion: rubricSet.version, rounds: seen });
  await writeFileAtomic(paths.out, `${JSON.stringify(rubricSet, null, 2)}\n`);
  await writeFileAtomic(paths.report, `${JSON.stringify(report, null, 2)}\n`);
  const tokens = seen.reduce((sum, entry) => sum + (entry.fromJournal ? 0 : entry.payload.tokens.input + entry.payload.tokens.output), 0);
  io.stdout(`synthesize-rubric: wrote ${lineText(paths.out)} (${lineText(`${rubricSet.id} ${rubricSet.version}`)}, the best of ${seen.length} round(s)) and ${lineText(paths.report)}; ${seen.filter((entry) => entry.fromJournal).length} round(s) from the journal; ${tokens.toLocaleString('en-US')} tokens\n`);
  return EXIT_OK;
}

export const synthesizeRubricCommand: CliCommand = { name: 'synthesize-rubric', usage: SYNTHESIZE_USAGE, run };
