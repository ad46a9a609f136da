/**
 * One generation item: a conversation played turn by turn. Each step is nextStep of the stored
 * turns only, so a conversation run again after a pause, a cancel or a crash asks the same
 * requests in the same order, the finished ones answered from the cache (no HTTP request), and
 * goes on from the first turn it had not finished. The Pass@k probe runs before each turn of the
 * assessed role and once after the last; preference branches before the listed student turns;
 * the safety step on the finished dialogue.
 */
import { jobReason } from '../../../shared/jobs/reasons';
import type { JobItemOutcome } from '../../../shared/jobs';
import type { SamplingParameters } from '../../../shared/llm';
import {
  MAX_SCENARIO_TURNS, nextStep,
  type GeneratedTurn, type GenerationConversationRef, type GenerationJobParameters, type GenerationJobPayload, type PreferenceBranch,
  type RoleProvenance, type Scenario, type SidIds, type SpeakingRoleName, type TurnAssessment,
} from '../../../shared/scenario';
import { CallFailed, type ItemCalls, type RoleEndpoint } from './generation-calls';
import { assessTurn, preferenceBranch, type ProbeContext } from './generation-probe';
import { safetyVerdict } from './generation-safety';

/** The most any flow's budget may be (the parser refuses more): a scenario cannot run forever. */
const MAX_TURNS = MAX_SCENARIO_TURNS;

export interface ConversationRun {
  scenario: Scenario;
  scenarioHash: string;
  parameters: GenerationJobParameters;
  conversation: GenerationConversationRef;
  /** the SID ids the conversation is written under (sidIdPlan of the job's rows) */
  sidIds: SidIds;
  teacherConnectionId: string;
  calls: ItemCalls;
  endpointOf(role: SpeakingRoleName): RoleEndpoint;
  samplingOf(role: SpeakingRoleName): SamplingParameters;
  judge: RoleEndpoint | null;
  judgeSampling: SamplingParameters | null;
}

function provenance(run: ConversationRun, turns: readonly GeneratedTurn[]): GenerationJobPayload['roles'] {
  const roles: GenerationJobPayload['roles'] = {};
  for (const name of Object.keys(run.scenario.roles) as SpeakingRoleName[]) {
    const endpoint = run.endpointOf(name);
    const answered = turns.find((turn) => turn.role === name)?.model;
    roles[name] = { connectionId: endpoint.connection.id, model: answered ?? endpoint.connection.model, sampling: run.samplingOf(name) } satisfies RoleProvenance;
  }
  if (run.judge && run.judgeSampling) roles.judge = { connectionId: run.judge.connection.id, model: run.judge.connection.model, sampling: run.judgeSampling };
  return roles;
}

export async function runConversation(run: ConversationRun): Promise<JobItemOutcome<GenerationJobPayload>> {
  const { scenario, parameters, conversation, calls } = run;
  const row = parameters.rows[conversation.taskIndex];
  const turns: GeneratedTurn[] = [];
  const assessments: TurnAssessment[] = [];
  const preferences: PreferenceBranch[] = [];
  const probe: ProbeContext = { scenario, row, repeatId: conversation.repeatId, calls, endpointOf: run.endpointOf, samplingOf: run.samplingOf };
  const base = () => ({
    conversationId: conversation.id,
    connectionId: run.teacherConnectionId,
    teacherModel: turns.find((turn) => turn.role === 'teacher')?.model ?? run.endpointOf('teacher').connection.model,
    taskIndex: conversation.taskIndex,
    repeatId: conversation.repeatId,
    row,
    sid: { ...run.sidIds },
    scenario: { id: scenario.id, version: scenario.version, hash: run.scenarioHash },
    roles: provenance(run, turns),
    turns,
    assessments,
    preferences,
    tokens: { ...calls.tokens },
    cached: calls.cached,
  });
  try {
    for (;;) {
      const step = nextStep(scenario, row, turns);
      if (step.kind === 'end') {
        if (scenario.assessment) assessments.push(await assessTurn(probe, turns));
        const safety = await safetyVerdict({ scenario, turns, safety: parameters.safety, judge: run.judge, calls });
        const payload: GenerationJobPayload = { ...base(), status: 'complete', end: step, safety };
        return { ok: true, payload, cached: calls.cached, tokens: { ...calls.tokens }, cost: calls.cost };
      }
      if (turns.length >= MAX_TURNS) throw new CallFailed(`the dialogue reached ${MAX_TURNS} turns without ending`, jobReason('conversation-too-long', { turns: MAX_TURNS }));
      if (scenario.assessment?.role === step.role) assessments.push(await assessTurn(probe, turns));
      const preference = parameters.preference;
      if (preference && step.role === 'student' && preference.atStudentTurns.includes(step.roleTurnNumber)) {
        preferences.push(await preferenceBranch(probe, turns, step.messages, preference.candidates));
      }
      const role = scenario.roles[step.role]!;
      const answer = await calls.text(run.endpointOf(step.role), { purpose: 'turn', role: step.role, turnNumber: step.turnNumber, sampleIndex: 0, messages: step.messages, sampling: run.samplingOf(step.role) });
      turns.push({ role: step.role, content: answer.value, label: role.label, turnNumber: step.turnNumber, model: answer.model, tokens: answer.tokens, cached: answer.cached, ...(step.router ? { router: step.router } : {}) });
    }
  } catch (error) {
    if (!(error instanceof CallFailed)) throw error;
    const reasons = [error.message];
    const payload: GenerationJobPayload = { ...base(), status: 'failed', reasons };
    return { ok: false, reason: `${conversation.id}: ${error.message}`, why: error.why, tokens: { ...calls.tokens }, cost: calls.cost, payload };
  }
}
