/**
 * The connections of a `generate` run: every connection name the scenario's roles use, placed as
 * cli-connections.ts places any (the --connections file, --model NAME=MODEL, --base-url,
 * --model MODEL, --api-key-env).
 */
import type { Scenario } from '../../../shared/scenario';
import { resolveNamedConnections, type CliConnection } from './cli-connections';
import type { GenerateArgs } from './generate-args';

export type { CliConnection };

/** The connection names a run of the scenario calls, teacher connections first; the judge role's only when the safety step asks it. */
export function scenarioConnectionNames(scenario: Scenario, withJudge: boolean): string[] {
  const names = [...(scenario.roles.teacher?.connections ?? [])];
  for (const role of ['student', 'guide'] as const) names.push(...(scenario.roles[role]?.connections ?? []));
  if (scenario.judge && withJudge) names.push(scenario.judge.connection);
  return [...new Set(names)];
}

/** Every connection the scenario uses, or the problems (a connection with no endpoint or model, an unknown name). */
export async function resolveConnections(scenario: Scenario, args: GenerateArgs, env: Record<string, string | undefined> = process.env): Promise<{ connections: Map<string, CliConnection> } | { problems: string[] }> {
  // a judge role's connection may be named without the safety step asking it
  return resolveNamedConnections(scenarioConnectionNames(scenario, args.safetyMinScore !== null), scenarioConnectionNames(scenario, true), 'scenario', args, env);
}
