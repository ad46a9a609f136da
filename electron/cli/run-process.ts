import { processIo } from './io';
import { runCli } from './run-cli';
import { outputText } from './terminal-text';

/** Runs the command line of this process and sets its exit code (70: an internal error, with its stack). */
export function runProcess(): void {
  runCli(process.argv.slice(2), processIo()).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(outputText(`maieutic: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`));
      process.exitCode = 70;
    },
  );
}
