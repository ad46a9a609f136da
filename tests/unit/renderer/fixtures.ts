import type { FieldValue, ParsedDialogue, ParsedFile, ParsedTurn } from '../../../shared/model/dataset';
import { MaieuticDb } from '../../../renderer/src/db/db';

let dbCounter = 0;

/** A fresh, uniquely named database on fake-indexeddb (the test file imports 'fake-indexeddb/auto'). */
export function freshDb(): MaieuticDb {
  dbCounter += 1;
  return new MaieuticDb(`test-${process.pid}-${Date.now()}-${dbCounter}`);
}

export function value(raw: string, status: FieldValue['status'] = 'ok', codes: string[] = []): FieldValue {
  return { raw, codes, unknown: status === 'unknown' ? [raw] : [], status };
}

export function turn(index: number, pre: Record<string, FieldValue> = {}): ParsedTurn {
  const speaker = index % 2 === 0 ? 'student' : 'teacher';
  return {
    index,
    speaker,
    speakerRaw: speaker === 'teacher' ? '教师' : '学生',
    utterance: `第 ${index + 1} 句`,
    endMarker: false,
    pre,
    alignment: 'exact',
    fragments: 1,
  };
}

export function dialogue(line: number, turnCount: number, overrides: Partial<ParsedDialogue> = {}): ParsedDialogue {
  return {
    line,
    externalId: `7-${line}-1`,
    teacherModel: 'GPT-4o',
    topicId: '7',
    topicText: '校园生态美化',
    studentId: String(line),
    studentType: '知识掌握不足',
    scenario: '课堂探究',
    repeatId: '1',
    extra: {},
    turns: Array.from({ length: turnCount }, (_, index) => turn(index)),
    unaligned: [],
    ...overrides,
  };
}

export function parsedFile(name: string, dialogues: ParsedDialogue[], overrides: Partial<ParsedFile> = {}): ParsedFile {
  return {
    file: name,
    format: 'sid-jsonl',
    contentHash: `hash-${name}`,
    teacherModel: 'GPT-4o',
    dialogues,
    issues: [],
    counts: {
      dialogues: dialogues.length,
      turns: dialogues.reduce((sum, item) => sum + item.turns.length, 0),
      annotations: dialogues.reduce((sum, item) => sum + item.turns.length, 0),
    },
    readable: { dialogues: dialogues.length, turns: dialogues.reduce((sum, item) => sum + item.turns.length, 0) },
    ...overrides,
  };
}

/** One SID-native JSONL record, as the pipeline writes it. */
export function sidLine(studentId: number, options: { cognition?: string } = {}): string {
  return JSON.stringify({
    topic_id: 7,
    topic_text: '校园生态美化：植物形态与环境适应',
    student_id: studentId,
    student_type: '知识掌握不足',
    scenario: '课堂探究',
    repeat_id: 1,
    dialogue: [
      { role: '学生', content: '为什么仙人掌的叶子是刺？' },
      { role: '教师', content: '你觉得沙漠里最缺少的是什么？' },
    ],
    annotations: [
      {
        speaker: '学生', utterance: '为什么仙人掌的叶子是刺？', teacher_intent: '', teaching_strategy: '', discipline: '生物',
        discipline_transfer: '否', student_cognition_state: options.cognition ?? '模糊理解', teacher_guidance_level: '', cognitive_level: '记忆',
      },
      {
        speaker: '教师', utterance: '你觉得沙漠里最缺少的是什么？', teacher_intent: '引导推理', teaching_strategy: '追问',
        discipline: '生物, 地理', discipline_transfer: '是', student_cognition_state: '', teacher_guidance_level: 'L2', cognitive_level: '理解',
      },
    ],
  });
}
