import { describe, expect, it } from 'vitest';
import { formatBinding, isCommandCandidate, isTypingTarget, matchesBinding, parseBinding, type KeyEventLike } from '../../../../renderer/src/keyboard/key-match';
import { resolveCommand } from '../../../../renderer/src/keyboard/use-commands';
import type { CommandId } from '../../../../renderer/src/keyboard/keymap';

function key(k: string, mods: Partial<KeyEventLike> = {}): KeyEventLike {
  return { key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods };
}

const all = () => true;

describe('key matching', () => {
  it('treats Mod as Ctrl or Cmd', () => {
    expect(matchesBinding(key('z', { ctrlKey: true }), 'Mod+z')).toBe(true);
    expect(matchesBinding(key('z', { metaKey: true }), 'Mod+z')).toBe(true);
    expect(matchesBinding(key('z'), 'Mod+z')).toBe(false);
    expect(matchesBinding(key('z', { altKey: true, ctrlKey: true }), 'Mod+z')).toBe(false);
  });

  it('tells Mod+z from Mod+Shift+z, whichever case the key arrives in', () => {
    expect(matchesBinding(key('Z', { ctrlKey: true, shiftKey: true }), 'Mod+Shift+z')).toBe(true);
    expect(matchesBinding(key('Z', { ctrlKey: true, shiftKey: true }), 'Mod+z')).toBe(false);
    expect(matchesBinding(key('z', { metaKey: true }), 'Mod+Shift+z')).toBe(false);
  });

  it('matches ? with or without Shift, since the layout decides', () => {
    expect(matchesBinding(key('?', { shiftKey: true }), 'Shift+?')).toBe(true);
    expect(matchesBinding(key('?'), 'Shift+?')).toBe(true);
    expect(matchesBinding(key('/'), 'Shift+?')).toBe(false);
  });

  it('keeps Shift meaningful for letters: a is not Shift+A', () => {
    expect(matchesBinding(key('a'), 'a')).toBe(true);
    expect(matchesBinding(key('A', { shiftKey: true }), 'a')).toBe(false);
    expect(matchesBinding(key('A', { shiftKey: true }), 'Shift+A')).toBe(true);
    // Caps Lock on: the letter arrives upper-case without Shift and is still the plain key.
    expect(matchesBinding(key('V'), 'v')).toBe(true);
    expect(matchesBinding(key('V'), 'Shift+V')).toBe(false);
  });

  it('falls back to the physical key when a Chinese IME or another layout changes `key`', () => {
    expect(matchesBinding(key('Process', { code: 'KeyJ' }), 'j')).toBe(true);
    expect(matchesBinding(key('я', { code: 'KeyZ', ctrlKey: true }), 'Mod+z')).toBe(true);
  });

  it('falls back to the physical digit key when Option (Alt) or an IME changes `key`, keeping Shift apart', () => {
    // macOS Option+1 types ¡, Option+0 types º; Windows and Linux keep the digit.
    expect(matchesBinding(key('¡', { code: 'Digit1', altKey: true }), 'Alt+1')).toBe(true);
    expect(matchesBinding(key('º', { code: 'Digit0', altKey: true }), 'Alt+0')).toBe(true);
    expect(matchesBinding(key('1', { code: 'Digit1', altKey: true }), 'Alt+1')).toBe(true);
    expect(matchesBinding(key('¡', { code: 'Digit1', altKey: true }), '1')).toBe(false);
    // A full-width digit from a Chinese IME is the digit key.
    expect(matchesBinding(key('１', { code: 'Digit1' }), '1')).toBe(true);
    // Shift+1 types ! on a US layout: not the plain 1, and not Alt+1.
    expect(matchesBinding(key('!', { code: 'Digit1', shiftKey: true }), '1')).toBe(false);
    expect(matchesBinding(key('⁄', { code: 'Digit1', altKey: true, shiftKey: true }), 'Alt+1')).toBe(false);
    // A layout whose digit row types digits with Shift (AZERTY) still picks by the digit it types.
    expect(matchesBinding(key('1', { code: 'Digit1', shiftKey: true }), '1')).toBe(true);
  });

  it('distinguishes Tab from Shift+Tab', () => {
    expect(matchesBinding(key('Tab'), 'Tab')).toBe(true);
    expect(matchesBinding(key('Tab', { shiftKey: true }), 'Tab')).toBe(false);
    expect(matchesBinding(key('Tab', { shiftKey: true }), 'Shift+Tab')).toBe(true);
  });

  it('rejects malformed bindings with a clear message', () => {
    expect(() => parseBinding('Ctrl+z')).toThrow(/unknown modifier "Ctrl"/);
    expect(() => parseBinding('Mod+Enterr')).toThrow(/unknown key "Enterr"/);
    expect(() => parseBinding('V')).toThrow(/Shift\+V/);
  });

  it('formats bindings per platform', () => {
    expect(formatBinding('Mod+Shift+z', 'mac')).toBe('⌘⇧Z');
    expect(formatBinding('Mod+z', 'other')).toBe('Ctrl+Z');
    expect(formatBinding('Shift+?', 'other')).toBe('?');
    expect(formatBinding('j', 'other')).toBe('j');
    expect(formatBinding('Shift+A', 'other')).toBe('Shift+A');
    expect(formatBinding('Alt+1', 'other')).toBe('Alt+1');
    expect(formatBinding('Alt+1', 'mac')).toBe('⌥1');
  });
});

