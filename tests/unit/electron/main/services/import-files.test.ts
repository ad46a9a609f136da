import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_IMPORT_LIMITS, readFolder, readPickedFiles } from '../../../../../electron/main/services/import-files';
import { decodeImportBytes as decodeText } from '../../../../../shared/import/file-rules';
import { makeTempDir, type TempDir } from '../../../../support/temp-dir';

let temp: TempDir;
beforeEach(async () => {
  temp = await makeTempDir();
});
afterEach(async () => {
  await temp.remove();
});

async function put(relativePath: string, content: string | Uint8Array): Promise<string> {
  const path = join(temp.path, relativePath);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, content);
  return path;
}

describe('readFolder', () => {
  it('keeps the picked folder name in every file name and walks sub-folders in natural order', async () => {
    await put('annotated/GPT-4o/topic_10.jsonl', '{"n":10}\n');
    await put('annotated/GPT-4o/topic_2.jsonl', '{"n":2}\n');
    await put('annotated/GPT-4o/extra/table.csv', 'a,b\n1,2\n');
    await put('annotated/GPT-4o/notes.TSV', 'a\tb\n');

    const result = await readFolder(join(temp.path, 'annotated', 'GPT-4o'));

    expect(result.files).toEqual([
      { name: 'GPT-4o/extra/table.csv', text: 'a,b\n1,2\n' },
      { name: 'GPT-4o/notes.TSV', text: 'a\tb\n' },
      { name: 'GPT-4o/topic_2.jsonl', text: '{"n":2}\n' },
      { name: 'GPT-4o/topic_10.jsonl', text: '{"n":10}\n' },
    ]);
    expect(result.skipped).toEqual([]);
  });

  it('skips hidden entries, other file types and oversized files, saying why', async () => {
    await put('m/.DS_Store', 'x');
    await put('m/.git/config', '[core]');
    await put('m/readme.md', '# notes');
    await put('m/scores.xlsx', 'PK');
    await put('m/big.jsonl', 'x'.repeat(2048));
    await put('m/ok.json', '[]');

    const result = await readFolder(join(temp.path, 'm'), { ...DEFAULT_IMPORT_LIMITS, maxFileBytes: 1024 });

    expect(result.files.map((file) => file.name)).toEqual(['m/ok.json']);
    expect(result.skipped).toEqual([
      { name: 'm/.DS_Store', code: 'hidden-file', reason: 'hidden file' },
      { name: 'm/.git/', code: 'hidden-folder', reason: 'hidden folder' },
      { name: 'm/big.jsonl', code: 'too-large', reason: 'too large (2 KB; the import limit is 1 KB)', values: { size: '2 KB', limit: '1 KB' } },
      { name: 'm/readme.md', code: 'unsupported-type', reason: expect.stringContaining('unsupported file type (.md); supported: .jsonl, .json, .csv, .tsv, .txt'), values: { extension: '.md' } },
      { name: 'm/scores.xlsx', code: 'excel-workbook', reason: expect.stringContaining('save it as "CSV UTF-8"') },
    ]);
  });

  it('stops adding files once the total size limit would be passed', async () => {
    await put('m/a.jsonl', 'x'.repeat(600));
    await put('m/b.jsonl', 'x'.repeat(600));
    await put('m/c.jsonl', 'x'.repeat(300));

    const result = await readFolder(join(temp.path, 'm'), { ...DEFAULT_IMPORT_LIMITS, maxTotalBytes: 1000 });

    expect(result.files.map((file) => file.name)).toEqual(['m/a.jsonl', 'm/c.jsonl']);
    expect(result.skipped).toEqual([{ name: 'm/b.jsonl', code: 'total-exceeded', reason: expect.stringContaining('would exceed'), values: { limit: '1 KB' } }]);
  });

  it('stops walking after the entry limit and says so once', async () => {
    for (const name of ['a', 'b', 'c', 'd']) await put(`m/${name}.txt`, name);

    const result = await readFolder(join(temp.path, 'm'), { ...DEFAULT_IMPORT_LIMITS, maxEntries: 2 });

    expect(result.files.map((file) => file.name)).toEqual(['m/a.txt', 'm/b.txt']);
    expect(result.skipped).toEqual([{ name: 'm/c.txt', code: 'too-many-files', reason: 'stopped after 2 files; choose a smaller folder', values: { count: 2 } }]);
  });

  it('reads links to files inside the folder but does not follow links to folders', async () => {
    await put('m/data/linked.jsonl', '{}');
    await put('m/own.jsonl', '{}');
    await symlink(join(temp.path, 'm', 'data', 'linked.jsonl'), join(temp.path, 'm', 'link.jsonl'));
    await symlink(join(temp.path, 'm'), join(temp.path, 'm', 'loop'));

    const result = await readFolder(join(temp.path, 'm'));

    expect(result.files.map((file) => file.name)).toEqual(['m/data/linked.jsonl', 'm/link.jsonl', 'm/own.jsonl']);
    expect(result.skipped).toEqual([{ name: 'm/loop/', code: 'link-to-folder', reason: 'link to a folder (not followed)' }]);
  });

  it('throws a clear error for a folder that does not exist', async () => {
    const missing = join(temp.path, 'nope');
    await expect(readFolder(missing)).rejects.toThrow(`Could not open the folder ${missing} (ENOENT)`);
  });
});

