import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InvokeHandlers } from '../../../../../shared/ipc/contract';
import { createCloseGuard } from '../../../../../electron/main/lifecycle/close-guard';
import { createHandlers } from '../../../../../electron/main/ipc/handlers';
import { createFakeDialogs, type FakeDialogs } from '../../../../support/fake-dialogs';
import { makeTempDir, type TempDir } from '../../../../support/temp-dir';
import { testLlmHandlerDeps } from '../../../../support/llm-services';

let temp: TempDir;
let dialogs: FakeDialogs;
let handlers: InvokeHandlers;

beforeEach(async () => {
  temp = await makeTempDir();
  dialogs = createFakeDialogs();
  handlers = createHandlers({ host: 'browser', version: '9.8.7', platform: 'linux', resourcesDir: join(temp.path, 'resources'), dialogs, ...testLlmHandlerDeps(mkdtempSync(join(tmpdir(), 'maieutic-llm-data-'))) });
});
afterEach(async () => {
  await temp.remove();
});

/** Calls a handler the way the renderer can: with anything at all. */
function callUntrusted(channel: keyof InvokeHandlers, arg: unknown): Promise<unknown> {
  return (handlers[channel] as (untrusted: unknown) => Promise<unknown>)(arg);
}

describe('app.info', () => {
  it('reports the name, version, host and platform it was built with', async () => {
    expect(await handlers['app.info']({})).toEqual({ name: 'Maieutic', version: '9.8.7', host: 'browser', platform: 'linux' });
  });
});

describe('app.readyToClose', () => {
  it('hands the answer to the close guard, which says whether it was waiting for it', async () => {
    const closeGuard = createCloseGuard({ nextRequestId: () => 'close-7' });
    const withGuard = createHandlers({ host: 'electron', version: '1', platform: 'linux', resourcesDir: temp.path, dialogs, closeGuard, ...testLlmHandlerDeps(mkdtempSync(join(tmpdir(), 'maieutic-llm-data-'))) });
    const verdict = closeGuard.request(() => undefined);

    expect(await withGuard['app.readyToClose']({ requestId: 'close-7', flushed: false, error: 'disk full' })).toEqual({ accepted: true });
    expect(await verdict).toEqual({ outcome: 'failed', error: 'disk full' });
    expect(await withGuard['app.readyToClose']({ requestId: 'close-7', flushed: true })).toEqual({ accepted: false });
  });

  it('accepts nothing without a close guard, but still validates', async () => {
    expect(await handlers['app.readyToClose']({ requestId: 'close-1', flushed: true })).toEqual({ accepted: false });
    await expect(callUntrusted('app.readyToClose', { requestId: 'close-1' })).rejects.toThrow('"flushed" must be true or false');
  });
});

describe('files.openImport', () => {
  it('reads the picked files', async () => {
    await writeFile(join(temp.path, 'a.jsonl'), '{"a":1}');
    await writeFile(join(temp.path, 'b.docx'), 'PK');
    dialogs.nextFiles([join(temp.path, 'a.jsonl'), join(temp.path, 'b.docx')]);

    const result = await handlers['files.openImport']({ mode: 'files' });

    expect(result).toEqual({
      canceled: false,
      files: [{ name: 'a.jsonl', text: '{"a":1}' }],
      skipped: [{ name: 'b.docx', code: 'unsupported-type', reason: expect.stringContaining('unsupported file type'), values: { extension: '.docx' } }],
    });
    expect(dialogs.calls).toEqual([{ dialog: 'files' }]);
  });

  it('reads a picked folder, keeping its name', async () => {
    await mkdir(join(temp.path, 'GPT-4o'));
    await writeFile(join(temp.path, 'GPT-4o', 'topic_1.jsonl'), '{}');
    dialogs.nextFolder(join(temp.path, 'GPT-4o'));

    const result = await handlers['files.openImport']({ mode: 'folder' });

    expect(result.files).toEqual([{ name: 'GPT-4o/topic_1.jsonl', text: '{}' }]);
    expect(dialogs.calls).toEqual([{ dialog: 'folder' }]);
  });

  it('reports a cancelled dialog as canceled with nothing read', async () => {
    dialogs.nextCancel('files');
    dialogs.nextCancel('folder');
    expect(await handlers['files.openImport']({ mode: 'files' })).toEqual({ canceled: true, files: [], skipped: [] });
    expect(await handlers['files.openImport']({ mode: 'folder' })).toEqual({ canceled: true, files: [], skipped: [] });
  });

  it('validates the argument before opening any dialog', async () => {
    await expect(callUntrusted('files.openImport', { mode: 'everything' })).rejects.toThrow('files.openImport: "mode" must be one of');
    expect(dialogs.calls).toEqual([]);
  });
});

