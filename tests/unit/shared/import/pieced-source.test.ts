/**
 * A file handed over in pieces (PiecedSourceFile: each piece ends at a line feed, as the CLI
 * decodes large files) must be checked exactly as the same text in one string: the same issues
 * in the same order, counts, format and teacher model, and the same dialogues handed on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { checkSourceFile } from '../../../../shared/import';
import { JSON_LINES_SNIFF_CHARS } from '../../../../shared/import/detect-format';
import type { ParsedDialogue } from '../../../../shared/model/dataset';
import { seededRandom } from '../../../../shared/metrics/random';
import { generateSidJsonl } from '../../../bench/generate';
import { variedSidJsonl } from '../../../support/varied-sid-jsonl';
import { FIXTURES } from '../support';

/** `text` cut after random line feeds into about `count` pieces. */
function piecesOf(text: string, count: number, seed: number): string[] {
  const next = seededRandom(seed);
  const pieces: string[] = [];
  let start = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    if (next() * text.length < (count * (at - start)) / 2) {
      pieces.push(text.slice(start, at + 1));
      start = at + 1;
    }
  }
  if (start < text.length || pieces.length === 0) pieces.push(text.slice(start));
  return pieces;
}

/** Pieces that can be read more than once and count how often they were. */
function readablePieces(pieces: string[]): { pieces: Iterable<string>; reads: () => number } {
  let reads = 0;
  return {
    pieces: {
      *[Symbol.iterator]() {
        reads++;
        yield* pieces;
      },
    },
    reads: () => reads,
  };
}

function bothWays(name: string, text: string, count: number, seed: number, keep: boolean) {
  const whole: ParsedDialogue[] = [];
  const pieced: ParsedDialogue[] = [];
  const pieces = piecesOf(text, count, seed);
  expect(pieces.join('')).toBe(text);
  const source = readablePieces(pieces);
  const fromText = checkSourceFile({ name, text }, { codebook: DEFAULT_CODEBOOK }, keep ? (dialogue) => whole.push(dialogue) : undefined);
  const fromPieces = checkSourceFile({ name, pieces: source.pieces }, { codebook: DEFAULT_CODEBOOK }, keep ? (dialogue) => pieced.push(dialogue) : undefined);
  expect(fromPieces).toEqual(fromText);
  expect(pieced).toEqual(whole);
  return { check: fromText, pieces: pieces.length, reads: source.reads() };
}

describe('checkSourceFile on a file in pieces tells what it tells on the text', () => {
  it.each([
    [1, true, true],
    [2, true, false],
    [3, false, true],
    [4, false, false],
  ])('seeded SID JSON Lines with every kind of issue (seed %i, errors %s, dialogues kept %s)', (seed, errors, keep) => {
    // longer than detection reads, so that the lines are read piece by piece
    const text = variedSidJsonl(1000, seed, { errors });
    expect(text.length).toBeGreaterThan(JSON_LINES_SNIFF_CHARS + 200_000);
    const { check, pieces } = bothWays(`data/GPT-4o/s${seed}.jsonl`, text, 12, seed, keep);
    expect(pieces).toBeGreaterThan(5);
    expect(check.issues.length).toBeGreaterThan(20);
  });

  it('a JSON Lines file longer than format detection reads, with a BOM, is read as lines in pieces, each piece once past detection', () => {
    const text = `\uFEFF${generateSidJsonl({ dialogues: 1500, seed: 4 })}`;
    expect(text.length).toBeGreaterThan(2_000_000);
    const { check, pieces, reads } = bothWays('GPT-4o/big.jsonl', text, 20, 5, false);
    expect(pieces).toBeGreaterThan(10);
    // detection, the empty-file test and the lines: never joined and read again whole
    expect(reads).toBeLessThanOrEqual(3);
    expect(check.counts.dialogues).toBe(1500);
  });

  it('a JSON list in a .jsonl longer than detection reads is joined and read as the list it is', () => {
    const records = generateSidJsonl({ dialogues: 1200, seed: 6 }).trim().split('\n');
    const { check } = bothWays('GPT-4o/list.jsonl', `[\n${records.join(',\n')}\n]\n`, 10, 7, true);
    expect(check.format).toBe('sid-json');
    expect(check.counts.dialogues).toBe(1200);
  });

  it('a pretty-printed object in a .jsonl: one hint for the whole file, as on the text', () => {
    const pretty = `${JSON.stringify(JSON.parse(generateSidJsonl({ dialogues: 1, seed: 2 })), null, 2)}\n`;
    const { check } = bothWays('x.jsonl', pretty.repeat(3), 6, 8, false);
    expect(check.issues.filter((issue) => issue.code === 'malformed-json')).toHaveLength(1);
  });

  it('a file of blank pieces is an empty file, as its text is', () => {
    const { check } = bothWays('blank.jsonl', '\n  \n\u3000\n\t\n', 4, 9, false);
    expect(check.issues.map((issue) => issue.code)).toEqual(['empty-file']);
  });

  it('every import fixture (JSON, CSV/TSV, MathDial, bad files), in pieces', () => {
    const entries = readdirSync(FIXTURES, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(entries.length).toBeGreaterThan(5);
    entries.forEach((entry, i) => {
      const path = `${entry.parentPath}/${entry.name}`;
      bothWays(path, readFileSync(path, 'utf8'), 3, i + 1, true);
    });
  });
});
