export { KEYMAP, COMMAND_IDS, KEY_SCOPES, SCOPE_NAMES, bindingFor, bindingsForScope } from './keymap';
export type { CommandId, KeyBinding, KeyScope, LabelPickCommand } from './keymap';
export { useCommands, resolveCommand } from './use-commands';
export type { CommandHandlers } from './use-commands';
export { ShortcutHelp } from './ShortcutHelp';
export { openShortcutHelp, useShortcutHelpStore } from './help-store';
export { formatBinding, currentPlatform, matchesBinding, isTypingTarget } from './key-match';
