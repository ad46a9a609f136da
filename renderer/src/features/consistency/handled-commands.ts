import type { CommandId } from '../../keyboard/keymap';

/** The findings strip's keys (mounted inside the review view). */
export const HANDLED_COMMANDS = ['finding.next', 'finding.dismiss'] as const satisfies readonly CommandId[];
