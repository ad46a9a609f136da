import { describe, expect, it } from 'vitest';
import { contentHash, detectFormat, guessTeacherModel, hasEndMarker, teacherModelFromName } from '../../../../shared/import';
import { jsonErrorOffset } from '../../../../shared/import/json-error-offset';

describe('teacherModelFromName', () => {
  it.each([
    ['GPT-4o/GPT-4o-interdis_topic_1.jsonl', 'GPT-4o'],
    ['GPT-4o/GPT-4o-interdis_topic_7.jsonl', 'GPT-4o'],
    ['annotated/GPT-4o-interdis_topic_1.jsonl', 'GPT-4o'],
    ['annotated/Qwen2.5-72B-interdis_topic_1.jsonl', 'Qwen2.5-72B'],
    ['/home/u/Downloads/GPT-4o-interdis_topic_1.jsonl', 'GPT-4o'],
    ['annotated/GPT-4o/x.jsonl', 'GPT-4o'],
    ['annotated/Qwen2.5-72B/whatever.jsonl', 'Qwen2.5-72B'],
    ['data/run1.jsonl', 'data'],
    ['run1.jsonl', 'run1'],
    ['./run1.jsonl', 'run1'],
    ['data/topic_1.jsonl', 'data'],
    ['GPT-4o-interdis_topic_12.jsonl', 'GPT-4o'],
    ['claude-3.5_topic_3.jsonl', 'claude-3.5'],
    ['deepseek.jsonl', 'deepseek'],
    ['C:\\data\\Gemini\\x.jsonl', 'Gemini'],
    ['topic_1.jsonl', 'topic_1'],
  ])('%s → %s', (name, model) => {
    expect(teacherModelFromName(name)).toBe(model);
  });
});

describe('contentHash', () => {
  it('is 16 hex digits and the same for the same text however it was built', () => {
    const text = '学生：为什么？\n'.repeat(1000);
    const rebuilt = Array.from({ length: 1000 }, () => '学生：为什么？').join('\n') + '\n';
    expect(contentHash(text)).toMatch(/^[0-9a-f]{16}$/);
    expect(contentHash(rebuilt)).toBe(contentHash(text));
  });

  it('differs for different texts, down to one character, order or a trailing newline', () => {
    const text = '学生：为什么？\n'.repeat(1000);
    expect(contentHash(`${text.slice(0, -1)}。`)).not.toBe(contentHash(text));
    expect(contentHash(text.trimEnd())).not.toBe(contentHash(text));
    expect(contentHash('')).not.toBe(contentHash(' '));
    expect(contentHash('ab')).not.toBe(contentHash('ba'));
    const lines = Array.from({ length: 2000 }, (_, i) => `{"topic_id": ${i}}`);
    expect(new Set(lines.map(contentHash)).size).toBe(lines.length);
  });

  it('keeps its values across versions, or re-imports of files stored earlier would go unnoticed', () => {
    // computed independently from the algorithm in hash.ts (a Python re-implementation of the 32-bit lanes)
    expect(contentHash('')).toBe('488bdcb81aee8d83');
    expect(contentHash('a')).toBe('1213124eda4555df');
    expect(contentHash('学生：为什么？')).toBe('45010484ddce4281');
  });
});

describe('hasEndMarker', () => {
  it.each([
    ['今天就到这里。[结束]', true],
    ['Bye [End]', true],
    ['再见［结束］  ', true],
    ['[结束] 之后还有话', false],
    ['结束', false],
  ])('%j → %s', (utterance, expected) => {
    expect(hasEndMarker(utterance)).toBe(expected);
  });
});

describe('detectFormat', () => {
  it.each([
    ['a.jsonl', '{"dialogue": []}\n', 'sid-jsonl'],
    ['a.jsonl', 'not json\n{"conversation": "Teacher: (probing)Why?|EOM|Student: x"}\n', 'mathdial'],
    ['a.json', '[{"dialogue": []}]', 'sid-json'],
    ['a.json', '\uFEFF [\n {"c_id": "1", "c_h": [{"text": "hi", "user": "tutor"}]}]', 'bridge'],
    ['a.csv', '{"looks": "like json"}', 'delimited'],
    ['a.tsv', 'x\ty', 'delimited'],
    ['a.txt', 'dialogue_id,speaker,utterance\n', 'delimited'],
    ['a.txt', 'just words', 'unknown'],
    // a .json file is read as JSON, so what is wrong with it is named at its line
    ['a.json', 'hello', 'sid-json'],
  ])('%s %j → %s', (name, text, format) => {
    expect(detectFormat({ name, text })).toBe(format);
  });
});

describe('jsonErrorOffset', () => {
  it.each([
    ['{"a": [1, 2, {"b": null}], "c": "x\\n\\u00e9", "d": -1.5e3}', -1],
    ['{"a": 1,}', 8],
    ['[1 2]', 3],
    ['{"a": tru}', 9],
    ['{"a": "\\q"}', 8],
    ['{"a": 1} x', 9],
    ['"open', 5],
    ['', 0],
  ])('%j fails at %i (-1 = valid)', (text, offset) => {
    expect(jsonErrorOffset(text)).toBe(offset);
    let valid = true;
    try {
      JSON.parse(text);
    } catch {
      valid = false;
    }
    expect(valid).toBe(offset === -1);
  });
});

describe('guessTeacherModel', () => {
  it.each([
    ['GPT-4o/GPT-4o-interdis_topic_1.jsonl', null, 'GPT-4o', 'file-name'],
    ['annotated/GPT-4o/x.jsonl', null, 'GPT-4o', 'folder'],
    ['broken.jsonl', null, 'broken', 'bare-name'],
    ['./lessons.csv', 'delimited', 'lessons', 'bare-name'],
    ['example.jsonl', 'mathdial', 'MathDial (human teacher)', 'preset'],
    ['data/bridge.json', 'bridge', 'Bridge (human tutor)', 'preset'],
  ] as const)('%s (%s) → %s from %s', (name, format, model, source) => {
    expect(guessTeacherModel(name, format)).toEqual({ model, source });
  });
});
