/**
 * The longer model run: `npm run test:review-model -- --runs 500 [--seed N] [--no-shrink]`.
 * Runs tests/e2e/review-model.spec.ts through Playwright with that many sequences (the renderer
 * must be built: the npm script builds it first).
 */
import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from '../support/repo-paths';

const USAGE = 'Usage: npm run test:review-model -- [--runs N] [--seed N] [--no-shrink]';

function parse(args: readonly string[]): { runs: string; seed?: string; noShrink: boolean } {
  let runs = '500';
  let seed: string | undefined;
  let noShrink = false;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    const value = args[index + 1];
    if (arg === '--runs' || arg === '--seed') {
      if (value === undefined || !/^\d+$/.test(value)) throw new Error(`${arg} needs a whole number, not ${value === undefined ? 'nothing' : `"${value}"`}. ${USAGE}`);
      if (arg === '--runs') runs = value;
      else seed = value;
      index += 1;
    } else if (arg === '--no-shrink') {
      noShrink = true;
    } else {
      throw new Error(`Unknown argument "${arg}". ${USAGE}`);
    }
  }
  return { runs, seed, noShrink };
}

let options: ReturnType<typeof parse>;
try {
  options = parse(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}

const env = { ...process.env, REVIEW_MODEL_RUNS: options.runs, ...(options.seed !== undefined ? { REVIEW_MODEL_SEED: options.seed } : {}), ...(options.noShrink ? { REVIEW_MODEL_NO_SHRINK: '1' } : {}) };
const result = spawnSync('npx', ['playwright', 'test', 'tests/e2e/review-model.spec.ts'], { cwd: REPO_ROOT, env, stdio: 'inherit' });
process.exit(result.status ?? 1);
