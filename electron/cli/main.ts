import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { processIo } from './io';
import { runCli } from './run-cli';
import { outputText } from './terminal-text';

export { runCli } from './run-cli';
export type { CliCommand, CliIo } from './io';

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

// Headless entry: `npm run -s cli -- validate data/ --json`. Importing this module (tests) runs nothing.
if (isEntryPoint()) {
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
