import type { CommandId } from './keymap';

/** Commands ShortcutHelp binds itself (checked against KEYMAP by the keymap tests). */
export const HANDLED_COMMANDS = ['help.shortcuts'] as const satisfies readonly CommandId[];
