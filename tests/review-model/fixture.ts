/**
 * The model test's data set: three small SID dialogues made up for it, so a short key sequence
 * reaches the boundaries — the first and last turn, the last dialogue, teacher and student turns
 * (fields that do not apply), a flagged pre-annotation (an unknown label), an acceptable flagged
 * one (an unknown part of the open discipline vocabulary), fields with no usable value (empty), a
 * set field with two labels and one with none.
 *
 * Every pre-annotation is written here twice on purpose: as the SID text the importer reads (label
 * codes, as SID files may write them) and as what it means — the label codes it names and the
 * parts that name no label — stated by hand, which is what the reference model reads. It never
 * asks the app's parser.
 */

export type Role = 'teacher' | 'student';

/** A pre-annotation as meant: label codes named (in the order written) and parts naming no label. */
export interface PreMeaning {
  known: string[];
  unknown: string[];
}

export interface FixtureTurn {
  role: Role;
  content: string;
  /** by field id, for the fields the annotation fills (speaker and utterance are filled for every turn) */
  pre: Record<string, PreMeaning>;
}

export interface FixtureDialogue {
  topicId: number;
  /** `<topic_id>-<student_id>-<repeat_id>`: the table lists the dialogues in this order */
  externalId: string;
  turns: FixtureTurn[];
}

const labels = (...known: string[]): PreMeaning => ({ known, unknown: [] });
const unknown = (...parts: string[]): PreMeaning => ({ known: [], unknown: parts });
const EMPTY: PreMeaning = { known: [], unknown: [] };

export const FIXTURE: readonly FixtureDialogue[] = [
  {
    topicId: 1,
    externalId: '1-1-1',
    turns: [
      {
        role: 'student',
        content: '老师，为什么仙人掌的叶子是刺？',
        pre: { discipline: labels('biology'), discipline_transfer: labels('no'), student_cognition_state: labels('vague_understanding'), cognitive_level: labels('understand') },
      },
      {
        role: 'teacher',
        content: '你想一想，沙漠里最缺的是什么？',
        pre: {
          teacher_intent: unknown('随便聊聊'),
          teaching_strategy: labels('follow_up_questioning', 'provide_hints'),
          discipline: labels('biology'),
          discipline_transfer: labels('yes'),
          teacher_guidance_level: labels('L2'),
          cognitive_level: labels('apply'),
        },
      },
      {
        role: 'student',
        content: '缺水，所以叶子变小能少蒸发水分。',
        pre: { discipline: { known: ['biology'], unknown: ['天文'] }, discipline_transfer: labels('no'), student_cognition_state: EMPTY, cognitive_level: labels('remember') },
      },
      {
        role: 'teacher',
        content: '很好，这就是植物对环境的适应。[结束]',
        pre: {
          teacher_intent: labels('summarize_elevate'),
          teaching_strategy: EMPTY,
          discipline: labels('geography'),
          discipline_transfer: labels('no'),
          teacher_guidance_level: labels('L3'),
          cognitive_level: labels('evaluate'),
        },
      },
    ],
  },
  {
    topicId: 2,
    externalId: '2-1-1',
    turns: [
      {
        role: 'teacher',
        content: '今天我们来看看杠杆：跷跷板为什么能翘起来？',
        pre: {
          teacher_intent: labels('introduce_concepts'),
          teaching_strategy: labels('use_analogies'),
          discipline: labels('physics'),
          discipline_transfer: labels('no'),
          teacher_guidance_level: labels('L1'),
          cognitive_level: labels('remember'),
        },
      },
      {
        role: 'student',
        content: '因为两边的人重量不一样。',
        pre: { discipline: labels('physics'), discipline_transfer: labels('no'), student_cognition_state: labels('clear_understanding'), cognitive_level: labels('understand') },
      },
      {
        role: 'teacher',
        content: '那离支点的远近有没有关系？[结束]',
        pre: {
          teacher_intent: labels('guide_reasoning'),
          teaching_strategy: labels('follow_up_questioning'),
          discipline: labels('physics', 'mathematics'),
          discipline_transfer: labels('yes'),
          teacher_guidance_level: EMPTY,
          cognitive_level: labels('analyze'),
        },
      },
    ],
  },
  {
    topicId: 3,
    externalId: '3-1-1',
    turns: [
      {
        role: 'student',
        content: '水烧开以后为什么会冒白气？',
        pre: { discipline: labels('chemistry'), discipline_transfer: labels('no'), student_cognition_state: labels('higher_order_thinking'), cognitive_level: labels('analyze') },
      },
      {
        role: 'teacher',
        content: '白气是水蒸气吗？你摸过壶嘴上方吗？[结束]',
        pre: {
          teacher_intent: labels('check_understanding'),
          teaching_strategy: labels('scenario_questioning'),
          discipline: labels('chemistry', 'physics'),
          discipline_transfer: labels('yes'),
          teacher_guidance_level: labels('L2'),
          cognitive_level: labels('understand'),
        },
      },
    ],
  },
];

const ROLE_TEXT: Record<Role, string> = { teacher: '教师', student: '学生' };

/** The fixture as a SID-native JSONL file: label codes joined with ", ", an unknown part as written. */
export function fixtureJsonl(): string {
  const annotationFields = ['teacher_intent', 'teaching_strategy', 'discipline', 'discipline_transfer', 'student_cognition_state', 'teacher_guidance_level', 'cognitive_level'];
  const lines = FIXTURE.map((dialogue) => {
    const [topicId, studentId, repeatId] = dialogue.externalId.split('-').map(Number);
    return JSON.stringify({
      topic_id: topicId,
      topic_text: `模型测试课题 ${dialogue.topicId}`,
      student_id: studentId,
      student_type: '全优型',
      scenario: '课堂探究',
      repeat_id: repeatId,
      dialogue: dialogue.turns.map((turn) => ({ role: ROLE_TEXT[turn.role], content: turn.content })),
      annotations: dialogue.turns.map((turn) => {
        const annotation: Record<string, string> = { speaker: ROLE_TEXT[turn.role], utterance: turn.content };
        for (const fieldId of annotationFields) {
          const meaning = turn.pre[fieldId];
          annotation[fieldId] = meaning ? [...meaning.known, ...meaning.unknown].join(', ') : '';
        }
        return annotation;
      }),
    });
  });
  return `${lines.join('\n')}\n`;
}
