/**
 * Pairing for pairwise judging: a dialogue of teacher model A and one of model B are a pair when
 * they have the same topic and the same student (and the same repeat when both have a repeat
 * id). Every dialogue of the two groups that finds no partner is reported with why, so a run
 * never silently compares fewer pairs than the data holds.
 */

export interface PairableDialogue {
  /** unique within its group */
  id: string;
  /** the teacher model */
  group: string;
  topicId: string | null;
  studentId: string | null;
  repeatId: string | null;
}

export interface DialoguePair {
  /** `<topic_id>-<student_id>`, with `-<repeat_id>` when the pair was matched by repeat */
  id: string;
  /** the dialogue of group A, and of group B */
  a: string;
  b: string;
  topicId: string;
  studentId: string;
  repeatId: string | null;
}

export type UnpairedReason = 'no-ids' | 'no-partner' | 'ambiguous' | 'same-repeat' | 'same-pair-id';

export interface UnpairedDialogue {
  dialogue: string;
  group: string;
  reason: UnpairedReason;
  message: string;
}

export interface Pairing {
  groupA: string;
  groupB: string;
  /** in the order group A's dialogues were given */
  pairs: DialoguePair[];
  unpaired: UnpairedDialogue[];
  /** dialogues of neither group, left out */
  otherGroups: number;
}

function bucketKey(dialogue: PairableDialogue): string {
  return JSON.stringify([dialogue.topicId, dialogue.studentId]);
}

/**
 * Pairs group A's dialogues with group B's by topic and student. Within one topic and student:
 * when every dialogue of both groups has a repeat id, repeats are matched by id (a repeat id
 * held twice in one group pairs neither); otherwise only one dialogue on each side makes a pair,
 * and more are ambiguous. Throws when A and B name the same group.
 */
export function pairDialogues(dialogues: readonly PairableDialogue[], groupA: string, groupB: string): Pairing {
  if (groupA === groupB) throw new Error(`Pairwise judging compares two groups; both are ${JSON.stringify(groupA)}.`);
  const result: Pairing = { groupA, groupB, pairs: [], unpaired: [], otherGroups: 0 };
  const unpaired = (dialogue: PairableDialogue, reason: UnpairedReason, message: string) => result.unpaired.push({ dialogue: dialogue.id, group: dialogue.group, reason, message });
  const buckets = new Map<string, { a: PairableDialogue[]; b: PairableDialogue[] }>();
  for (const dialogue of dialogues) {
    if (dialogue.group !== groupA && dialogue.group !== groupB) {
      result.otherGroups++;
      continue;
    }
    if (dialogue.topicId === null || dialogue.studentId === null) {
      unpaired(dialogue, 'no-ids', `${dialogue.id} of ${dialogue.group} has no ${dialogue.topicId === null ? 'topic_id' : 'student_id'}, so it has no partner to be compared with`);
      continue;
    }
    const key = bucketKey(dialogue);
    let bucket = buckets.get(key);
    if (!bucket) buckets.set(key, (bucket = { a: [], b: [] }));
    (dialogue.group === groupA ? bucket.a : bucket.b).push(dialogue);
  }
  const candidates: DialoguePair[] = [];
  for (const { a, b } of buckets.values()) {
    const { topicId, studentId } = (a[0] ?? b[0]) as PairableDialogue & { topicId: string; studentId: string };
    const where = `topic ${topicId}, student ${studentId}`;
    if (a.length === 0 || b.length === 0) {
      const missing = a.length === 0 ? groupA : groupB;
      for (const dialogue of [...a, ...b]) unpaired(dialogue, 'no-partner', `${dialogue.id} of ${dialogue.group}: ${missing} has no dialogue with ${where}`);
      continue;
    }
    if ([...a, ...b].every((dialogue) => dialogue.repeatId !== null)) {
      const byRepeat = (side: PairableDialogue[]) => {
        const map = new Map<string, PairableDialogue[]>();
        for (const dialogue of side) map.set(dialogue.repeatId as string, [...(map.get(dialogue.repeatId as string) ?? []), dialogue]);
        return map;
      };
      const repeatsB = byRepeat(b);
      const repeatsA = byRepeat(a);
      for (const [repeat, sideA] of repeatsA) {
        const sideB = repeatsB.get(repeat) ?? [];
        if (sideA.length > 1 || sideB.length > 1) {
          for (const dialogue of [...sideA, ...sideB]) unpaired(dialogue, 'same-repeat', `${dialogue.id} of ${dialogue.group}: ${where}, repeat ${repeat} is held by more than one dialogue of ${sideA.length > 1 ? groupA : groupB}`);
        } else if (sideB.length === 0) unpaired(sideA[0], 'no-partner', `${sideA[0].id} of ${groupA}: ${groupB} has no dialogue with ${where}, repeat ${repeat}`);
        else candidates.push({ id: `${topicId}-${studentId}-${repeat}`, a: sideA[0].id, b: sideB[0].id, topicId, studentId, repeatId: repeat });
      }
      for (const [repeat, sideB] of repeatsB) {
        if (repeatsA.has(repeat)) continue;
        for (const dialogue of sideB) unpaired(dialogue, 'no-partner', `${dialogue.id} of ${groupB}: ${groupA} has no dialogue with ${where}, repeat ${repeat}`);
      }
    } else if (a.length === 1 && b.length === 1) {
      candidates.push({ id: `${topicId}-${studentId}`, a: a[0].id, b: b[0].id, topicId, studentId, repeatId: null });
    } else {
      for (const dialogue of [...a, ...b]) unpaired(dialogue, 'ambiguous', `${dialogue.id} of ${dialogue.group}: ${where} has ${a.length} dialogue(s) of ${groupA} and ${b.length} of ${groupB}, and not every one has a repeat_id to match them by`);
    }
  }
  // ids built from ids holding "-" could coincide ("a-b" + "c" and "a" + "b-c"): neither pair is guessed at
  const count = new Map<string, number>();
  for (const pair of candidates) count.set(pair.id, (count.get(pair.id) ?? 0) + 1);
  const order = new Map(dialogues.map((dialogue, index) => [`${dialogue.group}\u0000${dialogue.id}`, index]));
  for (const pair of candidates) {
    if (count.get(pair.id) === 1) result.pairs.push(pair);
    else {
      for (const [dialogue, group] of [[pair.a, groupA], [pair.b, groupB]]) result.unpaired.push({ dialogue, group, reason: 'same-pair-id', message: `${dialogue} of ${group}: its pair would be named ${pair.id}, as another pair is` });
    }
  }
  result.pairs.sort((x, y) => (order.get(`${groupA}\u0000${x.a}`) ?? 0) - (order.get(`${groupA}\u0000${y.a}`) ?? 0));
  return result;
}
