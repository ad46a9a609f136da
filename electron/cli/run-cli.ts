import type { CliCommand, CliIo } from './io';
import { lineText } from './terminal-text';
import { CLI_INVOCATION, EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE, escapingIo } from './io';
import { asWriteFailure, FileWriteError } from '../services/write-failure';

/**
 * Every command, by name, with the line the command list shows. Its module is loaded only when
 * it runs, so `--help` starts without reading the import, agreement and metrics code (the built
 * CLI keeps each in a chunk of its own). A new command is one module plus one entry here.
 */
export interface CommandEntry {
  name: string;
  summary: string;
  load(): Promise<CliCommand>;
}

export const COMMANDS: readonly CommandEntry[] = [
  { name: 'validate', summary: 'check dialogue files and folders the way the import does', load: async () => (await import('./commands/validate')).validateCommand },
  {
    name: 'agreement',
    summary: 'inter-annotator agreement (kappa, alpha, AC1) from a ratings CSV or between data-set annotation layers',
    load: async () => (await import('./commands/agreement')).agreementCommand,
  },
  { name: 'annotate', summary: 'pre-annotate dialogue files with an OpenAI-compatible model, answers checked and cached', load: async () => (await import('./commands/annotate')).annotateCommand },
  { name: 'spot-check', summary: 'error rate of the LLM labels an expert reviewed in a Maieutic export, per field, with 95% Wilson intervals and verdicts', load: async () => (await import('./commands/spot-check')).spotCheckCommand },
  { name: 'metrics', summary: 'score SID files with the objective metrics (Table II) per dialogue and teacher model', load: async () => (await import('./commands/metrics')).metricsCommand },
  { name: 'judge', summary: 'score dialogue files on a rubric set with an OpenAI-compatible judge model, one results line per dialogue and sample, resumable', load: async () => (await import('./commands/judge')).judgeCommand },
  { name: 'generate', summary: 'generate tutoring dialogues from a scenario file with OpenAI-compatible models, SID JSONL per teacher model, resumable', load: async () => (await import('./commands/generate')).generateCommand },
  { name: 'synthesize-rubric', summary: 'synthesize a rubric set from a synthesis spec, round by round (draft, score, diagnose, revise), resumable', load: async () => (await import('./commands/synthesize-rubric')).synthesizeRubricCommand },
  { name: 'judge-report', summary: 'Table I of judge results per teacher model, judge and rubric, and with expert scores the calibration', load: async () => (await import('./commands/judge-report')).judgeReportCommand },
];

export function usage(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  const list = COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join('\n');
  return `Usage: ${CLI_INVOCATION} <command> [arguments]\n\nCommands:\n${list}\n\nRun a command with --help for its options.\n`;
}

/** The system calls that only write: their failure with a path is the place's, not the app's. */
const WRITING_CALLS = new Set(['mkdir', 'write', 'rename', 'fsync', 'fdatasync', 'ftruncate', 'copyfile', 'symlink', 'link']);

function placeFailure(error: unknown): FileWriteError | null {
  if (error instanceof FileWriteError) return error;
  const { path, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  if (typeof path !== 'string' || !WRITING_CALLS.has(syscall ?? '')) return null;
  const failure = asWriteFailure(path, error);
  return failure instanceof FileWriteError ? failure : null;
}

/** Runs one command line (without the node/script arguments) and returns the exit code. */
export async function runCli(argv: readonly string[], rawIo: CliIo): Promise<number> {
  const io = escapingIo(rawIo);
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(usage());
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const entry = COMMANDS.find((candidate) => candidate.name === name);
  if (!entry) {
    io.stderr(`Unknown command "${lineText(name)}".\n\n${usage()}`);
    return EXIT_USAGE;
  }
  const command = await entry.load();
  try {
    return await command.run(args, io);
  } catch (error) {
    // a full disk, a read-only one or a folder not the user's: one line naming the file, no stack
    // (what was finished is on disk already, and a rerun resumes from it)
    const failure = placeFailure(error);
    if (!failure) throw error;
    io.stderr(`${lineText(failure.message)}\n`);
    return EXIT_INPUT_ERRORS;
  }
}
