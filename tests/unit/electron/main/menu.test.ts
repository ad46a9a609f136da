import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import type { MenuCommand } from '../../../../shared/ipc/contract';
import { buildMenuTemplate, menuLocaleFor, type MenuOptions } from '../../../../electron/main/menu';

function build(overrides: Partial<MenuOptions> = {}) {
  const sent: MenuCommand[] = [];
  const template = buildMenuTemplate({
    appName: 'Maieutic',
    platform: 'linux',
    locale: 'en',
    isDevelopment: false,
    onCommand: (command) => sent.push(command),
    ...overrides,
  });
  return { template, sent };
}

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

function click(items: MenuItemConstructorOptions[], label: string): void {
  const item = flatten(items).find((candidate) => candidate.label === label);
  if (!item?.click) throw new Error(`no clickable menu item "${label}"`);
  (item.click as () => void)();
}

describe('buildMenuTemplate', () => {
  it('sends one menu command per app item', () => {
    const { template, sent } = build();
    for (const label of ['Open Files…', 'Open Folder…', 'Open Sample Data Set', 'Export…', 'Settings…', 'Keyboard Shortcuts']) {
      click(template, label);
    }
    expect(sent).toEqual(['open-files', 'open-folder', 'open-sample', 'export', 'settings', 'show-shortcuts']);
  });

  it('puts the open and export commands under File and the shortcuts under Help', () => {
    const { template } = build();
    const labelsOf = (menuLabel: string) => {
      const submenu = template.find((item) => item.label === menuLabel)?.submenu;
      return Array.isArray(submenu) ? submenu.map((item) => item.label ?? item.role ?? item.type) : [];
    };
    expect(labelsOf('File')).toEqual(['Open Files…', 'Open Folder…', 'Open Sample Data Set', 'separator', 'Export…', 'separator', 'Settings…', 'separator', 'quit']);
    expect(labelsOf('Help')).toEqual(['Keyboard Shortcuts']);
  });

  it('registers no accelerator for app commands: the renderer keymap owns shortcuts', () => {
    const commands = flatten(build().template).filter((item) => item.id?.startsWith('command.'));
    expect(commands).toHaveLength(6);
    expect(commands.filter((item) => item.accelerator !== undefined)).toEqual([]);
  });

  it('follows macOS conventions there: app menu with Settings and Quit, and a Window menu', () => {
    const { template } = build({ platform: 'darwin' });
    expect(template.map((item) => item.label)).toEqual(['Maieutic', 'File', 'Edit', 'View', 'Window', 'Help']);
    const appItems = flatten([template[0]]).map((item) => item.label ?? item.role);
    expect(appItems).toContain('Settings…');
    expect(appItems).toContain('quit');
  });

  it('offers developer tools only while developing', () => {
    const roles = (isDevelopment: boolean) => flatten(build({ isDevelopment }).template).map((item) => item.role);
    expect(roles(true)).toContain('toggleDevTools');
    expect(roles(false)).not.toContain('toggleDevTools');
  });

  it('has Chinese labels for a Chinese system', () => {
    const { template, sent } = build({ locale: 'zh' });
    click(template, '打开文件夹…');
    expect(sent).toEqual(['open-folder']);
    expect(template.map((item) => item.label)).toEqual(['文件', '编辑', '视图', '帮助']);
  });
});

describe('menuLocaleFor', () => {
  it('picks Chinese for any zh locale and English otherwise', () => {
    expect(['zh-CN', 'zh-TW', 'zh', 'en-US', 'de'].map(menuLocaleFor)).toEqual(['zh', 'zh', 'zh', 'en', 'en']);
  });
});
