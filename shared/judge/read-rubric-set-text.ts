/**
 * A rubric-set file's text read into a set, for every reader of such files (the app's import,
 * `judge --rubrics`, `judge-report --rubrics`): JSON placed at its line without quoting the file,
 * the import's nesting rule, a size limit, then parseRubricSet's checks.
 */
import { parseConfigJson } from '../config-files/config-json';
import { configTooLargeReason } from '../config-files/kinds';
import { parseRubricSet, RubricSetError } from './parse-rubric-set';
import type { RubricSet } from './types';

/** One problem of the file: `line` where it is known (JSON syntax, nesting), else null and the message starts with its JSON path. */
export interface RubricSetTextProblem {
  line: number | null;
  message: string;
}

export type RubricSetTextResult = { ok: true; set: RubricSet } | { ok: false; problems: RubricSetTextProblem[] };

export function readRubricSetText(text: string, file: string): RubricSetTextResult {
  const source = text.replace(/^\uFEFF/, '');
  // characters, not bytes: the text may come decoded already; the limit is far above any real set either way
  const tooLarge = configTooLargeReason('rubric-set', source.length);
  if (tooLarge !== null) return { ok: false, problems: [{ line: null, message: `cannot read the rubric set: ${tooLarge}` }] };
  const parsed = parseConfigJson(source, 'this rubric set is not read');
  if (!parsed.ok) return { ok: false, problems: [{ line: parsed.line, message: parsed.message }] };
  try {
    return { ok: true, set: parseRubricSet(parsed.value, file) };
  } catch (error) {
    if (error instanceof RubricSetError) return { ok: false, problems: error.problems.map((message) => ({ line: null, message })) };
    throw error;
  }
}
