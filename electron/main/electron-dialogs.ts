import { dirname, join } from 'node:path';
import type { BaseWindow, Dialog, FileFilter, OpenDialogOptions, SaveDialogOptions } from 'electron';
import type { SaveExportArgs } from '../../shared/ipc/contract';
import type { DialogPort } from './ipc/dialog-port';
import { IMPORTABLE_EXTENSIONS } from './services/import-files';
import type { MenuLocale } from './menu';

const TEXT = {
  en: {
    openFiles: 'Open annotation files', openFolder: 'Open a folder of annotation files', save: 'Export',
    openCodebook: 'Import a codebook', codebook: 'Codebook (JSON)',
    importable: 'Annotation files', all: 'All files',
    kinds: { jsonl: 'JSON Lines', csv: 'CSV', json: 'JSON', md: 'Markdown', yaml: 'YAML', maieutic: 'Maieutic project' },
  },
  zh: {
    openFiles: '打开标注文件', openFolder: '打开标注文件所在的文件夹', save: '导出',
    openCodebook: '导入码本', codebook: '码本（JSON）',
    importable: '标注文件', all: '所有文件',
    kinds: { jsonl: 'JSON Lines', csv: 'CSV', json: 'JSON', md: 'Markdown', yaml: 'YAML', maieutic: 'Maieutic 项目' },
  },
} as const satisfies Record<MenuLocale, unknown>;

export interface ElectronDialogOptions {
  dialog: Pick<Dialog, 'showOpenDialog' | 'showSaveDialog'>;
  /** the window the dialog is modal to; null shows a free-standing dialog */
  parentWindow(): BaseWindow | null;
  /** where the first dialog opens (later ones reopen where the user last was) */
  defaultDirectory: string;
  locale: MenuLocale;
}

/** The native dialogs behind the DialogPort. Remembers the last folder for the session. */
export function createElectronDialogs(options: ElectronDialogOptions): DialogPort {
  const text = TEXT[options.locale];
  let lastDirectory = options.defaultDirectory;

  const showOpen = (dialogOptions: OpenDialogOptions) => {
    const parent = options.parentWindow();
    return parent ? options.dialog.showOpenDialog(parent, dialogOptions) : options.dialog.showOpenDialog(dialogOptions);
  };
  const showSave = (dialogOptions: SaveDialogOptions) => {
    const parent = options.parentWindow();
    return parent ? options.dialog.showSaveDialog(parent, dialogOptions) : options.dialog.showSaveDialog(dialogOptions);
  };

  const importFilters: FileFilter[] = [
    { name: text.importable, extensions: IMPORTABLE_EXTENSIONS.map((extension) => extension.slice(1)) },
    { name: text.all, extensions: ['*'] },
  ];

  return {
    async pickFiles() {
      const result = await showOpen({
        title: text.openFiles,
        defaultPath: lastDirectory,
        properties: ['openFile', 'multiSelections'],
        filters: importFilters,
      });
      if (result.canceled || result.filePaths.length === 0) return null;
      lastDirectory = dirname(result.filePaths[0]);
      return result.filePaths;
    },
    async pickFolder() {
      const result = await showOpen({ title: text.openFolder, defaultPath: lastDirectory, properties: ['openDirectory'] });
      const folder = result.filePaths[0];
      if (result.canceled || folder === undefined) return null;
      lastDirectory = dirname(folder);
      return folder;
    },
    async pickCodebook() {
      const result = await showOpen({
        title: text.openCodebook,
        defaultPath: lastDirectory,
        properties: ['openFile'],
        filters: [{ name: text.codebook, extensions: ['json'] }, { name: text.all, extensions: ['*'] }],
      });
      const file = result.filePaths[0];
      if (result.canceled || file === undefined) return null;
      lastDirectory = dirname(file);
      return file;
    },
    async pickSavePath(defaultName: string, kind: SaveExportArgs['kind']) {
      const result = await showSave({
        title: text.save,
        defaultPath: join(lastDirectory, defaultName),
        filters: [{ name: text.kinds[kind], extensions: [kind] }],
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      });
      if (result.canceled || !result.filePath) return null;
      lastDirectory = dirname(result.filePath);
      return result.filePath;
    },
  };
}
