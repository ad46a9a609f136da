/**
 * Builds small SID-native inputs for import specs: records whose annotations carry the nine
 * codebook fields, written with the speaker's fields filled and the others empty, as the
 * SID pipeline writes them.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SidRecord } from './support-sample';

export interface TurnSpec {
  role: '教师' | '学生';
  content: string;
  /** SID values by field id; fields not given are written as '' */
  labels?: Record<string, string>;
  /** the annotation's `utterance` when it must differ from the turn (to make it unalignable) */
  annotationUtterance?: string;
}

const DEFAULT_TEACHER_LABELS = {
  teacher_intent: '引导推理',
  teaching_strategy: '追问',
  discipline: '生物',
  discipline_transfer: '否',
  teacher_guidance_level: 'L2',
  cognitive_level: '理解',
};
const DEFAULT_STUDENT_LABELS = {
  discipline: '生物',
  discipline_transfer: '否',
  student_cognition_state: '清晰理解',
  cognitive_level: '记忆',
};
const ANNOTATION_FIELDS = [
  'teacher_intent',
  'teaching_strategy',
  'discipline',
  'discipline_transfer',
  'student_cognition_state',
  'teacher_guidance_level',
  'cognitive_level',
] as const;

export function sidRecord(ids: { topicId: number; studentId: number; repeatId: number; topicText?: string }, turns: readonly TurnSpec[]): SidRecord {
  return {
    topic_id: ids.topicId,
    topic_text: ids.topicText ?? `测试课题 ${ids.topicId}`,
    student_id: ids.studentId,
    student_type: '全优型',
    scenario: '课堂探究',
    repeat_id: ids.repeatId,
    dialogue: turns.map((turn) => ({ role: turn.role, content: turn.content })),
    annotations: turns.map((turn) => {
      const labels = { ...(turn.role === '教师' ? DEFAULT_TEACHER_LABELS : DEFAULT_STUDENT_LABELS), ...turn.labels };
      const annotation: Record<string, string> = { speaker: turn.role, utterance: turn.annotationUtterance ?? turn.content };
      for (const field of ANNOTATION_FIELDS) annotation[field] = labels[field as keyof typeof labels] ?? '';
      return annotation;
    }),
  };
}

/** A short, clean two-turn dialogue with distinct ids. */
export function simpleRecord(topicId: number, studentId = 1, repeatId = 1): SidRecord {
  return sidRecord({ topicId, studentId, repeatId }, [
    { role: '学生', content: `老师，第 ${topicId} 课的问题我不太懂。` },
    { role: '教师', content: `我们一起来看第 ${topicId} 课：你先说说你已经知道什么？[结束]` },
  ]);
}

export function jsonlText(records: readonly unknown[]): string {
  return `${records.map((record) => JSON.stringify(record)).join('\n')}\n`;
}

export async function writeInputFile(path: string, text: string): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text, 'utf8');
  return path;
}

export function turnCount(records: readonly SidRecord[]): number {
  return records.reduce((sum, record) => sum + record.dialogue.length, 0);
}
