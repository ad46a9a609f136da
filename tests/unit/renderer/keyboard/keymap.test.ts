import { describe, expect, it } from 'vitest';
import { buildHelpSections, formatKeyRuns } from '../../../../renderer/src/keyboard/help-rows';
import { chordFromEvent, chordsEqual, chordToString, parseBinding } from '../../../../renderer/src/keyboard/key-match';
import { BACK_COMMAND, bindingFor, COMMAND_IDS, KEY_SCOPES, KEYMAP, LABEL_PICKS, labelPickKey, MODE_BACK, SCOPE_NAMES, type KeyBinding } from '../../../../renderer/src/keyboard/keymap';

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

  it('feeds the help overlay every binding, grouped by scope, with every label pick on one row', () => {
    const sections = buildHelpSections();
    expect(sections.map((section) => section.scope)).toEqual(['global', 'datasets', 'review', 'rubric', 'adjudication']);
    const shownKeys = sections.flatMap((section) => section.rows.flatMap((row) => row.keys)).sort();
    expect(shownKeys).toEqual(KEYMAP.flatMap((binding) => binding.keys).sort());
    const review = sections.find((section) => section.scope === 'review');
    const pickRows = review?.rows.filter((row) => row.keys.includes('1') || row.keys.includes('0') || row.keys.includes('Alt+9')) ?? [];
    expect(pickRows).toHaveLength(1);
    expect(pickRows[0].keys).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'Alt+1', 'Alt+2', 'Alt+3', 'Alt+4', 'Alt+5', 'Alt+6', 'Alt+7', 'Alt+8', 'Alt+9']);
    expect(formatKeyRuns(pickRows[0].keys, 'other')).toEqual(['1–9', '0', 'Alt+1–Alt+9']);
    expect(formatKeyRuns(pickRows[0].keys, 'mac')).toEqual(['1–9', '0', '⌥1–⌥9']);
    // the rubric-scores panel: r enters from review, digits 1–9 score on one row
    expect(review?.rows.find((row) => row.id === 'rubric.toggle')?.keys).toEqual(['r']);
    const rubric = sections.find((section) => section.scope === 'rubric');
    const scoreRows = rubric?.rows.filter((row) => row.keys.includes('1')) ?? [];
    expect(scoreRows.map((row) => formatKeyRuns(row.keys, 'other'))).toEqual([['0–9']]);
  });

  it('names for each mode a leave command bound in that mode, and the back command as a global binding', () => {
    expect(bindingFor(BACK_COMMAND)?.scope).toBe('global');
    for (const [scope, command] of Object.entries(MODE_BACK)) expect(bindingFor(command!)?.scope, scope).toBe(scope);
    expect(MODE_BACK.rubric).toBe('rubric.leave');
  });

  it('writes short key lists and non-runs key by key in the help', () => {
    expect(formatKeyRuns(['j', 'ArrowDown'], 'other')).toEqual(['j', '↓']);
    expect(formatKeyRuns(['1', '2'], 'other')).toEqual(['1', '2']);
    expect(formatKeyRuns(['1', '3', '4', '5'], 'other')).toEqual(['1', '3–5']);
    expect(formatKeyRuns(['Mod+Shift+z', 'Mod+y'], 'other')).toEqual(['Ctrl+Shift+Z', 'Ctrl+Y']);
  });
});

describe('label picks', () => {
  it('gives each of the first 19 label positions its own key from one table: 1–9, 0, Alt+1…Alt+9', () => {
    expect(LABEL_PICKS).toHaveLength(19);
    expect(LABEL_PICKS.map((pick) => pick.position)).toEqual(Array.from({ length: 19 }, (_, index) => index + 1));
    expect(labelPickKey(1)).toBe('1');
    expect(labelPickKey(9)).toBe('9');
    expect(labelPickKey(10)).toBe('0');
    expect(labelPickKey(11)).toBe('Alt+1');
    expect(labelPickKey(19)).toBe('Alt+9');
    expect(labelPickKey(20)).toBeNull();
    for (const pick of LABEL_PICKS) {
      const binding = KEYMAP.find((entry) => entry.command === pick.command);
      expect(binding?.keys, pick.command).toEqual([pick.key]);
      expect(binding?.scope).toBe('review');
    }
  });

  it('reaches the 10th and 11th label of discipline from a key event, also Option+digit on a Mac', () => {
    const event = (key: string, code: string, altKey = false) => ({ key, code, ctrlKey: false, metaKey: false, altKey, shiftKey: false });
    const commandFor = (e: ReturnType<typeof event>) => LABEL_PICKS.find((pick) => chordsEqual(parseBinding(pick.key), chordFromEvent(e)))?.position;
    expect(commandFor(event('0', 'Digit0'))).toBe(10);
    expect(commandFor(event('1', 'Digit1', true))).toBe(11);
    // macOS: Option+1 types ¡, Option+2 types ™
    expect(commandFor(event('¡', 'Digit1', true))).toBe(11);
    expect(commandFor(event('™', 'Digit2', true))).toBe(12);
  });
});
