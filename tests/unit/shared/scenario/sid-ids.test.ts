import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sharedSidIdsText, sidIdPlan, type TaskRow } from '../../../../shared/scenario';

/** The id the SID importer joins a record's ids into. */
const externalId = (ids: { topicId: unknown; studentId: unknown; repeatId: number }) => `${String(ids.topicId)}-${String(ids.studentId)}-${ids.repeatId}`;

function allIds(rows: readonly TaskRow[], repeats: number): string[] {
  const plan = sidIdPlan(rows, repeats);
  return rows.flatMap((_, taskIndex) => Array.from({ length: repeats }, (__, repeat) => externalId(plan.idsOf(taskIndex, repeat + 1))));
}

describe('sidIdPlan', () => {
  it('the issue\'s run: three task rows of topic 1 crossed with five learning states, one repeat, make 15 ids, not 5', () => {
    const rows = [1, 2, 3].flatMap((n) => [1, 2, 3, 4, 5].map((student) => ({ topic_id: 1, topic: `t${n}`, student_id: student })));
    const ids = allIds(rows, 1);
    expect(new Set(ids).size).toBe(15);
    // rows 1, 6 and 11 share topic 1 and student 1: repeat ids 1, 2, 3 in row order
    const plan = sidIdPlan(rows, 1);
    expect([0, 5, 10].map((taskIndex) => plan.idsOf(taskIndex, 1))).toEqual([1, 2, 3].map((repeatId) => ({ topicId: 1, studentId: 1, repeatId })));
    expect(plan.shared).toHaveLength(5);
    expect(sharedSidIdsText(plan)).toMatch(/^5 topic_id and student_id pairs are named by several task rows .*rows 1, 6, 11; .*\(row 1: 1, row 6: 2, row 11: 3\)$/);
  });

  it('keeps SID\'s own numbering (1…repeats) for rows with a topic and student of their own, and says nothing', () => {
    const rows = [{ topic_id: 1, student_id: 1 }, { topic_id: 1, student_id: 2 }, { topic_id: 2, student_id: 1 }];
    const plan = sidIdPlan(rows, 3);
    expect(rows.flatMap((_, taskIndex) => [1, 2, 3].map((repeat) => plan.idsOf(taskIndex, repeat).repeatId))).toEqual([1, 2, 3, 1, 2, 3, 1, 2, 3]);
    expect(plan.shared).toEqual([]);
    expect(sharedSidIdsText(plan)).toBeNull();
  });

  it('a missing column is the row\'s 1-based index, and 1 and "1" are one id (as the importer joins them)', () => {
    // row 2 lacks topic_id: its topic is 2, which row 1 names as a string
    const plan = sidIdPlan([{ topic_id: '2', student_id: 7 }, { student_id: 7 }], 2);
    expect([plan.idsOf(0, 1), plan.idsOf(0, 2), plan.idsOf(1, 1), plan.idsOf(1, 2)].map(externalId)).toEqual(['2-7-1', '2-7-2', '2-7-3', '2-7-4']);
  });

  it('gives every conversation of any rows a distinct id, and changes none of a row that shares no ids', () => {
    const value = fc.oneof(fc.constantFrom(1, 2, 3), fc.constantFrom('1', '2', 'a'));
    const row = fc.record({ topic_id: value, student_id: value }, { requiredKeys: [] });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 12 }), fc.integer({ min: 1, max: 4 }), (rows, repeats) => {
        const ids = allIds(rows, repeats);
        expect(new Set(ids).size).toBe(ids.length);
        const plan = sidIdPlan(rows, repeats);
        const sharing = new Set(plan.shared.flatMap((group) => group.rows.map((number) => number - 1)));
        rows.forEach((_, taskIndex) => {
          if (sharing.has(taskIndex)) return;
          for (let repeat = 1; repeat <= repeats; repeat++) expect(plan.idsOf(taskIndex, repeat).repeatId).toBe(repeat);
        });
      }),
    );
  });
});
