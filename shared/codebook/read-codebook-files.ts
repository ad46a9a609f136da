import { ConsistencyRulesError, parseConsistencyRules } from '../consistency/parse-rules';
import type { ConsistencyRules } from '../consistency/types';
import { excerpt } from '../config-files/excerpt';
import { firstDuplicateKey } from '../config-files/json-duplicate-keys';
import { describeJsonError, lineAt, MAX_JSON_NESTING, tooDeepProblem } from '../import/json-records';
import { CodebookError, parseCodebook } from './parse-codebook';
import type { Codebook } from './types';

export interface CodebookFile {
  name: string;
  text: string;
}

/**
 * A custom codebook that could not be imported: `file` is the file at fault (the codebook or its
 * rules file), each problem starts with its JSON path (`fields[2].appliesTo must be …`, or `$`
 * with the line for a file that is not JSON at all).
 */
export class CodebookImportError extends Error {
  readonly file: string;
  readonly problems: string[];
  constructor(file: string, problems: string[]) {
    super(`${file}:\n- ${problems.join('\n- ')}`);
    this.name = 'CodebookImportError';
    this.file = file;
    this.problems = problems;
  }
}

export interface ImportedCodebook {
  codebook: Codebook;
  rules: ConsistencyRules;
  /** the rules file read with it, or null: the codebook then has no rules */
  rulesFile: string | null;
}

function parseJson(file: CodebookFile): unknown {
  let value: unknown;
  try {
    value = JSON.parse(file.text);
  } catch (error) {
    const { line, problem } = describeJsonError(error, file.text);
    throw new CodebookImportError(file.name, [`$ (line ${line}): not valid JSON: ${problem}`]);
  }
  // the import's nesting rule: parseCodebook and the store's structured clone recurse
  const tooDeep = tooDeepProblem(file.text, value, MAX_JSON_NESTING, 'this file is not read');
  if (tooDeep) throw new CodebookImportError(file.name, [`$ (line ${lineAt(file.text, tooDeep.offset)}): ${tooDeep.problem}`]);
  const repeated = firstDuplicateKey(file.text);
  if (repeated) throw new CodebookImportError(file.name, [`$ (line ${lineAt(file.text, repeated.offset)}): the key "${excerpt(repeated.key)}" is given twice in the same object; JSON keeps only the last, so say it once`]);
  return value;
}

/**
 * Parses a custom codebook and, when given, the rules file beside it, the rules checked against
 * that codebook (every field and code they name must be its). Throws CodebookImportError naming
 * the file and listing every problem; the caller stores nothing then.
 */
export function readCodebookFiles(codebookFile: CodebookFile, rulesFile: CodebookFile | null): ImportedCodebook {
  let codebook: Codebook;
  try {
    codebook = parseCodebook(parseJson(codebookFile), codebookFile.name);
  } catch (error) {
    if (error instanceof CodebookError) throw new CodebookImportError(codebookFile.name, error.problems);
    throw error;
  }
  if (rulesFile === null) return { codebook, rules: { codebookId: codebook.id, rules: [] }, rulesFile: null };
  try {
    return { codebook, rules: parseConsistencyRules(parseJson(rulesFile), codebook, rulesFile.name), rulesFile: rulesFile.name };
  } catch (error) {
    if (error instanceof ConsistencyRulesError) throw new CodebookImportError(rulesFile.name, error.problems);
    throw error;
  }
}
