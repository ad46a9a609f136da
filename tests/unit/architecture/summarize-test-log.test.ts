/** scripts/summarize-test-log.mjs: the closing lines of `bash .ci/run`, including the fault suite's totals. */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, type TempDir } from '../../support/temp-dir';

let temp: TempDir;
beforeEach(async () => {
  temp = await makeTempDir();
});
afterEach(async () => {
  await temp.remove();
});

const FAULT_LINES = [
  'fault suite: 120 kinds tried (120 defined)',
  'fault suite CLI: 120 kinds tried, 70 clear errors, 27 warnings, 23 accepted, 0 crashes, 0 hangs, 0 partial imports, 0 unclear errors, 0 raw control characters',
  'fault suite app: 104 kinds tried, 57 clear errors, 26 warnings, 21 accepted, 0 crashes, 0 hangs, 0 partial imports, 0 unclear errors, 0 raw control characters',
];

describe('summarize-test-log', () => {
  it('prints the summed counts and then the fault suite totals once, even when the log repeats them', () => {
    const log = [...FAULT_LINES, ' Test Files  3 passed (3)', '      Tests  10 passed | 1 skipped (11)', 'Running 4 tests using 1 worker', '  4 passed (9.1s)', ...FAULT_LINES].join('\n');
    const path = join(temp.path, 'test.log');
    writeFileSync(path, log);
    const printed = execFileSync(process.execPath, ['scripts/summarize-test-log.mjs', path], { encoding: 'utf8' });
    expect(printed).toBe(`tests: 14 passed, 0 failed, 1 skipped\n${FAULT_LINES.join('\n')}\n`);
  });
});