describe('files.openCodebook', () => {
  it('reads the picked codebook and the rules file beside it', async () => {
    await writeFile(join(temp.path, 'bloom.json'), '{"id":"bloom"}');
    await writeFile(join(temp.path, 'bloom.rules.json'), '{"codebookId":"bloom","rules":[]}');
    dialogs.nextCodebook(join(temp.path, 'bloom.json'));
    expect(await handlers['files.openCodebook']({})).toEqual({
      status: 'read',
      codebook: { name: 'bloom.json', text: '{"id":"bloom"}' },
      rules: { name: 'bloom.rules.json', text: '{"codebookId":"bloom","rules":[]}' },
    });
    expect(dialogs.calls).toEqual([{ dialog: 'codebook' }]);
  });

  it('reads a codebook without a rules file as one without rules', async () => {
    await writeFile(join(temp.path, 'plain.json'), '{}');
    await writeFile(join(temp.path, 'other.rules.json'), '{}');
    dialogs.nextCodebook(join(temp.path, 'plain.json'));
    expect(await handlers['files.openCodebook']({})).toEqual({ status: 'read', codebook: { name: 'plain.json', text: '{}' }, rules: null });
  });

  it('refuses a rules file, a non-JSON file, unreadable bytes and an unreadable rules file, naming the file', async () => {
    await writeFile(join(temp.path, 'bloom.rules.json'), '{}');
    await writeFile(join(temp.path, 'notes.txt'), 'x');
    await writeFile(join(temp.path, 'gbk.json'), Buffer.from([0x7b, 0x22, 0xc4, 0xe3, 0x22, 0x7d]));
    await mkdir(join(temp.path, 'withfolder'));
    await writeFile(join(temp.path, 'withfolder', 'cb.json'), '{}');
    await mkdir(join(temp.path, 'withfolder', 'cb.rules.json'));
    dialogs.nextCodebook(join(temp.path, 'bloom.rules.json'));
    dialogs.nextCodebook(join(temp.path, 'notes.txt'));
    dialogs.nextCodebook(join(temp.path, 'gbk.json'));
    dialogs.nextCodebook(join(temp.path, 'withfolder', 'cb.json'));
    expect(await handlers['files.openCodebook']({})).toEqual({ status: 'refused', file: 'bloom.rules.json', reason: expect.stringContaining('choose the codebook beside it (bloom.json)') });
    expect(await handlers['files.openCodebook']({})).toEqual({ status: 'refused', file: 'notes.txt', reason: expect.stringContaining('not a .json file') });
    expect(await handlers['files.openCodebook']({})).toEqual({ status: 'refused', file: 'gbk.json', reason: expect.stringContaining('not valid UTF-8') });
    expect(await handlers['files.openCodebook']({})).toEqual({ status: 'refused', file: 'cb.rules.json', reason: 'cannot read the rules file: is a folder' });
  });

  it('reports a cancelled dialog, and validates the argument before opening one', async () => {
    dialogs.nextCancel('codebook');
    expect(await handlers['files.openCodebook']({})).toEqual({ status: 'canceled' });
    await expect(callUntrusted('files.openCodebook', { path: '/etc/passwd' })).rejects.toThrow('files.openCodebook');
    expect(dialogs.calls).toEqual([{ dialog: 'codebook' }]);
  });
});

describe('files.readSample', () => {
  it('reads resources/sample', async () => {
    await mkdir(join(temp.path, 'resources', 'sample', 'GPT-4o'), { recursive: true });
    await writeFile(join(temp.path, 'resources', 'sample', 'GPT-4o', 's.jsonl'), '{}\n');
    expect(await handlers['files.readSample']({})).toEqual([{ name: 'GPT-4o/s.jsonl', text: '{}\n' }]);
  });

  it('refuses arguments it does not expect', async () => {
    await expect(callUntrusted('files.readSample', { path: '/etc' })).rejects.toThrow('files.readSample: unexpected field "path"');
  });
});

