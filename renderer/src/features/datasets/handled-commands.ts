import type { CommandId } from '../../keyboard/keymap';

/** The commands the data-set table binds; DatasetTable's handler table is typed from this list. */
export const HANDLED_COMMANDS = ['list.next', 'list.prev', 'list.open'] as const satisfies readonly CommandId[];

export type DatasetCommand = (typeof HANDLED_COMMANDS)[number];
