/**
 * Reading a YAML file that must be one mapping (a scenario, a synthesis spec) and placing
 * problems at their line and column: the part every parser of such files shares, so each says
 * only what its own format checks.
 */
import { LineCounter, parseDocument, type Document, type YAMLError } from 'yaml';
import { excerpt } from '../config-files/excerpt';
import { yamlNestingProblem } from '../config-files/nesting';
import type { SchemaProblem, ValuePath } from './check-schema';
import { positionOf } from './yaml-positions';

/**
 * What kind of problem it is, so the app can say it in the reader's language (the English
 * `message` is kept as the detail): the YAML library's syntax error, the file's shape, the
 * nesting rule, or a check of the format ('format': the schema's and the engine's own checks).
 */
export const CONFIG_PROBLEM_CODES = ['yaml-syntax', 'multiple-documents', 'duplicate-key', 'not-a-mapping', 'too-deep', 'too-many-aliases', 'format'] as const;

export type ConfigProblemCode = (typeof CONFIG_PROBLEM_CODES)[number];

/** A problem of a file, where it is: `file:line:column: path: message` in `text`. */
export interface LocatedProblem {
  code: ConfigProblemCode;
  file: string;
  line: number;
  column: number;
  /** `roles.teacher.system`, `flow.directions[2]`; empty for a YAML syntax error */
  path: string;
  message: string;
  text: string;
}

/** Refuses alias bombs: these files have no use for more than a few anchors. */
const MAX_ALIASES = 100;

export function formatPath(path: ValuePath): string {
  return path.map((step, index) => (typeof step === 'number' ? `[${step}]` : index === 0 ? step : `.${step}`)).join('');
}

function located(code: ConfigProblemCode, file: string, line: number, column: number, path: string, message: string): LocatedProblem {
  return { code, file, line, column, path, message, text: `${file}:${line}:${column}: ${path ? `${path}: ` : ''}${message}` };
}

/** The key a duplicate-key error points at, as a bounded excerpt. */
function keyAt(text: string, offset: number): string {
  return excerpt(/^[^:\n]*/.exec(text.slice(offset, offset + 200))?.[0].trim() ?? '');
}

function syntaxProblem(error: YAMLError, text: string, kind: string): { code: ConfigProblemCode; message: string } {
  // the library's own wording names its API, which means nothing to someone editing a file
  if (error.code === 'MULTIPLE_DOCS') return { code: 'multiple-documents', message: `the file holds more than one YAML document (a line with ---); a ${kind} is one document` };
  if (error.code === 'DUPLICATE_KEY') return { code: 'duplicate-key', message: `the key ${keyAt(text, error.pos[0])} is given twice in the same mapping (YAML: ${error.message.split('\n')[0]})` };
  return { code: 'yaml-syntax', message: excerpt(error.message.split('\n')[0], 200) };
}

export interface YamlMappingWords {
  /** a file's kind in "a line with ---; a <kind> is one document" */
  kind: string;
  /** what to say when the file is not a mapping, given what it is instead (`an empty file`, `a list`, `a single value`) */
  notMapping(found: string): string;
}

export type YamlMapping =
  | { ok: true; value: Record<string, unknown>; place(problems: readonly SchemaProblem[]): LocatedProblem[] }
  | { ok: false; problems: LocatedProblem[] };

/**
 * The file's value when it is one YAML mapping, with `place` to turn checked-value problems into
 * located ones (sorted by line and column); otherwise its syntax or shape problems.
 */
export function readYamlMapping(text: string, file: string, words: YamlMappingWords): YamlMapping {
  // before the library composes the document: it recurses, and would overflow its stack
  const tooDeep = yamlNestingProblem(text, `this ${words.kind} is not read`);
  if (tooDeep) return { ok: false, problems: [located('too-deep', file, tooDeep.line, tooDeep.column, '', tooDeep.message)] };
  const lines = new LineCounter();
  const doc: Document = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((error) => {
        const at = error.linePos?.[0] ?? lines.linePos(error.pos[0]);
        const { code, message } = syntaxProblem(error, text, words.kind);
        return located(code, file, at.line, at.col, '', message);
      }),
    };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    return { ok: false, problems: [located('too-many-aliases', file, 1, 1, '', (error as Error).message)] };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const found = value === null || value === undefined ? 'an empty file' : Array.isArray(value) ? 'a list' : 'a single value';
    return { ok: false, problems: [located('not-a-mapping', file, 1, 1, '', words.notMapping(found))] };
  }
  const place = (problems: readonly SchemaProblem[]) =>
    problems
      .map((problem) => {
        const { line, column } = positionOf(doc, lines, problem.path, problem.atKey);
        return located('format', file, line, column, formatPath(problem.path), problem.message);
      })
      .sort((a, b) => a.line - b.line || a.column - b.column);
  return { ok: true, value: value as Record<string, unknown>, place };
}