describe('readPickedFiles', () => {
  it('uses bare file names, strips a UTF-8 BOM and keeps Chinese text intact', async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('教师,学生\n')]);
    const csv = await put('a/dir/带BOM.csv', bom);
    const hidden = await put('a/.picked-on-purpose.jsonl', '{}');

    const result = await readPickedFiles([csv, hidden]);

    expect(result.files).toEqual([
      { name: '带BOM.csv', text: '教师,学生\n' },
      { name: '.picked-on-purpose.jsonl', text: '{}' },
    ]);
  });

  it('refuses text that is not UTF-8 instead of importing garbage', async () => {
    // "教师" in GBK, the encoding Excel uses for CSV on Chinese Windows
    const gbk = await put('gbk.csv', new Uint8Array([0xbd, 0xcc, 0xca, 0xa6, 0x0a]));

    const result = await readPickedFiles([gbk]);

    expect(result.files).toEqual([]);
    expect(result.skipped).toEqual([
      {
        name: 'gbk.csv',
        code: 'not-text',
        reason: 'line 1 is not valid UTF-8 (column 1); it looks like GB18030 (GBK), the usual encoding of Chinese text saved on Windows',
        likely: { encoding: 'gb18030', text: '教师\n' },
      },
    ]);
  });

  it('reports missing files, folders and unsupported types without failing the others', async () => {
    const good = await put('good.jsonl', '{"ok":true}');
    const folder = join(temp.path, 'a-folder');
    await mkdir(folder);
    const pdf = await put('paper.pdf', '%PDF');

    const result = await readPickedFiles([join(temp.path, 'gone.jsonl'), folder, pdf, good]);

    expect(result.files).toEqual([{ name: 'good.jsonl', text: '{"ok":true}' }]);
    expect(result.skipped).toEqual([
      { name: 'gone.jsonl', code: 'unreadable', reason: 'could not be read (ENOENT)', values: { error: 'ENOENT' } },
      { name: 'a-folder', code: 'is-folder', reason: 'is a folder; use Open folder to import a folder' },
      { name: 'paper.pdf', code: 'unsupported-type', reason: expect.stringContaining('unsupported file type (.pdf)'), values: { extension: '.pdf' } },
    ]);
  });

  it('treats extensions case-insensitively', async () => {
    const upper = await put('DATA.JSONL', '{}');
    expect((await readPickedFiles([upper])).files).toEqual([{ name: 'DATA.JSONL', text: '{}' }]);
  });
});

describe('decodeText', () => {
  const encode = (text: string) => new TextEncoder().encode(text);

  it('decodes plain UTF-8 and drops only a leading BOM', () => {
    expect(decodeText(encode('苏格拉底'))).toEqual({ ok: true, text: '苏格拉底' });
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...encode('a\uFEFFb')]))).toEqual({ ok: true, text: 'a\uFEFFb' });
  });

  it('decodes UTF-16 files that start with a byte-order mark', () => {
    const le = new Uint8Array([0xff, 0xfe, 0x59, 0x65, 0x08, 0x5e]); // 教师
    const be = new Uint8Array([0xfe, 0xff, 0x65, 0x59, 0x5e, 0x08]);
    expect(decodeText(le)).toEqual({ ok: true, text: '教师' });
    expect(decodeText(be)).toEqual({ ok: true, text: '教师' });
  });

  it('names UTF-16 without a BOM by its NUL pattern and offers to read it so', () => {
    const result = decodeText(new Uint8Array([0x61, 0x00, 0x62, 0x00]));
    expect(result).toEqual({ ok: false, kind: 'utf-16-without-bom', line: 1, reason: 'UTF-16 little-endian text without a byte-order mark (every other byte is NUL)', likely: { encoding: 'utf-16le', text: 'ab' } });
    expect(decodeText(new Uint8Array([0x00, 0x61, 0x00, 0x62]))).toMatchObject({ likely: { encoding: 'utf-16be', text: 'ab' } });
  });

  it('refuses a NUL byte in text at its line', () => {
    expect(decodeText(encode('a\nb\n\u0000c'))).toEqual({ ok: false, kind: 'nul', line: 3, reason: 'line 3 contains a NUL byte: a binary file, or text damaged in copying' });
  });
});
