import { LABEL_PICKS, type CommandId } from '../../keyboard/keymap';

/**
 * Every command the review view binds. ReviewView's handler table is typed from this list,
 * so a command listed here without a handler (or the reverse) does not compile.
 */
export const HANDLED_COMMANDS = [
  'nav.datasets',
  'turn.next',
  'turn.prev',
  'field.next',
  'field.prev',
  'field.nextFlagged',
  'field.prevFlagged',
  ...LABEL_PICKS.map((pick) => pick.command),
  'label.search',
  'codebook.search',
  'history.open',
  'field.accept',
  'field.unsure',
  'field.clear',
  'turn.acceptAll',
  'turn.verify',
  'dialogue.verify',
  'dialogue.next',
  'dialogue.prev',
  'suggestion.next',
  'suggestion.prev',
  'edit.undo',
  'edit.redo',
] as const satisfies readonly CommandId[];

export type ReviewCommand = (typeof HANDLED_COMMANDS)[number];

export const REVIEW_HANDLED_COMMANDS = HANDLED_COMMANDS;
