import { outputText } from './terminal-text';

/** Where a command writes. Tests pass an in-memory pair; the entry point passes the process streams. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** One CLI command. Exit codes: 0 ok, 1 the input has errors, 2 the command line is wrong. */
export interface CliCommand {
  name: string;
  /** the full usage text, ending with a newline */
  usage: string;
  run(args: readonly string[], io: CliIo): Promise<number>;
}

/**
 * How a user runs the command line from a checkout (package.json "cli"): every usage line and
 * every hint to run another command is written with it, since no `maieutic` binary exists.
 */
export const CLI_INVOCATION = 'npm run -s cli --';

export const EXIT_OK = 0;
export const EXIT_INPUT_ERRORS = 1;
export const EXIT_USAGE = 2;

export function processIo(): CliIo {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
  };
}

/** `io` with every write passed through outputText: no command can put a raw ESC on the terminal. */
export function escapingIo(io: CliIo): CliIo {
  return {
    stdout: (text) => io.stdout(outputText(text)),
    stderr: (text) => io.stderr(outputText(text)),
  };
}
