import type { BaseWindow, Dialog, MessageBoxOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { createCloseAnywayPrompt } from '../../../../../electron/main/lifecycle/close-dialog';

function fakeDialog(response: number) {
  const shown: { parent: unknown; options: MessageBoxOptions }[] = [];
  const dialog = {
    showMessageBox: async (...args: unknown[]) => {
      const [parent, options] = args.length === 2 ? args : [null, args[0]];
      shown.push({ parent, options: options as MessageBoxOptions });
      return { response, checkboxChecked: false };
    },
  } as unknown as Pick<Dialog, 'showMessageBox'>;
  return { dialog, shown };
}

const window = { id: 7 } as unknown as BaseWindow;

describe('the "close anyway?" box', () => {
  it('shows the reason, modal to the window, with "Stay" as the default and the Escape answer', async () => {
    const { dialog, shown } = fakeDialog(0);
    const ask = createCloseAnywayPrompt({ dialog, locale: 'en' });

    expect(await ask(window, 'QuotaExceededError: the disk is full')).toBe(false);

    expect(shown).toHaveLength(1);
    const { parent, options } = shown[0];
    expect(parent).toBe(window);
    expect(options.detail).toContain('QuotaExceededError: the disk is full');
    expect(options.buttons).toEqual(['Stay', 'Close Anyway']);
    expect(options.buttons?.[options.defaultId ?? -1]).toBe('Stay');
    expect(options.buttons?.[options.cancelId ?? -1]).toBe('Stay');
  });

  it('answers true only for "Close anyway", and speaks Chinese to a Chinese system', async () => {
    const { dialog, shown } = fakeDialog(1);
    const ask = createCloseAnywayPrompt({ dialog, locale: 'zh' });
    expect(await ask(null, '磁盘已满')).toBe(true);
    expect(shown[0].parent).toBeNull();
    expect(shown[0].options.buttons).toEqual(['留下', '仍然关闭']);
    expect(shown[0].options.detail).toContain('磁盘已满');
  });
});
