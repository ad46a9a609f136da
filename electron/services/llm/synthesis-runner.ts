/**
 * The rubric-synthesis job kind (issue 15): one job is one round, one work item (`round-<n>`) on
 * the judge connection; the drafter (who also revises) and the generator are bound in
 * `roleConnections` and opened (and priced) with the job. The spec is parsed again from the job's
 * YAML text and must hash to the job's hash. The round itself is synthesis-round.ts.
 */
import type { JobDefinition, JobItemOutcome } from '../../../shared/jobs';
import type { LlmConnection } from '../../../shared/llm';
import { parseSynthesisSpec, synthesisParameterProblems, type SynthesisBoundRole, type SynthesisJobDefinition, type SynthesisRoundPayload } from '../../../shared/synthesis';
import type { JobKindRunner } from '../jobs/job-runner';
import { connectionMissing, definitionInvalid, itemUnknown, roleUnbound } from '../jobs/job-stops';
import { EndpointPool, type LlmRunnerDeps } from './endpoint-pool';
import { CallFailed, type RoleEndpoint } from './generation-calls';
import { SynthesisCalls } from './synthesis-calls';
import { runRound } from './synthesis-round';

/** Per call: a draft of many bilingual metrics is long, and a busy server may queue it. */
export const SYNTHESIS_TIMEOUT_MS = 300_000;

export function synthesisConnectionIds(definition: SynthesisJobDefinition): string[] {
  const bound = Object.values(definition.parameters.roleConnections ?? {}).filter((id): id is string => typeof id === 'string');
  return [...new Set([...definition.connectionIds, ...bound, ...(definition.parameters.extraGenerators ?? [])])];
}

export function synthesisRunner(deps: LlmRunnerDeps): JobKindRunner<SynthesisRoundPayload> {
  const pool = new EndpointPool(deps, SYNTHESIS_TIMEOUT_MS);

  async function openRole(role: SynthesisBoundRole | 'compared teacher model', id: string | undefined): Promise<RoleEndpoint> {
    if (!id) throw roleUnbound(role, `The synthesis job has no ${role} connection bound.`);
    const connection = await deps.connections.get(id);
    if (!connection) throw connectionMissing(id, role);
    return { connection, caller: pool.callerFor(connection, await deps.connections.key(id)) };
  }

  return {
    kind: 'rubric-synthesis',
    async priced(untyped: JobDefinition) {
      const connections = await Promise.all(synthesisConnectionIds(untyped as SynthesisJobDefinition).map((id) => deps.connections.get(id)));
      return connections.every((connection: LlmConnection | null) => connection?.price !== undefined);
    },
    async open(untyped: JobDefinition) {
      const definition = untyped as SynthesisJobDefinition;
      const { parameters } = definition;
      // a journal edited on disk, or a definition built past the IPC check, is not run
      const problems = synthesisParameterProblems(definition);
      if (problems.length > 0) throw definitionInvalid('rubric-synthesis', `The synthesis job cannot run: ${problems.slice(0, 5).join('; ')}`);
      const parsed = parseSynthesisSpec(parameters.specSource, parameters.specFile);
      if (!parsed.ok) throw definitionInvalid('rubric-synthesis', 'The synthesis job cannot run: its spec has problems.');
      const judges = await pool.open(definition);
      const drafter = await openRole('drafter', parameters.roleConnections.drafter);
      const generator = await openRole('generator', parameters.roleConnections.generator);
      const extraGenerators: RoleEndpoint[] = [];
      for (const id of parameters.extraGenerators ?? []) extraGenerators.push(await openRole('compared teacher model', id));
      return {
        parallel: 1,
        async run(item, signal, recall): Promise<JobItemOutcome<SynthesisRoundPayload>> {
          const judge = judges.get(item.connectionId);
          if (!judge) throw itemUnknown('connection');
          const calls = new SynthesisCalls(parameters.specHash, parameters.round, signal, recall);
          try {
            const round = await runRound({ spec: parsed.spec, parameters, calls, drafter, generator, extraGenerators, judge });
            const tokens = { ...calls.tokens };
            return { ok: true, payload: { ...round, tokens, cached: calls.cached }, cached: calls.cached, tokens, cost: calls.cost };
          } catch (error) {
            if (!(error instanceof CallFailed)) throw error;
            return { ok: false, reason: error.message, why: error.why, tokens: { ...calls.tokens }, cost: calls.cost };
          } finally {
            calls.close();
          }
        },
      };
    },
  };
}
