import type { BaseWindow, Dialog, OpenDialogOptions, SaveDialogOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { createElectronDialogs } from '../../../../electron/main/electron-dialogs';

type Shown = { kind: 'open' | 'save'; parent: unknown; options: OpenDialogOptions | SaveDialogOptions };

function fakeDialog(answers: { filePaths?: string[]; filePath?: string; canceled?: boolean }[]) {
  const shown: Shown[] = [];
  const next = () => answers.shift() ?? { canceled: true };
  const record = (kind: Shown['kind'], args: unknown[]) => {
    const [parent, options] = args.length === 2 ? args : [null, args[0]];
    shown.push({ kind, parent, options: options as OpenDialogOptions });
  };
  const dialog = {
    showOpenDialog: async (...args: unknown[]) => {
      record('open', args);
      const answer = next();
      return { canceled: answer.canceled ?? false, filePaths: answer.filePaths ?? [] };
    },
    showSaveDialog: async (...args: unknown[]) => {
      record('save', args);
      const answer = next();
      return { canceled: answer.canceled ?? false, filePath: answer.filePath ?? '' };
    },
  } as unknown as Pick<Dialog, 'showOpenDialog' | 'showSaveDialog'>;
  return { dialog, shown };
}

const window = { id: 1 } as unknown as BaseWindow;

describe('createElectronDialogs', () => {
  it('opens files modal to the window, filtered to importable types, and remembers the folder', async () => {
    const { dialog, shown } = fakeDialog([{ filePaths: ['/data/GPT-4o/a.jsonl', '/data/GPT-4o/b.jsonl'] }, { canceled: true }]);
    const dialogs = createElectronDialogs({ dialog, parentWindow: () => window, defaultDirectory: '/home/me/Documents', locale: 'en' });

    expect(await dialogs.pickFiles()).toEqual(['/data/GPT-4o/a.jsonl', '/data/GPT-4o/b.jsonl']);
    expect(await dialogs.pickFiles()).toBeNull();

    expect(shown[0]).toMatchObject({
      kind: 'open',
      parent: window,
      options: {
        defaultPath: '/home/me/Documents',
        properties: ['openFile', 'multiSelections'],
        filters: [{ name: 'Annotation files', extensions: ['jsonl', 'json', 'csv', 'tsv', 'txt'] }, { name: 'All files', extensions: ['*'] }],
      },
    });
    expect(shown[1].options.defaultPath).toBe('/data/GPT-4o');
  });

  it('picks one folder and reopens next to it', async () => {
    const { dialog, shown } = fakeDialog([{ filePaths: ['/data/GPT-4o'] }, { filePaths: ['/data/Qwen'] }]);
    const dialogs = createElectronDialogs({ dialog, parentWindow: () => null, defaultDirectory: '/home/me', locale: 'zh' });

    expect(await dialogs.pickFolder()).toBe('/data/GPT-4o');
    await dialogs.pickFolder();

    expect(shown[0]).toMatchObject({ parent: null, options: { properties: ['openDirectory'], title: '打开标注文件所在的文件夹' } });
    expect(shown[1].options.defaultPath).toBe('/data');
  });

  it('proposes the export name in the last folder, filtered to the export kind', async () => {
    const { dialog, shown } = fakeDialog([{ filePath: '/out/result.csv' }, { canceled: true, filePath: '' }]);
    const dialogs = createElectronDialogs({ dialog, parentWindow: () => window, defaultDirectory: '/home/me', locale: 'en' });

    expect(await dialogs.pickSavePath('maieutic.csv', 'csv')).toBe('/out/result.csv');
    expect(await dialogs.pickSavePath('again.csv', 'csv')).toBeNull();

    expect(shown[0].options).toMatchObject({ defaultPath: '/home/me/maieutic.csv', filters: [{ name: 'CSV', extensions: ['csv'] }] });
    expect(shown[1].options.defaultPath).toBe('/out/again.csv');
  });

  it('picks one codebook file, offering JSON, under its own title', async () => {
    const { dialog, shown } = fakeDialog([{ filePaths: ['/books/bloom.json'] }, { canceled: true }]);
    const dialogs = createElectronDialogs({ dialog, parentWindow: () => window, defaultDirectory: '/home/me', locale: 'zh' });

    expect(await dialogs.pickCodebook()).toBe('/books/bloom.json');
    expect(await dialogs.pickCodebook()).toBeNull();

    expect(shown[0].options).toMatchObject({ title: '导入码本', properties: ['openFile'], filters: [{ name: '码本（JSON）', extensions: ['json'] }, { name: '所有文件', extensions: ['*'] }] });
    expect(shown[1].options.defaultPath).toBe('/books');
  });
});
