/**
 * The SID ids (`topic_id`, `student_id`, `repeat_id`) of a run's conversations, distinct for every
 * conversation. A task row names its topic and student (a missing column: the row's 1-based index
 * in that place), the repeat is 1…repeats. When several task rows (after the cross lists) name the
 * same topic and student, their repeat ids are numbered on across those rows in row order: the
 * k-th such row's repeats are (k − 1) × repeats + 1 … k × repeats. Rows with a topic and student of
 * their own keep repeat ids 1…repeats, as SID numbers them. The rule depends on the rows and the
 * repeat count only, so every run of a scenario (and the app and the CLI) names a conversation alike.
 */
import type { TaskRow, TaskValue } from './types';

export interface SidIds {
  topicId: TaskValue;
  studentId: TaskValue;
  repeatId: number;
}

/** The topic and student a row names: its columns, else its 1-based index. */
export function rowSidIds(row: TaskRow, taskIndex: number): { topicId: TaskValue; studentId: TaskValue } {
  return { topicId: Object.hasOwn(row, 'topic_id') ? row.topic_id : taskIndex + 1, studentId: Object.hasOwn(row, 'student_id') ? row.student_id : taskIndex + 1 };
}

/** Rows that name one topic and student: the ids, and the rows (1-based) in order. */
export interface SharedSidIds {
  topicId: TaskValue;
  studentId: TaskValue;
  rows: number[];
}

export interface SidIdPlan {
  /** the ids of a conversation (a 0-based task index and its 1-based repeat) */
  idsOf(taskIndex: number, repeatId: number): SidIds;
  /** the groups of rows sharing a topic and student, in the order of their first row */
  shared: SharedSidIds[];
  repeats: number;
}

/** The SID import joins the ids into `topic-student-repeat`: 1 and "1" are the same id. */
const groupKey = (ids: { topicId: TaskValue; studentId: TaskValue }): string => JSON.stringify([String(ids.topicId), String(ids.studentId)]);

export function sidIdPlan(rows: readonly TaskRow[], repeats: number): SidIdPlan {
  const groups = new Map<string, SharedSidIds>();
  const positionInGroup: number[] = [];
  rows.forEach((row, taskIndex) => {
    const ids = rowSidIds(row, taskIndex);
    const key = groupKey(ids);
    const group = groups.get(key) ?? { ...ids, rows: [] };
    positionInGroup.push(group.rows.length);
    group.rows.push(taskIndex + 1);
    groups.set(key, group);
  });
  return {
    repeats,
    shared: [...groups.values()].filter((group) => group.rows.length > 1),
    idsOf(taskIndex, repeatId) {
      const row = rows[taskIndex] ?? {};
      return { ...rowSidIds(row, taskIndex), repeatId: (positionInGroup[taskIndex] ?? 0) * repeats + repeatId };
    },
  };
}

/** In words, for the command line and the data card: how rows sharing ids were told apart; null when none do. */
export function sharedSidIdsText(plan: SidIdPlan): string | null {
  if (plan.shared.length === 0) return null;
  const first = plan.shared[0];
  const span = (position: number) => {
    const from = position * plan.repeats + 1;
    const to = (position + 1) * plan.repeats;
    return from === to ? `${from}` : `${from}–${to}`;
  };
  const example = first.rows.slice(0, 4).map((row, position) => `row ${row}: ${span(position)}`).join(', ');
  const groups = plan.shared.length === 1 ? 'one topic_id and student_id pair is' : `${plan.shared.length} topic_id and student_id pairs are`;
  return (
    `${groups} named by several task rows (after the cross lists), e.g. topic_id ${String(first.topicId)}, student_id ${String(first.studentId)} by rows ${first.rows.join(', ')}; ` +
    `so every dialogue keeps an id of its own, repeat_id counts on across the rows sharing a pair, in row order (${example}${first.rows.length > 4 ? ', …' : ''})`
  );
}
