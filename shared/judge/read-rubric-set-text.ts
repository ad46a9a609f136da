/**
 * A rubric-set file's text read into a set, for every reader of such files (the app's import,
 * `judge --rubrics`, `judge-report --rubrics`): JSON placed at its line without quoting the file,
 * the import's nesting rule, a size limit, then parseRubricSet's checks.
 */
import { excerpt } from '../config-files/excerpt';
import { firstDuplicateKey } from '../config-files/json-duplicate-keys';
import { configTooLargeReason } from '../config-files/kinds';
import { describeJsonError, MAX_JSON_NESTING, lineAt, tooDeepProblem } from '../import/json-records';
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
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (error) {
    const { line, problem } = describeJsonError(error, source);
    return { ok: false, problems: [{ line, message: `not valid JSON: ${problem}` }] };
  }
  const tooDeep = tooDeepProblem(source, json, MAX_JSON_NESTING, 'this rubric set is not read');
  if (tooDeep) return { ok: false, problems: [{ line: lineAt(source, tooDeep.offset), message: tooDeep.problem }] };
  const repeated = firstDuplicateKey(source);
  if (repeated) return { ok: false, problems: [{ line: lineAt(source, repeated.offset), message: `the key "${excerpt(repeated.key)}" is given twice in the same object; JSON keeps only the last, so say it once` }] };
  try {
    return { ok: true, set: parseRubricSet(json, file) };
  } catch (error) {
    if (error instanceof RubricSetError) return { ok: false, problems: error.problems.map((message) => ({ line: null, message })) };
    throw error;
  }
}
