import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runProcess } from './run-process';

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

// Development entry from source: `npx tsx electron/cli/main.ts validate data/`. Users run the
// built CLI (`npm run -s cli -- …`, electron/cli/bin.ts). Importing this module (tests) runs nothing.
if (isEntryPoint()) runProcess();
