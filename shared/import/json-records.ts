/** Helpers that read JSON text while remembering 1-based line numbers. */
import { jsonErrorOffset } from './json-error-offset';

export interface JsonLine {
  line: number;
  text: string;
}

/** Non-blank lines of a JSON Lines text, with their line numbers (CRLF tolerated). */
export function nonBlankLines(text: string): JsonLine[] {
  const lines: JsonLine[] = [];
  forEachNonBlankLine(text, (line, content) => void lines.push({ line, text: content }));
  return lines;
}

/** nonBlankLines one at a time, without the list: a large file's lines are not all kept at once. */
export function forEachNonBlankLine(text: string | Iterable<string>, visit: (line: number, content: string) => void): void {
  if (typeof text === 'string') {
    forEachNonBlankLineFrom(text, 1, visit);
    return;
  }
  // pieces end at line feeds (PiecedSourceFile): the lines of each, numbered on from the last
  let line = 1;
  for (const piece of text) line = forEachNonBlankLineFrom(piece, line, visit) - (piece.endsWith('\n') ? 1 : 0);
}

/** The non-blank lines of `text`, the first numbered `first`; returns the number the line after the text's last would have. */
function forEachNonBlankLineFrom(text: string, first: number, visit: (line: number, content: string) => void): number {
  let start = 0;
  let line = first;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const content = text.slice(start, end);
    if (content.trim().length > 0) visit(line, content);
    start = end + 1;
    line++;
  }
  return line;
}

/**
 * A JSON.parse error message made readable: V8 quotes the whole input in some messages
 * (`Unexpected token '}', "{…}" is not valid JSON`), which is noise for a long line. The
 * position (V8's, or our own scan when V8 names none) becomes a line and column.
 */
export function describeJsonError(error: unknown, text: string, firstLine = 1): { line: number; problem: string } {
  const message = error instanceof Error ? error.message : String(error);
  const problem = message.replace(/,\s*(?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, '').replace(/\s*in JSON at position \d+.*$/s, '');
  const position = /at position (\d+)/.exec(message);
  const offset = position ? Number(position[1]) : jsonErrorOffset(text);
  if (offset >= 0) {
    const before = text.slice(0, offset);
    const lineBreaks = before.split('\n').length - 1;
    const column = offset - (before.lastIndexOf('\n') + 1) + 1;
    return { line: firstLine + lineBreaks, problem: `${problem} (column ${column})` };
  }
  return { line: firstLine, problem };
}

/**
 * Start offsets of the elements of a top-level JSON array, found by a single scan that
 * tracks strings and nesting (JSON.parse tells no positions). Call only on text that
 * JSON.parse accepted.
 */
export function arrayElementLines(text: string): number[] {
  const lines: number[] = [];
  let depth = 0;
  let line = 1;
  let inString = false;
  let expectValue = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10) line++;
    if (inString) {
      if (ch === 92) i++; // backslash: skip the escaped character (never a newline in valid JSON)
      else if (ch === 34) inString = false;
      continue;
    }
    if (ch === 32 || ch === 9 || ch === 10 || ch === 13) continue;
    if (depth === 1 && expectValue && ch !== 93) {
      lines.push(line);
      expectValue = false;
    }
    if (ch === 34) inString = true;
    else if (ch === 91 || ch === 123) {
      depth++;
      if (depth === 1) expectValue = true;
    } else if (ch === 93 || ch === 125) depth--;
    else if (ch === 44 && depth === 1) expectValue = true;
  }
  return lines;
}

/**
 * How deep lists and objects may nest in one record. Real records nest four or five levels;
 * everything that later walks a value (label text, JSON.stringify in the export, the structured
 * clone to the app's store) recurses, so a record nested thousands deep would crash them with
 * "Maximum call stack size exceeded". It is refused at import instead, with its line. The SID
 * export moves unaligned annotations two levels deeper (`maieutic.unaligned[].raw`), far
 * inside what JSON.stringify handles.
 */
export const MAX_JSON_NESTING = 64;

/**
 * The offset of the first `[` or `{` that opens a level beyond `limit`, or -1. A single scan
 * that skips strings with indexOf; call it on text that JSON.parse accepted (strings are then
 * well formed).
 */
export function nestingBeyond(text: string, limit: number): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 34) {
      // to the closing quote: the next quote not escaped by an odd run of backslashes
      for (;;) {
        i = text.indexOf('"', i + 1);
        if (i === -1) return -1;
        let backslashes = 0;
        while (text.charCodeAt(i - 1 - backslashes) === 92) backslashes++;
        if (backslashes % 2 === 0) break;
      }
    } else if (ch === 91 || ch === 123) {
      if (++depth > limit) return i;
    } else if (ch === 93 || ch === 125) depth--;
  }
  return -1;
}

/** 1-based line of `offset` in `text`, counting from `firstLine`. */
export function lineAt(text: string, offset: number, firstLine = 1): number {
  let line = firstLine;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/**
 * Whether lists and objects in a parsed JSON value nest more than `limit` levels (the value
 * itself being level 1). Walks the containers only, with its own stack: far cheaper than a scan
 * of the text, which is left for the rare record that is too deep.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const pending: object[] = [value];
  const depths: number[] = [1];
  while (pending.length > 0) {
    const container = pending.pop() as Record<string, unknown> | unknown[];
    const depth = depths.pop()!;
    if (depth > limit) return true;
    // for-in, not Object.values: no array per object (JSON.parse objects have only own keys)
    if (Array.isArray(container)) {
      for (let k = 0; k < container.length; k++) {
        const child = container[k];
        if (typeof child === 'object' && child !== null) {
          pending.push(child);
          depths.push(depth + 1);
        }
      }
    } else {
      for (const key in container) {
        const child = container[key];
        if (typeof child === 'object' && child !== null) {
          pending.push(child);
          depths.push(depth + 1);
        }
      }
    }
  }
  return false;
}

/**
 * The 'too-deep' message when `value`, parsed from `text`, nests past `limit` levels (the offset
 * is within `text`), or null.
 */
export function tooDeepProblem(text: string, value: unknown, limit = MAX_JSON_NESTING, consequence = 'this record is not imported'): { offset: number; problem: string } | null {
  if (!nestsDeeperThan(value, limit)) return null;
  return tooDeepAt(text, Math.max(0, nestingBeyond(text, limit)), consequence);
}

/** The 'too-deep' message for the container opened at `offset` of `text` (see tooDeepProblem). */
export function tooDeepAt(text: string, offset: number, consequence = 'this record is not imported'): { offset: number; problem: string } {
  const column = offset - (text.lastIndexOf('\n', offset) + 1) + 1;
  return { offset, problem: tooDeepMessage(column, consequence) };
}

/** The words of the nesting rule, for every file that has it (records, config files): `consequence` says what happens to the file. */
export function tooDeepMessage(column: number, consequence: string): string {
  return `lists and objects are nested more than ${MAX_JSON_NESTING} levels deep (column ${column}); Maieutic reads at most ${MAX_JSON_NESTING} levels, so ${consequence}`;
}

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
