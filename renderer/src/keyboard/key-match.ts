/**
 * Turning key strings from the KEYMAP and keyboard events into one comparable form.
 * Pure functions over plain objects so they are testable without a DOM.
 */

/** A key combination in canonical form; two chords match when all four parts are equal. */
export interface Chord {
  key: string;
  mod: boolean;
  alt: boolean;
  shift: boolean;
}

/** The parts of a KeyboardEvent the matcher reads. */
export interface KeyEventLike {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  isComposing?: boolean;
  repeat?: boolean;
  target?: unknown;
}

const NAMED_KEYS = new Set([
  'Escape', 'Enter', 'Tab', 'Backspace', 'Delete', 'Space', 'Home', 'End', 'PageUp', 'PageDown',
  'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight',
]);

const isLetter = (key: string) => /^[a-zA-Z]$/.test(key);
const isDigit = (key: string) => /^[0-9]$/.test(key);

/** Letters compare case-insensitively with Shift as a flag; symbols already encode Shift in their character. */
function canonical(key: string, mod: boolean, alt: boolean, shift: boolean): Chord {
  if (isLetter(key)) return { key: key.toLowerCase(), mod, alt, shift };
  if (key.length === 1) return { key, mod, alt, shift: false };
  return { key, mod, alt, shift };
}

/** Parses `Mod+Shift+z`, `Shift+?`, `ArrowDown`. Throws on an unknown modifier or key name. */
export function parseBinding(binding: string): Chord {
  const parts = binding.split('+');
  const key = parts.pop();
  if (key === undefined || key === '') throw new Error(`Key binding "${binding}" has no key`);
  let mod = false;
  let alt = false;
  let shift = false;
  for (const modifier of parts) {
    if (modifier === 'Mod') mod = true;
    else if (modifier === 'Alt') alt = true;
    else if (modifier === 'Shift') shift = true;
    else throw new Error(`Key binding "${binding}" has an unknown modifier "${modifier}" (use Mod, Alt or Shift)`);
  }
  if (key.length > 1 && !NAMED_KEYS.has(key)) throw new Error(`Key binding "${binding}" names an unknown key "${key}"`);
  if (isLetter(key) && key !== key.toLowerCase() && !shift) {
    throw new Error(`Key binding "${binding}": write Shift+letter explicitly (Shift+${key}), not an upper-case letter`);
  }
  return canonical(key, mod, alt, shift);
}

/** Printable ASCII: a character a layout types as itself, which the binding may name (`?`, `/`). */
const isPrintableAscii = (key: string) => /^[\x21-\x7e]$/.test(key);

/**
 * The chord a key event stands for. Under a Chinese IME or a non-Latin layout `key` is not the
 * Latin letter, so the physical `code` (KeyZ) decides for letter keys. Digits likewise: macOS
 * Option+1 types `¡`, an IME may type a full-width `１`, so the physical DigitN decides when Alt
 * is held or `key` is no ASCII character. Shift is kept in that case, so Shift+1 (`!`) is never
 * the plain `1`.
 */
export function chordFromEvent(event: KeyEventLike): Chord {
  let key = event.key === ' ' ? 'Space' : event.key;
  const code = event.code ?? '';
  const mod = event.ctrlKey || event.metaKey;
  if (!isDigit(key) && /^Digit[0-9]$/.test(code) && !NAMED_KEYS.has(key) && (event.altKey || !isPrintableAscii(key))) {
    return { key: code.slice(5), mod, alt: event.altKey, shift: event.shiftKey };
  }
  if (!isLetter(key) && /^Key[A-Z]$/.test(code) && !NAMED_KEYS.has(key)) key = code.slice(3);
  return canonical(key, mod, event.altKey, event.shiftKey);
}

export function chordsEqual(a: Chord, b: Chord): boolean {
  return a.key === b.key && a.mod === b.mod && a.alt === b.alt && a.shift === b.shift;
}

export function matchesBinding(event: KeyEventLike, binding: string): boolean {
  return chordsEqual(chordFromEvent(event), parseBinding(binding));
}

export function chordToString(chord: Chord): string {
  return [chord.mod && 'Mod', chord.alt && 'Alt', chord.shift && 'Shift', chord.key].filter(Boolean).join('+');
}

interface ElementLike {
  tagName?: unknown;
  type?: unknown;
  isContentEditable?: unknown;
}

const NON_TYPING_INPUT_TYPES = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file']);

/** True when keys pressed on this element are text being typed, not commands. */
export function isTypingTarget(target: unknown): boolean {
  if (target === null || typeof target !== 'object') return false;
  const element = target as ElementLike;
  if (element.isContentEditable === true) return true;
  const tag = typeof element.tagName === 'string' ? element.tagName.toUpperCase() : '';
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !NON_TYPING_INPUT_TYPES.has(String(element.type ?? 'text').toLowerCase());
  return false;
}

const ACTIVATABLE_TAGS = new Set(['BUTTON', 'A', 'SUMMARY']);

/** True for a focused button, link or checkbox-like input: Enter and Space activate it. */
export function isActivatableTarget(target: unknown): boolean {
  if (target === null || typeof target !== 'object') return false;
  const element = target as ElementLike;
  const tag = typeof element.tagName === 'string' ? element.tagName.toUpperCase() : '';
  if (ACTIVATABLE_TAGS.has(tag)) return true;
  return tag === 'INPUT' && NON_TYPING_INPUT_TYPES.has(String(element.type ?? 'text').toLowerCase());
}

/**
 * Keys typed into a text box stay there, except Escape and Mod combinations; Enter and Space
 * on a focused control activate that control, never a view-wide command.
 */
export function isCommandCandidate(event: KeyEventLike): boolean {
  if (event.isComposing) return false;
  if ((event.key === 'Enter' || event.key === ' ') && !event.ctrlKey && !event.metaKey && isActivatableTarget(event.target)) return false;
  if (!isTypingTarget(event.target)) return true;
  return event.key === 'Escape' || event.ctrlKey || event.metaKey;
}

/** How a binding is written for people: ⌘Z on a Mac, Ctrl+Z elsewhere. */
export function formatBinding(binding: string, platform: 'mac' | 'other'): string {
  const chord = parseBinding(binding);
  const keyNames: Record<string, string> = {
    ArrowUp: '↑', ArrowDown: '↓', ArrowLeft: '←', ArrowRight: '→', Escape: 'Esc', Backspace: '⌫', Delete: 'Del', Enter: '↵',
  };
  // Lower-case letters read as typed (j, k); with Mod they read like menu accelerators (Ctrl+Z).
  const letter = isLetter(chord.key) && (chord.mod || chord.shift) ? chord.key.toUpperCase() : chord.key;
  const key = keyNames[chord.key] ?? letter;
  if (platform === 'mac') {
    return `${chord.mod ? '⌘' : ''}${chord.alt ? '⌥' : ''}${chord.shift ? '⇧' : ''}${key}`;
  }
  return [chord.mod && 'Ctrl', chord.alt && 'Alt', chord.shift && 'Shift', key].filter(Boolean).join('+');
}

export function currentPlatform(): 'mac' | 'other' {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return nav && /Mac|iPhone|iPad/.test(nav.platform || nav.userAgent) ? 'mac' : 'other';
}
