import { mkdir, realpath, symlink, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileCount, walkFolder, type WalkEntry } from '../../../../electron/services/folder-walk';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from '../../../../shared/import/file-rules';
import { compareNames } from '../../../../shared/import/natural-order';
import { linkToDevZero, makeFifo, settlesWithin } from '../../../support/special-files';
import { makeTempDir, type TempDir } from '../../../support/temp-dir';

/** Folders whose listing fails with EACCES (the tests run as root, where chmod would not stop readdir). */
const unlistable = new Set<string>();
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const readdir = ((path: string, options: unknown) => {
    if (unlistable.has(path)) return Promise.reject(Object.assign(new Error(`EACCES: permission denied, scandir '${path}'`), { code: 'EACCES' }));
    return (real.readdir as (p: string, o: unknown) => Promise<unknown>)(path, options);
  }) as typeof real.readdir;
  return { ...real, readdir, default: { ...real, readdir } };
});

let temp: TempDir;
beforeEach(async () => {
  temp = await makeTempDir();
});
afterEach(async () => {
  unlistable.clear();
  await temp.remove();
});

async function put(relativePath: string, content = '{}\n'): Promise<string> {
  const path = join(temp.path, relativePath);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, content);
  return path;
}

async function walk(folder: string, limits: ImportLimits = DEFAULT_IMPORT_LIMITS, count = new FileCount(limits)): Promise<WalkEntry[]> {
  const entries: WalkEntry[] = [];
  for await (const entry of walkFolder(folder, count)) entries.push(entry);
  return entries;
}

const inside = (folder: string, path: string) => relative(folder, path).split(sep).join('/');
const filesOf = (folder: string, entries: WalkEntry[]) => entries.filter((entry) => entry.kind === 'file').map((entry) => inside(folder, entry.path));
const skipsOf = (folder: string, entries: WalkEntry[]) =>
  entries.flatMap((entry) => (entry.kind === 'skipped' ? [[`${inside(folder, entry.path)}${entry.isFolder ? '/' : ''}`, entry.skip.code]] : []));

describe('walkFolder: the order', () => {
  it('hands over files in natural order, each folder where its name falls: the order the data-set table sorts the paths in', async () => {
    const names = [
      'topic_10.jsonl',
      'topic_2.jsonl',
      'topic_1.jsonl',
      'model_10/b.jsonl',
      'model_2/b.jsonl',
      'model_2/a.jsonl',
      'a.jsonl',
      'a/x.jsonl',
      'a-b.jsonl',
      'B.jsonl',
      'b.jsonl',
      '教师/对话_3.jsonl',
      '教师/对话_12.jsonl',
      'v1.2/r.csv',
      'v1.10/r.csv',
    ];
    for (const name of names) await put(`m/${name}`);
    const folder = join(temp.path, 'm');

    const walked = filesOf(folder, await walk(folder));

    expect(walked).toEqual([
      'a-b.jsonl',
      'a.jsonl',
      'a/x.jsonl',
      'b.jsonl',
      'B.jsonl',
      'model_2/a.jsonl',
      'model_2/b.jsonl',
      'model_10/b.jsonl',
      'topic_1.jsonl',
      'topic_2.jsonl',
      'topic_10.jsonl',
      'v1.2/r.csv',
      'v1.10/r.csv',
      '教师/对话_3.jsonl',
      '教师/对话_12.jsonl',
    ]);
    expect(walked).toEqual([...names].sort(compareNames));
  });
});

