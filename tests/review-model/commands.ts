/**
 * The command sequences the model test sends: review keys, rubric scoring keys, `/` + text + Esc,
 * each after a gap of 0–400 ms, biased towards no gap at all (where races live).
 */
import fc from 'fast-check';
import type { ModelCommand, ReviewKey } from './reference';

export interface TimedCommand {
  /** how long to wait before sending it */
  gapMs: number;
  command: ModelCommand;
}

const KEY_WEIGHTS: readonly [ReviewKey, number][] = [
  ['1', 3], ['2', 3], ['3', 2], ['4', 2], ['5', 2], ['6', 1], ['7', 1], ['8', 1], ['9', 1], ['0', 1],
  ['a', 4], ['A', 2], ['u', 2], ['v', 4], ['V', 2], ['j', 5], ['k', 3], ['n', 2], ['p', 2], ['f', 2], ['F', 1],
  ['Backspace', 1], ['undo', 4], ['redo', 2], ['r', 2],
];

const commandArbitrary: fc.Arbitrary<ModelCommand> = fc.oneof(
  ...KEY_WEIGHTS.map(([key, weight]) => ({ arbitrary: fc.constant<ModelCommand>({ kind: 'key', key }), weight })),
  { arbitrary: fc.stringMatching(/^[a-z0-9]{1,3}$/).map((text): ModelCommand => ({ kind: 'search', text })), weight: 2 },
);

const gapArbitrary = fc.oneof({ arbitrary: fc.constant(0), weight: 6 }, { arbitrary: fc.integer({ min: 1, max: 40 }), weight: 2 }, { arbitrary: fc.integer({ min: 41, max: 400 }), weight: 1 });

export const sequenceArbitrary = (maxLength: number): fc.Arbitrary<TimedCommand[]> =>
  fc.array(fc.record({ gapMs: gapArbitrary, command: commandArbitrary }), { minLength: 1, maxLength, size: 'medium' });

/** Playwright key names for one command, in the order they are pressed. */
export function keysOf(command: ModelCommand): string[] {
  if (command.kind === 'search') return ['/', ...command.text.split(''), 'Escape'];
  switch (command.key) {
    case 'A':
      return ['Shift+A'];
    case 'V':
      return ['Shift+V'];
    case 'F':
      return ['Shift+F'];
    case 'undo':
      return ['ControlOrMeta+z'];
    case 'redo':
      return ['ControlOrMeta+Shift+z'];
    default:
      return [command.key];
  }
}

/** A sequence as people read it: `v ⌃Z v /ab⎋`, gaps in ms where there are any. */
export function describeSequence(sequence: readonly TimedCommand[]): string {
  return sequence
    .map(({ gapMs, command }) => {
      const name = command.kind === 'search' ? `/${command.text}⎋` : command.key === 'undo' ? '⌃Z' : command.key === 'redo' ? '⌃⇧Z' : command.key;
      return gapMs > 0 ? `(${gapMs}ms) ${name}` : name;
    })
    .join(' ');
}
