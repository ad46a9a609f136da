import type { CommandId } from '../../keyboard/keymap';

/** The review queue bar's keys (it is mounted inside the review view while a queue is open). */
export const HANDLED_COMMANDS = ['queue.next', 'queue.prev'] as const satisfies readonly CommandId[];
