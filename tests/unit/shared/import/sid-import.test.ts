import { describe, expect, it } from 'vitest';
import type { ParsedDialogue } from '../../../../shared/model/dataset';
import { annotation, errorsOf, fixtureText, parseText, sidLine, warningsOf } from '../support';

describe('SID JSONL: the split final summary (12 turns, 14 annotations)', () => {
  const file = parseText('GPT-4o/GPT-4o-interdis_topic_1.jsonl', fixtureText('sid-split-summary.jsonl'));
  const [dialogue, second] = file.dialogues as [ParsedDialogue, ParsedDialogue];
  const summary = dialogue.turns[11];

  it('imports both records, with their line numbers, and no errors', () => {
    expect(errorsOf(file)).toEqual([]);
    expect(file.format).toBe('sid-jsonl');
    expect(file.dialogues.map((d) => d.line)).toEqual([1, 3]);
    expect(file.counts).toEqual({ dialogues: 2, turns: 14, annotations: 17 });
    expect(dialogue.turns).toHaveLength(12);
  });

  it('takes the teacher model from the folder and the record header as modelled fields', () => {
    expect(file.teacherModel).toBe('GPT-4o');
    expect(dialogue.teacherModel).toBe('GPT-4o');
    expect(dialogue.externalId).toBe('7-3-1');
    expect([dialogue.topicId, dialogue.studentId, dialogue.repeatId, dialogue.studentType]).toEqual(['7', '3', '1', '知识掌握不足']);
    expect(dialogue.extra).toEqual({ model_notes: { temperature: 0.8 } });
  });

  it('merges the three summary fragments onto the last turn', () => {
    expect(summary.fragments).toBe(3);
    expect(summary.alignment).toBe('containment');
    expect(dialogue.turns.slice(0, 11).every((turn) => turn.fragments === 1 && turn.alignment === 'exact')).toBe(true);
    expect(dialogue.unaligned).toEqual([]);
    const merged = warningsOf(file, 'merged-fragments');
    expect(merged).toHaveLength(1);
    expect(merged[0].message).toContain('Turn 12');
    expect(merged[0].message).toContain('12, 13, 14');
  });

  it('keeps agreeing fragment values, joining differently spelled raws', () => {
    expect(summary.pre.discipline).toEqual({ raw: '生物, 地理 | 生物,地理 | 生物、地理', codes: ['biology', 'geography'], unknown: [], status: 'ok' });
    expect(summary.pre.cognitive_level).toEqual({ raw: '评价', codes: ['evaluate'], unknown: [], status: 'ok' });
  });

  it('marks disagreeing fragments as a conflict: union for sets, nothing for one-value fields', () => {
    expect(summary.pre.teacher_intent).toEqual({ raw: '总结提升 | 总结提升 | 引发迁移', codes: [], unknown: [], status: 'conflict' });
    expect(summary.pre.teaching_strategy.status).toBe('conflict');
    expect(summary.pre.teaching_strategy.codes).toEqual(['encourage_responses', 'corrective_feedback']);
    const conflicts = warningsOf(file, 'conflicting-fragments').map((issue) => issue.message);
    expect(conflicts).toHaveLength(2);
    expect(conflicts.some((message) => message.includes('teacher_intent'))).toBe(true);
  });

  it('keeps the end marker in the utterance and flags it', () => {
    expect(summary.utterance.endsWith('[结束]')).toBe(true);
    expect(summary.endMarker).toBe(true);
    expect(dialogue.turns.filter((turn) => turn.endMarker)).toHaveLength(1);
  });

  it('flags 理解 as a cognition state and 引导推理 as a strategy, accepts 理解（Understand） as Bloom', () => {
    const turn5 = dialogue.turns[4];
    expect(turn5.pre.student_cognition_state).toMatchObject({ raw: '理解', status: 'unknown' });
    expect(turn5.pre.cognitive_level).toMatchObject({ raw: '理解（Understand）', codes: ['understand'], status: 'ok' });
    expect(dialogue.turns[5].pre.teaching_strategy).toMatchObject({ raw: '引导推理', status: 'unknown', unknown: ['引导推理'] });
    const unknown = warningsOf(file, 'unknown-label').map((issue) => issue.message);
    expect(unknown).toHaveLength(2);
    expect(unknown[0]).toMatch(/^Turn 5 \(学生\): student_cognition_state "理解"/);
    expect(unknown[1]).toMatch(/^Turn 6 \(教师\): teaching_strategy "引导推理"/);
  });

  it('gives fields that do not apply to the speaker status empty without a warning', () => {
    expect(dialogue.turns[0].pre.teacher_intent).toEqual({ raw: '', codes: [], unknown: [], status: 'empty' });
    expect(dialogue.turns[1].pre.student_cognition_state.status).toBe('empty');
  });

  it('parses separators in sets: 、 ; / and full-width commas', () => {
    expect(dialogue.turns[3].pre.teaching_strategy.codes).toEqual(['corrective_feedback', 'provide_hints']);
    expect(dialogue.turns[7].pre.teaching_strategy.codes).toEqual(['scenario_questioning', 'follow_up_questioning']);
    expect(dialogue.turns[7].pre.discipline.codes).toEqual(['geography', 'biology']);
    expect(dialogue.turns[9].pre.teaching_strategy.codes).toEqual(['break_down_question', 'encourage_responses']);
  });

  it('keeps the XSS utterance byte-exact and resolves 老师 as teacher', () => {
    expect(second.turns[0].utterance).toBe('<img src=x onerror=alert(1)>');
    expect(second.turns[0].alignment).toBe('exact');
    expect(second.turns[1].speaker).toBe('teacher');
    expect(second.turns[1].speakerRaw).toBe('老师');
  });

  it('keeps an annotation that matches nothing as unaligned, with a warning', () => {
    expect(second.unaligned).toHaveLength(1);
    expect(second.unaligned[0]).toMatchObject({ index: 2, speakerRaw: '教师', utterance: '这一句在对话里根本不存在。' });
    expect(second.unaligned[0].raw.teacher_intent).toBe('总结提升');
    const unaligned = warningsOf(file, 'unaligned-annotation');
    expect(unaligned).toHaveLength(1);
    expect(unaligned[0]).toMatchObject({ line: 3 });
    expect(unaligned[0].message).toContain('Annotation 3');
    expect(unaligned[0].message).toContain('这一句在对话里根本不存在');
  });
});

