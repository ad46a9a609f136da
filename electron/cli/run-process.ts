import { processIo } from './io';
import { runCli } from './run-cli';
import { outputText } from './terminal-text';

/**
 * Standard output that cannot take what is printed (`> /dev/full`, a full disk, a closed pipe):
 * one line on stderr and exit 1 instead of Node's unhandled 'error' dump; the command's own
 * files are written as they are anyway.
 */
function guardStdout(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (process.exitCode === 1) return;
    const why = error.code === 'EPIPE' ? 'the program reading it stopped, EPIPE' : `${error.code ?? error.message}`;
    process.stderr.write(outputText(`standard output: could not be written (${why}); what the command printed there is incomplete, the files it writes are kept: run it again with its output going elsewhere.\n`));
    process.exitCode = 1;
  });
}

/** Runs the command line of this process and sets its exit code (70: an internal error, with its stack). */
export function runProcess(): void {
  guardStdout();
  runCli(process.argv.slice(2), processIo()).then(
    (code) => {
      // standard output refused (guardStdout): the run did not deliver what it printed
      process.exitCode = process.exitCode === 1 ? 1 : code;
    },
    (error: unknown) => {
      process.stderr.write(outputText(`maieutic: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`));
      process.exitCode = 70;
    },
  );
}