describe('typing targets', () => {
  const input = { tagName: 'INPUT', type: 'text' };
  const checkbox = { tagName: 'INPUT', type: 'checkbox' };
  const textarea = { tagName: 'TEXTAREA' };
  const editable = { tagName: 'DIV', isContentEditable: true };
  const button = { tagName: 'BUTTON' };

  it('recognises text boxes', () => {
    expect(isTypingTarget(input)).toBe(true);
    expect(isTypingTarget(textarea)).toBe(true);
    expect(isTypingTarget({ tagName: 'SELECT' })).toBe(true);
    expect(isTypingTarget(editable)).toBe(true);
    expect(isTypingTarget(checkbox)).toBe(false);
    expect(isTypingTarget(button)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('lets only Escape and Mod combinations out of a text box', () => {
    expect(isCommandCandidate(key('j', { target: input }))).toBe(false);
    expect(isCommandCandidate(key('Backspace', { target: textarea }))).toBe(false);
    expect(isCommandCandidate(key('Escape', { target: input }))).toBe(true);
    expect(isCommandCandidate(key('z', { target: input, ctrlKey: true }))).toBe(true);
    expect(isCommandCandidate(key('j', { target: button }))).toBe(true);
    expect(isCommandCandidate(key('Enter', { target: button }))).toBe(false);
    expect(isCommandCandidate(key(' ', { target: button }))).toBe(false);
    expect(isCommandCandidate(key('Enter', { target: { tagName: 'DIV' } }))).toBe(true);
    expect(isCommandCandidate(key('j', { isComposing: true }))).toBe(false);
  });
});

describe('resolveCommand', () => {
  it('finds the command of the scope for a key, and global commands from any scope', () => {
    expect(resolveCommand(key('j'), 'review', all)?.command).toBe('turn.next');
    expect(resolveCommand(key('j'), 'datasets', all)?.command).toBe('list.next');
    expect(resolveCommand(key('Escape'), 'review', all)?.command).toBe('nav.datasets');
    expect(resolveCommand(key('?', { shiftKey: true }), 'global', all)?.command).toBe('help.shortcuts');
    expect(resolveCommand(key('y', { metaKey: true }), 'review', all)?.command).toBe('edit.redo');
  });

  it('gives the back key to a mode laid over a view: Escape in rubric scoring leaves the mode, not the dialogue', () => {
    expect(resolveCommand(key('Escape'), 'rubric', all)?.command).toBe('rubric.leave');
    // a mode that does not handle its leave command leaves Escape to the global back
    expect(resolveCommand(key('Escape'), 'rubric', (command) => command !== 'rubric.leave')?.command).toBe('nav.datasets');
    // other scopes are not modes: Escape stays the global back there
    expect(resolveCommand(key('Escape'), 'review', all)?.command).toBe('nav.datasets');
    expect(resolveCommand(key('Escape'), 'adjudication', all)?.command).toBe('nav.datasets');
  });

  it('ignores commands the scope does not handle, so another listener can take the key', () => {
    const onlyReview = (command: CommandId) => command !== 'help.shortcuts';
    expect(resolveCommand(key('?'), 'review', onlyReview)).toBeNull();
  });

  it('repeats held keys only for movement', () => {
    expect(resolveCommand(key('j', { repeat: true }), 'review', all)?.command).toBe('turn.next');
    expect(resolveCommand(key('v', { repeat: true }), 'review', all)).toBeNull();
  });

  it('ignores letters typed into a text box', () => {
    expect(resolveCommand(key('a', { target: { tagName: 'INPUT', type: 'text' } }), 'review', all)).toBeNull();
  });
});