describe('files.saveExport', () => {
  it('asks where to save with the proposed name and kind, then writes the content there', async () => {
    const target = join(temp.path, 'chosen.csv');
    dialogs.nextSavePath(target);

    const result = await handlers['files.saveExport']({ defaultName: 'maieutic.csv', content: '教师,学生\n', kind: 'csv' });

    expect(result).toEqual({ canceled: false, path: target, bytes: 14 });
    expect(await readFile(target, 'utf8')).toBe('教师,学生\n');
    expect(dialogs.calls).toEqual([{ dialog: 'save', defaultName: 'maieutic.csv', kind: 'csv' }]);
  });

  it('saves a scenario as YAML (its own file kind in the dialog)', async () => {
    const target = join(temp.path, 'sid-teacher-led-1.yaml');
    dialogs.nextSavePath(target);
    const content = 'format: maieutic.scenario/1\nid: sid-teacher-led\n';
    expect(await handlers['files.saveExport']({ defaultName: 'sid-teacher-led-1.yaml', content, kind: 'yaml' })).toEqual({ canceled: false, path: target, bytes: content.length });
    expect(await readFile(target, 'utf8')).toBe(content);
    expect(dialogs.calls).toEqual([{ dialog: 'save', defaultName: 'sid-teacher-led-1.yaml', kind: 'yaml' }]);
  });

  it('writes nothing when the dialog is cancelled', async () => {
    dialogs.nextCancel('save');
    expect(await handlers['files.saveExport']({ defaultName: 'x.md', content: '# x', kind: 'md' })).toEqual({
      canceled: true,
      path: null,
      bytes: 0,
    });
    expect(await readdir(temp.path)).toEqual([]);
  });

  it('writes the companions (the dataset card) beside the chosen file, named by its whole file name', async () => {
    const target = join(temp.path, 'my export.v2.jsonl');
    dialogs.nextSavePath(target);
    const result = await handlers['files.saveExport']({ defaultName: 'x.jsonl', content: '{}\n', kind: 'jsonl', companions: [{ suffix: '.card.md', content: '# card' }, { suffix: '.card.json', content: '{"cardVersion":1}' }] });
    expect(result.companionPaths).toEqual([join(temp.path, 'my export.v2.jsonl.card.md'), join(temp.path, 'my export.v2.jsonl.card.json')]);
    expect(await readFile(join(temp.path, 'my export.v2.jsonl.card.md'), 'utf8')).toBe('# card');
    expect(await readFile(join(temp.path, 'my export.v2.jsonl.card.json'), 'utf8')).toBe('{"cardVersion":1}');
    expect((await readdir(temp.path)).sort()).toEqual(['my export.v2.jsonl', 'my export.v2.jsonl.card.json', 'my export.v2.jsonl.card.md']);
  });

  it('gives the JSONL and the CSV of one export name their own cards (the second save no longer overwrites the first card)', async () => {
    for (const [name, card] of [['x.jsonl', '# jsonl card'], ['x.csv', '# csv card']] as const) {
      dialogs.nextSavePath(join(temp.path, name));
      await handlers['files.saveExport']({ defaultName: name, content: 'data', kind: name.endsWith('csv') ? 'csv' : 'jsonl', companions: [{ suffix: '.card.md', content: card }] });
    }
    expect(await readFile(join(temp.path, 'x.jsonl.card.md'), 'utf8')).toBe('# jsonl card');
    expect(await readFile(join(temp.path, 'x.csv.card.md'), 'utf8')).toBe('# csv card');
  });

  it('refuses a companion suffix main does not know, before any dialog opens', async () => {
    await expect(callUntrusted('files.saveExport', { defaultName: 'x.jsonl', content: '', kind: 'jsonl', companions: [{ suffix: '/../../evil.sh', content: '' }] })).rejects.toThrow(
      'files.saveExport: companions[0]: "suffix" must be one of .card.md, .card.json',
    );
    expect(dialogs.calls).toEqual([]);
  });

  it('refuses a proposed name with a directory part before any dialog opens', async () => {
    await expect(callUntrusted('files.saveExport', { defaultName: '../../x.md', content: '', kind: 'md' })).rejects.toThrow(
      'files.saveExport: "defaultName" contains a path separator',
    );
    expect(dialogs.calls).toEqual([]);
  });
});

describe('fake dialogs', () => {
  it('throw when a dialog opens that the test did not answer', async () => {
    await expect(handlers['files.openImport']({ mode: 'files' })).rejects.toThrow('a "files" dialog opened but the test queued no answer');
  });

  it('list answers nobody asked for', () => {
    dialogs.nextSavePath('/tmp/x.csv');
    dialogs.nextCancel('folder');
    expect(dialogs.pendingAnswers()).toEqual(['folder: cancel', 'save: /tmp/x.csv']);
  });
});
