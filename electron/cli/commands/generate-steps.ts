/**
 * The optional steps of a `generate` run from its command line: SID's safety step (a word list,
 * the scenario's judge role scoring each finished dialogue) and Socratic Students' preference
 * branches, as the job contract carries them.
 */
import { rubricSetHash } from '../../../shared/judge';
import type { GenerationPreference, GenerationSafety, Scenario } from '../../../shared/scenario';
import { fileLine } from '../terminal-text';
import type { GenerateArgs } from './generate-args';
import { readInputText } from './generate-files';
import { loadNamedRubricSet } from './rubric-set-file';

export interface GenerationSteps {
  safety?: GenerationSafety;
  preference?: GenerationPreference;
}

/** One word a line; blank lines and `#` comments skipped. */
async function readWords(path: string): Promise<{ words: string[] } | { problem: string }> {
  const read = await readInputText(path, 'word-list');
  if ('problem' in read) return read;
  const words = read.text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
  return words.length > 0 ? { words } : { problem: fileLine(path, null, 'the word list holds no word') };
}

export async function generationSteps(args: GenerateArgs, scenario: Scenario, scenarioPath: string): Promise<GenerationSteps | { problems: string[] }> {
  const problems: string[] = [];
  const safety: GenerationSafety = {};
  if (args.safetyWords !== null) {
    const read = await readWords(args.safetyWords);
    if ('problem' in read) problems.push(read.problem);
    else safety.words = read.words;
  }
  if (args.safetyMinScore !== null) {
    if (!scenario.judge) problems.push(fileLine(scenarioPath, null, '--safety-min-score needs a judge role in the scenario (roles.judge: { connection, rubric_set })'));
    else {
      const set = await loadNamedRubricSet(scenarioPath, scenario.judge.rubricSet);
      if ('errors' in set) problems.push(...set.errors);
      else safety.judge = { rubricSet: set, rubricSetHash: rubricSetHash(set), minScore: args.safetyMinScore };
    }
  }
  if (problems.length > 0) return { problems };
  return {
    ...(safety.words || safety.judge ? { safety } : {}),
    ...(args.preference ? { preference: { atStudentTurns: [...args.preference.atStudentTurns], candidates: args.preference.candidates } } : {}),
  };
}
