/**
 * How file bytes become text, and what the import says when they do not: the first bad line,
 * the likely encoding (GB18030/GBK, UTF-16 without a BOM), the binary format by its signature.
 */
import { describe, expect, it } from 'vitest';
import { decodeImportBytes, textPreview } from '../../../../shared/import/file-rules';

const utf8 = (text: string) => new TextEncoder().encode(text);
const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...utf8(part)] : part)));
// "老师：你好" in GBK (Python's text.encode('gbk'))
const GBK_TEACHER = [0xc0, 0xcf, 0xca, 0xa6, 0xa3, 0xba, 0xc4, 0xe3, 0xba, 0xc3];

describe('decodeImportBytes', () => {
  it('names the first line that is not UTF-8, not line 1, with its column', () => {
    const result = decodeImportBytes(bytes('{"a":1}\n{"b":2}\n{"c":"', [0xff], '"}\n'));
    expect(result).toMatchObject({ ok: false, kind: 'invalid-text', line: 3, reason: 'line 3 is not valid UTF-8 (column 7); save it as UTF-8 (in Excel: "CSV UTF-8")' });
    expect(result).not.toHaveProperty('likely');
  });

  it('recognises GBK/GB18030 Chinese text and carries the text read that way', () => {
    const result = decodeImportBytes(bytes('speaker,utterance\n1,', GBK_TEACHER, '\n'));
    expect(result).toEqual({
      ok: false,
      kind: 'invalid-text',
      line: 2,
      reason: 'line 2 is not valid UTF-8 (column 3); it looks like GB18030 (GBK), the usual encoding of Chinese text saved on Windows',
      likely: { encoding: 'gb18030', text: 'speaker,utterance\n1,老师：你好\n' },
    });
  });

  it('does not take Latin-1 for GB18030 (its "é" + letter pairs are rare ideographs there)', () => {
    // every é is followed by a letter, so the bytes do decode as GB18030 (to rare ideographs)
    const latin1 = bytes('name\nJos', [0xe9], 'e caf', [0xe9], 's r', [0xe9], 'sum', [0xe9], 's\n');
    expect(new TextDecoder('gb18030', { fatal: true }).decode(latin1)).not.toContain('\uFFFD');
    const result = decodeImportBytes(latin1);
    expect(result).toMatchObject({ ok: false, line: 2 });
    expect(result).not.toHaveProperty('likely');
  });

  it('reads GB18030 when asked to, and drops a BOM only of the chosen encoding', () => {
    expect(decodeImportBytes(new Uint8Array(GBK_TEACHER), 'gb18030')).toEqual({ ok: true, text: '老师：你好' });
    expect(decodeImportBytes(bytes([0xef, 0xbb, 0xbf], 'ab'))).toEqual({ ok: true, text: 'ab' });
    expect(decodeImportBytes(bytes([0xff, 0xfe], [0x61, 0, 0x2d, 0x4e]))).toEqual({ ok: true, text: 'a中' });
  });

  it.each([
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), 'a PNG image, not a text file'],
    ['PDF', bytes('%PDF-1.7\n', [0xe2, 0xe3, 0xcf, 0xd3]), 'a PDF document, not a text file'],
    ['ZIP', bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0], 'data/a.jsonl', [0, 0xff]), 'a ZIP archive, not a text file; extract it first'],
    ['XLSX', bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0], '[Content_Types].xml', [0, 0xff], 'xl/workbook.xml'), 'an Excel workbook (.xlsx), not a text file; open it in Excel and save it as "CSV UTF-8"'],
    ['XLS', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'an old-format Office file (.xls or .doc)'],
    ['gzip', bytes([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]), 'a gzip-compressed file'],
  ])('tells a %s file what it is instead of "save as UTF-8"', (_, input, expected) => {
    const result = decodeImportBytes(input);
    expect(result).toMatchObject({ ok: false, kind: 'binary', line: 1 });
    expect(result.ok ? '' : result.reason).toContain(expected);
    expect(result.ok ? '' : result.reason).not.toContain('UTF-8 (in Excel');
  });

  it('reads CR-only line endings as lines, so each record keeps its own line number', () => {
    expect(decodeImportBytes(utf8('{"a":1}\r{"b":2}\r'))).toEqual({ ok: true, text: '{"a":1}\n{"b":2}\n' });
    // CRLF and a CR inside LF text are left as they are
    expect(decodeImportBytes(utf8('a\r\nb\r\n'))).toEqual({ ok: true, text: 'a\r\nb\r\n' });
  });
});

describe('textPreview', () => {
  it('starts at the first non-ASCII character and flattens white space', () => {
    expect(textPreview('{"topic": "校园\n生态", "x": 1}', 8)).toBe('…校园 生态",…');
    expect(textPreview('abc')).toBe('abc');
  });
});
