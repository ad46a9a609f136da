/**
 * What became of one fault-suite input, by the same words for the CLI and the app: a clear
 * error (naming file:line, or the skipped file and why), a warning, accepted, or a failure of
 * the tool itself: a crash, a hang, a partial import (some dialogues of a refused file kept),
 * an unclear error (no line, or an internal message), or raw control characters on the terminal.
 */
import type { AppPathResult } from './app-path-runner';
import type { RestorePathResult } from './restore-runner';
import type { Expectation, } from './kinds';

export type Outcome = 'clear-error' | 'warning' | 'accepted' | 'crash' | 'hang' | 'partial-import' | 'unclear-error' | 'raw-control-characters';

export const FAILURES: readonly Outcome[] = ['crash', 'hang', 'partial-import', 'unclear-error', 'raw-control-characters'];

export interface Classified {
  outcome: Outcome;
  /** what was said (the first error or warning), or why the outcome is a failure */
  detail: string;
}

/** Internal messages that tell a user nothing about their file. */
export const INTERNAL = /Maximum call stack|Cannot read propert|is not a function|is not iterable|undefined is not|\[object Object\]|heap out of memory|Invalid string length|Invalid array length|RangeError|TypeError|SyntaxError: Unexpected token .* in JSON at position/;
const STACK_TRACE = /^\s+at .+(:\d+:\d+\)?|\(native\))$/m;
/** C0 controls except tab and line feed, DEL, C1 controls, bidi overrides and isolates */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export interface CliRun {
  code: number | null;
  signal: string | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
}

