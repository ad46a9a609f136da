/**
 * What `spot-check` says about values read more than once (shared/spot-check/checked-values.ts
 * counts each (dialogue, teacher model, turn, field) once). The same value read again with the
 * same result — a file given twice, copies of one export concatenated, a turn listed twice in a
 * provenance — is a warning naming both places, and is counted once. The same value read again
 * with another result — two exports of one data set made at different times, an edited copy —
 * is an error: which of the two is the expert's word is not for the spot-check to guess.
 */
import type { CheckedOrigin, RepeatedValue } from '../../../shared/spot-check';
import { fileLine } from '../terminal-text';

/** Past this many disagreeing values, one line says how many more there are. */
const MOST_CONFLICT_LINES = 20;

const place = (origin: CheckedOrigin | undefined): string => (origin ? `${origin.file}${origin.line === null ? '' : `:${origin.line}`}` : 'an earlier record');

const sameRecord = (a: CheckedOrigin | undefined, b: CheckedOrigin | undefined): boolean => a !== undefined && b !== undefined && a.file === b.file && a.line === b.line;

const who = (repeat: RepeatedValue): string => `dialogue "${repeat.dialogueId}"${repeat.teacherModel ? ` (${repeat.teacherModel})` : ''}`;

/** "its 3 reviewed values are", "its 1 reviewed value is" */
const its = (count: number): string => (count === 1 ? 'its 1 reviewed value is' : `its ${count} reviewed values are`);

/** One warning per record (or provenance entry) read again, with how many of its values were repeats. */
export function repeatWarnings(repeats: readonly RepeatedValue[]): string[] {
  const groups = new Map<string, { repeat: RepeatedValue; count: number }>();
  for (const repeat of repeats) {
    if (!repeat.agrees) continue;
    const inside = sameRecord(repeat.first, repeat.again);
    const key = JSON.stringify([place(repeat.again), place(repeat.first), inside ? [repeat.first?.entry, repeat.again?.entry] : repeat.dialogueId]);
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { repeat, count: 1 });
  }
  return [...groups.values()].map(({ repeat, count }) => {
    const { again, first } = repeat;
    const message = sameRecord(first, again)
      ? `warning: maieutic.turns[${again?.entry}] repeats turn ${repeat.turnIndex} of maieutic.turns[${first?.entry}]; ${its(count)} counted once.`
      : `warning: ${who(repeat)} was already read at ${place(first)}; ${its(count)} the same here and counted once.`;
    return fileLine(again?.file ?? '', again?.line ?? null, message);
  });
}

/** One error per value read again with another result (up to MOST_CONFLICT_LINES, then a count). */
export function repeatConflicts(repeats: readonly RepeatedValue[]): string[] {
  const conflicting = repeats.filter((repeat) => !repeat.agrees);
  const lines = conflicting.slice(0, MOST_CONFLICT_LINES).map((repeat) => {
    const where = sameRecord(repeat.first, repeat.again) ? `maieutic.turns[${repeat.again?.entry}] and maieutic.turns[${repeat.first?.entry}] of this record` : `this record and ${place(repeat.first)}`;
    return fileLine(
      repeat.again?.file ?? '',
      repeat.again?.line ?? null,
      `${who(repeat)}, turn ${repeat.turnIndex}, ${repeat.fieldId}: read twice with different values (${where} differ in the LLM or the expert value). A value is counted once, and which reading is the expert's cannot be guessed: give the spot-check one export of each data set.`,
    );
  });
  if (conflicting.length > MOST_CONFLICT_LINES) lines.push(`… and ${conflicting.length - MOST_CONFLICT_LINES} more values read twice with different values.`);
  return lines;
}
