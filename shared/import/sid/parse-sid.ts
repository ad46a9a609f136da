import type { EntryCounts, ParsedEntry, ParserContext, ParserOutput } from '../parser-types';
import { readOneToOneRecord } from './one-to-one-record';
import { arrayElementLines, describeJsonError, forEachNonBlankLine, isJsonObject, type JsonLine, lineAt, MAX_JSON_NESTING, tooDeepProblem } from '../json-records';
import { holdsLoneSurrogate, LONE_SURROGATE_MESSAGE, mayHoldLoneSurrogate } from '../lone-surrogates';
import { parseSidRecord } from './sid-record';

/** SID JSON Lines: one dialogue per non-blank line; every bad line is reported. */
export function parseSidJsonl(text: string, ctx: ParserContext): ParserOutput {
  const output: ParserOutput = [];
  eachSidJsonlRecord(text, ctx, (entry) => void output.push(entry));
  return output;
}

/**
 * parseSidJsonl one dialogue at a time, in file order: nothing is kept once `onEntry` has it.
 * The text may come in pieces that end at line feeds (PiecedSourceFile).
 * With `onCountedRecord` (a caller that keeps nothing), a record whose annotations pair
 * one-to-one with its turns is counted without being built (one-to-one-record.ts: the same
 * issues) and goes there instead of to `onEntry`.
 */
export function eachSidJsonlRecord(text: string | Iterable<string>, ctx: ParserContext, onEntry: (entry: ParsedEntry) => void, onCountedRecord?: (counts: EntryCounts) => void): void {
  let first: JsonLine | null = null;
  let lineCount = 0;
  const malformed: { line: number; problem: string }[] = [];
  // one context for every record, its line set per record: parseSidRecord reads it and keeps nothing of it
  const recordCtx = { ...ctx, line: 0 };
  forEachNonBlankLine(text, (line, withMark) => {
    lineCount++;
    if (first === null) first = { line, text: withMark };
    // files joined with `cat` keep each one's byte-order mark at the start of its first line
    const lineText = withMark.charCodeAt(0) === 0xfeff ? withMark.slice(1) : withMark;
    let record: unknown;
    try {
      record = JSON.parse(lineText);
    } catch (error) {
      malformed.push({ line, problem: describeJsonError(error, lineText).problem });
      return;
    }
    const tooDeep = tooDeepProblem(lineText, record);
    if (tooDeep) {
      ctx.issues.error(line, 'too-deep', `This line is nested too deeply: ${tooDeep.problem}.`);
      return;
    }
    const loneSurrogate = mayHoldLoneSurrogate(lineText) && holdsLoneSurrogate(record);
    if (loneSurrogate) ctx.issues.warn(line, 'lone-surrogate', LONE_SURROGATE_MESSAGE);
    if (onCountedRecord) {
      const counted = readOneToOneRecord(record, ctx.codebook, line, ctx.issues);
      if (counted) {
        onCountedRecord({ line, externalId: counted.externalId ?? `${ctx.file}:${line}`, turns: counted.turns, annotations: counted.annotations });
        return;
      }
    }
    recordCtx.line = line;
    const parsed = parseSidRecord(record, recordCtx);
    if (parsed) onEntry(parsed);
  });
  const spread = malformed.length > 1 && first ? spreadOverLines(typeof text === 'string' ? text : [...text].join(''), first, lineCount, malformed[0].line) : null;
  if (spread) ctx.issues.error(malformed[0].line, 'malformed-json', spread);
  else for (const { line, problem } of malformed) ctx.issues.error(line, 'malformed-json', `This line is not valid JSON: ${problem}. Each line must hold one complete dialogue object.`);
}

/**
 * One hint instead of an error per line when a JSON Lines file holds JSON written over many lines
 * (a pretty-printed object or list): its first line opens a value that does not close on it.
 */
function spreadOverLines(text: string, first: JsonLine, lineCount: number, firstBad: number): string | null {
  if (first.line !== firstBad) return null;
  const opening = first.text.trim();
  if (!/^[[{]/.test(opening) || /[\]}]$/.test(opening)) return null;
  const whole = `This file holds JSON written over ${lineCount} lines (pretty-printed), but JSON Lines needs each dialogue on a single line.`;
  try {
    JSON.parse(text);
    return `${whole} It is valid JSON as a whole: rename the file to .json to import it as it is.`;
  } catch {
    return `${whole} Write each dialogue on one line (for example with jq -c), or save the records as one JSON list in a .json file.`;
  }
}

/** Parses a whole-file JSON array (one object counts as a list of one), reporting a syntax error at its line. Null after an error. */
export function parseJsonArray(text: string, ctx: ParserContext): { elements: unknown[]; lines: number[] } | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const { line, problem } = describeJsonError(error, text);
    ctx.issues.error(line, 'malformed-json', `The file is not valid JSON: ${problem}.`);
    return null;
  }
  // the file's list is one level more than each record's
  const tooDeep = tooDeepProblem(text, value, Array.isArray(value) ? MAX_JSON_NESTING + 1 : MAX_JSON_NESTING);
  if (tooDeep) {
    ctx.issues.error(lineAt(text, tooDeep.offset), 'too-deep', `This record is nested too deeply: ${tooDeep.problem}.`);
    return null;
  }
  if (isJsonObject(value)) {
    const start = text.slice(0, text.indexOf('{'));
    return { elements: [value], lines: [start.split('\n').length] };
  }
  if (!Array.isArray(value)) {
    ctx.issues.error(1, 'not-an-object', 'The file holds one JSON value that is not a list; expected a list of dialogue objects (or use JSON Lines).');
    return null;
  }
  return { elements: value, lines: arrayElementLines(text) };
}

/** SID records as a JSON array; each element's line is where it starts. */
export function parseSidJsonArray(text: string, ctx: ParserContext): ParserOutput {
  const output: ParserOutput = [];
  const array = parseJsonArray(text, ctx);
  if (!array) return output;
  const surrogates = mayHoldLoneSurrogate(text);
  array.elements.forEach((record, i) => {
    if (surrogates && holdsLoneSurrogate(record)) ctx.issues.warn(array.lines[i] ?? 1, 'lone-surrogate', LONE_SURROGATE_MESSAGE);
    const parsed = parseSidRecord(record, { ...ctx, line: array.lines[i] ?? 1 });
    if (parsed) output.push(parsed);
  });
  return output;
}
