import { MAX_JSON_NESTING } from '../import/json-records';

/**
 * One JSON object out of a model's text, whatever the model wrapped it in: a byte-order mark, a
 * `<think>` block, code fences, prose before or after, trailing commas. Linear in the text by
 * construction: every scan moves forward with indexOf or one character at a time and never
 * starts again, nesting is counted (never recursed) and refused past MAX_JSON_NESTING before
 * JSON.parse sees it, at most MAX_FAILED_SPANS spans that are not JSON are parsed, and no
 * regular expression is run on the text.
 */

export type Toleration = 'byte-order-mark' | 'think-block' | 'code-fence' | 'surrounding-text' | 'trailing-commas';

export type ExtractionFailure = 'empty' | 'unfinished-thinking' | 'no-object' | 'not-an-object' | 'unfinished' | 'not-json' | 'too-deep' | 'several-objects';

export type ExtractedJson = { ok: true; value: Record<string, unknown>; tolerated: Toleration[] } | { ok: false; code: ExtractionFailure; reason: string };

/** each failed JSON.parse throws (microseconds each): text with thousands of `{x}` must not cost thousands */
const MAX_FAILED_SPANS = 32;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;

function isSpace(ch: number): boolean {
  return ch === 32 || ch === 9 || ch === 10 || ch === 13;
}

/** [from, to) with whitespace trimmed off both ends. */
function trimmedRange(text: string, from: number, to: number): [number, number] {
  while (from < to && isSpace(text.charCodeAt(from))) from++;
  while (to > from && isSpace(text.charCodeAt(to - 1))) to--;
  return [from, to];
}

/** The text with trailing commas (`[1, 2,]`, `{"a": 1, }`) outside strings removed, or null when there are none. */
export function withoutTrailingCommas(text: string): string | null {
  const removed: number[] = [];
  let pendingComma = -1;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === QUOTE) {
      pendingComma = -1;
      for (i++; i < text.length; i++) {
        const inner = text.charCodeAt(i);
        if (inner === BACKSLASH) i++;
        else if (inner === QUOTE) break;
      }
    } else if (ch === CLOSE_BRACE || ch === CLOSE_BRACKET) {
      if (pendingComma !== -1) removed.push(pendingComma);
      pendingComma = -1;
    } else if (ch === COMMA) pendingComma = i;
    else if (!isSpace(ch)) pendingComma = -1;
  }
  if (removed.length === 0) return null;
  const pieces: string[] = [];
  let from = 0;
  for (const at of removed) {
    pieces.push(text.slice(from, at));
    from = at + 1;
  }
  pieces.push(text.slice(from));
  return pieces.join('');
}

interface Scan {
  objects: { value: Record<string, unknown>; from: number; to: number; repaired: boolean }[];
  /** a top-level JSON list was met: the answer may be a list rather than one object */
  sawList: boolean;
  unclosed: boolean;
  parseError: string | null;
  tooDeep: boolean;
  failedSpans: number;
}

function newScan(): Scan {
  return { objects: [], sawList: false, unclosed: false, parseError: null, tooDeep: false, failedSpans: 0 };
}

/** The end (exclusive) of the balanced span opening at `start`, -1 when it does not close before `to`, -2 when it nests too deep. */
function spanEnd(text: string, start: number, to: number): number {
  let depth = 0;
  for (let i = start; i < to; i++) {
    const ch = text.charCodeAt(i);
    if (ch === QUOTE) {
      for (i++; i < to; i++) {
        const inner = text.charCodeAt(i);
        if (inner === BACKSLASH) i++;
        else if (inner === QUOTE) break;
      }
    } else if (ch === OPEN_BRACE || ch === OPEN_BRACKET) {
      if (++depth > MAX_JSON_NESTING) return -2;
    } else if (ch === CLOSE_BRACE || ch === CLOSE_BRACKET) {
      if (--depth === 0) return i + 1;
    }
  }
  return -1;
}

/** The span parsed as it is, then without trailing commas; undefined when neither parses. */
function parseSpan(span: string, scan: Scan): { value: unknown; repaired: boolean } | undefined {
  let firstError: string | null = null;
  for (const [candidate, repaired] of [[span, false], [withoutTrailingCommas(span), true]] as const) {
    if (candidate === null) continue;
    try {
      return { value: JSON.parse(candidate) as unknown, repaired };
    } catch (error) {
      firstError ??= error instanceof Error ? error.message : String(error);
    }
  }
  scan.failedSpans++;
  if (span.charCodeAt(0) === OPEN_BRACE) scan.parseError ??= firstError;
  return undefined;
}

function nextOpening(text: string, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    const ch = text.charCodeAt(i);
    if (ch === OPEN_BRACE || ch === OPEN_BRACKET) return i;
  }
  return -1;
}

/**
 * Every top-level `{…}` of [from, to) that parses, into `scan`. A top-level `[…]` is stepped over
 * whole (the objects inside a list are not the answer) and noted when it is a JSON list. The scan
 * stops at a second object, at a span that does not close or nests too deep (an answer cut off at
 * max_tokens must not yield one of its inner turn objects instead), and after MAX_FAILED_SPANS
 * spans that are not JSON.
 */
