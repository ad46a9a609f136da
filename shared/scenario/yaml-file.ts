/**
 * Reading a YAML file that must be one mapping (a scenario, a synthesis spec) and placing
 * problems at their line and column: the part every parser of such files shares, so each says
 * only what its own format checks.
 */
import { LineCounter, parseDocument, type Document } from 'yaml';
import { excerpt } from '../config-files/excerpt';
import { yamlNestingProblem } from '../config-files/nesting';
import type { SchemaProblem, ValuePath } from './check-schema';
import { positionOf } from './yaml-positions';

/** A problem of a file, where it is: `file:line:column: path: message` in `text`. */
export interface LocatedProblem {
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

function located(file: string, line: number, column: number, path: string, message: string): LocatedProblem {
  return { file, line, column, path, message, text: `${file}:${line}:${column}: ${path ? `${path}: ` : ''}${message}` };
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
  if (tooDeep) return { ok: false, problems: [located(file, tooDeep.line, tooDeep.column, '', tooDeep.message)] };
  const lines = new LineCounter();
  const doc: Document = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((error) => {
        const at = error.linePos?.[0] ?? lines.linePos(error.pos[0]);
        // the library's own wording names its API, which means nothing to someone editing a file
        const message = error.code === 'MULTIPLE_DOCS' ? `the file holds more than one YAML document (a line with ---); a ${words.kind} is one document` : excerpt(error.message.split('\n')[0], 200);
        return located(file, at.line, at.col, '', message);
      }),
    };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    return { ok: false, problems: [located(file, 1, 1, '', (error as Error).message)] };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const found = value === null || value === undefined ? 'an empty file' : Array.isArray(value) ? 'a list' : 'a single value';
    return { ok: false, problems: [located(file, 1, 1, '', words.notMapping(found))] };
  }
  const place = (problems: readonly SchemaProblem[]) =>
    problems
      .map((problem) => {
        const { line, column } = positionOf(doc, lines, problem.path, problem.atKey);
        return located(file, line, column, formatPath(problem.path), problem.message);
      })
      .sort((a, b) => a.line - b.line || a.column - b.column);
  return { ok: true, value: value as Record<string, unknown>, place };
}
