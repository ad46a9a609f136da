/**
 * Which dialogue of one side is which dialogue of another: the one key both the CLI (layers read
 * from files, matched to each other) and the app (a file matched to a stored data set) use.
 *
 * - By external id `<topic_id>-<student_id>-<repeat_id>` when the record has all three keys,
 *   otherwise by identical turn texts (the exact utterances, in order).
 * - When some side holds one id under several teacher models (a benchmark folder: every model ran
 *   the same sessions), the id alone names several dialogues, so that id is qualified by the
 *   teacher model on every side alike.
 */

/** What the key reads of a dialogue, stored or parsed. */
export interface KeyedDialogue {
  topicId: string | null;
  studentId: string | null;
  repeatId: string | null;
  externalId: string;
  teacherModel: string;
  turns: readonly { utterance: string }[];
}

export function hasFullId(dialogue: KeyedDialogue): boolean {
  return dialogue.topicId !== null && dialogue.studentId !== null && dialogue.repeatId !== null;
}

/** `id:<topic>-<student>-<repeat>` when the record has all three, else `text:` and its exact turn texts. */
export function dialogueKey(dialogue: KeyedDialogue): string {
  if (hasFullId(dialogue)) return `id:${dialogue.externalId}`;
  return `text:${dialogue.turns.map((turn) => turn.utterance).join('\u0000')}`;
}

/** Id keys that at least one side holds under two or more teacher models. */
export function idsSharedByModels(sides: Iterable<Iterable<KeyedDialogue>>): Set<string> {
  const shared = new Set<string>();
  for (const side of sides) {
    const modelOf = new Map<string, string>();
    for (const dialogue of side) {
      const key = dialogueKey(dialogue);
      if (!key.startsWith('id:')) continue;
      const model = modelOf.get(key);
      if (model === undefined) modelOf.set(key, dialogue.teacherModel);
      else if (model !== dialogue.teacherModel) shared.add(key);
    }
  }
  return shared;
}

/** The key function for these sides: dialogueKey, qualified by the teacher model where idsSharedByModels says so. */
export function dialogueKeyer(sides: Iterable<Iterable<KeyedDialogue>>): (dialogue: KeyedDialogue) => string {
  const shared = idsSharedByModels(sides);
  return (dialogue) => {
    const key = dialogueKey(dialogue);
    return shared.has(key) ? `${key}\u0000${dialogue.teacherModel}` : key;
  };
}
