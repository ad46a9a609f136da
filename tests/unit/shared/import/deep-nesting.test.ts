/**
 * Hostile nesting: every walk over an imported value (label text, the JSONL export, the app's
 * store) recurses, so a record nested past MAX_JSON_NESTING is refused at its file:line, and
 * the JSON error scanner never recurses at all. Inputs are generated here, not committed.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { toSidJsonl } from '../../../../shared/export';
import { toStoredDialogue } from '../../../../shared/import';
import { jsonErrorOffset } from '../../../../shared/import/json-error-offset';
import { MAX_JSON_NESTING, nestingBeyond, nestsDeeperThan } from '../../../../shared/import/json-records';
import { annotation, errorsOf, parseText, sidLine } from '../support';

const nestedList = (depth: number, inner = '"x"') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const goodLine = sidLine([['教师', '你好']], [annotation('教师', '你好', { teacher_intent: '提问' })]);
/** A record whose `teacher_intent` label is `value` (raw JSON text); the record itself adds 3 levels. */
const recordWithLabel = (value: string) => goodLine.replace('"teacher_intent":"提问"', `"teacher_intent":${value}`);

describe('jsonErrorOffset on deep text', () => {
  it.each([4_999, 20_000, 200_000])('finds the bad token under %i open lists without overflowing the stack', (depth) => {
    expect(jsonErrorOffset(`${'['.repeat(depth)}x`)).toBe(depth);
    expect(jsonErrorOffset(`${'{"k":'.repeat(depth)}x`)).toBe(depth * 5);
  });

  it('accepts deep valid text and finds the one missing bracket', () => {
    expect(jsonErrorOffset(nestedList(50_000))).toBe(-1);
    const unclosed = nestedList(50_000).slice(0, -1);
    expect(jsonErrorOffset(unclosed)).toBe(unclosed.length);
  });

  it('reports a 4,999-deep malformed line of a file at its line and column', () => {
    const file = parseText('a.jsonl', `${goodLine}\n{"dialogue":${'['.repeat(4_999)}x\n`);
    expect(errorsOf(file)).toEqual([expect.objectContaining({ line: 2, code: 'malformed-json', message: expect.stringContaining('(column 5012)') })]);
  });
});

describe('records nested beyond MAX_JSON_NESTING', () => {
  it('nestingBeyond counts levels outside strings only', () => {
    expect(nestingBeyond('{"a":"[[[[{{{{\\"[[["}', 1)).toBe(-1);
    expect(nestingBeyond('{"a":[{}]}', 2)).toBe(6);
    expect(nestingBeyond('{"a":"\\\\"}', 1)).toBe(-1); // an escaped backslash before the closing quote
  });

  it('nestsDeeperThan walks parsed values, a "__proto__" key included, without recursion', () => {
    expect(nestsDeeperThan(JSON.parse('{"__proto__":[[[1]]]}'), 3)).toBe(true);
    expect(nestsDeeperThan(JSON.parse('{"__proto__":[[[1]]]}'), 4)).toBe(false);
    expect(nestsDeeperThan(JSON.parse(nestedList(200_000)), MAX_JSON_NESTING)).toBe(true);
    expect(nestsDeeperThan('[[[[', 1)).toBe(false);
  });

  it.each([
    ['a 20,000-deep list', nestedList(20_000)],
    ['a 20,000-deep object', nestedObject(20_000)],
  ])('%s inside a label is refused with file:line, the other lines still listed', (_, value) => {
    const file = parseText('a.jsonl', `${goodLine}\n${recordWithLabel(value)}\n${goodLine}\n`);
    expect(file.dialogues).toEqual([]);
    expect(errorsOf(file)).toEqual([
      expect.objectContaining({ file: 'a.jsonl', line: 2, code: 'too-deep', message: expect.stringMatching(/nested more than 64 levels deep \(column \d+\)/) }),
    ]);
  });

  it('refuses a deep record inside a JSON list file at the line where the nesting passes the limit', () => {
    const text = `[\n${goodLine},\n${recordWithLabel(nestedList(10_000))}\n]`;
    const file = parseText('a.json', text);
    expect(errorsOf(file)).toEqual([expect.objectContaining({ line: 3, code: 'too-deep' })]);
  });

  it('refuses a valid 10,000-deep extra key that the export could not write', () => {
    const deep = goodLine.replace('{', `{"notes":${nestedList(10_000)},`);
    expect(errorsOf(parseText('a.jsonl', deep))).toEqual([expect.objectContaining({ line: 1, code: 'too-deep' })]);
  });

  it('imports a record at exactly the limit, exports it and reads the export back', () => {
    // record object (1) > annotations list (2) > entry (3) > label lists
    const atLimit = recordWithLabel(nestedList(MAX_JSON_NESTING - 3));
    const file = parseText('a.jsonl', `${atLimit}\n`);
    expect(errorsOf(file)).toEqual([]);
    expect(errorsOf(parseText('a.jsonl', `${recordWithLabel(nestedList(MAX_JSON_NESTING - 2))}\n`))).toEqual([expect.objectContaining({ code: 'too-deep' })]);
    const items = file.dialogues.map((parsed) => ({ ...toStoredDialogue(parsed, { datasetId: 'ds', sourceId: 'src', file: 'a.jsonl' }), fieldReviews: [], turnReviews: [], dialogueReview: null }));
    const exported = toSidJsonl(items, DEFAULT_CODEBOOK);
    expect(errorsOf(parseText('b.jsonl', exported))).toEqual([]);
  });

  it('refuses a deep MathDial line too', () => {
    const line = JSON.stringify({ qid: 1, conversation: 'Teacher: hi|EOM|Student: hello' }).replace('{', `{"x":${nestedList(20_000)},`);
    expect(errorsOf(parseText('m.jsonl', `${line}\n`, { format: 'mathdial' }))).toEqual([expect.objectContaining({ line: 1, code: 'too-deep' })]);
  });
});
