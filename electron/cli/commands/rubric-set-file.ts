/** The rubric set of `--rubrics`: `sid`, or a file read by the config-file reader and checked by readRubricSetText. */
import { readRubricSetText, SID_RUBRIC_SET, type RubricSet } from '../../../shared/judge';
import { readConfigFile, readNamedConfigFile } from '../../services/config-file';
import { fileLine } from '../terminal-text';

export async function loadRubricSet(option: string): Promise<RubricSet | { errors: string[] }> {
  if (option === 'sid') return SID_RUBRIC_SET;
  const read = await readConfigFile(option, 'rubric-set');
  if (!read.ok) return { errors: [fileLine(read.file, read.line, read.message)] };
  const parsed = readRubricSetText(read.text, option);
  if (!parsed.ok) return { errors: parsed.problems.map((problem) => fileLine(option, problem.line, problem.message)) };
  return parsed.set;
}

/** The rubric set a scenario's judge names (`sid`, or a file inside the scenario's folder, `.json` added when left out). */
export async function loadNamedRubricSet(scenarioPath: string, named: string): Promise<RubricSet | { errors: string[] }> {
  if (named === 'sid') return SID_RUBRIC_SET;
  const name = named.endsWith('.json') ? named : `${named}.json`;
  const read = await readNamedConfigFile(scenarioPath, 'roles.judge.rubric_set', name, 'rubric-set');
  if (!read.ok) return { errors: [fileLine(read.file, read.line, read.message)] };
  const parsed = readRubricSetText(read.text, read.path);
  if (!parsed.ok) return { errors: parsed.problems.map((problem) => fileLine(read.path, problem.line, problem.message)) };
  return parsed.set;
}
