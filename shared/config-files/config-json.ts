/**
 * A JSON config file's text parsed for every reader of such files (rubric sets, the CLI's
 * --connections): a syntax error placed at its line without quoting the file, the import's
 * 64-level rule, a key given twice in one object refused (JSON.parse would keep the last silently).
 */
import { describeJsonError, lineAt, MAX_JSON_NESTING, tooDeepProblem } from '../import/json-records';
import { excerpt } from './excerpt';
import { firstDuplicateKey } from './json-duplicate-keys';

export type ConfigJsonResult = { ok: true; value: unknown } | { ok: false; line: number; message: string };

/** `consequence` ends the nesting message: what happens to the file ("this rubric set is not read"). */
export function parseConfigJson(source: string, consequence: string): ConfigJsonResult {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    const { line, problem } = describeJsonError(error, source);
    return { ok: false, line, message: `not valid JSON: ${problem}` };
  }
  const tooDeep = tooDeepProblem(source, value, MAX_JSON_NESTING, consequence);
  if (tooDeep) return { ok: false, line: lineAt(source, tooDeep.offset), message: tooDeep.problem };
  const repeated = firstDuplicateKey(source);
  if (repeated) return { ok: false, line: lineAt(source, repeated.offset), message: `the key "${excerpt(repeated.key)}" is given twice in the same object; JSON keeps only the last, so say it once` };
  return { ok: true, value };
}
