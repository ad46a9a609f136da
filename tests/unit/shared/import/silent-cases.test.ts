/** Inputs the import used to accept without a word: each now gets a warning (or one clear error). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { checkSourceFile } from '../../../../shared/import';
import { annotation, errorsOf, parseText, sidLine, warningsOf } from '../support';

const DIALOGUE: [string, string][] = [
  ['教师', '你觉得呢？'],
  ['学生', '不知道'],
  ['教师', '再想想。'],
  ['学生', '是蒸腾作用。'],
];

describe('silent cases', () => {
  it('a CSV with a header and no rows warns that it imports nothing', () => {
    const file = parseText('turns.csv', 'dialogue_id,speaker,utterance\n');
    expect(errorsOf(file)).toEqual([]);
    expect(warningsOf(file, 'header-only')).toEqual([expect.objectContaining({ line: 1, message: 'The file has a header row but no data rows under it; nothing to import.' })]);
  });

  it('a CSV header naming a column twice warns, naming both columns', () => {
    const file = parseText('turns.csv', 'dialogue_id,speaker,utterance,Utterance\n1,teacher,hi,x\n1,student,yo,y\n');
    expect(file.counts.dialogues).toBe(1);
    expect(warningsOf(file, 'duplicate-column').map((issue) => issue.message)).toEqual([
      'The header names the column "Utterance" twice (columns 3 and 4); only one of them can be read, so check which one holds the data and rename the other.',
    ]);
  });

  it('a SID record with fewer annotation entries than turns names the turns left without one', () => {
    const line = sidLine(DIALOGUE, [annotation('教师', '你觉得呢？', { teacher_intent: '引发思考' }), annotation('教师', '再想想。')]);
    const file = parseText('GPT-4o/a.jsonl', `${line}\n`);
    expect(warningsOf(file, 'unannotated-turns').map((issue) => [issue.line, issue.message])).toEqual([
      [1, '2 of 4 turns have no annotation entry (turns 2, 4; the record has 2 entries); they are imported without a pre-annotation to check.'],
    ]);
    // a record with no entries at all is a plain dialogue, not a partly annotated one
    expect(warningsOf(parseText('GPT-4o/b.jsonl', `${sidLine(DIALOGUE, [])}\n`), 'unannotated-turns')).toEqual([]);
  });

  it('an id JSON cannot hold as written (1e999, an integer past 2^53, a list) is warned about; a string or an exact number is not', () => {
    const record = (ids: string) => `{${ids},"dialogue":[{"role":"教师","content":"你好"}]}`;
    const file = parseText(
      'GPT-4o/a.jsonl',
      [
        record('"topic_id":1e999,"student_id":2,"repeat_id":1'),
        record('"topic_id":12345678901234567890,"student_id":2,"repeat_id":1'),
        record('"topic_id":[1],"student_id":true,"repeat_id":1'),
        record('"topic_id":"12345678901234567890","student_id":2.5,"repeat_id":null'),
      ].join('\n') + '\n',
    );
    expect(warningsOf(file, 'unusable-id').map((issue) => [issue.line, issue.message])).toEqual([
      [1, '"topic_id" is a number too large to hold, so the dialogue is named by its file and line instead; write the id as a string ("topic_id": "…").'],
      [2, '"topic_id" is an integer past 2^53, read as 12345678901234567000, which may not be the number written; write the id as a string ("topic_id": "…").'],
      [3, '"topic_id" is a list, not an id, so the dialogue is named by its file and line instead; write the id as a string ("topic_id": "…").'],
      [3, '"student_id" is a boolean, not an id, so the dialogue is named by its file and line instead; write the id as a string ("student_id": "…").'],
      [4, '"student_id" is a number with a fraction (2.5), kept as the id "2.5"; write the id as a string ("student_id": "…").'],
    ]);
    // the ids as they were imported: the file and line stand in where the id could not
    expect(file.dialogues.map((dialogue) => dialogue.externalId)).toEqual(['GPT-4o/a.jsonl:1', '12345678901234567000-2-1', 'GPT-4o/a.jsonl:3', 'GPT-4o/a.jsonl:4']);
  });

  it('a label made only of separators is flagged, not an empty set marked ok', () => {
    const line = sidLine(DIALOGUE.slice(0, 1), [annotation('教师', '你觉得呢？', { discipline: ',,,、、、' })]);
    const file = parseText('GPT-4o/a.jsonl', `${line}\n`);
    const value = file.dialogues[0].turns[0].pre.discipline;
    expect(value).toMatchObject({ status: 'unknown', codes: [] });
    expect(warningsOf(file, 'unknown-label').map((issue) => issue.message)).toEqual([
      'Turn 1 (教师): discipline ",,,、、、" is only punctuation or separators and names no label; kept as written and flagged for review.',
    ]);
  });

  it('a pretty-printed JSON object in a .jsonl gets one hint, not one error per line', () => {
    const record = JSON.parse(sidLine(DIALOGUE, [])) as unknown;
    const file = parseText('GPT-4o/a.jsonl', JSON.stringify(record, null, 2));
    expect(errorsOf(file).map((issue) => [issue.line, issue.code, issue.message])).toEqual([
      [1, 'malformed-json', expect.stringMatching(/^This file holds JSON written over \d+ lines \(pretty-printed\), but JSON Lines needs each dialogue on a single line\. It is valid JSON as a whole: rename the file to \.json/)],
    ]);
    const two = parseText('GPT-4o/b.jsonl', `${JSON.stringify(record, null, 2)}\n${JSON.stringify(record, null, 2)}`);
    expect(errorsOf(two)).toEqual([expect.objectContaining({ line: 1, message: expect.stringContaining('Write each dialogue on one line (for example with jq -c)') })]);
  });

  it('a JSON Lines file with two unrelated bad lines still lists each', () => {
    const good = sidLine(DIALOGUE, []);
    const file = parseText('GPT-4o/a.jsonl', `${good}\n{"dialogue": [\n${good}\n{oops}\n`);
    expect(errorsOf(file).map((issue) => issue.line)).toEqual([2, 4]);
  });
});

describe('unclear errors made clear', () => {
  it('a .json file that is not JSON names the line and column instead of "not a format Maieutic reads"', () => {
    const file = parseText('a.json', '\n// exported by the pipeline\n[{"dialogue": []}]\n');
    expect(errorsOf(file).map((issue) => [issue.line, issue.code, issue.message])).toEqual([[2, 'malformed-json', "The file is not valid JSON: Unexpected token '/' (column 1)."]]);
  });

  it('a JSON syntax error does not quote the line back, even when V8 cuts the quote on both sides', () => {
    const file = parseText('GPT-4o/a.jsonl', `${sidLine(DIALOGUE, []).replace('[', '[NaN,')}\n`);
    expect(errorsOf(file).map((issue) => issue.message)).toEqual([expect.stringMatching(/^This line is not valid JSON: Unexpected token 'N' \(column \d+\)\. Each line/)]);
  });

  it('a byte-order mark where two JSON Lines files were joined is not an error', () => {
    const second = sidLine(DIALOGUE, [], { repeat_id: 2 });
    const file = parseText('GPT-4o/a.jsonl', `${sidLine(DIALOGUE, [])}\n\uFEFF${second}\n`);
    expect(errorsOf(file)).toEqual([]);
    expect(file.counts.dialogues).toBe(2);
  });

  it('a header of thousands of columns is cut in the message', () => {
    const header = Array.from({ length: 5000 }, (_, i) => `c${i}`).join(',');
    const [first] = errorsOf(parseText('wide.csv', `${header}\n${header}\n`));
    expect(first.message).toMatch(/c19, … \(5000 columns\)\.$/);
    expect(first.message.length).toBeLessThan(300);
  });
});

describe('unannotated turns are not reported twice', () => {
  it('as many entries as turns, one unaligned: the unaligned warning says it, no second warning', () => {
    const line = sidLine(DIALOGUE.slice(0, 2), [annotation('教师', '你觉得呢？'), annotation('学生', '这句不在对话里')]);
    const file = parseText('GPT-4o/a.jsonl', `${line}\n`);
    expect(warningsOf(file, 'unaligned-annotation')).toHaveLength(1);
    expect(warningsOf(file, 'unannotated-turns')).toEqual([]);
  });

  // issue 30 point 11: read without a word before; each is warned about, by the full reader and by the check that keeps nothing
  describe('odd header values, lone surrogates and formula-looking ids', () => {
    const record = (fields: string) => `{${fields},"dialogue":[{"role":"教师","content":"你好"}]}`;
    const warningsBoth = (text: string) => {
      const parsed = parseText('GPT-4o/a.jsonl', text);
      const checked = checkSourceFile({ name: 'GPT-4o/a.jsonl', text }, { codebook: DEFAULT_CODEBOOK });
      const messages = (issues: readonly { severity: string; line: number; message: string }[]) => issues.filter((issue) => issue.severity === 'warning').map((issue) => [issue.line, issue.message]);
      expect(messages(checked.issues)).toEqual(messages(parsed.issues));
      expect(errorsOf(parsed)).toEqual([]);
      return { parsed, warnings: messages(parsed.issues) };
    };

    it('a topic_id with a fraction is kept as written, with a warning', () => {
      const { parsed, warnings } = warningsBoth(`${record('"topic_id":1.5,"student_id":2,"repeat_id":1')}\n`);
      expect(warnings).toEqual([[1, '"topic_id" is a number with a fraction (1.5), kept as the id "1.5"; write the id as a string ("topic_id": "…").']]);
      expect(parsed.dialogues[0].externalId).toBe('1.5-2-1');
    });

    it('a header text given as a number or a list is warned about: a number kept as text, a list left empty', () => {
      const { parsed, warnings } = warningsBoth(`${record('"topic_id":1,"student_id":2,"repeat_id":1,"topic_text":5,"student_type":["a"],"scenario":{"x":1}')}\n`);
      expect(warnings).toEqual([
        [1, '"topic_text" is a number (5), not text; kept as the text "5".'],
        [1, '"student_type" is a list, not text, so it was left empty; write it as a string ("student_type": "…").'],
        [1, '"scenario" is an object, not text, so it was left empty; write it as a string ("scenario": "…").'],
      ]);
      expect(parsed.dialogues[0]).toMatchObject({ topicText: '5', studentType: '', scenario: '' });
    });

    it('a lone surrogate escape is kept, with a warning naming its line; a surrogate pair is no lone one', () => {
      const lone = record('"topic_id":1,"student_id":2,"repeat_id":1,"topic_text":"a\\ud800b"');
      const pair = record('"topic_id":1,"student_id":2,"repeat_id":2,"topic_text":"\\ud83d\\ude00"');
      const { parsed, warnings } = warningsBoth(`${pair}\n${lone}\n`);
      expect(warnings).toEqual([[2, 'This record holds text with a lone surrogate (an unpaired \\ud800-\\udfff escape), which stands for no character: it is kept as written, but shows as "\ufffd" and other tools may refuse it; correct the text in the file.']]);
      expect(parsed.dialogues[1].topicText).toBe('a\ud800b');
      // in a JSON list file too
      const list = parseText('GPT-4o/a.json', `[\n${pair},\n${lone}\n]\n`);
      expect(warningsOf(list, 'lone-surrogate').map((issue) => issue.line)).toEqual([3]);
    });

    it('an id that starts like a spreadsheet formula is warned about; a negative number is not', () => {
      const { warnings } = warningsBoth(`${record('"topic_id":"=HYPERLINK(\\"http://x\\",\\"a\\")","student_id":"-3","repeat_id":"@SUM(A1)"')}\n`);
      expect(warnings).toEqual([
        [1, '"topic_id" "=HYPERLINK("http://x","a")" starts like a spreadsheet formula; kept as written (the CSV export writes it with a leading \' so a spreadsheet shows it as text), but check the file: an id is a number or a plain name.'],
        [1, '"repeat_id" "@SUM(A1)" starts like a spreadsheet formula; kept as written (the CSV export writes it with a leading \' so a spreadsheet shows it as text), but check the file: an id is a number or a plain name.'],
      ]);
    });
  });
});