describe('SID JSONL: bad input', () => {
  it('reports every bad line with its number and imports nothing from the file', () => {
    const file = parseText('bad.jsonl', fixtureText('sid-malformed.jsonl'));
    expect(file.dialogues).toEqual([]);
    expect(file.counts).toEqual({ dialogues: 0, turns: 0, annotations: 0 });
    expect(errorsOf(file).map((issue) => [issue.line, issue.code])).toEqual([
      [2, 'malformed-json'],
      [4, 'missing-dialogue'],
      [5, 'not-an-object'],
    ]);
    const malformed = errorsOf(file)[0];
    expect(malformed.file).toBe('bad.jsonl');
    expect(malformed.message).toMatch(/not valid JSON: .+\(column \d+\)/);
    expect(errorsOf(file)[1].message).toContain('keys found: topic_id, annotations');
  });

  it('says "dialogue" is not a list when it is there with another type', () => {
    const file = parseText('x.jsonl', '{"dialogue": 5}\n{"dialogue": {"role": "教师"}}\n{"dialogue": "教师：你好"}\n');
    expect(errorsOf(file).map((issue) => [issue.line, issue.code, issue.message.slice(0, issue.message.indexOf(';'))])).toEqual([
      [1, 'missing-dialogue', '"dialogue" is not a list (it is a number)'],
      [2, 'missing-dialogue', '"dialogue" is not a list (it is an object)'],
      [3, 'missing-dialogue', '"dialogue" is not a list (it is a string)'],
    ]);
  });

  it('is all or nothing: one bad turn drops the good dialogues of the same file', () => {
    const good = sidLine([['学生', '你好']], [], { topic_id: 1, student_id: 1, repeat_id: 1 });
    const bad = JSON.stringify({ dialogue: [{ role: '教师', content: '好' }, { role: '学生' }] });
    const file = parseText('x.jsonl', `${good}\n${bad}\n${good.replace('"topic_id":1', '"topic_id":2')}\n`);
    expect(file.dialogues).toEqual([]);
    expect(errorsOf(file)).toEqual([expect.objectContaining({ line: 2, code: 'bad-turn' })]);
    expect(errorsOf(file)[0].message).toContain('Turn 2');
    // what the error keeps out, for the report to say instead of "0 dialogues"
    expect(file.counts).toEqual({ dialogues: 0, turns: 0, annotations: 0 });
    expect(file.readable).toEqual({ dialogues: 2, turns: 2 });
  });

  it('names the field of a label warning, so the app can word it in the reader\'s language', () => {
    const file = parseText('x.jsonl', sidLine([['学生', '为什么？'], ['教师', '你觉得呢？']], [annotation('学生', '为什么？'), annotation('教师', '你觉得呢？', { teacher_intent: '随便聊聊' })]));
    const [unknown] = warningsOf(file, 'unknown-label');
    expect(unknown).toMatchObject({ field: 'teacher_intent', line: 1, turn: 2 });
    expect(unknown.message).toContain('teacher_intent');
    expect(file.readable).toEqual({ dialogues: file.counts.dialogues, turns: file.counts.turns });
    expect(warningsOf(file).filter((issue) => issue.code !== 'unknown-label' && issue.code !== 'not-applicable-value' && issue.code !== 'conflicting-fragments').every((issue) => issue.field === undefined)).toBe(true);
  });

  it('warns about an unknown role and keeps the turn as other', () => {
    const file = parseText('x.jsonl', sidLine([['旁白', '（铃声响起）'], ['学生', '下课了']], []));
    expect(errorsOf(file)).toEqual([]);
    expect(file.dialogues[0].turns[0]).toMatchObject({ speaker: 'other', speakerRaw: '旁白' });
    expect(warningsOf(file, 'unknown-speaker')[0].message).toContain('"旁白"');
  });

  it('uses <file>:<line> as external id without ids and warns about duplicate ids', () => {
    const header = { topic_id: 1, student_id: 2, repeat_id: 1 };
    const line = sidLine([['学生', '你好']], []);
    const file = parseText('a/b.jsonl', `${line}\n${sidLine([['学生', '你好']], [], header)}\n${sidLine([['学生', '再见']], [], header)}\n`);
    expect(file.dialogues.map((dialogue) => dialogue.externalId)).toEqual(['a/b.jsonl:1', '1-2-1', '1-2-1']);
    expect(warningsOf(file, 'duplicate-dialogue')).toEqual([expect.objectContaining({ line: 3 })]);
    expect(warningsOf(file, 'duplicate-dialogue')[0].message).toContain('line 2');
  });

  it('keeps and warns about a value on a field that does not apply to the speaker', () => {
    const file = parseText('x.jsonl', sidLine([['学生', '我懂了']], [annotation('学生', '我懂了', { teacher_intent: '引导推理' })]));
    expect(file.dialogues[0].turns[0].pre.teacher_intent).toMatchObject({ raw: '引导推理', codes: ['guide_reasoning'] });
    const [warning] = warningsOf(file, 'not-applicable-value');
    expect(warning.message).toMatch(/teacher_intent applies only to teacher turns/);
  });

  it('reports an unknown discipline as a milder note of the open vocabulary', () => {
    const file = parseText('x.jsonl', sidLine([['学生', '星星']], [annotation('学生', '星星', { discipline: '天文' })]));
    const [warning] = warningsOf(file, 'unknown-label');
    expect(warning.message).toContain('open vocabulary');
    expect(warning.message).toContain('only a note');
  });

  it('reports a one-value field with several values', () => {
    const file = parseText('x.jsonl', sidLine([['教师', '为什么？']], [annotation('教师', '为什么？', { teacher_intent: '引导推理，检测理解' })]));
    expect(warningsOf(file, 'unknown-label')[0].message).toContain('gives several values but this field takes one');
  });

  it('skips a dialogue without turns with a warning', () => {
    const file = parseText('x.jsonl', `${sidLine([], [])}\n${sidLine([['学生', '你好']], [])}\n`);
    expect(file.dialogues.map((dialogue) => dialogue.line)).toEqual([2]);
    expect(file.issues).toEqual([expect.objectContaining({ severity: 'warning', code: 'missing-dialogue', line: 1 })]);
  });

  it('warns about an empty file without failing it', () => {
    const file = parseText('empty.jsonl', '\n  \n');
    expect(file.issues).toEqual([expect.objectContaining({ severity: 'warning', code: 'empty-file' })]);
  });

  it('refuses a file it cannot recognise', () => {
    const file = parseText('notes.txt', fixtureText('notes.txt'));
    expect(errorsOf(file)).toEqual([expect.objectContaining({ code: 'unsupported-format', line: 1 })]);
  });
});

