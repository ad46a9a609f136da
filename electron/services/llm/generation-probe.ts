/**
 * The Pass@k probe and the preference branches of a generation item. The probe draws the
 * assessment's `samples` answers from the assessed role's view of the dialogue so far (each draw
 * its own cache key), checks each against the row's reference answer and gives Pass@k for each
 * k. A preference branch asks the guide for candidate questions (one after another, each its own
 * draw), has the teacher answer each, and probes the dialogue extended by question and answer.
 */
import { jobReason } from '../../../shared/jobs/reasons';
import { samplingFor, type SamplingParameters } from '../../../shared/llm';
import {
  assessmentMessages, checkAnswer, chooseCandidate, passAtK, roleMessages,
  type AssessmentDraw, type GenerationCallPurpose, type PreferenceBranch, type PreferenceCandidate, type Scenario, type ScenarioTurn, type SpeakingRoleName, type TaskRow, type TurnAssessment,
} from '../../../shared/scenario';
import type { ChatMessage } from '../../../shared/llm/messages';
import { CallFailed, type ItemCalls, type RoleEndpoint } from './generation-calls';

export interface ProbeContext {
  scenario: Scenario;
  row: TaskRow;
  /** the conversation's repeat (1-based): a seed the assessment fixes is moved on per repeat as the roles' are */
  repeatId: number;
  calls: ItemCalls;
  endpointOf(role: SpeakingRoleName): RoleEndpoint;
  samplingOf(role: SpeakingRoleName): SamplingParameters;
}

/** The role's own sampling over its connection's (and the paper's defaults for the kind). */
export function roleSampling(endpoint: RoleEndpoint, own: SamplingParameters): SamplingParameters {
  return { ...samplingFor(endpoint.connection, 'generation'), ...own };
}

/**
 * A fixed seed would make every draw the same. The role's seed is already moved on per repeat
 * (seed + repeat − 1, within [seed, seed + repeats)); draw i is asked with that + repeats × (i + 1),
 * so no two draws of any repeat, nor a draw and a turn, share a seed.
 */
function drawSampling(sampling: SamplingParameters, index: number, repeats: number): SamplingParameters {
  return sampling.seed === undefined ? sampling : { ...sampling, seed: sampling.seed + repeats * (index + 1) };
}

function judgeDraw(context: ProbeContext, answer: string): AssessmentDraw {
  const assessment = context.scenario.assessment!;
  try {
    const verdict = checkAnswer(assessment.check, answer, String(context.row.reference_answer ?? ''));
    return { answer, read: verdict.extracted, correct: verdict.correct };
  } catch (error) {
    throw new CallFailed(`the answer check failed: ${(error as Error).message}`, jobReason('answer-check-failed'));
  }
}

async function draws(context: ProbeContext, turns: readonly ScenarioTurn[], purpose: GenerationCallPurpose, turnNumber: number, candidate?: number): Promise<{ n: number; c: number; passAtK: Record<string, number>; draws: AssessmentDraw[] }> {
  const assessment = context.scenario.assessment!;
  const role = assessment.role;
  const endpoint = context.endpointOf(role);
  const sampling = { ...context.samplingOf(role), ...assessment.sampling };
  if (assessment.sampling.seed !== undefined) sampling.seed = assessment.sampling.seed + context.repeatId - 1;
  const messages = assessmentMessages(context.scenario, context.row, turns);
  // every draw settles before a failure is passed on: an item given back (a pause) must not
  // leave draws on the wire that its resumed run would ask again
  const settled = await Promise.allSettled(
    Array.from({ length: assessment.samples }, (_, index) =>
      context.calls.text(endpoint, { purpose, role, turnNumber, sampleIndex: index, ...(candidate !== undefined ? { candidate } : {}), messages, sampling: drawSampling(sampling, index, context.scenario.repeats) }),
    ),
  );
  const failed = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  const answers = settled.map((outcome) => (outcome as PromiseFulfilledResult<{ value: string }>).value);
  const checked = answers.map((answer) => judgeDraw(context, answer.value));
  const n = checked.length;
  const c = checked.filter((draw) => draw.correct).length;
  return { n, c, passAtK: Object.fromEntries(assessment.k.map((k) => [String(k), passAtK(n, c, k)])), draws: checked };
}

const roleTurnsOf = (turns: readonly ScenarioTurn[], role: SpeakingRoleName) => turns.filter((turn) => turn.role === role).length;

/** The probe before turn `beforeTurn` (turns.length + 1), of the assessed role's next turn. */
export async function assessTurn(context: ProbeContext, turns: readonly ScenarioTurn[]): Promise<TurnAssessment> {
  const role = context.scenario.assessment!.role;
  const beforeTurn = turns.length + 1;
  const probed = await draws(context, turns, 'assessment', beforeTurn);
  return { beforeTurn, roleTurnNumber: roleTurnsOf(turns, role) + 1, ...probed };
}

/** Candidates for the student's next turn, each answered by the teacher and probed; the real dialogue goes on without them. */
export async function preferenceBranch(context: ProbeContext, turns: readonly ScenarioTurn[], prompt: ChatMessage[], candidates: number): Promise<PreferenceBranch> {
  const { scenario, row, calls } = context;
  const beforeTurn = turns.length + 1;
  const guide = context.endpointOf('guide');
  const guideSampling = context.samplingOf('guide');
  const guideMessages = roleMessages(scenario, row, turns, 'guide');
  const teacher = context.endpointOf('teacher');
  const teacherSampling = context.samplingOf('teacher');
  const found: PreferenceCandidate[] = [];
  for (let index = 0; index < candidates; index++) {
    const question = await calls.text(guide, { purpose: 'candidate', role: 'guide', turnNumber: beforeTurn, sampleIndex: index, messages: guideMessages, sampling: drawSampling(guideSampling, index, scenario.repeats) });
    const asked: ScenarioTurn[] = [...turns, { role: 'student', content: question.value }];
    const answer = await calls.text(teacher, { purpose: 'candidate-answer', role: 'teacher', turnNumber: beforeTurn + 1, sampleIndex: 0, candidate: index, messages: roleMessages(scenario, row, asked, 'teacher'), sampling: teacherSampling });
    const probed = await draws(context, [...asked, { role: 'teacher', content: answer.value }], 'candidate-assessment', beforeTurn + 2, index);
    found.push({ question: question.value, answer: answer.value, n: probed.n, c: probed.c, passAtK: probed.passAtK });
  }
  return { beforeTurn, roleTurnNumber: roleTurnsOf(turns, 'student') + 1, prompt, candidates: found, chosen: chooseCandidate(found, scenario.assessment!.k) };
}
