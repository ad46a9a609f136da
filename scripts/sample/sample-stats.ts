/** Counts over the sample, per file and per teacher model, for the README and the console. */
import type { AuthoredDialogue } from './authoring';
import { disciplineTransfer, splitMultiValue, type SidRecord } from './sid-record';
import type { TeacherModel } from './topics';

export interface FileStats {
  model: TeacherModel;
  /** relative to resources/sample */
  file: string;
  dialogues: number;
  turns: number;
  annotations: number;
}

export function fileStats(model: TeacherModel, file: string, records: SidRecord[]): FileStats {
  return {
    model,
    file,
    dialogues: records.length,
    turns: records.reduce((sum, record) => sum + record.dialogue.length, 0),
    annotations: records.reduce((sum, record) => sum + record.annotations.length, 0),
  };
}

export interface LabelProfile {
  model: TeacherModel;
  teacherTurns: number;
  studentTurns: number;
  guidance: Record<'L1' | 'L2' | 'L3', number>;
  teacherTurnsWithTransfer: number;
  incorrectAnswers: number;
  /** incorrect answers whose next student turn is 清晰理解 or 高阶思考 */
  repairedAnswers: number;
  distinctStrategies: number;
}

/**
 * Per turn, from the authored labels: a split turn counts once, an invented annotation not
 * at all. Strategy cells are split on every separator; the intent given as a strategy counts
 * as a distinct (unknown) value.
 */
export function labelProfile(model: TeacherModel, dialogues: AuthoredDialogue[]): LabelProfile {
  const profile: LabelProfile = {
    model,
    teacherTurns: 0,
    studentTurns: 0,
    guidance: { L1: 0, L2: 0, L3: 0 },
    teacherTurnsWithTransfer: 0,
    incorrectAnswers: 0,
    repairedAnswers: 0,
    distinctStrategies: 0,
  };
  const strategies = new Set<string>();
  for (const dialogue of dialogues) {
    const studentStates: string[] = [];
    dialogue.turns.forEach((turn, index) => {
      if (turn.role === '教师') {
        profile.teacherTurns += 1;
        const level = turn.fields.teacher_guidance_level;
        if (level === 'L1' || level === 'L2' || level === 'L3') profile.guidance[level] += 1;
        const previous = dialogue.turns[index - 1]?.fields.discipline;
        if (disciplineTransfer(previous, turn.fields.discipline) === '是') profile.teacherTurnsWithTransfer += 1;
        for (const strategy of splitMultiValue(turn.fields.teaching_strategy)) strategies.add(strategy);
      } else {
        profile.studentTurns += 1;
        studentStates.push(turn.fields.student_cognition_state);
      }
    });
    studentStates.forEach((state, index) => {
      if (state !== '错误回答') return;
      profile.incorrectAnswers += 1;
      const next = studentStates[index + 1];
      if (next === '清晰理解' || next === '高阶思考') profile.repairedAnswers += 1;
    });
  }
  profile.distinctStrategies = strategies.size;
  return profile;
}
