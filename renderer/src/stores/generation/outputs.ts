/**
 * STAND-IN for what branch h-outputs adds to shared/scenario (sidJsonlByTeacher,
 * droppedConversations, learningCurves, learningCurvesCsv, preferencePairs, dpoJsonl, sftJsonl,
 * preferenceDataCard), with the same signatures, so the runs view is built and tested against
 * them before they land. The integrator replaces this file's body with re-exports from
 * shared/scenario; nothing else imports these from anywhere but here.
 */
import { studentTQuantile } from '../../../../shared/judge/student-t';
import type { ChatMessage } from '../../../../shared/llm/messages';
import type { GenerationJobPayload } from '../../../../shared/scenario/generation-job';

export interface SidTeacherFile {
  teacherModel: string;
  fileName: string;
  text: string;
  dialogues: number;
}

const kept = (payload: GenerationJobPayload) => payload.status === 'complete' && payload.safety.kept;

/** One SID JSON Lines file per teacher model, of the kept complete conversations. */
export function sidJsonlByTeacher(payloads: readonly GenerationJobPayload[]): SidTeacherFile[] {
  const byTeacher = new Map<string, string[]>();
  for (const payload of payloads.filter(kept)) {
    const { row } = payload;
    const record = {
      topic_id: row.topic_id ?? payload.taskIndex + 1,
      topic_text: row.topic_text ?? row.topic ?? '',
      student_id: row.student_id ?? '',
      student_type: row.student_type ?? '',
      scenario: row.scenario ?? payload.scenario.id,
      repeat_id: payload.repeatId,
      dialogue: payload.turns.map((turn) => ({ role: turn.label, content: turn.content })),
    };
    byTeacher.set(payload.teacherModel, [...(byTeacher.get(payload.teacherModel) ?? []), JSON.stringify(record)]);
  }
  return [...byTeacher.entries()].map(([teacherModel, lines]) => ({ teacherModel, fileName: `${teacherModel}/${teacherModel}-generated.jsonl`, text: `${lines.join('\n')}\n`, dialogues: lines.length }));
}

export interface DroppedConversation {
  conversationId: string;
  teacherModel: string;
  reasons: string[];
  status: 'dropped' | 'failed';
}

export function droppedConversations(payloads: readonly GenerationJobPayload[]): DroppedConversation[] {
  return payloads.flatMap((payload): DroppedConversation[] => {
    if (payload.status === 'failed') return [{ conversationId: payload.conversationId, teacherModel: payload.teacherModel, reasons: payload.reasons, status: 'failed' }];
    return payload.safety.kept ? [] : [{ conversationId: payload.conversationId, teacherModel: payload.teacherModel, reasons: payload.safety.reasons, status: 'dropped' }];
  });
}

export interface LearningCurvePoint {
  roleTurn: number;
  tasks: number;
  mean: number;
  low: number;
  high: number;
}

export interface LearningCurve {
  studentModel: string;
  strategy: string;
  k: number;
  points: LearningCurvePoint[];
}

/** Pass@k before each student turn, per (student model, strategy): the mean over tasks with its 95% t interval across tasks. */
export function learningCurves(payloads: readonly GenerationJobPayload[], { k, strategyOf = (payload) => payload.teacherModel }: { k: number; strategyOf?: (payload: GenerationJobPayload) => string }): LearningCurve[] {
  const groups = new Map<string, { studentModel: string; strategy: string; byTurn: Map<number, Map<number, number[]>> }>();
  for (const payload of payloads) {
    if (payload.status !== 'complete') continue;
    const studentModel = payload.roles.student?.model ?? '';
    const strategy = strategyOf(payload);
    const key = JSON.stringify([studentModel, strategy]);
    const group = groups.get(key) ?? { studentModel, strategy, byTurn: new Map() };
    groups.set(key, group);
    for (const assessment of payload.assessments) {
      const value = assessment.passAtK[String(k)];
      if (value === undefined) continue;
      const tasks = group.byTurn.get(assessment.roleTurnNumber) ?? new Map<number, number[]>();
      group.byTurn.set(assessment.roleTurnNumber, tasks);
      tasks.set(payload.taskIndex, [...(tasks.get(payload.taskIndex) ?? []), value]);
    }
  }
  return [...groups.values()].map(({ studentModel, strategy, byTurn }) => ({
    studentModel,
    strategy,
    k,
    points: [...byTurn.entries()]
      .sort(([a], [b]) => a - b)
      .map(([roleTurn, tasks]) => {
        const means = [...tasks.values()].map((values) => values.reduce((sum, value) => sum + value, 0) / values.length);
        const mean = means.reduce((sum, value) => sum + value, 0) / means.length;
        const n = means.length;
        const sd = n > 1 ? Math.sqrt(means.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1)) : 0;
        const half = n > 1 ? studentTQuantile(0.975, n - 1) * (sd / Math.sqrt(n)) : 0;
        return { roleTurn, tasks: n, mean, low: mean - half, high: mean + half };
      }),
  }));
}

const cell = (value: string | number) => (typeof value === 'number' ? String(value) : /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function learningCurvesCsv(curves: readonly LearningCurve[]): string {
  const lines = ['student_model,strategy,k,role_turn,tasks,mean,low,high'];
  for (const curve of curves) for (const point of curve.points) lines.push([curve.studentModel, curve.strategy, curve.k, point.roleTurn, point.tasks, point.mean, point.low, point.high].map(cell).join(','));
  return `${lines.join('\n')}\n`;
}

export interface PreferencePair {
  conversationId: string;
  prompt: ChatMessage[];
  chosen: string;
  rejected: string;
}

export function preferencePairs(payloads: readonly GenerationJobPayload[]): PreferencePair[] {
  return payloads.flatMap((payload) =>
    payload.preferences.flatMap((branch) => {
      if (branch.chosen === null) return [];
      const chosen = branch.candidates[branch.chosen];
      return branch.candidates.filter((_, index) => index !== branch.chosen).map((rejected) => ({ conversationId: payload.conversationId, prompt: branch.prompt, chosen: chosen.question, rejected: rejected.question }));
    }),
  );
}

export function dpoJsonl(pairs: readonly PreferencePair[]): string {
  return pairs.map((pair) => JSON.stringify({ prompt: pair.prompt, chosen: pair.chosen, rejected: pair.rejected })).join('\n') + (pairs.length > 0 ? '\n' : '');
}

export function sftJsonl(pairs: readonly PreferencePair[]): string {
  return pairs.map((pair) => JSON.stringify({ messages: [...pair.prompt, { role: 'assistant', content: pair.chosen }] })).join('\n') + (pairs.length > 0 ? '\n' : '');
}

export function preferenceDataCard({ payloads, pairs, scenario, settings, createdAt }: { payloads: readonly GenerationJobPayload[]; pairs: readonly PreferencePair[]; scenario: { id: string; version: string; hash: string }; settings: Record<string, unknown>; createdAt: string }): string {
  return [`# Preference pairs: ${scenario.id} v${scenario.version}`, '', `- scenario hash: ${scenario.hash}`, `- conversations: ${payloads.length}`, `- pairs: ${pairs.length}`, `- created: ${createdAt}`, `- settings: ${JSON.stringify(settings)}`, ''].join('\n');
}
