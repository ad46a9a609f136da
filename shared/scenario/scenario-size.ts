/**
 * How big a scenario's run is, counted from the file before anything is expanded: task rows (the
 * rows, or the CSV's, times every cross list), conversations (task rows × repeats), the turn
 * budget and the probe's draws. A scenario above a limit is refused with the figure and the limit,
 * so `repeats: 1000000000` costs a multiplication, not the memory of a billion conversations.
 * Counts are BigInt: a product of large whole numbers is named exactly.
 */
import type { SchemaProblem } from './check-schema';
import type { Scenario } from './types';

/** The most conversations (task rows × repeats) one scenario may plan; each teacher connection runs them all. */
export const MAX_SCENARIO_CONVERSATIONS = 20_000;
/** The most task rows (rows × cross lists) one scenario may have. */
export const MAX_SCENARIO_TASK_ROWS = 20_000;
/** The most turns one conversation may take (flow.max_turns). */
export const MAX_SCENARIO_TURNS = 1_000;
/** The most answers the Pass@k probe may draw before one turn (assessment.samples). */
export const MAX_ASSESSMENT_SAMPLES = 100;

export interface ScenarioSize {
  /** the inline rows, the CSV's when counted, or null for a CSV not read yet */
  baseRows: bigint | null;
  /** entries per cross list, in order */
  crossSizes: { name: string; entries: bigint }[];
  /** base rows × every cross list (the cross lists alone while the CSV is not counted) */
  taskRows: bigint;
  repeats: bigint;
  /** taskRows × repeats: per teacher connection */
  conversations: bigint;
}

const figure = (value: bigint | number) => value.toLocaleString('en-US');

/** How each refusal names its limit: the problems end with one, and isSizeProblem knows them by it. */
const LIMIT_WORDS = {
  taskRows: `the most a scenario may have is ${figure(MAX_SCENARIO_TASK_ROWS)}`,
  conversations: `the most a scenario may plan is ${figure(MAX_SCENARIO_CONVERSATIONS)}`,
  turns: `the most a conversation may take is ${figure(MAX_SCENARIO_TURNS)}`,
  samples: `the most is ${figure(MAX_ASSESSMENT_SAMPLES)}`,
} as const;
const SIZE_PATHS: Record<keyof typeof LIMIT_WORDS, string> = { taskRows: 'tasks', conversations: 'repeats', turns: 'flow.max_turns', samples: 'assessment.samples' };

/** Whether a located problem of a scenario (path as `flow.max_turns`) is one of scenarioSizeProblems', for a caller that explains the limits in its own words. */
export function isSizeProblem(problem: { path: string; message: string }): boolean {
  return (Object.keys(LIMIT_WORDS) as (keyof typeof LIMIT_WORDS)[]).some((limit) => problem.path === SIZE_PATHS[limit] && problem.message.endsWith(LIMIT_WORDS[limit]));
}

/** The size of a run of `scenario`; `csvRows`, the rows its tasks.csv holds, when they have been read. */
export function scenarioSize(scenario: Scenario, csvRows?: number): ScenarioSize {
  const { tasks } = scenario;
  const baseRows = tasks.csv === undefined ? BigInt(tasks.rows.length) : csvRows === undefined ? null : BigInt(csvRows);
  const crossSizes = tasks.cross.map((list) => ({ name: list.name, entries: BigInt(list.entries.length) }));
  const taskRows = crossSizes.reduce((product, list) => product * list.entries, baseRows ?? 1n);
  const repeats = BigInt(scenario.repeats);
  return { baseRows, crossSizes, taskRows, repeats, conversations: taskRows * repeats };
}

/** `3 rows × 1,000 learning_states` (the factors of the task rows, as the file names them). */
function rowFactors(size: ScenarioSize): string {
  const base = size.baseRows === null ? [] : [`${figure(size.baseRows)} row${size.baseRows === 1n ? '' : 's'}`];
  return [...base, ...size.crossSizes.map((list) => `${figure(list.entries)} ${list.name}`)].join(' × ');
}

/**
 * Every limit the scenario's size is over, each naming the figure and the limit, at the key it
 * comes from (repeats, tasks, flow.max_turns, assessment.samples); empty when it is within them.
 */
export function scenarioSizeProblems(scenario: Scenario, csvRows?: number): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const size = scenarioSize(scenario, csvRows);
  const csvNote = size.baseRows === null ? ` for each row of ${scenario.tasks.csv}` : '';
  const factors = rowFactors(size);
  if (size.taskRows > BigInt(MAX_SCENARIO_TASK_ROWS)) {
    problems.push({ path: ['tasks'], message: `${factors} = ${figure(size.taskRows)} task rows${csvNote}; ${LIMIT_WORDS.taskRows}` });
  } else if (size.conversations > BigInt(MAX_SCENARIO_CONVERSATIONS)) {
    const rows = factors === '' ? '' : size.crossSizes.length === 0 && size.baseRows !== null ? `${factors} × ` : `(${factors} = ${figure(size.taskRows)} task rows) × `;
    problems.push({ path: ['repeats'], message: `${rows}${figure(size.repeats)} repeats = ${figure(size.conversations)} conversations${csvNote}; ${LIMIT_WORDS.conversations}` });
  }
  const maxTurns = scenario.flow.maxTurns;
  if (maxTurns !== undefined && maxTurns > MAX_SCENARIO_TURNS) problems.push({ path: ['flow', 'max_turns'], message: `${figure(BigInt(maxTurns))} turns; ${LIMIT_WORDS.turns}` });
  const samples = scenario.assessment?.samples;
  if (samples !== undefined && samples > MAX_ASSESSMENT_SAMPLES) problems.push({ path: ['assessment', 'samples'], message: `${figure(BigInt(samples))} draws per probe; ${LIMIT_WORDS.samples}` });
  return problems;
}
