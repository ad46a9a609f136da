import { describe, expect, it } from 'vitest';
import { buildHelpSections } from '../../../../renderer/src/keyboard/help-rows';
import { chordToString, parseBinding } from '../../../../renderer/src/keyboard/key-match';
import { COMMAND_IDS, KEY_SCOPES, KEYMAP, SCOPE_NAMES, type KeyBinding } from '../../../../renderer/src/keyboard/keymap';

/** Duplicate chords among a set of bindings, as "chord: commandA, commandB". */
function clashes(bindings: readonly KeyBinding[]): string[] {
  const owners = new Map<string, string[]>();
  for (const binding of bindings) {
    for (const key of binding.keys) {
      const chord = chordToString(parseBinding(key));
      owners.set(chord, [...(owners.get(chord) ?? []), binding.command]);
    }
  }
  return [...owners.entries()].filter(([, commands]) => commands.length > 1).map(([chord, commands]) => `${chord}: ${commands.join(', ')}`);
}

describe('KEYMAP', () => {
  it('parses every key of every binding', () => {
    for (const binding of KEYMAP) {
      expect(binding.keys.length, binding.command).toBeGreaterThan(0);
      for (const key of binding.keys) expect(() => parseBinding(key), `${binding.command}: ${key}`).not.toThrow();
    }
  });

  it('has no two bindings of one scope on the same key, and no scope key shadowing a global key', () => {
    const global = KEYMAP.filter((binding) => binding.scope === 'global');
    for (const scope of KEY_SCOPES) {
      const inScope = KEYMAP.filter((binding) => binding.scope === scope);
      expect(clashes(inScope), scope).toEqual([]);
      if (scope !== 'global') expect(clashes([...inScope, ...global]), `${scope} vs global`).toEqual([]);
    }
  });

  it('detects a clash when one is introduced (the check above can fail)', () => {
    const broken: KeyBinding[] = [...KEYMAP, { command: 'turn.verify', keys: ['Shift+?'], label: { zh: 'x', en: 'x' }, scope: 'review' }];
    const global = broken.filter((binding) => binding.scope === 'global');
    const review = broken.filter((binding) => binding.scope === 'review');
    expect(clashes([...review, ...global])).toEqual(['?: turn.verify, help.shortcuts']);
  });

  it('binds every command id exactly once, with a label in both languages', () => {
    expect(KEYMAP.map((binding) => binding.command).sort()).toEqual([...COMMAND_IDS].sort());
    for (const binding of KEYMAP) {
      expect(binding.label.zh.trim(), binding.command).not.toBe('');
      expect(binding.label.en.trim(), binding.command).not.toBe('');
      expect(binding.label.zh, binding.command).toMatch(/[\u4e00-\u9fff]/);
      expect(binding.label.en, binding.command).toMatch(/[A-Za-z]/);
    }
  });

  it('names every scope in both languages', () => {
    for (const scope of KEY_SCOPES) {
      expect(SCOPE_NAMES[scope].zh).toMatch(/[\u4e00-\u9fff]/);
      expect(SCOPE_NAMES[scope].en).toMatch(/[A-Za-z]/);
    }
  });

  it('feeds the help overlay every binding, grouped by scope, with the nine picks on one row', () => {
    const sections = buildHelpSections();
    expect(sections.map((section) => section.scope)).toEqual(['global', 'datasets', 'review']);
    const shownKeys = sections.flatMap((section) => section.rows.flatMap((row) => row.keys)).sort();
    expect(shownKeys).toEqual(KEYMAP.flatMap((binding) => binding.keys).sort());
    const review = sections.find((section) => section.scope === 'review');
    const pickRows = review?.rows.filter((row) => row.keys.includes('1') || row.keys.includes('9')) ?? [];
    expect(pickRows).toHaveLength(1);
    expect(pickRows[0].keys).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });
});
