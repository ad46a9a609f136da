/**
 * Untrusted text (file names, labels, messages quoting file contents) on the terminal. A raw ESC
 * sequence from a file can clear the screen or retitle the window, a carriage return can
 * overwrite what was printed, a newline in a file name breaks `file:line`, and a right-to-left
 * override reorders what the reader sees. Such characters are shown as visible escapes.
 */

// C0 controls, DEL, C1 controls (U+009B is a one-character CSI) and bidirectional controls.
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_A_LINE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// What may stay raw in whole output: the line breaks and tabs the CLI itself writes.
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_OUTPUT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const hex = (character: string, digits: number): string => character.charCodeAt(0).toString(16).padStart(digits, '0');

/** One field of a printed line: every control, line break and bidi control as `\n`, `\x1b`, `\u202e`. */
export function lineText(text: string): string {
  return text.replace(UNSAFE_IN_A_LINE, (character) => NAMED[character] ?? (character <= '\u00ff' ? `\\x${hex(character, 2)}` : `\\u${hex(character, 4)}`));
}

/**
 * The last guard on everything the CLI writes, text and JSON alike: controls that slipped into
 * output become `\u001b`-style escapes, which inside a JSON string decode to the same text (so
 * `--json` stays valid and equal) and on a terminal are inert. Newlines and tabs stay.
 */
export function outputText(text: string): string {
  return text.replace(UNSAFE_IN_OUTPUT, (character) => `\\u${hex(character, 4)}`);
}

/** `file:line: message` as compilers print it, each part shown as one line; `line` null for the path alone. */
export function fileLine(file: string, line: number | null, message: string): string {
  return `${lineText(file)}${line === null ? '' : `:${line}`}: ${lineText(message)}`;
}
