import type { ChatMessage } from '../../../../shared/llm/messages';
import type { GeneratedTurn, GenerationComplete, GenerationFailed, PreferenceBranch, PreferenceCandidate, TurnAssessment } from '../../../../shared/scenario';
import { conversationItemId, passAtK } from '../../../../shared/scenario';
import type { SpeakingRoleName, TaskRow } from '../../../../shared/scenario';

/** Payloads as the engine stores them, built by hand for the output functions' tests. */

export function turn(role: SpeakingRoleName, content: string, turnNumber: number, label = role === 'teacher' ? '教师' : role === 'student' ? '学生' : '向导'): GeneratedTurn {
  return { role, content, label, turnNumber, model: `${role}-model-as-answered`, tokens: { input: 10 * turnNumber, output: 5 }, cached: false };
}

/** A probe with n draws of which c are right, Pass@k at every k of `ks`. */
export function probe(roleTurnNumber: number, n: number, c: number, ks: number[] = [1], beforeTurn = 2 * roleTurnNumber - 1): TurnAssessment {
  return {
    beforeTurn,
    roleTurnNumber,
    n,
    c,
    passAtK: Object.fromEntries(ks.map((k) => [String(k), passAtK(n, c, k)])),
    draws: Array.from({ length: n }, (_, i) => ({ answer: `#### ${i < c ? 72 : 1}`, read: i < c ? '72' : '1', correct: i < c })),
  };
}

interface PayloadOptions {
  taskIndex?: number;
  repeatId?: number;
  row?: TaskRow;
  teacherModel?: string;
  studentModel?: string;
  turns?: GeneratedTurn[];
  assessments?: TurnAssessment[];
  preferences?: PreferenceBranch[];
  scenarioId?: string;
}

function base(options: PayloadOptions) {
  const taskIndex = options.taskIndex ?? 0;
  const repeatId = options.repeatId ?? 1;
  const teacherModel = options.teacherModel ?? 'qwen2.5-7b-instruct';
  return {
    conversationId: conversationItemId(taskIndex, repeatId),
    connectionId: `conn-${teacherModel}`,
    teacherModel,
    taskIndex,
    repeatId,
    row: options.row ?? { topic_id: 7, topic_text: '校园生态美化：植物形态与环境适应', student_id: 3, student_type: '知识掌握不足' },
    scenario: { id: options.scenarioId ?? 'sid-teacher-led', version: '1', hash: 'abc123' },
    roles: {
      teacher: { connectionId: `conn-${teacherModel}`, model: teacherModel, sampling: { temperature: 0.7, max_tokens: 1000 } },
      student: { connectionId: 'conn-student', model: options.studentModel ?? 'student-model', sampling: { temperature: 0.7, max_tokens: 1000 } },
    },
    turns: options.turns ?? [turn('student', '为什么仙人掌的叶子是刺？', 1), turn('teacher', '你觉得沙漠里最缺少的是什么？', 2), turn('student', '水！[结束]', 3)],
    assessments: options.assessments ?? [],
    preferences: options.preferences ?? [],
    tokens: { input: 100, output: 50 },
    cached: false,
  };
}

export function complete(options: PayloadOptions = {}, kept = true): GenerationComplete {
  return {
    ...base(options),
    status: 'complete',
    end: { kind: 'end', reason: 'exit-keyword', keyword: '[结束]', role: 'student' },
    safety: kept ? { kept: true, reasons: [], words: [] } : { kept: false, reasons: ['The word "笨蛋" is on the safety list (turn 2).'], words: [{ word: '笨蛋', turnNumber: 2 }] },
  };
}

export function failed(options: PayloadOptions = {}): GenerationFailed {
  return { ...base(options), status: 'failed', reasons: ['The teacher connection answered 500 three times at turn 4.'] };
}

/** A candidate scored with n draws, c right, at every k of `ks`. */
export function candidate(question: string, n: number, c: number, ks: number[] = [1, 2]): PreferenceCandidate {
  return { question, answer: `答：${question}`, n, c, passAtK: Object.fromEntries(ks.map((k) => [String(k), passAtK(n, c, k)])) };
}

export const STUDENT_PROMPT: ChatMessage[] = [
  { role: 'system', content: '你是一名学生，正在解这道题：娜塔莉亚四月卖了 48 个发夹……' },
  { role: 'user', content: '请提出你的下一个问题。' },
];

export function branch(beforeTurn: number, candidates: PreferenceCandidate[], chosen: number | null, prompt: ChatMessage[] = STUDENT_PROMPT): PreferenceBranch {
  return { beforeTurn, roleTurnNumber: (beforeTurn + 1) / 2, prompt, candidates, chosen };
}
