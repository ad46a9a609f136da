/**
 * `generate --dry-run`: the run's plan (shared/scenario/run-plan.ts, the same the app's Start
 * generation dialog shows) printed before anything is asked: conversations, the turn budget, and
 * per connection the calls at most, the estimated tokens and, when the connection has a price,
 * the cost range. No call is made and nothing is written.
 */
import { formatCost } from '../../../shared/llm/format-cost';
import { estimateJobCost, type TokenRange } from '../../../shared/llm/token-estimate';
import type { GenerationJobDefinition, GenerationPlan, Scenario } from '../../../shared/scenario';
import { generationPlan } from '../../../shared/scenario/run-plan';
import type { CliIo } from '../io';
import { lineText } from '../terminal-text';
import type { CliConnection } from './cli-connections';

const count = (value: number) => value.toLocaleString('en-US');
const plural = (value: number, word: string) => `${count(value)} ${word}${value === 1 ? '' : 's'}`;


export interface DryRunInput {
  scenarioFile: string;
  scenario: Scenario;
  definition: GenerationJobDefinition;
  connections: ReadonlyMap<string, CliConnection>;
  /** conversations (× teacher) already finished in --out, or null without --out */
  alreadyThere: number | null;
  json: boolean;
}

/** The endpoint and model of a connection a dry run was not told: never called, shown as not set. */
export const NOT_PLACED = '(not set)';

interface PlannedConnection {
  name: string;
  /** null when the command line does not place it (a dry run needs no endpoint) */
  model: string | null;
  roles: string[];
  calls: number;
  inputTokens: number;
  outputTokens: TokenRange;
  /** in the connection's currency; null when it has no price */
  cost: TokenRange | null;
}

function plannedConnections(plan: GenerationPlan, connections: ReadonlyMap<string, CliConnection>): PlannedConnection[] {
  return plan.connections.map(({ connectionId, roles, estimate }) => {
    const connection = connections.get(connectionId)?.connection;
    const model = connection?.model ?? NOT_PLACED;
    return { name: connectionId, model: model === NOT_PLACED ? null : model, roles, calls: estimate.calls, inputTokens: estimate.input, outputTokens: { ...estimate.output }, cost: estimateJobCost(estimate, connection?.price) };
  });
}

export function printDryRun(input: DryRunInput, io: CliIo): void {
  const { scenario, definition } = input;
  const plan = generationPlan(scenario, definition);
  const planned = plannedConnections(plan, input.connections);
  const runs = plan.conversations * plan.teachers;
  if (input.json) {
    io.stdout(`${JSON.stringify({
      scenario: { file: input.scenarioFile, id: scenario.id, version: scenario.version, hash: definition.parameters.scenarioHash },
      taskRows: plan.taskRows,
      repeats: plan.repeats,
      conversations: plan.conversations,
      teachers: plan.teachers,
      runs,
      alreadyThere: input.alreadyThere,
      turnBudget: plan.turnBudget,
      calls: plan.calls,
      connections: planned,
      calledNothing: true,
    })}\n`);
    return;
  }
  const lines = [
    `generate: plan for ${lineText(input.scenarioFile)} (${lineText(scenario.id)} v${lineText(scenario.version)})`,
    `  ${plural(plan.taskRows, 'task row')} × ${plural(plan.repeats, 'repeat')} = ${plural(plan.conversations, 'conversation')} per teacher; ${plural(plan.teachers, 'teacher')}: ${plural(runs, 'conversation')} to generate` +
      (input.alreadyThere === null ? '' : ` (${count(input.alreadyThere)} already finished in --out)`),
    `  a turn budget of ${plural(plan.turnBudget, 'turn')} per conversation; at most ${plural(plan.calls, 'call')} in all`,
    ...planned.map((connection) =>
      `  ${lineText(connection.name)} (${connection.model === null ? 'model not set' : lineText(connection.model)}; ${connection.roles.join(', ')}): at most ${plural(connection.calls, 'call')}, about ${count(connection.inputTokens)} input and ${count(connection.outputTokens.low)}–${count(connection.outputTokens.high)} output tokens; ` +
      (connection.cost ? `cost ${formatCost(connection.cost.low)}–${formatCost(connection.cost.high)}` : 'cost unknown (no price: give "price" in its --connections entry)'),
    ),
    '  (tokens estimated from the text: a CJK character ≈ 1 token, 4 other characters ≈ 1; as if every conversation took its whole turn budget and every answer its max_tokens; dialogues that end early cost less)',
    'generate: dry run: no call was made, nothing was written',
  ];
  io.stdout(`${lines.join('\n')}\n`);
}
