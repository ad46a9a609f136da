/**
 * Review as a model (issue 29): random sequences of review commands — digits, a, A, u, v, V, j, k,
 * n, p, f, F, Backspace, Ctrl+Z, Ctrl+Shift+Z, `/` + text + Esc, and the rubric scoring keys (r, then
 * digits, j/k, Backspace, undo, redo) — with random gaps of 0–400 ms, biased towards none, sent
 * through the real renderer in Chromium on a small made-up data set. After each sequence what the
 * app stored (IndexedDB) and shows (cursor, rubric focus, undo and redo depth) must be what the
 * plain reference model (tests/review-model/reference.ts) says the same commands mean.
 *
 * Seeded and printed: `npm test` runs a bounded number of sequences (REVIEW_MODEL_RUNS, default
 * below); `npm run test:review-model -- --runs 500 [--seed N]` runs more. fast-check shrinks a
 * failing sequence to a short one, printed with its seed and path; each such counterexample is kept
 * as a plain test (review-model-cases.spec.ts).
 */
import fc from 'fast-check';
import { expect, test } from './fixtures/app';
import { prepareModelApp, sendSequence, settledState, startFresh } from '../review-model/app-driver';
import { describeSequence, sequenceArbitrary } from '../review-model/commands';
import { FIXTURE } from '../review-model/fixture';
import { expectedState } from '../review-model/reference';

const DEFAULT_RUNS = 24;
const MAX_LENGTH = 24;

function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not "${raw}"`);
  return value;
}

const runs = setting('REVIEW_MODEL_RUNS', DEFAULT_RUNS);
const seed = setting('REVIEW_MODEL_SEED', Date.now() % 2 ** 31);

test('review keys at random pace leave what the reference model says they mean', async ({ app }) => {
  // each sequence: a reload and a fresh review (~3 s) plus the keys; shrinking a failure runs many more
  test.setTimeout(120_000 + runs * 20_000);
  console.log(`review model: seed ${seed}, ${runs} runs of up to ${MAX_LENGTH} commands (repeat with REVIEW_MODEL_SEED=${seed} REVIEW_MODEL_RUNS=${runs})`);
  const model = await prepareModelApp(app);
  let tried = 0;
  await fc.assert(
    fc.asyncProperty(sequenceArbitrary(MAX_LENGTH), async (sequence) => {
      tried += 1;
      await startFresh(app, model);
      await sendSequence(app.page, sequence);
      const actual = await settledState(model);
      const expected = expectedState(FIXTURE, sequence.map((step) => step.command));
      expect(actual, `after ${describeSequence(sequence)}`).toEqual(expected);
    }),
    { seed, numRuns: runs, endOnFailure: process.env.REVIEW_MODEL_NO_SHRINK === '1' },
  );
  console.log(`review model: ${tried} sequences sent, all as the model says (seed ${seed})`);
});