describe('walkFolder: what it passes over, and why', () => {
  it('lists hidden entries, node_modules, other file types, FIFOs and links out of the folder, each with its reason, without blocking', async () => {
    const folder = join(temp.path, 'm');
    await put('m/ok.jsonl');
    await put('m/.DS_Store');
    await put('m/.git/config');
    await put('m/node_modules/pkg/package.json');
    await put('m/chart.png');
    await put('m/scores.xlsx');
    makeFifo(folder, 'pipe.jsonl');
    await linkToDevZero(folder, 'zero.jsonl');
    await put('outside.jsonl');
    await symlink(join(temp.path, 'outside.jsonl'), join(folder, 'out.jsonl'));
    await symlink(join(temp.path, 'nowhere.jsonl'), join(folder, 'dangling.jsonl'));
    await symlink(folder, join(folder, 'loop'));

    const entries = await settlesWithin(walk(folder));

    expect(filesOf(folder, entries)).toEqual(['ok.jsonl']);
    expect(skipsOf(folder, entries)).toEqual([
      ['.DS_Store', 'hidden-file'],
      ['.git/', 'hidden-folder'],
      ['chart.png', 'unsupported-type'],
      ['dangling.jsonl', 'link-unfollowable'],
      ['loop/', 'link-to-folder'],
      ['node_modules/', 'package-folder'],
      ['out.jsonl', 'link-outside-folder'],
      ['pipe.jsonl', 'fifo'],
      ['scores.xlsx', 'excel-workbook'],
      ['zero.jsonl', 'link-outside-folder'],
    ]);
    const reasons = entries.flatMap((entry) => (entry.kind === 'skipped' ? [entry.skip.reason] : []));
    expect(reasons).toContain('link to a file outside the chosen folder (not followed)');
    expect(reasons).toContain('package folder (node_modules)');
  });

  it('reads a link inside the folder from its real target, and refuses one to a FIFO inside it', async () => {
    const folder = join(temp.path, 'm');
    const target = await put('m/data/real.jsonl');
    await symlink(target, join(folder, 'alias.jsonl'));
    makeFifo(join(folder, 'data'), 'pipe');
    await symlink(join(folder, 'data', 'pipe'), join(folder, 'piped.jsonl'));

    const entries = await settlesWithin(walk(folder));

    expect(entries.filter((entry) => entry.kind === 'file')).toEqual([
      { kind: 'file', path: join(folder, 'alias.jsonl'), readFrom: await realpath(target) },
      { kind: 'file', path: target, readFrom: target },
    ]);
    expect(skipsOf(folder, entries)).toEqual([
      ['data/pipe', 'fifo'],
      ['piped.jsonl', 'fifo'],
    ]);
  });

  it('checks links against the real folder when the chosen folder is reached through a link', async () => {
    await put('real/m/own.jsonl');
    await put('real/secret.jsonl');
    await symlink(join(temp.path, 'real', 'secret.jsonl'), join(temp.path, 'real', 'm', 'up.jsonl'));
    await symlink(join(temp.path, 'real', 'm'), join(temp.path, 'via'));
    const folder = join(temp.path, 'via');

    const entries = await walk(folder);

    expect(filesOf(folder, entries)).toEqual(['own.jsonl']);
    expect(skipsOf(folder, entries)).toEqual([['up.jsonl', 'link-outside-folder']]);
  });

  it('lists a folder it cannot open, the chosen one included, and goes on with the rest', async () => {
    const folder = join(temp.path, 'm');
    await put('m/a.jsonl');
    await put('m/locked/b.jsonl');
    await put('m/z.jsonl');
    unlistable.add(join(folder, 'locked'));

    const entries = await walk(folder);

    expect(filesOf(folder, entries)).toEqual(['a.jsonl', 'z.jsonl']);
    expect(entries.filter((entry) => entry.kind === 'skipped')).toEqual([
      { kind: 'skipped', path: join(folder, 'locked'), isFolder: true, skip: { code: 'folder-unreadable', reason: 'folder could not be read (EACCES)', values: { error: 'EACCES' } } },
    ]);

    unlistable.add(folder);
    expect(await walk(folder)).toEqual([{ kind: 'skipped', path: folder, isFolder: true, skip: expect.objectContaining({ code: 'folder-unreadable' }) }]);
  });

  it('throws for a folder that does not exist', async () => {
    await expect(walk(join(temp.path, 'nope'))).rejects.toThrow(/ENOENT/);
  });
});

describe('walkFolder: the file limit', () => {
  it('stops once more than maxEntries files were found, saying so once; files of other types count too', async () => {
    for (const name of ['a.jsonl', 'b.png', 'c.jsonl', 'd.jsonl', 'e.jsonl']) await put(`m/${name}`);
    await put('m/f/g.jsonl');
    const folder = join(temp.path, 'm');

    const entries = await walk(folder, { ...DEFAULT_IMPORT_LIMITS, maxEntries: 3 });

    expect(filesOf(folder, entries)).toEqual(['a.jsonl', 'c.jsonl']);
    expect(skipsOf(folder, entries)).toEqual([
      ['b.png', 'unsupported-type'],
      ['d.jsonl', 'too-many-files'],
    ]);
    expect(entries.at(-1)).toMatchObject({ skip: { reason: 'stopped after 3 files; choose a smaller folder', values: { count: 3 } } });
  });

  it('stops a walk in a sub-folder for good, not only that sub-folder', async () => {
    for (const name of ['a/1.jsonl', 'a/2.jsonl', 'a/3.jsonl', 'b.jsonl', 'c/4.jsonl']) await put(`m/${name}`);
    const folder = join(temp.path, 'm');

    const entries = await walk(folder, { ...DEFAULT_IMPORT_LIMITS, maxEntries: 2 });

    expect(filesOf(folder, entries)).toEqual(['a/1.jsonl', 'a/2.jsonl']);
    expect(skipsOf(folder, entries)).toEqual([['a/3.jsonl', 'too-many-files']]);
  });

  it('counts across the walks that share one count', async () => {
    for (const name of ['x/1.jsonl', 'x/2.jsonl', 'y/3.jsonl', 'y/4.jsonl']) await put(name);
    const limits = { ...DEFAULT_IMPORT_LIMITS, maxEntries: 3 };
    const count = new FileCount(limits);

    const first = await walk(join(temp.path, 'x'), limits, count);
    const second = await walk(join(temp.path, 'y'), limits, count);

    expect(filesOf(join(temp.path, 'x'), first)).toEqual(['1.jsonl', '2.jsonl']);
    expect(filesOf(join(temp.path, 'y'), second)).toEqual(['3.jsonl']);
    expect(skipsOf(join(temp.path, 'y'), second)).toEqual([['4.jsonl', 'too-many-files']]);
    expect(await walk(join(temp.path, 'x'), limits, count)).toEqual([]);
  });
});
