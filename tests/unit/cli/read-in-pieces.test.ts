/**
 * forEachInputInPieces (validate, metrics and agreement --dataset read files with it) must hand on
 * exactly the text forEachInput reads, and refuse exactly what it refuses with the same words and
 * line: for plain UTF-8 read piece by piece from disk, and for every file it reads whole instead
 * (UTF-16 with a BOM, --encoding, and files whose pieces turn out undecodable part way).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachInput, forEachInputInPieces } from '../../../electron/cli/read-inputs';
import { makeTempDir, type TempDir } from '../../support/temp-dir';
import { variedSidJsonl } from '../../support/varied-sid-jsonl';

const utf8 = (text: string) => new TextEncoder().encode(text);

function utf16le(text: string, bom: boolean): Uint8Array {
  const units = Array.from(text, (char) => char.charCodeAt(0));
  const bytes = units.flatMap((unit) => [unit & 0xff, unit >> 8]);
  return new Uint8Array(bom ? [0xff, 0xfe, ...bytes] : bytes);
}

let temp: TempDir;
let folder: string;

beforeAll(async () => {
  temp = await makeTempDir('maieutic-pieces-');
  folder = join(temp.path, 'GPT-4o');
  mkdirSync(folder);
  const lines = variedSidJsonl(60, 3, { errors: false });
  const files: Record<string, Uint8Array> = {
    'a-plain.jsonl': utf8(lines),
    'b-bom.jsonl': new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(lines)]),
    'c-crlf.jsonl': utf8(lines.replace(/\n/g, '\r\n')),
    'd-cr-only.csv': utf8('dialogue,turn,speaker,utterance\r1,1,教师,你好\r1,2,学生,老师好\r'),
    'e-utf16.jsonl': utf16le(lines.split('\n').slice(0, 5).join('\n'), true),
    'f-bad-late.jsonl': new Uint8Array([...utf8(lines), 0xc0, 0xcf, 0x0a]),
    'g-nul-late.jsonl': new Uint8Array([...utf8(lines), 0x61, 0x00, 0x0a]),
    'h-empty.jsonl': new Uint8Array(0),
    'i-long-line.jsonl': utf8(`${JSON.stringify({ dialogue: [{ role: '教师', content: '长'.repeat(3000) }] })}\n`),
    'j-gbk.jsonl': new Uint8Array([...utf8('{"dialogue": [{"role": "'), 0xbd, 0xcc, 0xca, 0xa6, ...utf8('", "content": "x"}]}\n')]),
    'k-no-final-line-feed.jsonl': utf8(lines.trimEnd()),
  };
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(folder, name), bytes);
});

afterAll(async () => {
  await temp.remove();
});

async function bothWays(options: { encoding?: 'gb18030' } = {}) {
  const whole: { name: string; text: string }[] = [];
  const pieced: { name: string; text: string; pieces: number }[] = [];
  const read = await forEachInput([folder], ({ name, text }) => void whole.push({ name, text }), options);
  const inPieces = await forEachInputInPieces(
    [folder],
    ({ name, pieces }) => {
      const list = [...pieces];
      pieced.push({ name, text: list.join(''), pieces: list.length });
    },
    { ...options, pieceBytes: 97 },
  );
  return { whole, pieced, read, inPieces };
}

describe('forEachInputInPieces reads what forEachInput reads', () => {
  it('the same texts and the same refusals, plain UTF-8 in many pieces', async () => {
    const { whole, pieced, read, inPieces } = await bothWays();
    expect(inPieces).toEqual(read);
    expect(pieced.map(({ name, text }) => ({ name, text }))).toEqual(whole);
    // what it refused: the GBK file, the late bad byte, the late NUL (each read again whole to say why)
    expect(read.problems.map((problem) => problem.file.split('/').pop())).toEqual(['f-bad-late.jsonl', 'g-nul-late.jsonl', 'j-gbk.jsonl']);
    expect(read.problems.find((problem) => problem.file.endsWith('f-bad-late.jsonl'))?.line).toBeGreaterThan(50);
    const piecesOf = (name: string) => pieced.find((file) => file.name.endsWith(name))!.pieces;
    expect(piecesOf('a-plain.jsonl')).toBeGreaterThan(30);
    expect(piecesOf('c-crlf.jsonl')).toBeGreaterThan(30);
    expect(piecesOf('d-cr-only.csv')).toBe(1);
    expect(piecesOf('e-utf16.jsonl')).toBe(1);
  });

  it('with --encoding, every file whole, as forEachInput reads it', async () => {
    const { whole, pieced, read, inPieces } = await bothWays({ encoding: 'gb18030' });
    expect(inPieces).toEqual(read);
    expect(pieced.map(({ name, text }) => ({ name, text }))).toEqual(whole);
    expect(pieced.every((file) => file.pieces === 1)).toBe(true);
    expect(whole.some((file) => file.name.endsWith('j-gbk.jsonl') && file.text.includes('教师'))).toBe(true);
  });

  it('an error of the reader of the pieces is thrown, not reported as the file’s', async () => {
    await expect(
      forEachInputInPieces([join(folder, 'a-plain.jsonl')], () => {
        throw new RangeError('the consumer failed');
      }),
    ).rejects.toThrow('the consumer failed');
  });
});
