/**
 * The generation job kind (issue 14): one work item is one conversation of the scenario (a task
 * row × repeat) on one teacher connection, played turn by turn (generation-conversation.ts). The
 * scenario is parsed again from the job's YAML text and must hash to the job's hash; the teacher
 * connections are the definition's, the other roles' are bound in `roleConnections`, and every
 * one of them is opened (and priced) with the job.
 */
import type { JobDefinition, JobItemOutcome } from '../../../shared/jobs';
import type { LlmConnection, SamplingParameters } from '../../../shared/llm';
import { samplingFor } from '../../../shared/llm';
import {
  generationParameterProblems, generationScenario, requiredBoundRoles, sidIdPlan,
  type BoundRole, type GenerationJobDefinition, type GenerationJobPayload, type SpeakingRoleName,
} from '../../../shared/scenario';
import type { JobKindRunner } from '../jobs/job-runner';
import { connectionMissing, definitionInvalid, itemUnknown, roleUnbound } from '../jobs/job-stops';
import { EndpointPool, parallelOf, type LlmRunnerDeps } from './endpoint-pool';
import { ItemCalls, type RoleEndpoint } from './generation-calls';
import { runConversation } from './generation-conversation';
import { roleSampling } from './generation-probe';

export type GenerationRunnerDeps = LlmRunnerDeps;

/** Per call: a turn is at most a few thousand tokens, but a busy server may queue it. */
export const GENERATION_TIMEOUT_MS = 300_000;

/** Every connection a generation definition uses: its teachers, then the bound roles'. */
export function generationConnectionIds(definition: GenerationJobDefinition): string[] {
  const bound = Object.values(definition.parameters.roleConnections ?? {}).filter((id): id is string => typeof id === 'string');
  return [...new Set([...definition.connectionIds, ...bound])];
}

/** A fixed seed would make every repeat of a row the same dialogue: repeat r is asked with seed + r − 1. */
function repeatSeed(sampling: SamplingParameters, repeatId: number): SamplingParameters {
  return sampling.seed === undefined ? sampling : { ...sampling, seed: sampling.seed + repeatId - 1 };
}

export function generationRunner(deps: GenerationRunnerDeps): JobKindRunner<GenerationJobPayload> {
  const pool = new EndpointPool(deps, GENERATION_TIMEOUT_MS);

  async function openRole(role: BoundRole, id: string): Promise<RoleEndpoint> {
    const connection = await deps.connections.get(id);
    if (!connection) throw connectionMissing(id, role);
    return { connection, caller: pool.callerFor(connection, await deps.connections.key(id)) };
  }

  return {
    kind: 'generation',
    async priced(untyped: JobDefinition) {
      const ids = generationConnectionIds(untyped as GenerationJobDefinition);
      const connections = await Promise.all(ids.map((id) => deps.connections.get(id)));
      return connections.every((connection: LlmConnection | null) => connection?.price !== undefined);
    },
    async open(untyped: JobDefinition) {
      const definition = untyped as GenerationJobDefinition;
      const { parameters } = definition;
      const parsed = generationScenario(parameters);
      if (!parsed.ok) throw definitionInvalid('generation', `The generation job cannot run: its scenario has problems: ${parsed.problems.slice(0, 5).join('; ')}`);
      const scenario = parsed.scenario;
      // a journal edited on disk, or a definition built past the IPC check, is not run
      const problems = generationParameterProblems(definition);
      if (problems.length > 0) throw definitionInvalid('generation', `The generation job cannot run: ${problems.slice(0, 5).join('; ')}`);
      const teachers = await pool.open(definition);
      const bound = new Map<BoundRole, RoleEndpoint>();
      for (const role of requiredBoundRoles(scenario, parameters.safety)) {
        const id = parameters.roleConnections[role];
        if (!id) throw roleUnbound(role, `The scenario's ${role} role has no connection bound to it.`);
        bound.set(role, await openRole(role, id));
      }
      const conversations = new Map(parameters.conversations.map((conversation) => [conversation.id, conversation]));
      const sidIds = sidIdPlan(parameters.rows, scenario.repeats);
      const judge = bound.get('judge') ?? null;
      const judgeSampling: SamplingParameters | null = judge ? { ...samplingFor(judge.connection, 'judge'), ...scenario.judge?.sampling } : null;

      return {
        parallel: parallelOf(teachers),
        async run(item, signal, recall): Promise<JobItemOutcome<GenerationJobPayload>> {
          const teacher = teachers.get(item.connectionId);
          const conversation = conversations.get(item.itemId);
          if (!teacher || !conversation) throw itemUnknown(teacher ? 'conversation' : 'connection');
          const endpointOf = (role: SpeakingRoleName): RoleEndpoint => {
            const endpoint = role === 'teacher' ? teacher : bound.get(role);
            if (!endpoint) throw roleUnbound(role, `The scenario's ${role} role has no connection bound to it.`);
            return endpoint;
          };
          const samplingOf = (role: SpeakingRoleName) => repeatSeed(roleSampling(endpointOf(role), scenario.roles[role]?.sampling ?? {}), conversation.repeatId);
          const calls = new ItemCalls(conversation.id, teacher.connection.id, signal, recall);
          try {
            return await runConversation({
              scenario,
              scenarioHash: parameters.scenarioHash,
              parameters,
              conversation,
              sidIds: sidIds.idsOf(conversation.taskIndex, conversation.repeatId),
              teacherConnectionId: teacher.connection.id,
              calls,
              endpointOf,
              samplingOf,
              judge,
              judgeSampling,
            });
          } finally {
            calls.close();
          }
        },
      };
    },
  };
}
