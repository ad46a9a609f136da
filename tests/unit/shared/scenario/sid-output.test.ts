import { describe, expect, it } from 'vitest';
import { droppedConversations, sidJsonlByTeacher, sidRecordOf } from '../../../../shared/scenario';
import { errorsOf, parseText, warningsOf } from '../support';
import { complete, failed, probe, turn } from './output-fixtures';

const HTML_LOOKING = '<img src=x onerror="alert(1)"> 这是<b>加粗</b>吗？';

describe('sidRecordOf', () => {
  it('writes the SID header keys from the row, the speakers as SID labels and the provenance', () => {
    const payload = complete({ turns: [turn('student', '为什么？', 1, 'Student'), turn('teacher', '你觉得呢？', 2, 'Teacher')], assessments: [probe(1, 5, 2, [1, 5])] });
    const record = sidRecordOf(payload);
    expect(Object.keys(record)).toEqual(['topic_id', 'topic_text', 'student_id', 'student_type', 'scenario', 'repeat_id', 'teacher_model', 'dialogue', 'generation']);
    expect(record).toMatchObject({ topic_id: 7, topic_text: '校园生态美化：植物形态与环境适应', student_id: 3, student_type: '知识掌握不足', scenario: 'sid-teacher-led', repeat_id: 1, teacher_model: 'qwen2.5-7b-instruct' });
    // the scenario's labels (Student, Teacher) become SID's, which the default codebook resolves
    expect(record.dialogue).toEqual([
      { role: '学生', content: '为什么？' },
      { role: '教师', content: '你觉得呢？' },
    ]);
    const generation = record.generation as Record<string, unknown>;
    expect(generation.scenario).toEqual({ id: 'sid-teacher-led', version: '1', hash: 'abc123' });
    expect(generation.end).toEqual({ kind: 'end', reason: 'exit-keyword', keyword: '[结束]', role: 'student' });
    expect(generation.roles).toEqual({
      teacher: { connectionId: 'conn-qwen2.5-7b-instruct', model: 'qwen2.5-7b-instruct', sampling: { temperature: 0.7, max_tokens: 1000 } },
      student: { connectionId: 'conn-student', model: 'student-model', sampling: { temperature: 0.7, max_tokens: 1000 } },
    });
    expect(generation.assessments).toEqual([{ beforeTurn: 1, roleTurnNumber: 1, n: 5, c: 2, passAtK: payload.assessments[0].passAtK }]);
  });

  it('falls back to the task index for missing ids and to `topic` for the topic text', () => {
    const record = sidRecordOf(complete({ taskIndex: 4, repeatId: 2, row: { topic: 'Fractions', scenario: '课堂探究' } }));
    expect(record).toMatchObject({ topic_id: 5, topic_text: 'Fractions', student_id: 5, scenario: '课堂探究', repeat_id: 2 });
    expect(Object.hasOwn(record, 'student_type')).toBe(false);
  });
});

