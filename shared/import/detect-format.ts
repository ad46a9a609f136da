import type { SourceFile, SourceFormat } from '../model/dataset';
import { isJsonObject, nonBlankLines } from './json-records';
import { fileExtension } from './teacher-model';

const SNIFF_CHARS = 64 * 1024;
const SNIFF_LINES = 5;
/** detectFormat reads no further than this into a JSON Lines file's text (after leading spaces) */
export const JSON_LINES_SNIFF_CHARS = SNIFF_CHARS * 16;

function looksLikeMathDial(record: unknown): boolean {
  return isJsonObject(record) && typeof record.conversation === 'string' && record.conversation.includes('|EOM|');
}

/** JSON Lines: MathDial when one of the first parsable lines has a `conversation` with |EOM|. */
function detectJsonLines(text: string): SourceFormat {
  const lines = nonBlankLines(text.slice(0, JSON_LINES_SNIFF_CHARS)).slice(0, SNIFF_LINES);
  for (const { text: line } of lines) {
    try {
      const record: unknown = JSON.parse(line);
      return looksLikeMathDial(record) ? 'mathdial' : 'sid-jsonl';
    } catch {
      // a malformed line: look at the next one; the parser will report this one
    }
  }
  return 'sid-jsonl';
}

/** A JSON array is Bridge when its elements carry a `c_h` history list. */
function detectJsonArray(text: string): SourceFormat {
  return /^\s*\[\s*\{[\s\S]*?"c_h"\s*:\s*\[/.test(text.slice(0, SNIFF_CHARS)) ? 'bridge' : 'sid-json';
}

/** A `.json` file holding one (usually pretty-printed) object is a one-element list, not JSON Lines. */
function parsesAsOneObject(text: string): SourceFormat | null {
  try {
    const value: unknown = JSON.parse(text);
    if (!isJsonObject(value)) return null;
    return Array.isArray(value.c_h) ? 'bridge' : 'sid-json';
  } catch {
    return null;
  }
}

/**
 * Which parser a file needs, from its extension and its first characters: SID JSON Lines,
 * SID JSON array, MathDial JSON Lines, Bridge JSON, or delimited text. 'unknown' when
 * neither says anything useful.
 */
export function detectFormat(file: SourceFile): SourceFormat | 'unknown' {
  const extension = fileExtension(file.name);
  if (extension === 'csv' || extension === 'tsv') return 'delimited';
  const head = file.text.replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('[')) return detectJsonArray(head);
  if (head.startsWith('{') && extension === 'json') {
    const single = parsesAsOneObject(head);
    if (single !== null) return single;
  }
  if (head.startsWith('{') || extension === 'jsonl' || extension === 'ndjson') return detectJsonLines(head);
  // a .json file is JSON whatever it starts with: the JSON reader then names the line that is not
  if (extension === 'json') return 'sid-json';
  const firstLine = head.slice(0, Math.max(0, head.indexOf('\n')) || head.length);
  if (/[,\t;]/.test(firstLine)) return 'delimited';
  return 'unknown';
}