function scanRange(text: string, from: number, to: number, scan: Scan): void {
  let at = nextOpening(text, from, to);
  while (at !== -1 && scan.objects.length < 2 && scan.failedSpans < MAX_FAILED_SPANS) {
    const isObject = text.charCodeAt(at) === OPEN_BRACE;
    const end = spanEnd(text, at, to);
    if (end < 0) {
      // heeded only when no object came before it: after an answer it is trailing text
      if (end === -2) scan.tooDeep = true;
      else scan.unclosed = true;
      return;
    }
    // one list is enough to know the answer may be a list: later ones are stepped over unparsed
    const parsed = isObject || !scan.sawList ? parseSpan(text.slice(at, end), scan) : undefined;
    if (parsed && isObject) scan.objects.push({ value: parsed.value as Record<string, unknown>, repaired: parsed.repaired, from: at, to: end });
    else if (parsed && Array.isArray(parsed.value)) scan.sawList = true;
    at = nextOpening(text, end, to);
  }
}

function isLineStart(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--;
  return i < 0 || text.charCodeAt(i) === 10 || text.charCodeAt(i) === 13;
}

/**
 * The insides of ``` fences. Fences count only at the start of a line, as in Markdown: a JSON
 * string holding ``` never is (JSON writes line breaks in strings as \n). Line-start fences
 * pair up in order; an unpaired last one closes at the next ``` anywhere (a one-line fence), or
 * runs to the end of the text.
 */
function fencedRanges(text: string, from: number): [number, number][] {
  const fences: number[] = [];
  for (let at = text.indexOf('```', from); at !== -1; at = text.indexOf('```', at + 3)) if (isLineStart(text, at)) fences.push(at);
  // the info word after an opening fence (`json`) holds no brace, so the scan passes over it
  const ranges: [number, number][] = [];
  for (let k = 0; k + 1 < fences.length; k += 2) ranges.push([fences[k] + 3, fences[k + 1]]);
  if (fences.length % 2 === 1) {
    const start = fences[fences.length - 1] + 3;
    const close = text.indexOf('```', start);
    ranges.push([start, close === -1 ? text.length : close]);
  }
  return ranges;
}

/** When no single object was found: the likeliest cause first (a cut-off answer before prose that is not JSON). */
function failure(scan: Scan): ExtractedJson {
  if (scan.objects.length > 1) return { ok: false, code: 'several-objects', reason: 'the answer holds more than one JSON object; exactly one is expected' };
  if (scan.tooDeep) return { ok: false, code: 'too-deep', reason: `the answer's JSON nests lists and objects more than ${MAX_JSON_NESTING} levels deep` };
  if (scan.unclosed) return { ok: false, code: 'unfinished', reason: "the answer's JSON is not closed (was the answer cut off at max_tokens?)" };
  if (scan.parseError !== null) return { ok: false, code: 'not-json', reason: `the answer's JSON object is not valid JSON (${scan.parseError.slice(0, 200)})` };
  if (scan.sawList) return { ok: false, code: 'not-an-object', reason: 'the answer is a JSON list where one object is expected' };
  // a `{…}` span that parses is an object, so with no parse error no brace was met
  return { ok: false, code: 'no-object', reason: 'the answer holds no JSON object' };
}

function success(scan: Scan, tolerated: Toleration[], range: [number, number]): ExtractedJson {
  const [object] = scan.objects;
  if (object.repaired) tolerated.push('trailing-commas');
  if (!tolerated.includes('code-fence') && (object.from !== range[0] || object.to !== range[1])) tolerated.push('surrounding-text');
  return { ok: true, value: object.value, tolerated };
}

export function extractJsonObject(text: string): ExtractedJson {
  const tolerated: Toleration[] = [];
  let from = 0;
  while (text.charCodeAt(from) === 0xfeff) from++;
  if (from > 0) tolerated.push('byte-order-mark');
  [from] = trimmedRange(text, from, text.length);
  if (from === text.length) return { ok: false, code: 'empty', reason: 'the answer is empty' };
  if (text.startsWith('<think>', from)) {
    const close = text.indexOf('</think>', from);
    if (close === -1) return { ok: false, code: 'unfinished-thinking', reason: 'the answer ends inside its <think> block (was it cut off at max_tokens?)' };
    from = close + '</think>'.length;
    tolerated.push('think-block');
  }
  const range = trimmedRange(text, from, text.length);
  if (range[0] === range[1]) return { ok: false, code: 'empty', reason: 'the answer holds nothing after its <think> block' };

  const fenced = newScan();
  for (const [start, end] of fencedRanges(text, range[0])) {
    scanRange(text, start, end, fenced);
    if (fenced.objects.length > 1) return failure(fenced);
  }
  if (fenced.objects.length === 1) return success(fenced, [...tolerated, 'code-fence'], range);

  const whole = newScan();
  scanRange(text, range[0], range[1], whole);
  if (whole.objects.length === 1) return success(whole, tolerated, range);
  return failure(whole);
}
