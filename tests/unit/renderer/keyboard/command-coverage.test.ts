/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { KEYMAP, type CommandId } from '../../../../renderer/src/keyboard/keymap';

/**
 * Each view module that binds keys exports HANDLED_COMMANDS from a handled-commands.ts beside
 * it (features/<feature>/handled-commands.ts, keyboard/handled-commands.ts for the overlay).
 */
const modules = import.meta.glob<{ HANDLED_COMMANDS?: readonly CommandId[] }>(
  ['../../../../renderer/src/features/*/handled-commands.ts', '../../../../renderer/src/keyboard/handled-commands.ts'],
  { eager: true },
);

const handledBy = new Map<CommandId, string[]>();
for (const [path, module] of Object.entries(modules)) {
  for (const command of module.HANDLED_COMMANDS ?? []) handledBy.set(command, [...(handledBy.get(command) ?? []), path]);
}

describe('every KEYMAP command has a handler', () => {
  it('finds the handled-command lists of the review view and the shortcut overlay', () => {
    const paths = Object.keys(modules).map((path) => path.replace(/^.*renderer\/src\//, ''));
    expect(paths).toContain('features/review/handled-commands.ts');
    expect(paths).toContain('keyboard/handled-commands.ts');
    expect(paths).toContain('features/adjudication/handled-commands.ts');
  });

  for (const scope of ['global', 'review', 'datasets', 'adjudication', 'rubric'] as const) {
    it(`handles every ${scope} command`, () => {
      const unhandled = KEYMAP.filter((binding) => binding.scope === scope && !handledBy.has(binding.command)).map((binding) => binding.command);
      expect(unhandled, 'export HANDLED_COMMANDS from features/<feature>/handled-commands.ts for the view that binds them').toEqual([]);
    });
  }

  it('handles no command twice and none that KEYMAP does not bind', () => {
    const bound = new Set(KEYMAP.map((binding) => binding.command));
    expect([...handledBy.entries()].filter(([, paths]) => paths.length > 1)).toEqual([]);
    expect([...handledBy.keys()].filter((command) => !bound.has(command))).toEqual([]);
  });
});
