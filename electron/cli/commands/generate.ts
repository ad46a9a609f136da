/**
 * `generate`: tutoring dialogues from a scenario file on the command line (issue 14), on the app's
 * own engine (the generation runner, the job registry, the endpoint caller with its adaptive
 * limit, retries and cache). One payload line per conversation and teacher is appended to
 * conversations.jsonl as each finishes, so a run stopped at any point resumes from it; a
 * conversation stopped midway replays its finished turns from the cache in the folder. The
 * data-set files (SID JSONL per teacher model and the rest) are written from it at the end.
 * Keys come from the environment and are never printed.
 */
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobWorkItem } from '../../../shared/jobs';
import {
  generationJobResult, noPairReason, preferenceLeftOut, preferenceLeftOutText, preferenceTally, sharedSidIdsText, sidIdPlan,
  type GenerationJobPayload, type GenerationPreference,
} from '../../../shared/scenario';
import { buildGenerationDefinition } from '../../../shared/scenario/generation-problems';
import { generationRunner } from '../../services/llm/generation-runner';
import { ResponseCache } from '../../services/llm/response-cache';
import { CLI_VERSION } from '../app-version';
import type { CliCommand, CliIo } from '../io';
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE } from '../io';
import { fileLine, lineText } from '../terminal-text';
import { GENERATE_USAGE, parseGenerateArgs, type GenerateArgs } from './generate-args';
import { runnerConnections } from './cli-connections';
import { resolveConnections } from './generate-connections';
import { CACHE_FOLDER, CONVERSATIONS_FILE, conversationKey, readRecordedConversations, writeDatasetFiles } from './generate-output';
import { loadScenario } from './generate-scenario';
import { NOT_PLACED, printDryRun } from './generate-plan';
import { generationSteps } from './generate-steps';
import { progressLine, runToLines } from './judge-output';
import { jobWriteFailure } from '../../services/write-failure';

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseGenerateArgs(argv);
  if (parsed.kind === 'help') {
    io.stdout(GENERATE_USAGE);
    return EXIT_OK;
  }
  if (parsed.kind === 'usage-error') {
    io.stderr(`${parsed.message}\n\n${GENERATE_USAGE}`);
    return EXIT_USAGE;
  }
  return generate(parsed.args, io);
}

/** The preference step in one line: the pairs made, and what was left out and why (above all when none was made). */
function preferenceSummary(payloads: readonly GenerationJobPayload[], preference: GenerationPreference): string {
  const tally = preferenceTally(payloads, preference.atStudentTurns);
  if (tally.pairs.length === 0) return `generate: no DPO pair: ${lineText(noPairReason(tally))}\n`;
  const leftOut = preferenceLeftOut(tally).map(preferenceLeftOutText);
  return `generate: ${plural(tally.pairs.length, 'DPO pair')} from ${tally.branches.toLocaleString('en-US')} branch${tally.branches === 1 ? '' : 'es'}${leftOut.length > 0 ? `; left out: ${lineText(leftOut.join(' '))}` : ''}\n`;
}

const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

