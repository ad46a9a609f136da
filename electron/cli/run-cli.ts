import { validateCommand } from './commands/validate';
import { agreementCommand } from './commands/agreement';
import { metricsCommand } from './commands/metrics';
import type { CliCommand, CliIo } from './io';
import { lineText } from './terminal-text';
import { CLI_INVOCATION, EXIT_OK, EXIT_USAGE, escapingIo } from './io';

/** Every command, by name. A new command (agreement, metrics, …) is one module plus one entry here. */
export const COMMANDS: readonly CliCommand[] = [validateCommand, agreementCommand, metricsCommand];

export function usage(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  const list = COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join('\n');
  return `Usage: ${CLI_INVOCATION} <command> [arguments]\n\nCommands:\n${list}\n\nRun a command with --help for its options.\n`;
}

/** Runs one command line (without the node/script arguments) and returns the exit code. */
export async function runCli(argv: readonly string[], rawIo: CliIo): Promise<number> {
  const io = escapingIo(rawIo);
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(usage());
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    io.stderr(`Unknown command "${lineText(name)}".\n\n${usage()}`);
    return EXIT_USAGE;
  }
  return command.run(args, io);
}
