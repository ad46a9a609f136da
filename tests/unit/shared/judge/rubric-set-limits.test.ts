/**
 * A rubric set is sent with every judge call (issue 30 point 5): one text (a definition, an
 * anchor, an utterance of an expert example) longer than MAX_RUBRIC_TEXT, or texts adding up to
 * more than MAX_RUBRIC_SET_TEXT, are refused with the figure and the limit; the SID set is far
 * inside both. A file larger than the rubric-set limit is refused before it is parsed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_RUBRIC_SET_TEXT, MAX_RUBRIC_TEXT, parseRubricSet, readRubricSetText, RubricSetError } from '../../../../shared/judge';
import { RESOURCES_DIR } from '../../../support/repo-paths';

const sid = () => JSON.parse(readFileSync(join(RESOURCES_DIR, 'rubrics/sid.json'), 'utf8')) as { rubrics: { definition: { zh: string; en: string } }[] };

function problemsOf(json: unknown): string[] {
  try {
    parseRubricSet(json, 'big.json');
    return [];
  } catch (error) {
    if (error instanceof RubricSetError) return error.problems;
    throw error;
  }
}

describe('rubric-set text limits', () => {
  it('reads the SID set and a definition of exactly the limit', () => {
    expect(problemsOf(sid())).toEqual([]);
    const set = sid();
    set.rubrics[0].definition.en = 'd'.repeat(MAX_RUBRIC_TEXT);
    expect(problemsOf(set)).toEqual([]);
  });

  it('refuses a definition one character over the limit, and a 10 MB one, with its length', () => {
    const set = sid();
    set.rubrics[0].definition.en = 'd'.repeat(MAX_RUBRIC_TEXT + 1);
    expect(problemsOf(set)).toEqual([`$.rubrics[0].definition.en has 8,001 characters; a text of a rubric set may have at most 8,000 (it is sent with every call)`]);
    set.rubrics[1].definition.zh = '长'.repeat(10_000_000);
    expect(problemsOf(set)).toContain(`$.rubrics[1].definition.zh has 10,000,000 characters; a text of a rubric set may have at most 8,000 (it is sent with every call)`);
  });

  it('refuses texts that each fit but add up to more than the set may hold', () => {
    const set = sid() as { rubrics: Record<string, unknown>[] };
    const each = MAX_RUBRIC_SET_TEXT / 200 + 10;
    set.rubrics = Array.from({ length: 100 }, (_, index) => ({ ...set.rubrics[0], id: `R${index}`, definition: { zh: 'z'.repeat(each), en: 'e'.repeat(each) } }));
    const [problem] = problemsOf(set);
    expect(problem).toMatch(/^\$: the texts of the set add up to [\d,]+ characters; a rubric set may hold at most 200,000 \(they are sent with every call\)$/);
  });

  it('refuses a file over the rubric-set size before parsing it, with its size', () => {
    const read = readRubricSetText(' '.repeat(1024 * 1024 + 1), 'huge.json');
    expect(read).toEqual({ ok: false, problems: [{ line: null, message: 'cannot read the rubric set: too large (1,048,577 bytes; a rubric set may be at most 1,048,576 bytes)' }] });
  });
});
