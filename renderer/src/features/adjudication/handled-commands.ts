import { ADJUDICATION_PICKS, type CommandId } from '../../keyboard/keymap';

/** Every command the adjudication view binds; its handler table is typed from this list. */
export const HANDLED_COMMANDS = [
  ...ADJUDICATION_PICKS.map((pick) => pick.command),
  'adjudication.other',
  'adjudication.flag',
  'adjudication.note',
  'adjudication.unresolved',
  'adjudication.next',
  'adjudication.prev',
  'adjudication.undo',
  'adjudication.codebook',
] as const satisfies readonly CommandId[];

export type AdjudicationCommand = (typeof HANDLED_COMMANDS)[number];
