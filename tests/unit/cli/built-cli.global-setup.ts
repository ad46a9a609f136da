import { buildCli, isBuiltCliCurrent } from '../../../scripts/cli/launch.mjs';

/**
 * The CLI tests that spawn a process run the built CLI (out/cli/main.js), as users do: built
 * here once for the whole run when it is missing or stale, never per test or per file (two
 * files building at once would race on the output folder).
 */
export default async function setup(): Promise<void> {
  if (isBuiltCliCurrent()) return;
  const status = await buildCli();
  if (status !== 0) throw new Error('The CLI could not be built (npm run cli:build); see the output above.');
}
