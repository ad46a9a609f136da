import type { BaseWindow, Dialog, MessageBoxOptions } from 'electron';
import type { MenuLocale } from '../menu';

const TEXT = {
  en: {
    title: 'Unsaved changes',
    message: 'Some of your review work could not be saved.',
    detail: (error: string) => `${error}\n\nIf you close now, this work is lost. Stay to check it and try again.`,
    closeAnyway: 'Close Anyway',
    stay: 'Stay',
  },
  zh: {
    title: '有未保存的修改',
    message: '部分审阅工作未能保存。',
    detail: (error: string) => `${error}\n\n现在关闭，这些工作将会丢失。选择“留下”可检查后重试。`,
    closeAnyway: '仍然关闭',
    stay: '留下',
  },
} as const satisfies Record<MenuLocale, unknown>;

const STAY_BUTTON = 0;
const CLOSE_ANYWAY_BUTTON = 1;

export interface CloseDialogOptions {
  dialog: Pick<Dialog, 'showMessageBox'>;
  locale: MenuLocale;
}

/**
 * The native "could not save" box. "Stay" is the default and the Escape answer: the safe choice
 * is the one a reflexive Enter or Escape picks.
 */
export function createCloseAnywayPrompt(options: CloseDialogOptions): (parent: BaseWindow | null, error: string) => Promise<boolean> {
  const text = TEXT[options.locale];
  return async (parent, error) => {
    const box: MessageBoxOptions = {
      type: 'warning',
      title: text.title,
      message: text.message,
      detail: text.detail(error),
      buttons: [text.stay, text.closeAnyway],
      defaultId: STAY_BUTTON,
      cancelId: STAY_BUTTON,
      noLink: true,
    };
    const result = parent ? await options.dialog.showMessageBox(parent, box) : await options.dialog.showMessageBox(box);
    return result.response === CLOSE_ANYWAY_BUTTON;
  };
}

const WAIT_TEXT = {
  en: {
    title: 'Still saving',
    message: (n: number) => `${n} review ${n === 1 ? 'change is' : 'changes are'} not saved yet.`,
    detail: 'The window has not confirmed that your latest changes are stored. Wait gives it more time; if you close now, these changes are lost.',
    wait: 'Wait',
    close: (n: number) => `Close and Lose ${n} ${n === 1 ? 'Change' : 'Changes'}`,
  },
  zh: {
    title: '仍在保存',
    message: (n: number) => `还有 ${n} 处审阅修改尚未保存。`,
    detail: '窗口尚未确认最新的修改已经存储。选择“等待”给它更多时间；现在关闭，这些修改将会丢失。',
    wait: '等待',
    close: (n: number) => `关闭并丢失 ${n} 处修改`,
  },
} as const satisfies Record<MenuLocale, unknown>;

const WAIT_BUTTON = 0;
const CLOSE_AND_LOSE_BUTTON = 1;

/** The native "still saving" box; "Wait" is the default and the Escape answer. */
export function createWaitOrClosePrompt(options: CloseDialogOptions): (parent: BaseWindow | null, pendingWrites: number) => Promise<'wait' | 'close'> {
  const text = WAIT_TEXT[options.locale];
  return async (parent, pendingWrites) => {
    const box: MessageBoxOptions = {
      type: 'warning',
      title: text.title,
      message: text.message(pendingWrites),
      detail: text.detail,
      buttons: [text.wait, text.close(pendingWrites)],
      defaultId: WAIT_BUTTON,
      cancelId: WAIT_BUTTON,
      noLink: true,
    };
    const result = parent ? await options.dialog.showMessageBox(parent, box) : await options.dialog.showMessageBox(box);
    return result.response === CLOSE_AND_LOSE_BUTTON ? 'close' : 'wait';
  };
}