async function generate(args: GenerateArgs, io: CliIo): Promise<number> {
  const loaded = await loadScenario(args.scenario);
  if ('problems' in loaded) {
    for (const problem of loaded.problems) io.stderr(`${problem}\n`);
    return EXIT_INPUT_ERRORS;
  }
  // a dry run calls nothing: a connection not placed on an endpoint or model is planned under its name
  const placing = args.dryRun ? { ...args, baseURL: args.baseURL ?? NOT_PLACED, defaultModel: args.defaultModel ?? NOT_PLACED } : args;
  const resolved = await resolveConnections(loaded.scenario, placing);
  if ('problems' in resolved) {
    for (const problem of resolved.problems) io.stderr(`generate: ${problem}\n`);
    return EXIT_USAGE;
  }
  const { connections } = resolved;
  const outKind = args.out === null ? 'missing' : await stat(args.out).then((info) => (info.isDirectory() ? 'folder' : 'file'), () => 'missing');
  if (args.out !== null && outKind === 'file') {
    io.stderr(`${fileLine(args.out, null, '--out names a file; name a folder (made when missing)')}\n`);
    return EXIT_USAGE;
  }

  const scenario = loaded.scenario;
  const teacherConnectionIds = scenario.roles.teacher?.connections ?? [];
  const roleConnections = {
    ...(scenario.roles.student ? { student: scenario.roles.student.connections[0] } : {}),
    ...(scenario.roles.guide ? { guide: scenario.roles.guide.connections[0] } : {}),
    // the judge role is called only by the safety step
    ...(scenario.judge && args.safetyMinScore !== null ? { judge: scenario.judge.connection } : {}),
  };
  const steps = await generationSteps(args, scenario, args.scenario);
  if ('problems' in steps) {
    for (const problem of steps.problems) io.stderr(`${problem}\n`);
    return EXIT_INPUT_ERRORS;
  }
  const built = buildGenerationDefinition({ scenarioSource: loaded.source, scenarioFile: loaded.file, ...(loaded.csvRows ? { rows: loaded.csvRows } : {}), teacherConnectionIds, roleConnections, title: `generate ${args.scenario}`, ...steps });
  if (!built.ok) {
    for (const problem of built.problems) io.stderr(`${fileLine(args.scenario, null, problem)}\n`);
    return EXIT_INPUT_ERRORS;
  }
  const definition = built.definition;
  const sidIds = sidIdPlan(definition.parameters.rows, scenario.repeats);
  const sharedIds = sharedSidIdsText(sidIds);
  if (sharedIds !== null) io.stderr(`generate: note: ${lineText(sharedIds)}\n`);
  const conversationsFile = args.out === null ? null : join(args.out, CONVERSATIONS_FILE);
  const recorded = conversationsFile === null || outKind === 'missing' ? { complete: new Set<string>() } : await readRecordedConversations(conversationsFile, definition.parameters.scenarioHash, io, false);
  if (recorded === null) return EXIT_INPUT_ERRORS;

  const total = definition.itemIds.length * definition.connectionIds.length;
  const already = definition.itemIds.reduce((sum, itemId) => sum + definition.connectionIds.filter((connectionId) => recorded.complete.has(conversationKey(connectionId, itemId))).length, 0);
  if (args.dryRun || args.out === null || conversationsFile === null) {
    printDryRun({ scenarioFile: args.scenario, scenario, definition, connections, alreadyThere: args.out === null ? null : already, json: args.json }, io);
    return EXIT_OK;
  }
  await mkdir(args.out, { recursive: true });
  // --limit: the first N conversations not done yet run; the others wait for the next run
  const selected = new Set<string>();
  const skipped = (item: JobWorkItem) => {
    const key = conversationKey(item.connectionId, item.itemId);
    if (recorded.complete.has(key)) return true;
    if (args.limit === null || selected.has(key)) return false;
    if (selected.size >= args.limit) return true;
    selected.add(key);
    return false;
  };

  const cache = new ResponseCache(join(args.out, CACHE_FOLDER));
  const runner = generationRunner({ connections: runnerConnections(connections), cache, appVersion: CLI_VERSION, timeoutMs: args.timeoutSeconds * 1000 });
  let turns = 0;
  let cachedTurns = 0;
  let complete = 0;
  const runResult = await runToLines<GenerationJobPayload>({
    out: conversationsFile,
    io,
    runner,
    definition,
    isDone: skipped,
    progress: { command: 'generate', unit: 'conversations' },
    privateFile: true,
    lineOf: (event) => {
      const payload = generationJobResult(event.outcome);
      if (!payload) return null;
      turns += payload.turns.length;
      cachedTurns += payload.turns.filter((turn) => turn.cached).length;
      if (payload.status === 'complete') complete++;
      return { value: payload, ...(payload.status === 'failed' ? { failure: `generate: ${lineText(payload.conversationId)} (${lineText(payload.teacherModel)}): stopped after ${plural(payload.turns.length, 'turn')}: ${lineText(payload.reasons.join('; '))}` } : {}) };
    },
  }).finally(() => cache.close());

  const last = runResult.finished;
  if (last) io.stderr(progressLine(last.progress, 'generate', 'conversations'));
  for (const failure of runResult.failures) io.stderr(`${failure}\n`);
  // a journal or the answer cache on a full or read-only disk: the one line that names the file
  const writeFailure = jobWriteFailure(last);
  if (writeFailure) throw writeFailure;
  if (last?.status === 'failed') io.stderr(`generate: stopped: ${last.error}\n`);
  // read back rather than kept while the run goes: a long run's memory stays flat
  const final = await readRecordedConversations(conversationsFile, definition.parameters.scenarioHash, io);
  if (final === null) return EXIT_INPUT_ERRORS;
  const settings = {
    teachers: teacherConnectionIds.map((id) => `${id}: ${connections.get(id)?.connection.model}`).join(', '),
    ...(steps.preference ? { candidates: steps.preference.candidates, atStudentTurns: steps.preference.atStudentTurns.join(', ') } : {}),
    ...(scenario.assessment ? { assessmentSamples: scenario.assessment.samples, k: scenario.assessment.k.join(', ') } : {}),
    ...(steps.safety?.words ? { safetyWords: steps.safety.words.length } : {}),
    ...(steps.safety?.judge ? { safetyJudge: `${steps.safety.judge.rubricSet.id} ${steps.safety.judge.rubricSet.version}, every score at least ${steps.safety.judge.minScore}` } : {}),
  };
  // a conversation recorded before ids were made distinct gets them from the same rule
  const payloads = [...final.latest.values()].map((payload) => (payload.sid ? payload : { ...payload, sid: sidIds.idsOf(payload.taskIndex, payload.repeatId) }));
  const files = await writeDatasetFiles(args.out, payloads, { scenario, hash: definition.parameters.scenarioHash, settings, ...(steps.preference ? { preference: steps.preference } : {}) });
  const waiting = total - already - complete;
  const tokens = (last?.progress.tokens.input ?? 0) + (last?.progress.tokens.output ?? 0);
  io.stdout(
    `generate: ${plural(runResult.written, 'conversation')} written to ${conversationsFile} (${complete} finished, ${runResult.failed} failed), ${already} of ${total} already there` +
      `${waiting > 0 ? `, ${waiting} still to generate (run again)` : ''}; ${cachedTurns} of ${plural(turns, 'turn')} answered from the cache; ${tokens.toLocaleString('en-US')} tokens\n` +
      `generate: wrote ${files.map((file) => `${file.name} (${file.count})`).join(', ')} in ${args.out}\n` +
      (steps.preference ? preferenceSummary(payloads, steps.preference) : ''),
  );
  return runResult.failed > 0 || last?.status !== 'succeeded' ? EXIT_INPUT_ERRORS : EXIT_OK;
}

export const generateCommand: CliCommand = { name: 'generate', usage: GENERATE_USAGE, run };
