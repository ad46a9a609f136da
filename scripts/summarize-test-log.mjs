#!/usr/bin/env node
// Reads the output of `npm test` (Vitest, then Playwright) and prints one closing line,
// "tests: N passed, N failed, N skipped", summed over both runners, then the fault suite's totals. Prints nothing when a
// runner's summary is missing, so a partial log never claims a count it did not see.
import { readFileSync } from 'node:fs';

const log = readFileSync(process.argv[2], 'utf8').replace(/\u001b\[[0-9;]*m/g, '');

function vitestCounts() {
  const line = log.split('\n').find((text) => /^\s*Tests\s+\d/.test(text));
  if (!line) return null;
  const count = (word) => Number(line.match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);
  return { passed: count('passed'), failed: count('failed'), skipped: count('skipped') + count('todo') };
}

function playwrightCounts() {
  const lines = log.split('\n');
  const start = lines.findIndex((text) => /^Running \d+ tests? using/.test(text));
  if (start < 0) return null;
  const tail = lines.slice(start);
  const count = (word) => Number(tail.map((text) => text.match(new RegExp(`^\\s+(\\d+) ${word}\\b`))).find(Boolean)?.[1] ?? 0);
  return { passed: count('passed'), failed: count('failed') + count('flaky'), skipped: count('skipped') + count('did not run') };
}

const parts = [vitestCounts(), playwrightCounts()];
if (parts.some((part) => part === null)) process.exit(0);
const total = parts.reduce((sum, part) => ({
  passed: sum.passed + part.passed,
  failed: sum.failed + part.failed,
  skipped: sum.skipped + part.skipped,
}));
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);

// the fault suite's totals (tests/unit/fault-suite), once each, as the suite printed them
const faultSuite = [...new Set(log.split('\n').filter((text) => /^fault suite( CLI| app)?: \d+ kinds tried/.test(text)))];
for (const line of faultSuite) console.log(line);