describe('SID JSONL: keys the model does not hold', () => {
  const text = JSON.stringify({
    topic_id: 1,
    run: 'r1',
    dialogue: [
      { role: '教师', content: '分成两段的总结。第一段。第二段。', ts: 1 },
      { speaker: '学生', text: '嗯', role: 7 },
    ],
    annotations: [
      { ...annotation('教师', '第一段。'), confidence: 0.9, model: 'm' },
      { ...annotation('教师', '第二段。'), confidence: 0.7, model: 'm' },
      { ...annotation('学生', '嗯'), confidence: 0.5 },
      { ...annotation('学生', '对不上的一句'), confidence: 0.1 },
    ],
  });
  const [dialogue] = parseText('x.jsonl', text).dialogues;

  it('keeps turn keys by turn index, besides the role and text keys it used', () => {
    expect(dialogue.extra.run).toBe('r1');
    expect(dialogue.extra.__turnExtras).toEqual({ '0': { ts: 1 }, '1': { role: 7 } });
    expect(dialogue.turns[1]).toMatchObject({ speakerRaw: '学生', utterance: '嗯' });
  });

  it('keeps annotation keys by the turn they aligned to; merged entries keep agreeing values and list differing ones', () => {
    expect(dialogue.extra.__annotationExtras).toEqual({ '0': { confidence: [0.9, 0.7], model: 'm' }, '1': { confidence: 0.5 } });
    expect(dialogue.unaligned[0].raw.confidence).toBe(0.1);
  });

  it('does not take a source key named like the reserved ones', () => {
    const [other] = parseText('x.jsonl', JSON.stringify({ __turnExtras: 'theirs', dialogue: [{ role: '教师', content: '你好' }] })).dialogues;
    expect(other.extra).toEqual({});
  });
});

