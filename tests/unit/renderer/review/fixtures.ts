import 'fake-indexeddb/auto';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook/default-codebook';
import { normalizeValue } from '../../../../shared/codebook/normalize-value';
import type { Dialogue, FieldValues, SpeakerCode, Turn } from '../../../../shared/model/dataset';
import { MaieuticDb } from '../../../../renderer/src/db/db';
import { loadReviewBundle, type TurnToVerify } from '../../../../renderer/src/db/repositories/reviews';
import { putDialogueTurns } from '../../../../renderer/src/db/repositories/turns';
import { buildDialogueModel, turnToVerify } from '../../../../renderer/src/features/review/review-model';

let counter = 0;

/** A fresh database per test: fake-indexeddb keeps every name for the life of the process. */
export function freshDbName(): string {
  counter += 1;
  return `review-test-${process.pid}-${Date.now()}-${counter}`;
}

/** Pre-annotation values the way the importer builds them: raw cells through the codebook. */
export function preValues(cells: Record<string, string>): FieldValues {
  const values: FieldValues = {};
  for (const [fieldId, raw] of Object.entries(cells)) {
    const field = DEFAULT_CODEBOOK.fields.find((candidate) => candidate.id === fieldId);
    if (!field) throw new Error(`fixture names an unknown field ${fieldId}`);
    values[fieldId] = normalizeValue(field, raw);
  }
  return values;
}

export function makeTurn(dialogueId: string, index: number, speaker: SpeakerCode, utterance: string, cells: Record<string, string>): Turn {
  return {
    id: `${dialogueId}#${index}`,
    dialogueId,
    index,
    speaker,
    speakerRaw: speaker === 'teacher' ? '教师' : '学生',
    utterance,
    endMarker: /\[结束\]\s*$/.test(utterance),
    pre: preValues({ speaker: speaker === 'teacher' ? '教师' : '学生', utterance, ...cells }),
    alignment: 'exact',
    fragments: 1,
  };
}

export function makeDialogue(id: string, turnCount: number): Dialogue {
  return {
    id,
    datasetId: 'ds1',
    sourceId: 'src1',
    externalId: `7-3-${id}`,
    teacherModel: 'GPT-4o',
    topicId: '7',
    topicText: '校园生态美化',
    studentId: '3',
    studentType: '知识掌握不足',
    scenario: '课堂探究',
    repeatId: '1',
    turnCount,
    flaggedCount: 0,
    file: 'GPT-4o/a.jsonl',
    line: 1,
    extra: {},
    unaligned: [],
  };
}

/** The three-turn example of the SID spec, plus a teacher turn with an unknown strategy. */
export function sampleTurns(dialogueId: string): Turn[] {
  return [
    makeTurn(dialogueId, 0, 'student', '为什么仙人掌的叶子是刺？', {
      teacher_intent: '', teaching_strategy: '', discipline: '生物', discipline_transfer: '否',
      student_cognition_state: '模糊理解', teacher_guidance_level: '', cognitive_level: '记忆',
    }),
    makeTurn(dialogueId, 1, 'teacher', '你觉得沙漠里最缺少的是什么？', {
      teacher_intent: '引导推理', teaching_strategy: '追问', discipline: '生物, 地理', discipline_transfer: '是',
      student_cognition_state: '', teacher_guidance_level: 'L2', cognitive_level: '理解',
    }),
    makeTurn(dialogueId, 2, 'student', '阳光？', {
      teacher_intent: '', teaching_strategy: '', discipline: '地理', discipline_transfer: '否',
      student_cognition_state: '错误回答', teacher_guidance_level: '', cognitive_level: '记忆',
    }),
    makeTurn(dialogueId, 3, 'teacher', '很好，我们今天就到这里。[结束]', {
      teacher_intent: '总结提升', teaching_strategy: '引导推理', discipline: '生物, 天文', discipline_transfer: '否',
      student_cognition_state: '', teacher_guidance_level: 'L1', cognitive_level: '理解（Understand）',
    }),
  ];
}

export async function seedDialogue(db: MaieuticDb, dialogueId = 'd1'): Promise<{ dialogue: Dialogue; turns: Turn[] }> {
  const turns = sampleTurns(dialogueId);
  const dialogue = makeDialogue(dialogueId, turns.length);
  await db.datasets.put({ id: 'ds1', name: 'Test', createdAt: '2026-01-01T00:00:00.000Z', codebookId: 'sid-default' });
  await db.dialogues.put(dialogue);
  await putDialogueTurns(db, turns);
  return { dialogue, turns };
}

export const REVIEWER = 'Dr. Li';
export const AT = '2026-03-01T10:00:00.000Z';

export function openDb(name: string): MaieuticDb {
  return new MaieuticDb(name);
}

export { DEFAULT_CODEBOOK };

/** The fields a turn verification stores, the way the review screen builds them. */
export async function fieldsToVerify(db: MaieuticDb, turnIndex: number, dialogueId = 'd1'): Promise<TurnToVerify['fields']> {
  const bundle = await loadReviewBundle(db, dialogueId);
  if (!bundle) throw new Error(`no dialogue ${dialogueId}`);
  return turnToVerify(buildDialogueModel(DEFAULT_CODEBOOK, bundle).turns[turnIndex]).fields;
}
