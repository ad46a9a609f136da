import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { guessColumnMapping, previewDelimited } from '../../../../shared/import';
import type { ColumnMapping } from '../../../../shared/import';
import { errorsOf, fixtureText, parseText, warningsOf } from '../support';

const MULTILINE = fixtureText('multiline.csv');

describe('delimited import: line numbers', () => {
  it('counts quoted multi-line cells when naming the line of a bad row', () => {
    const file = parseText('turns.csv', MULTILINE);
    expect(file.dialogues).toEqual([]);
    expect(errorsOf(file)).toEqual([expect.objectContaining({ line: 8, code: 'bad-row' })]);
    expect(errorsOf(file)[0].message).toContain('"x"');
    expect(warningsOf(file, 'unknown-label')).toEqual([expect.objectContaining({ line: 6 })]);
  });

  it('groups rows by dialogue in order of first appearance and sorts by the turn column', () => {
    const file = parseText('turns.csv', MULTILINE.replace('d2,x,', 'd2,2,'));
    expect(errorsOf(file)).toEqual([]);
    const [d1, d2] = file.dialogues;
    expect(file.dialogues.map((dialogue) => [dialogue.externalId, dialogue.line])).toEqual([
      ['d1', 2],
      ['d2', 6],
    ]);
    expect(d1.turns.map((turn) => [turn.index, turn.speaker, turn.utterance])).toEqual([
      [0, 'student', '老师，\n为什么仙人掌的叶子\n是刺？'],
      [1, 'teacher', '你觉得沙漠里最缺少的是什么？'],
      [2, 'student', '水？'],
    ]);
    expect(d2.turns[0].utterance).toBe('她说"你好"');
    expect(d1.turns[1].pre.teaching_strategy).toEqual({ raw: '追问, 提示', codes: ['follow_up_questioning', 'provide_hints'], unknown: [], status: 'ok' });
    expect(d1.turns[1].alignment).toBe('mapped');
    expect(d1.turns[0].pre.student_cognition_state.codes).toEqual(['vague_understanding']);
    expect(file.counts).toEqual({ dialogues: 2, turns: 5, annotations: 5 });
  });

  it('warns about two rows of one dialogue with the same turn order, naming both lines, and keeps file order', () => {
    const file = parseText('turns.csv', 'dialogue_id,turn,speaker,utterance\nd1,1,教师,A\nd2,1,教师,X\nd1,1,学生,B\nd1,2,教师,C\n');
    expect(errorsOf(file)).toEqual([]);
    expect(file.dialogues[0].turns.map((turn) => turn.utterance)).toEqual(['A', 'B', 'C']);
    const warnings = warningsOf(file, 'duplicate-turn-order');
    expect(warnings).toEqual([expect.objectContaining({ line: 4 })]);
    expect(warnings[0].message).toBe('Dialogue "d1" has turn order 1 in "turn" on line 2 and on line 4; the two rows were kept in file order.');
  });

  it('keeps a column named __proto__ as an ordinary extra value', () => {
    const file = parseText('turns.csv', 'dialogue_id,speaker,utterance,__proto__\nd1,教师,A,x\nd1,学生,B,x\n');
    const { extra } = file.dialogues[0];
    expect(Object.getPrototypeOf(extra)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(extra, '__proto__')?.value).toBe('x');
  });

  it('handles CRLF line ends and a byte-order mark', () => {
    const text = '\uFEFFdialogue_id,speaker,utterance\r\nd1,教师,"第一行\r\n第二行"\r\nd1,学生,嗯\r\n';
    const file = parseText('crlf.csv', text);
    expect(file.dialogues[0].turns.map((turn) => turn.utterance)).toEqual(['第一行\r\n第二行', '嗯']);
    expect(parseText('crlf.csv', `${text}d2,学生\r\n`).issues).toEqual([expect.objectContaining({ line: 5, code: 'bad-row' })]);
  });

  it('reports a row without dialogue id or speaker', () => {
    const file = parseText('x.csv', 'dialogue_id,speaker,utterance\nd1,教师,好\n,学生,嗯\nd1,,嗯\n');
    expect(errorsOf(file).map((issue) => [issue.line, issue.code])).toEqual([
      [3, 'bad-row'],
      [4, 'bad-row'],
    ]);
  });

  it('reports an unterminated quote with its line', () => {
    const file = parseText('q.csv', 'dialogue_id,speaker,utterance\nd1,教师,好\nd1,学生,"没有结束\n');
    expect(errorsOf(file).some((issue) => issue.line === 3 && issue.code === 'bad-row')).toBe(true);
  });
});

