import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../../shared/ipc/contract';

export type MenuLocale = 'zh' | 'en';

export interface MenuOptions {
  appName: string;
  platform: NodeJS.Platform;
  locale: MenuLocale;
  /** developer tools and reload are offered only while developing */
  isDevelopment: boolean;
  onCommand(command: MenuCommand): void;
}

const LABELS = {
  en: {
    file: 'File', openFiles: 'Open Files…', openFolder: 'Open Folder…', openSample: 'Open Sample Data Set',
    export: 'Export…', settings: 'Settings…', edit: 'Edit', view: 'View', window: 'Window', help: 'Help',
    shortcuts: 'Keyboard Shortcuts',
  },
  zh: {
    file: '文件', openFiles: '打开文件…', openFolder: '打开文件夹…', openSample: '打开示例数据集',
    export: '导出…', settings: '设置…', edit: '编辑', view: '视图', window: '窗口', help: '帮助',
    shortcuts: '键盘快捷键',
  },
} as const satisfies Record<MenuLocale, Record<string, string>>;

export function menuLocaleFor(systemLocale: string): MenuLocale {
  return systemLocale.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/**
 * The application menu. App commands carry no accelerator on purpose: the renderer's keymap is
 * the one owner of shortcuts (it also works in the browser test host, where there is no menu),
 * and a registered accelerator would swallow the key before the renderer sees it.
 */
export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const text = LABELS[options.locale];
  const isMac = options.platform === 'darwin';
  const command = (label: string, id: MenuCommand): MenuItemConstructorOptions => ({
    id: `command.${id}`,
    label,
    click: () => options.onCommand(id),
  });

  const appMenu: MenuItemConstructorOptions = {
    label: options.appName,
    submenu: [
      { role: 'about' },
      { type: 'separator' },
      command(text.settings, 'settings'),
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };

  const fileMenu: MenuItemConstructorOptions = {
    label: text.file,
    submenu: [
      command(text.openFiles, 'open-files'),
      command(text.openFolder, 'open-folder'),
      command(text.openSample, 'open-sample'),
      { type: 'separator' },
      command(text.export, 'export'),
      ...(isMac
        ? [{ role: 'close' } satisfies MenuItemConstructorOptions]
        : [{ type: 'separator' }, command(text.settings, 'settings'), { type: 'separator' }, { role: 'quit' }] satisfies MenuItemConstructorOptions[]),
    ],
  };

  const viewMenu: MenuItemConstructorOptions = {
    label: text.view,
    submenu: [
      ...(options.isDevelopment
        ? [{ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' }] satisfies MenuItemConstructorOptions[]
        : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };

  return [
    ...(isMac ? [appMenu] : []),
    fileMenu,
    // The edit roles are what make copy and paste work in text fields on macOS.
    { label: text.edit, role: 'editMenu' },
    viewMenu,
    ...(isMac ? [{ label: text.window, role: 'windowMenu' } satisfies MenuItemConstructorOptions] : []),
    { label: text.help, role: 'help', submenu: [command(text.shortcuts, 'show-shortcuts')] },
  ];
}