interface CliProblem {
  file?: string;
  line?: number | null;
  message?: string;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * `validate --json` gives errors and warnings as objects; the other commands print
 * `file:line: message` lines on stderr and their result (or nothing) on stdout.
 */
export function classifyCli(run: CliRun, command: string, textRun?: CliRun, options: { refusesCommandLine?: boolean } = {}): Classified {
  if (run.timedOut) return { outcome: 'hang', detail: 'killed by the hang guard' };
  if (run.signal !== null || run.code === null || run.code > 2) return { outcome: 'crash', detail: `exit ${run.code ?? run.signal}: ${(run.stderr || run.stdout).slice(0, 300)}` };
  if (options.refusesCommandLine) return classifyCommandLineRefusal(run);
  if (run.code === 2) return { outcome: 'crash', detail: `usage error (the suite's command line is wrong): ${run.stderr.slice(0, 200)}` };
  if (STACK_TRACE.test(run.stderr) || STACK_TRACE.test(run.stdout)) return { outcome: 'crash', detail: `stack trace: ${run.stderr.slice(0, 300)}` };
  for (const output of [run, textRun].filter((candidate): candidate is CliRun => candidate !== undefined)) {
    const shown = `${output.stdout}${output.stderr}`;
    const raw = RAW_CONTROL.exec(command === 'validate' && output === run ? output.stderr : shown);
    if (raw) return { outcome: 'raw-control-characters', detail: `U+${raw[0].charCodeAt(0).toString(16).padStart(4, '0')} written raw` };
  }
  if (command === 'validate') {
    const report = parseJson(run.stdout) as { errors?: CliProblem[]; warnings?: CliProblem[]; dialogues?: number } | undefined;
    if (!report || !Array.isArray(report.errors) || !Array.isArray(report.warnings)) return { outcome: 'crash', detail: `--json printed no JSON: ${run.stdout.slice(0, 200)}` };
    if (report.errors.length > 0) {
      if (run.code !== 1) return { outcome: 'unclear-error', detail: `errors but exit ${run.code}` };
      const unclear = report.errors.find((error) => !error.file || !error.message || INTERNAL.test(error.message) || (error.line === null && !/folder|path/.test(error.message)));
      if (unclear) return { outcome: 'unclear-error', detail: JSON.stringify(unclear).slice(0, 300) };
      return { outcome: 'clear-error', detail: `${report.errors[0].file}:${report.errors[0].line ?? ''}: ${report.errors[0].message}` };
    }
    if (run.code !== 0) return { outcome: 'unclear-error', detail: `exit ${run.code} without an error` };
    if (report.warnings.length > 0) return { outcome: 'warning', detail: `${report.warnings[0].file}:${report.warnings[0].line ?? ''}: ${report.warnings[0].message}` };
    return { outcome: 'accepted', detail: `${report.dialogues ?? 0} dialogues` };
  }
  const lines = run.stderr.split('\n').filter((line) => line.trim() !== '');
  if (run.code === 1) {
    const problems = lines.filter((line) => !/: (warning|note): /.test(line));
    const unclear = problems.find((line) => INTERNAL.test(line) || !/^[^:]+(:\d+){0,2}: \S/.test(line));
    if (problems.length === 0 || unclear) return { outcome: 'unclear-error', detail: (unclear ?? 'exit 1 without a message').slice(0, 300) };
    return { outcome: 'clear-error', detail: problems[0].slice(0, 300) };
  }
  if (run.stdout.trim() !== '' && parseJson(run.stdout) === undefined) return { outcome: 'crash', detail: `--json printed no JSON: ${run.stdout.slice(0, 200)}` };
  const warning = lines.find((line) => /warning|note/.test(line));
  return warning ? { outcome: 'warning', detail: warning.slice(0, 300) } : { outcome: 'accepted', detail: 'exit 0' };
}

/** A command line that must be refused (exit 2) with a message naming a path, before any work. */
function classifyCommandLineRefusal(run: CliRun): Classified {
  if (STACK_TRACE.test(run.stderr)) return { outcome: 'crash', detail: `stack trace: ${run.stderr.slice(0, 300)}` };
  const said = run.stderr.split('\n').find((line) => line.trim() !== '') ?? '';
  if (run.code !== 2) return { outcome: 'unclear-error', detail: `not refused before any work (exit ${run.code}): ${said.slice(0, 300)}` };
  if (said === '' || INTERNAL.test(said) || !said.includes('/')) return { outcome: 'unclear-error', detail: `refused without naming the path: ${said.slice(0, 300)}` };
  return { outcome: 'clear-error', detail: said.slice(0, 300) };
}

/** The app's import: skipped files and files with errors are refusals; dialogues kept from a file with errors are a partial import. */
export function classifyApp(result: AppPathResult | 'hang'): Classified {
  if (result === 'hang') return { outcome: 'hang', detail: 'killed by the hang guard' };
  if (result.thrown) return { outcome: 'crash', detail: result.thrown };
  const partial = result.files.find((file) => file.errors.length > 0 && file.dialogues > 0);
  if (partial) return { outcome: 'partial-import', detail: `${partial.name}: ${partial.dialogues} dialogues kept despite ${partial.errors.length} errors` };
  const unclearSkip = result.skipped.find((file) => file.reason.trim() === '' || INTERNAL.test(file.reason));
  if (unclearSkip) return { outcome: 'unclear-error', detail: `${unclearSkip.name}: ${unclearSkip.reason}` };
  const unclearError = result.files.flatMap((file) => file.errors.map((error) => ({ file, error }))).find(({ error }) => !(error.line >= 1) || INTERNAL.test(error.message));
  if (unclearError) return { outcome: 'unclear-error', detail: `${unclearError.file.name}:${unclearError.error.line}: ${unclearError.error.message}` };
  const failed = result.files.find((file) => file.errors.length > 0);
  if (failed) return { outcome: 'clear-error', detail: `${failed.name}:${failed.errors[0].line}: ${failed.errors[0].message}` };
  // a skip is a refusal of that file; with other files read, it is a warning about the import
  const imported = result.files.length;
  if (result.skipped.length > 0) {
    const first = `${result.skipped[0].name}: skipped: ${result.skipped[0].reason}`;
    return imported === 0 ? { outcome: 'clear-error', detail: first } : { outcome: 'warning', detail: first };
  }
  const warned = result.files.find((file) => file.warnings > 0);
  if (warned) return { outcome: 'warning', detail: `${warned.name}: ${warned.warnings} warnings` };
  if (imported === 0) return { outcome: 'unclear-error', detail: 'nothing read and nothing said' };
  return { outcome: 'accepted', detail: `${result.files.reduce((sum, file) => sum + file.dialogues, 0)} dialogues` };
}

/** Whether an outcome is what the kind expects; failures never are. */
export function meetsExpectation(outcome: Outcome, expectation: Expectation): boolean {
  if (FAILURES.includes(outcome)) return false;
  switch (expectation) {
    case 'refused':
      return outcome === 'clear-error';
    case 'warned':
    case 'flagged':
      return outcome === 'clear-error' || outcome === 'warning';
    case 'accepted':
      return outcome !== 'clear-error';
  }
}

/** Every word of `mentions` in what was said about the input. */
export function missingMentions(said: string, mentions: readonly string[]): string[] {
  return mentions.filter((word) => !said.includes(word));
}

/**
 * The restore path: a file refused with every problem naming its table (and nothing written) is a
 * clear error, as is main's own refusal naming the file; a restore that changed the database and
 * still failed is a partial import; internal words are an unclear error.
 */
export function classifyRestore(result: RestorePathResult | 'hang'): Classified {
  if (result === 'hang') return { outcome: 'hang', detail: 'killed by the hang guard' };
  if (result.accepted) return { outcome: 'accepted', detail: 'restored' };
  if (result.changed) return { outcome: 'partial-import', detail: `the database changed, then: ${result.thrown ?? 'refused'}` };
  if (result.refused) {
    const unclear = result.refused.problems.find((problem) => !problem.table || !problem.detail || INTERNAL.test(problem.detail));
    if (unclear || result.refused.problems.length === 0) return { outcome: 'unclear-error', detail: JSON.stringify(unclear ?? result.refused).slice(0, 300) };
    const [first] = result.refused.problems;
    return { outcome: 'clear-error', detail: `${first!.table} row ${first!.row}${first!.field ? `, ${first!.field}` : ''}: ${first!.detail}` };
  }
  const thrown = result.thrown ?? '';
  if (INTERNAL.test(thrown) || !/\.maieutic\b/.test(thrown)) return { outcome: 'unclear-error', detail: thrown.slice(0, 300) };
  return { outcome: 'clear-error', detail: thrown.slice(0, 300) };
}
