import { describe, expect, it } from 'vitest';
import { parseRubricSet, RubricSetError, rubricSetHash, rubricSetToJson, rubricsFingerprint, SID_RUBRIC_SET } from '../../../../shared/judge';

const EXAMPLE = {
  label: 'GPT-4o · 1-2-1',
  source: { dialogue: '1-2-1', group: 'GPT-4o' },
  context: { topic: '浮力', studentType: '概念混淆' },
  turns: [
    { speaker: 'teacher', utterance: '你觉得铁块为什么会沉？' },
    { speaker: 'student', utterance: '因为它重。' },
  ],
  scores: [
    { rubric: 'TCF', score: 2, rationale: '只问了一个问题' },
    { rubric: 'X-SRG', score: 4 },
    { rubric: 'M-RCC', score: 3 },
    { rubric: 'X-MSR', score: 3 },
    { rubric: 'IRA', score: 5 },
  ],
};

function withExamples(examples: unknown): Record<string, unknown> {
  return { ...rubricSetToJson(SID_RUBRIC_SET), expertExamples: examples };
}

function problemsOf(json: unknown): string[] {
  try {
    parseRubricSet(json, 'anchored.json');
  } catch (error) {
    expect(error).toBeInstanceOf(RubricSetError);
    return (error as RubricSetError).problems;
  }
  throw new Error('expected the set to be refused');
}

describe('expert examples attached to a rubric set', () => {
  it('reads them with the scores in the set’s rubric order and round-trips through its JSON', () => {
    const set = parseRubricSet(withExamples([EXAMPLE]));
    expect(set.expertExamples).toHaveLength(1);
    expect(set.expertExamples![0].scores.map((score) => score.rubric)).toEqual(['X-SRG', 'M-RCC', 'X-MSR', 'IRA', 'TCF']);
    expect(set.expertExamples![0].scores[4]).toEqual({ rubric: 'TCF', score: 2, rationale: '只问了一个问题' });
    expect(parseRubricSet(JSON.parse(JSON.stringify(rubricSetToJson(set))))).toEqual(set);
  });

  it('changes the hash when anchors are attached, and an empty list is the set without anchors', () => {
    const anchored = parseRubricSet(withExamples([EXAMPLE]));
    expect(rubricSetHash(anchored)).not.toBe(rubricSetHash(SID_RUBRIC_SET));
    const empty = parseRubricSet(withExamples([]));
    expect(empty.expertExamples).toBeUndefined();
    expect(rubricSetHash(empty)).toBe(rubricSetHash(SID_RUBRIC_SET));
    // results stored before anchors existed point at this hash: the SID set must keep it
    expect(rubricSetHash(SID_RUBRIC_SET)).toBe('7c82d1367fd23db6');
  });

  it('scores on versions that differ only in version, name or anchors have one rubrics fingerprint; a rubric edit changes it', () => {
    const anchored = parseRubricSet({ ...withExamples([EXAMPLE]), version: '1.0.1', name: { zh: '新', en: 'new' } });
    expect(anchored.expertExamples![0].source).toEqual({ dialogue: '1-2-1', group: 'GPT-4o' });
    expect(rubricsFingerprint(anchored)).toBe(rubricsFingerprint(SID_RUBRIC_SET));
    const edited = structuredClone(SID_RUBRIC_SET);
    edited.rubrics[1].anchors[0].description.zh += '。';
    expect(rubricsFingerprint(edited)).not.toBe(rubricsFingerprint(SID_RUBRIC_SET));
    expect(problemsOf(withExamples([{ ...EXAMPLE, source: { dialogue: 7 } }]))).toEqual([expect.stringContaining('$.expertExamples[0].source needs "dialogue" and "group" as strings')]);
  });

  it('refuses an anchor whose scores are not a complete answer, naming each problem by path', () => {
    const broken = {
      ...EXAMPLE,
      speakerless: true,
      turns: [{ speaker: 'robot', utterance: 3 }],
      scores: [
        { rubric: 'X-SRG', score: 6 },
        { rubric: 'X-SRG', score: 4 },
        { rubric: 'NOPE', score: 1 },
        { rubric: 'IRA', score: 3.5 },
      ],
    };
    const problems = problemsOf(withExamples([broken]));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('$.expertExamples[0].speakerless is not a known key'),
        expect.stringContaining('$.expertExamples[0].turns[0].speaker must be one of teacher, student, other'),
        expect.stringContaining('$.expertExamples[0].turns[0].utterance must be a string'),
        expect.stringContaining('$.expertExamples[0].scores[0].score must be a whole number from 1 to 5 (is 6)'),
        expect.stringContaining('$.expertExamples[0].scores[1].rubric X-SRG is scored twice'),
        expect.stringContaining('$.expertExamples[0].scores[2].rubric "NOPE" is not a rubric of the set'),
        expect.stringContaining('$.expertExamples[0].scores[3].score must be a whole number from 1 to 5 (is 3.5)'),
        expect.stringContaining('$.expertExamples[0].scores has no score for M-RCC'),
        expect.stringContaining('$.expertExamples[0].scores has no score for TCF'),
      ]),
    );
    expect(problemsOf(withExamples([{ ...EXAMPLE, turns: [] }]))).toEqual([expect.stringContaining('$.expertExamples[0].turns must be a list of 1–5000')]);
    expect(problemsOf(withExamples(Array.from({ length: 21 }, () => EXAMPLE)))).toEqual([expect.stringContaining('at most 20 expert-scored dialogues')]);
  });
});
