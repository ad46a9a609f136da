import { RUBRIC_SCORES, type CommandId } from '../../keyboard/keymap';

/** Every command the rubric-scores panel in review binds (the panel's handler table is typed from it). */
export const HANDLED_COMMANDS = [
  'rubric.toggle',
  ...RUBRIC_SCORES.map((entry) => entry.command),
  'rubric.next',
  'rubric.prev',
  'rubric.rationale',
  'rubric.clear',
  'rubric.undo',
  'rubric.redo',
  'rubric.leave',
] as const satisfies readonly CommandId[];
