import { describe, expect, it } from 'vitest';
import { matchLayerToDataset, type StoredDialogueForLayer } from '../../../../shared/layers/match-to-dataset';
import type { ParsedDialogue, ParsedFile } from '../../../../shared/model/dataset';
import { dialogue, parsedFile, turn, value } from '../../renderer/fixtures';
import { annotation, parseText, sidLine } from '../support';

/** A stored dialogue as the data set holds it, built from a parsed one under a given database id. */
function stored(id: string, parsed: ParsedDialogue): StoredDialogueForLayer {
  return {
    id,
    externalId: parsed.externalId,
    teacherModel: parsed.teacherModel,
    topicId: parsed.topicId,
    studentId: parsed.studentId,
    repeatId: parsed.repeatId,
    turns: parsed.turns.map((item) => ({ id: `${id}#${item.index}`, index: item.index, speaker: item.speaker, utterance: item.utterance })),
  };
}

const intent = (code: string) => ({ teacher_intent: value(code, 'ok', [code]) });

/** The second annotator's copy of dialogue `line`: same texts, its own values per turn. */
function annotated(line: number, turnCount: number, overrides: Partial<ParsedDialogue> = {}): ParsedDialogue {
  const base = dialogue(line, turnCount, overrides);
  return { ...base, turns: base.turns.map((item) => ({ ...item, pre: intent(`code-${line}-${item.index}`) })) };
}

function file(dialogues: ParsedDialogue[]): ParsedFile {
  return parsedFile('wang.jsonl', dialogues);
}

describe('matchLayerToDataset', () => {
  it('gives every stored turn the value of the file turn with the same text', () => {
    const data = [stored('s:1', dialogue(1, 3)), stored('s:2', dialogue(2, 2))];
    const result = matchLayerToDataset(data, file([annotated(2, 2, { line: 5 })]));
    expect(result.problems).toEqual([]);
    expect(result.values).toEqual([
      { dialogueId: 's:2', turnId: 's:2#0', values: intent('code-2-0') },
      { dialogueId: 's:2', turnId: 's:2#1', values: intent('code-2-1') },
    ]);
    expect(result.matchedDialogues).toBe(1);
    expect(result.storedDialoguesNotInFile).toBe(1);
    expect(result.normalizedTurnMatches).toBe(0);
  });

  it('matches a turn whose text differs only in width, punctuation or the end marker', () => {
    const data = [stored('s:1', { ...dialogue(1, 0), turns: [turn(0), { ...turn(1), utterance: '你觉得呢？' }] })];
    const other = annotated(1, 2);
    other.turns[1] = { ...other.turns[1], utterance: '你觉得呢? [结束]' };
    const result = matchLayerToDataset(data, file([other]));
    expect(result.problems).toEqual([]);
    expect(result.values.map((item) => item.turnId)).toEqual(['s:1#0', 's:1#1']);
    expect(result.normalizedTurnMatches).toBe(1);
  });

  it('reports a dialogue the data set does not hold, with file and line, and attaches none of it', () => {
    const result = matchLayerToDataset([stored('s:1', dialogue(1, 2))], file([annotated(9, 2, { line: 4 })]));
    expect(result.values).toEqual([]);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ file: 'wang.jsonl', line: 4 });
    expect(result.problems[0].message).toContain('"7-9-1"');
    expect(result.problems[0].message).toContain('not in the data set');
  });

  it('never matches a turn by its position when its text differs', () => {
    const other = annotated(1, 3, { line: 3 });
    other.turns[1] = { ...other.turns[1], utterance: '完全不同的一句话' };
    const result = matchLayerToDataset([stored('s:1', dialogue(1, 3))], file([other]));
    expect(result.values.map((item) => item.turnId)).toEqual(['s:1#0', 's:1#2']);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ file: 'wang.jsonl', line: 3 });
    expect(result.problems[0].message).toContain('turn 2 "完全不同的一句话"');
  });

  it('leaves out a turn whose speaker differs from the stored turn with that text', () => {
    const other = annotated(1, 2);
    other.turns[0] = { ...other.turns[0], speaker: 'teacher', speakerRaw: '教师' };
    const result = matchLayerToDataset([stored('s:1', dialogue(1, 2))], file([other]));
    expect(result.values.map((item) => item.turnId)).toEqual(['s:1#1']);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0].message).toContain('spoken by the teacher');
  });

  it('qualifies an id by teacher model when the data set holds it under several models', () => {
    const data = [stored('gpt:1', dialogue(1, 2)), stored('qwen:1', dialogue(1, 2, { teacherModel: 'Qwen' }))];
    const result = matchLayerToDataset(data, file([annotated(1, 2, { teacherModel: 'Qwen' }), annotated(1, 2, { teacherModel: 'Claude', line: 2 })]));
    expect(result.values.map((item) => item.turnId)).toEqual(['qwen:1#0', 'qwen:1#1']);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ line: 2 });
    expect(result.problems[0].message).toContain('Claude');
  });

  it('reports a dialogue given twice in the file and ignores the later copy', () => {
    const first = annotated(1, 2);
    const copy = { ...annotated(1, 2, { line: 8 }), turns: annotated(1, 2).turns.map((item) => ({ ...item, pre: intent('copy') })) };
    const result = matchLayerToDataset([stored('s:1', dialogue(1, 2))], file([first, copy]));
    expect(result.values.map((item) => item.values)).toEqual([intent('code-1-0'), intent('code-1-1')]);
    expect(result.problems).toEqual([expect.objectContaining({ line: 8, message: expect.stringContaining('already in this file at line 1') })]);
  });

  it('refuses to choose when the key names several stored dialogues', () => {
    const data = [stored('a:1', dialogue(1, 2)), stored('b:1', dialogue(1, 2))];
    const result = matchLayerToDataset(data, file([annotated(1, 2)]));
    expect(result.values).toEqual([]);
    expect(result.problems[0].message).toContain('matches 2 dialogues');
  });

  it('matches a dialogue without topic/student/repeat ids by its turn texts', () => {
    const noIds = { topicId: null, studentId: null, repeatId: null };
    const data = [stored('s:1', dialogue(1, 2, { ...noIds, externalId: 'a.jsonl:1' }))];
    const result = matchLayerToDataset(data, file([annotated(1, 2, { ...noIds, externalId: 'wang.jsonl:1' })]));
    expect(result.problems).toEqual([]);
    expect(result.values.map((item) => item.turnId)).toEqual(['s:1#0', 's:1#1']);
  });

  it('attaches a parsed SID file of the same dialogue annotated differently', () => {
    const header = { topic_id: 7, student_id: 3, repeat_id: 1, topic_text: '校园生态', student_type: '知识掌握不足', scenario: '课堂探究' };
    const texts: [string, string][] = [
      ['学生', '为什么仙人掌的叶子是刺？'],
      ['教师', '你觉得沙漠里最缺少的是什么？'],
    ];
    const llm = parseText('GPT-4o/llm.jsonl', sidLine(texts, [annotation('学生', texts[0][1]), annotation('教师', texts[1][1], { teacher_intent: '引导' })], header));
    const human = parseText('wang.jsonl', sidLine(texts, [annotation('学生', texts[0][1]), annotation('教师', texts[1][1], { teacher_intent: '追问' })], header));
    const data = llm.dialogues.map((item, position) => stored(`s:${position}`, item));
    const result = matchLayerToDataset(data, human);
    expect(result.problems).toEqual([]);
    expect(result.values.map((item) => item.turnId)).toEqual(['s:0#0', 's:0#1']);
    expect(result.values[1].values.teacher_intent.raw).toBe('追问');
  });
});