describe('delimited import: mapping', () => {
  it('names a missing required column', () => {
    const file = parseText('x.tsv', fixtureText('missing-column.tsv'));
    expect(errorsOf(file)).toEqual([expect.objectContaining({ code: 'missing-column', line: 1 })]);
    expect(errorsOf(file)[0].message).toContain('utterance');
  });

  it('names a mapped column that the header lacks', () => {
    const mapping: ColumnMapping = { dialogueId: 'conversation_id', speaker: 'role', utterance: 'text', fields: { teacher_intent: 'intent' } };
    const file = parseText('x.tsv', fixtureText('missing-column.tsv'), { mapping });
    expect(errorsOf(file).map((issue) => issue.message)).toEqual([
      expect.stringContaining('"text" (utterance)'),
      expect.stringContaining('"intent" (field teacher_intent)'),
    ]);
  });

  it('guesses structural columns and fields from English and Chinese headers', () => {
    expect(guessColumnMapping(['对话id', '轮次', '说话人', '话语', '教师意图', 'Teaching strategy', 'model'], DEFAULT_CODEBOOK)).toEqual({
      dialogueId: '对话id',
      turnOrder: '轮次',
      speaker: '说话人',
      utterance: '话语',
      teacherModel: 'model',
      fields: { teacher_intent: '教师意图', teaching_strategy: 'Teaching strategy' },
    });
    expect(guessColumnMapping(['Dialogue ID', 'Turn Index', 'Role', 'Text', 'cognitive_level'], DEFAULT_CODEBOOK)).toMatchObject({
      dialogueId: 'Dialogue ID',
      turnOrder: 'Turn Index',
      speaker: 'Role',
      utterance: 'Text',
      fields: { cognitive_level: 'cognitive_level' },
    });
  });

  it('guesses a wide layout for student/teacher text side by side', () => {
    expect(guessColumnMapping(['obs_id', 'exchange_idx', 'student_text', 'teacher_text', 'uptake'], DEFAULT_CODEBOOK)).toEqual({
      dialogueId: 'obs_id',
      dialogueIdParts: ['exchange_idx'],
      speaker: '',
      utterance: '',
      fields: {},
      turnsPerRow: [
        { role: 'student', utterance: 'student_text' },
        { role: 'teacher', utterance: 'teacher_text' },
      ],
    });
  });

  it('keeps dialogue-level columns: SID keys as fields, others in extra when constant', () => {
    const text = 'dialogue_id,speaker,utterance,topic_id,topic_text,note,row_note\nd1,教师,你好,7,光合作用,a,x\nd1,学生,好,7,光合作用,a,y\n';
    const [dialogue] = parseText('x.csv', text).dialogues;
    expect([dialogue.topicId, dialogue.topicText]).toEqual(['7', '光合作用']);
    expect(dialogue.extra).toEqual({ note: 'a' });
  });
});

describe('previewDelimited', () => {
  it('detects tab, semicolon and comma and counts the data rows', () => {
    expect(previewDelimited({ name: 'a.tsv', text: 'a\tb\n1\t2\n' })).toEqual({ delimiter: '\t', columns: ['a', 'b'], rows: [['1', '2']], rowCount: 1 });
    expect(previewDelimited({ name: 'a.csv', text: 'a;b;c\n1;2;3\n\n4;5;6\n' })).toMatchObject({ delimiter: ';', rowCount: 2 });
    const many = ['a,b', ...Array.from({ length: 30 }, (_, i) => `${i},"x,${i}"`)].join('\n');
    const preview = previewDelimited({ name: 'a.csv', text: many });
    expect(preview).toMatchObject({ delimiter: ',', rowCount: 30 });
    expect(preview.rows).toHaveLength(20);
    expect(preview.rows[3]).toEqual(['3', 'x,3']);
  });
});
