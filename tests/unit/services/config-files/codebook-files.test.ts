/**
 * Main's reading of a picked codebook and the rules beside it (issue 30 point 1): the rules file
 * is read as a file the codebook names, so a link out of the codebook's folder is refused by
 * name; a rules file linked inside is read; GBK and deep nesting are named.
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCodebookFiles } from '../../../../electron/main/services/codebook-files';
import { makeTempDir, type TempDir } from '../../../support/temp-dir';

describe("main's codebook reader", () => {
  let dir: TempDir;
  let codebook: string;
  beforeEach(async () => {
    dir = await makeTempDir();
    await mkdir(join(dir.path, 'books'));
    codebook = join(dir.path, 'books', 'mine.json');
    await writeFile(codebook, '{"id": "mine"}');
    await writeFile(join(dir.path, 'secret.json'), '{"rules": []}');
  });
  afterEach(() => dir.remove());

  it('refuses a rules file that is a link out of the codebook’s folder, by name', async () => {
    await symlink(join(dir.path, 'secret.json'), join(dir.path, 'books', 'mine.rules.json'));
    expect(await readCodebookFiles(codebook)).toEqual({ status: 'refused', file: 'mine.rules.json', reason: 'the rules file beside it names "mine.rules.json", which is a link to a file outside the folder of the file that names it (not followed)' });
  });

  it('reads a rules file linked inside the folder, and no rules when there is none', async () => {
    expect(await readCodebookFiles(codebook)).toEqual({ status: 'read', codebook: { name: 'mine.json', text: '{"id": "mine"}' }, rules: null });
    await mkdir(join(dir.path, 'books', 'kept'));
    await writeFile(join(dir.path, 'books', 'kept', 'r.json'), '{"rules": []}');
    await symlink(join(dir.path, 'books', 'kept', 'r.json'), join(dir.path, 'books', 'mine.rules.json'));
    expect(await readCodebookFiles(codebook)).toEqual({ status: 'read', codebook: { name: 'mine.json', text: '{"id": "mine"}' }, rules: { name: 'mine.rules.json', text: '{"rules": []}' } });
  });

  it('names GBK the way the import does', async () => {
    await writeFile(codebook, Buffer.from([0x7b, 0x22, 0xcb, 0xae, 0xb5, 0xc4, 0x22, 0x3a, 0x31, 0x7d]));
    const read = await readCodebookFiles(codebook);
    expect(read).toMatchObject({ status: 'refused', file: 'mine.json', reason: expect.stringContaining('cannot read the codebook: line 1 is not valid UTF-8') });
    expect(read).toMatchObject({ reason: expect.stringContaining('GB18030') });
  });
});
