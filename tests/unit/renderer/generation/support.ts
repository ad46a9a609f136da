import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JobItemEvent } from '../../../../shared/jobs';
import type { GenerationComplete, GenerationFailed, GenerationJobPayload } from '../../../../shared/scenario/generation-job';

export function scenarioSource(file: 'sid-teacher-led.yaml' | 'socratic-students.yaml' | 'elmes-single-turn.yaml'): string {
  return readFileSync(join(__dirname, '../../../../resources/scenarios', file), 'utf8');
}

export const SCENARIO_REF = { id: 'sid-teacher-led', version: '1', hash: 'h1' };
export const TEACHERS = [
  { connectionId: 'c-gpt', name: 'OpenAI', model: 'GPT-4o' },
  { connectionId: 'c-qwen', name: 'Qwen', model: 'Qwen2.5-72B' },
];

const tokens = { input: 10, output: 5 };

export function complete(taskIndex: number, repeatId: number, teacher = TEACHERS[0], options: { kept?: boolean; utterances?: string[] } = {}): GenerationComplete {
  const kept = options.kept ?? true;
  const utterances = options.utterances ?? ['老师，我想种向日葵。', '为什么选向日葵？', '因为它耐晒。', '很好，下课。'];
  return {
    status: 'complete',
    conversationId: `t${taskIndex}-r${repeatId}`,
    connectionId: teacher.connectionId,
    teacherModel: teacher.model,
    taskIndex,
    repeatId,
    row: { topic_id: taskIndex + 1, topic_text: `话题 ${taskIndex + 1}`, student_id: 1, student_type: '全优型' },
    scenario: SCENARIO_REF,
    roles: { teacher: { connectionId: teacher.connectionId, model: teacher.model, sampling: {} }, student: { connectionId: 'c-student', model: 'student-model', sampling: {} } },
    turns: utterances.map((content, index) => ({ role: index % 2 === 0 ? 'student' : 'teacher', label: index % 2 === 0 ? '学生' : '教师', content, turnNumber: index + 1, model: index % 2 === 0 ? 'student-model' : teacher.model, tokens, cached: false })),
    assessments: [],
    preferences: [],
    tokens,
    cached: false,
    end: { kind: 'end', reason: 'direction' },
    safety: kept ? { kept: true, reasons: [], words: [] } : { kept: false, reasons: ['contains “笨蛋” (turn 2)'], words: [{ word: '笨蛋', turnNumber: 2 }] },
  };
}

export function failed(taskIndex: number, repeatId: number, teacher = TEACHERS[0]): GenerationFailed {
  const { end: _end, safety: _safety, status: _status, ...base } = complete(taskIndex, repeatId, teacher);
  return { ...base, status: 'failed', turns: base.turns.slice(0, 2), reasons: ['HTTP 500 at turn 3'] };
}

export function itemEvent(jobId: string, payload: GenerationJobPayload): JobItemEvent<GenerationJobPayload> {
  const item = { itemId: payload.conversationId, connectionId: payload.connectionId, sample: 0 };
  return payload.status === 'complete'
    ? { type: 'item', jobId, at: 2, item, outcome: { ok: true, cached: false, tokens, cost: null, payload } }
    : { type: 'item', jobId, at: 2, item, outcome: { ok: false, reason: payload.reasons[0], tokens, cost: null, payload } };
}
