import type { CommandId } from '../../keyboard/keymap';

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
  'label.pick1',
  'label.pick2',
  'label.pick3',
  'label.pick4',
  'label.pick5',
  'label.pick6',
  'label.pick7',
  'label.pick8',
  'label.pick9',
  'label.search',
  'field.accept',
  'field.unsure',
  'field.clear',
  'turn.acceptAll',
  'turn.verify',
  'dialogue.verify',
  'dialogue.next',
  'dialogue.prev',
  'edit.undo',
  'edit.redo',
] as const satisfies readonly CommandId[];

export type ReviewCommand = (typeof HANDLED_COMMANDS)[number];

export const REVIEW_HANDLED_COMMANDS = HANDLED_COMMANDS;
