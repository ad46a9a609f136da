/**
 * Config files through the app's paths (issue 30): a scenario or synthesis spec read by the
 * config-file reader and parsed as main and the renderer parse it, and a scenario's named files
 * read as `generate` loads them; a rubric set read and checked by readRubricSetText as the app's
 * rubric import does; a codebook and the rules beside it read by main's codebook service and
 * checked by the renderer's readCodebookFiles. Every problem must name its file (and a line
 * where it has one) without an internal message.
 */
import { join } from 'node:path';
import { CodebookImportError, readCodebookFiles as checkCodebookFiles } from '../../../shared/codebook/read-codebook-files';
import { readRubricSetText } from '../../../shared/judge';
import { parseScenarioYaml } from '../../../shared/scenario';
import { parseSynthesisSpec } from '../../../shared/synthesis';
import { loadScenario } from '../../../electron/cli/commands/generate-scenario';
import { readCodebookFiles } from '../../../electron/main/services/codebook-files';
import { readConfigFile } from '../../../electron/services/config-file';
import { INTERNAL, type Classified } from '../classify';
import type { GeneratedKind } from '../generate';

type Fed = Classified & { said: string };

const refusedWith = (problems: readonly string[]): Fed => {
  const said = problems.join('\n');
  const unclear = problems.find((problem) => problem.trim() === '' || INTERNAL.test(problem));
  if (problems.length === 0 || unclear !== undefined) return { outcome: 'unclear-error', detail: (unclear ?? 'refused without a message').slice(0, 300), said };
  return { outcome: 'clear-error', detail: problems[0].slice(0, 300), said };
};

const accepted = (detail: string): Fed => ({ outcome: 'accepted', detail, said: '' });

/** A problem placed at its file: `file:line: …` or `file: …`. */
const placed = (file: string, problems: readonly string[]): Fed => {
  const unplaced = problems.find((problem) => !problem.startsWith(`${file}:`));
  return unplaced !== undefined ? { outcome: 'unclear-error', detail: `does not name the file: ${unplaced.slice(0, 300)}`, said: problems.join('\n') } : refusedWith(problems);
};

async function readYaml(kind: GeneratedKind, target: string): Promise<Fed> {
  const read = await readConfigFile(target, kind.surface === 'scenario' ? 'scenario' : 'synthesis-spec');
  if (!read.ok) return placed(target, [`${read.file}${read.line === null ? '' : `:${read.line}`}: ${read.message}`]);
  if (kind.surface === 'synthesis-spec') {
    const spec = parseSynthesisSpec(read.text, target);
    return spec.ok ? accepted('a spec') : placed(target, spec.problems.map((problem) => problem.text));
  }
  const scenario = parseScenarioYaml(read.text, target);
  if (!scenario.ok) return placed(target, scenario.problems.map((problem) => problem.text));
  // the files it names, as a run reads them
  const loaded = await loadScenario(target);
  return 'problems' in loaded ? refusedWith(loaded.problems) : accepted(`a scenario${loaded.csvRows ? ` with ${loaded.csvRows.length} task rows` : ''}`);
}

async function readRubricSet(target: string): Promise<Fed> {
  const read = await readConfigFile(target, 'rubric-set');
  if (!read.ok) return placed(target, [`${read.file}: ${read.message}`]);
  const set = readRubricSetText(read.text, target);
  return set.ok ? accepted(`${set.set.rubrics.length} rubrics`) : refusedWith(set.problems.map((problem) => `${target}${problem.line === null ? '' : `:${problem.line}`}: ${problem.message}`));
}

async function readCodebook(target: string): Promise<Fed> {
  const read = await readCodebookFiles(target);
  if (read.status === 'refused') return refusedWith([`${read.file}: ${read.reason}`]);
  if (read.status !== 'read') return { outcome: 'crash', detail: `a read of a path gave ${read.status}`, said: '' };
  try {
    const imported = checkCodebookFiles(read.codebook, read.rules);
    return accepted(`${imported.codebook.fields.length} fields, ${imported.rules.rules.length} rules`);
  } catch (error) {
    if (error instanceof CodebookImportError) return refusedWith(error.problems.map((problem) => `${error.file}: ${problem}`));
    throw error;
  }
}

/** The kind's folder holds the surface's file under this name (kinds/config-file-kinds.ts). */
const FILE_OF: Record<string, string> = { scenario: 'scenario.yaml', 'synthesis-spec': 'spec.yaml', 'rubric-set': 'set.json', codebook: 'codebook.json' };

export async function feed(kind: GeneratedKind): Promise<Fed> {
  const target = join(kind.target!, FILE_OF[kind.surface]!);
  if (kind.surface === 'rubric-set') return readRubricSet(target);
  if (kind.surface === 'codebook') return readCodebook(target);
  return readYaml(kind, target);
}
