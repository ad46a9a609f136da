/**
 * A ratings CSV scanned in two parts (ratings-scan-parts.ts) against one scan of the whole file
 * (readRatingsCsvFast, itself tested against the row-by-row reader in ratings-csv-fast.test.ts):
 * the same result to the last coded rating at every split after the header, on files with
 * CRLF, missing labels, blank lines, quoted cells and irregular rows in either part; and the
 * built worker thread (out/cli/ratings-scan-worker.js) gives what the in-process scan gives.
 */
import { statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../shared/metrics/random';
import { parseRatingsCsv, parseRatingsCsvInParts } from '../../../electron/cli/commands/agreement-input';
import { readRatingsCsvFast, readRatingsCsvFastWith } from '../../../electron/cli/commands/ratings-csv-fast';
import { scanInTwoParts, scanPart, splitPoint, type PartRequest, type ScannedPart } from '../../../electron/cli/commands/ratings-scan-parts';
import { startRatingsScanThread } from '../../../electron/cli/commands/ratings-scan-thread';
import { setRatingsScanWorkerFile } from '../../../electron/cli/worker-files';
import { generateRatingsCsv } from '../../bench/peers/ratings-csv';

const bytesOf = (text: string) => new TextEncoder().encode(text);

/** The part after the split scanned in this thread, as the worker scans it (with a copy of its bytes, as a worker sees its own). */
const inProcess = async (request: PartRequest): Promise<ScannedPart> => scanPart({ ...request, bytes: request.bytes.slice() });

function twoParts(name: string, bytes: Uint8Array, categories: readonly string[] | null, split: number | null) {
  return readRatingsCsvFastWith(name, bytes, categories, (layout) => scanInTwoParts(bytes, layout, inProcess, split));
}

/** Every row start after the header (and the header's end), where a split may fall. */
function rowStarts(bytes: Uint8Array): number[] {
  const starts: number[] = [];
  for (let at = bytes.indexOf(10); at >= 0 && at + 1 < bytes.length; at = bytes.indexOf(10, at + 1)) starts.push(at + 1);
  return starts;
}

/** A small file of the shapes the scan must treat alike in either part. */
function variedFile(seed: number): { text: string; categories: string[] | null } {
  const next = seededRandom(seed);
  const end = next() < 0.4 ? '\r\n' : '\n';
  const labels = ['是', 'no', 'maybe so', 'L1', 'x"y'];
  const lines = [next() < 0.3 ? 'note,item,rater,label,field' : 'item,rater,label,field'];
  const withNote = lines[0].startsWith('note');
  const items = 2 + Math.floor(next() * 8);
  for (let item = 0; item < items; item++) {
    for (const field of ['f1', '意图']) {
      for (const rater of ['r1', 'r2', 'r3']) {
        if (next() < 0.1) continue;
        const label = next() < 0.15 ? '' : labels[Math.floor(next() * labels.length)];
        lines.push([...(withNote ? ['n'] : []), `item ${item}`, rater, next() < 0.1 ? ` ${label} ` : label, field].join(','));
        if (next() < 0.05) lines.push('');
      }
    }
  }
  // now and then a row that sends the file elsewhere: a quoted cell, a short row, a repeated rating, a bare line feed in a CRLF file
  const spoil = next();
  const at = 1 + Math.floor(next() * (lines.length - 1));
  if (spoil < 0.15) lines[at] = lines[at].replace(/^/, '"q",').replace(/^"q",([^,]*),/, '"$1",');
  else if (spoil < 0.25) lines[at] = 'short,row';
  else if (spoil < 0.35) lines.splice(at, 0, lines[at]);
  let text = `${lines.join(end)}${next() < 0.5 ? end : ''}`;
  if (spoil >= 0.35 && spoil < 0.42 && end === '\r\n') text = text.replace(/\r\n(?=[^\r\n]*$)/, '\n');
  return { text, categories: next() < 0.2 ? ['是', 'no', 'maybe so', 'L1', 'x"y'] : null };
}

describe('a ratings file scanned in two parts', () => {
  it('equals one scan at every split, on seeded files with CRLF, blank lines, missing labels, quoted cells and irregular rows', async () => {
    let compared = 0;
    const outcomes = { read: 0, refused: 0 };
    for (let seed = 1; seed <= 80; seed++) {
      const { text, categories } = variedFile(seed);
      const bytes = bytesOf(text);
      const whole = readRatingsCsvFast('ratings.csv', bytes, categories);
      if (whole === null) outcomes.refused++;
      else outcomes.read++;
      for (const split of rowStarts(bytes)) {
        expect(await twoParts('ratings.csv', bytes, categories, split), `seed ${seed}, split at ${split}`).toEqual(whole);
        compared++;
      }
    }
    // the seeds reach both kinds of file: those the fast reader takes and those it leaves to the row-by-row reader
    expect(outcomes.read).toBeGreaterThan(20);
    expect(outcomes.refused).toBeGreaterThan(5);
    expect(compared).toBeGreaterThan(2000);
  }, 120_000);

  it('equals one scan on generated files split in the middle (values first seen in the second part, fields spanning the split)', async () => {
    for (let seed = 1; seed <= 4; seed++) {
      const bytes = bytesOf(generateRatingsCsv({ items: 3000 + seed * 500, raters: ['r1', 'r2', 'r3'].slice(0, 1 + (seed % 3)), seed, missing: 0.05 * seed }));
      const split = splitPoint(bytes, bytes.indexOf(10) + 1);
      expect(split).not.toBeNull();
      const result = await twoParts('ratings.csv', bytes, null, split);
      expect(result).not.toBeNull();
      expect(result).toEqual(readRatingsCsvFast('ratings.csv', bytes, null));
    }
  }, 60_000);

  it('splits just after the first line feed at or beyond the middle of the rows, and not at all when there is nothing after it', () => {
    const bytes = bytesOf('item,rater,label\n1,a,x\n1,b,y\n2,a,x\n');
    const dataStart = 17;
    expect(splitPoint(bytes, dataStart)).toBe(bytes.indexOf(10, dataStart + Math.floor((bytes.length - dataStart) / 2)) + 1);
    expect(splitPoint(bytesOf('item,rater,label\n1,a,x\n'), dataStart)).toBeNull();
  });
});

describe('the built worker thread', () => {
  const workerFile = fileURLToPath(new URL('../../../out/cli/ratings-scan-worker.js', import.meta.url));
  afterEach(() => setRatingsScanWorkerFile(null));

  it('is not started where the CLI has no worker file (its TypeScript sources)', () => {
    setRatingsScanWorkerFile(null);
    expect(startRatingsScanThread()).toBeNull();
  });

  it('scans the second part of a file in shared memory as this thread does', async () => {
    expect(statSync(workerFile).isFile()).toBe(true);
    setRatingsScanWorkerFile(pathToFileURL(workerFile));
    const thread = startRatingsScanThread();
    expect(thread).not.toBeNull();
    if (thread === null) return;
    let scannedByWorker = 0;
    const counting = { scan: (request: PartRequest) => ((scannedByWorker += request.bytes.length), thread.scan(request)), close: () => thread.close() };
    try {
      const text = generateRatingsCsv({ items: 4000, raters: ['r1', 'r2', 'r3'], seed: 11, missing: 0.1 });
      const plain = bytesOf(text);
      const shared = new Uint8Array(new SharedArrayBuffer(plain.length));
      shared.set(plain);
      const result = await parseRatingsCsvInParts('ratings.csv', { utf8: shared }, null, counting);
      expect(result).toEqual(parseRatingsCsv('ratings.csv', { utf8: plain }, null));
      // the worker did scan a part: about half of the file
      expect(scannedByWorker).toBeGreaterThan(plain.length / 3);
      expect(scannedByWorker).toBeLessThan(plain.length);
    } finally {
      await thread.close();
    }
  }, 60_000);

  it('refuses bytes that are not shared memory, rather than scanning a copy', async () => {
    setRatingsScanWorkerFile(pathToFileURL(workerFile));
    const thread = startRatingsScanThread();
    if (thread === null) throw new Error('no worker');
    try {
      await expect(thread.scan({ bytes: bytesOf('1,a,x\n'), delimiter: 44, roles: Int32Array.of(1, 2, 3), hasField: false, crlf: false })).rejects.toThrow(/SharedArrayBuffer/);
    } finally {
      await thread.close();
    }
  });
});
