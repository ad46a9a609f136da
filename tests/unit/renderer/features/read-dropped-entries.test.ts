import { describe, expect, it } from 'vitest';
import { decodeImportBytes } from '../../../../shared/import/file-rules';
import {
  readDroppedEntries,
  type DirectoryEntryLike,
  type EntryLike,
  type FileEntryLike,
  plainFileEntry,
} from '../../../../renderer/src/features/start/read-dropped-entries';

type Tree = { [name: string]: string | Uint8Array | Tree };

function toBuffer(content: string | Uint8Array): ArrayBuffer {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** A fake File and Directory Entries tree; directories hand out entries in batches of two, as Chromium does in hundreds. */
function entry(name: string, content: string | Uint8Array | Tree, parentPath = ''): EntryLike {
  const fullPath = `${parentPath}/${name}`;
  if (typeof content === 'string' || content instanceof Uint8Array) {
    const file: FileEntryLike = {
      isFile: true,
      isDirectory: false,
      name,
      fullPath,
      file: (success) => success({ name, size: toBuffer(content).byteLength, arrayBuffer: async () => toBuffer(content) }),
    };
    return file;
  }
  const children = Object.entries(content).map(([childName, child]) => entry(childName, child, fullPath));
  const directory: DirectoryEntryLike = {
    isFile: false,
    isDirectory: true,
    name,
    fullPath,
    createReader: () => {
      let offset = 0;
      return {
        readEntries: (success) => {
          const batch = children.slice(offset, offset + 2);
          offset += batch.length;
          setTimeout(() => success(batch), 0);
        },
      };
    },
  };
  return directory;
}

describe('readDroppedEntries', () => {
  it('names files relative to the dropped folder’s parent, so the folder names the teacher model', async () => {
    const dropped = entry('GPT-4o', {
      'topic_10.jsonl': '{"b":1}',
      'topic_2.jsonl': '{"a":1}',
      'notes.docx': 'x',
      '.DS_Store': 'x',
      nested: { 'c.csv': 'a,b', 'd.tsv': 'a\tb', 'e.json': '[]' },
    });
    const result = await readDroppedEntries([dropped, entry('loose.jsonl', '{}')]);
    expect(result.files.map((file) => file.name)).toEqual([
      'GPT-4o/nested/c.csv',
      'GPT-4o/nested/d.tsv',
      'GPT-4o/nested/e.json',
      'GPT-4o/topic_2.jsonl',
      'GPT-4o/topic_10.jsonl',
      'loose.jsonl',
    ]);
    expect(result.files.find((file) => file.name === 'GPT-4o/topic_2.jsonl')?.text).toBe('{"a":1}');
    expect(result.skipped).toEqual([
      { name: 'GPT-4o/.DS_Store', code: 'hidden-file', reason: 'hidden file' },
      { name: 'GPT-4o/notes.docx', code: 'unsupported-type', reason: expect.stringContaining('unsupported file type (.docx)'), values: { extension: '.docx' } },
    ]);
  });

  it('refuses files that are too large, over the total, or not UTF-8', async () => {
    const gbk = new Uint8Array([0xce, 0xd2, 0xca, 0xc7, 0xff]);
    const result = await readDroppedEntries(
      [entry('big.jsonl', 'x'.repeat(50)), entry('a.jsonl', 'x'.repeat(30)), entry('b.jsonl', 'x'.repeat(30)), entry('gbk.csv', gbk)],
      { maxFileBytes: 40, maxTotalBytes: 50, maxEntries: 100 },
    );
    expect(result.files.map((file) => file.name)).toEqual(['a.jsonl']);
    expect(result.skipped.map((file) => [file.name, file.code, file.reason.split(' ')[0]])).toEqual([
      ['big.jsonl', 'too-large', 'too'],
      ['b.jsonl', 'total-exceeded', 'the'],
      ['gbk.csv', 'not-text', 'line'],
    ]);
    // the trailing 0xFF is not GB18030 either, so no other reading is offered
    expect(result.skipped[2].likely).toBeUndefined();
  });
});

describe('plainFileEntry', () => {
  it('reads a dropped File without the Entries API as a file at the drop root', async () => {
    const file = { name: 'GPT-4o-interdis_topic_7.jsonl', size: 2, arrayBuffer: async () => toBuffer('{}') };
    const result = await readDroppedEntries([plainFileEntry(file)]);
    expect(result).toEqual({ files: [{ name: 'GPT-4o-interdis_topic_7.jsonl', text: '{}' }], skipped: [] });
  });
});

describe('decodeImportBytes', () => {
  it('drops a UTF-8 byte-order mark and reads UTF-16 with one', () => {
    expect(decodeImportBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x62]))).toEqual({ ok: true, text: 'ab' });
    expect(decodeImportBytes(new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x2d, 0x4e]))).toEqual({ ok: true, text: 'a中' });
    expect(decodeImportBytes(new Uint8Array([0x61, 0x00, 0x62, 0x00]))).toMatchObject({ ok: false });
  });
});