describe('SID JSON array', () => {
  it('gives each element the line where it starts', () => {
    const file = parseText('Qwen/Qwen-interdis_topic_1.json', fixtureText('models/Qwen/Qwen-interdis_topic_1.json'));
    expect(file.format).toBe('sid-json');
    expect(file.teacherModel).toBe('Qwen');
    expect(file.dialogues.map((dialogue) => dialogue.line)).toEqual([2]);
    const text = `[\n${sidLine([['学生', 'a']], [])},\n\n  ${sidLine([['学生', 'b']], [])}\n]`;
    expect(parseText('x.json', text).dialogues.map((dialogue) => dialogue.line)).toEqual([2, 4]);
  });

  it('reports a syntax error at its line', () => {
    const file = parseText('x.json', '[\n{"dialogue": []},\n{"dialogue": [}\n]');
    expect(errorsOf(file)).toEqual([expect.objectContaining({ line: 3, code: 'malformed-json' })]);
  });

  it('reads a .json file holding one pretty-printed object as one record', () => {
    const one = parseText('one.json', `\n${JSON.stringify({ dialogue: [{ role: '学生', content: '你好' }] }, null, 2)}\n`);
    expect(one.format).toBe('sid-json');
    expect(one.dialogues.map((dialogue) => dialogue.line)).toEqual([2]);
    const other = parseText('package.json', JSON.stringify({ name: 'x', version: '1.0.0' }, null, 2));
    expect(errorsOf(other)).toEqual([expect.objectContaining({ code: 'missing-dialogue', line: 1 })]);
  });

  it('reports elements without a dialogue at their own line', () => {
    const file = parseText('x.json', '[\n{"dialogue": []},\n{"topic_id": 1}\n]');
    expect(errorsOf(file)).toEqual([expect.objectContaining({ line: 3, code: 'missing-dialogue' })]);
  });
});