describe('sidJsonlByTeacher: imports through the app SID reader', () => {
  const payloads = [
    complete({ taskIndex: 0, repeatId: 1, row: { topic_id: 10, student_id: 1 } }),
    complete({ taskIndex: 1, repeatId: 2, row: { topic_id: 2, student_id: 1 }, turns: [turn('student', HTML_LOOKING, 1), turn('teacher', '好问题。', 2)] }),
    complete({ taskIndex: 1, repeatId: 1, row: { topic_id: 2, student_id: 1 } }),
    complete({ taskIndex: 0, repeatId: 1, row: { topic_id: 2, student_id: 1 }, teacherModel: 'deepseek/deepseek-chat' }),
    complete({ taskIndex: 2, repeatId: 1, row: { topic_id: 3, student_id: 1 } }, false),
    failed({ taskIndex: 3, repeatId: 1, row: { topic_id: 4, student_id: 1 } }),
  ];
  const files = sidJsonlByTeacher(payloads);

  it('writes one file per teacher model, with kept complete conversations only', () => {
    expect(files.map(({ teacherModel, fileName, dialogues }) => ({ teacherModel, fileName, dialogues }))).toEqual([
      { teacherModel: 'deepseek/deepseek-chat', fileName: 'deepseek_deepseek-chat.jsonl', dialogues: 1 },
      { teacherModel: 'qwen2.5-7b-instruct', fileName: 'qwen2.5-7b-instruct.jsonl', dialogues: 3 },
    ]);
    expect(files.every((file) => file.text.endsWith('}\n'))).toBe(true);
  });

  it('parses into the expected dialogues, sorted by topic, student and repeat, with the provenance in extra', () => {
    const file = files[1];
    const parsed = parseText(file.fileName, file.text);
    expect(errorsOf(parsed)).toEqual([]);
    expect(parsed.issues).toEqual([]);
    expect(parsed.format).toBe('sid-jsonl');
    expect(parsed.dialogues.map((d) => ({ teacherModel: d.teacherModel, topicId: d.topicId, studentId: d.studentId, repeatId: d.repeatId, turns: d.turns.length }))).toEqual([
      { teacherModel: 'qwen2.5-7b-instruct', topicId: '2', studentId: '1', repeatId: '1', turns: 3 },
      { teacherModel: 'qwen2.5-7b-instruct', topicId: '2', studentId: '1', repeatId: '2', turns: 2 },
      { teacherModel: 'qwen2.5-7b-instruct', topicId: '10', studentId: '1', repeatId: '1', turns: 3 },
    ]);
    const [first] = parsed.dialogues;
    expect(first.turns.map((t) => t.speaker)).toEqual(['student', 'teacher', 'student']);
    expect(first.turns.map((t) => t.utterance)).toEqual(['为什么仙人掌的叶子是刺？', '你觉得沙漠里最缺少的是什么？', '水！[结束]']);
    expect(first.studentType).toBe('');
    expect(first.extra.teacher_model).toBe('qwen2.5-7b-instruct');
    expect(first.extra.generation).toMatchObject({ conversationId: 't1-r1', scenario: { id: 'sid-teacher-led', version: '1', hash: 'abc123' }, end: { reason: 'exit-keyword' } });
  });

  it('keeps Chinese and HTML-looking text as the text it is', () => {
    const parsed = parseText(files[1].fileName, files[1].text);
    expect(parsed.dialogues[1].turns[0].utterance).toBe(HTML_LOOKING);
    expect(files[1].text).toContain('仙人掌');
  });

  it('names a teacher whose name is no file name by a safe stem; the record keeps the real name', () => {
    const parsed = parseText(files[0].fileName, files[0].text);
    expect(parsed.issues).toEqual([]);
    expect(parsed.dialogues[0].teacherModel).toBe('deepseek_deepseek-chat');
    expect(parsed.dialogues[0].extra.teacher_model).toBe('deepseek/deepseek-chat');
    expect(parseText(files[0].fileName, files[0].text, { teacherModel: 'deepseek/deepseek-chat' }).dialogues[0].teacherModel).toBe('deepseek/deepseek-chat');
  });

  it('gives two models with the same safe name different files', () => {
    const names = sidJsonlByTeacher([complete({ teacherModel: 'a:b' }), complete({ teacherModel: 'a|b' }), complete({ teacherModel: 'CON' })]).map((file) => file.fileName);
    expect(new Set(names).size).toBe(3);
    expect(names).toContain('_CON.jsonl');
  });

  it('imports a guide turn as speaker "other" with the importer warning, not an error', () => {
    const [file] = sidJsonlByTeacher([complete({ turns: [turn('guide', '问问沙漠的水。', 1, 'Guide'), turn('student', '沙漠缺水吗？', 2)] })]);
    const parsed = parseText(file.fileName, file.text);
    expect(errorsOf(parsed)).toEqual([]);
    expect(warningsOf(parsed, 'unknown-speaker')).toHaveLength(1);
    expect(parsed.dialogues[0].turns.map((t) => t.speakerRaw)).toEqual(['Guide', '学生']);
  });
});

describe('droppedConversations', () => {
  it('lists the safety-dropped and the failed conversations with their reasons', () => {
    const dropped = droppedConversations([complete({ taskIndex: 2 }, false), complete({ taskIndex: 0 }), failed({ taskIndex: 1 })]);
    expect(dropped).toEqual([
      { conversationId: 't1-r1', teacherModel: 'qwen2.5-7b-instruct', reasons: ['The teacher connection answered 500 three times at turn 4.'], status: 'failed' },
      { conversationId: 't2-r1', teacherModel: 'qwen2.5-7b-instruct', reasons: ['The word "笨蛋" is on the safety list (turn 2).'], status: 'complete' },
    ]);
  });
});
