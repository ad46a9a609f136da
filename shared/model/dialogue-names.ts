/**
 * How a dialogue is named to a person. A SID id (`<topic>-<student>-<repeat>`) names one
 * conversation per teacher model, so in a data set comparing several models "7-1-1" can be
 * three dialogues; wherever such an id is shown (lists, audit trail, notices, CLI lines) the
 * teacher model goes with it. An id only one model holds stays short.
 */

export interface NameableDialogue {
  externalId: string;
  teacherModel: string;
}

/** `7-1-1 · GPT-4o`: the separator reads the same in Chinese and English text. */
export function dialogueNameWithModel(externalId: string, teacherModel: string): string {
  return teacherModel === '' ? externalId : `${externalId} · ${teacherModel}`;
}

/**
 * The ids held by more than one teacher model among `dialogues` (the whole data set, not only
 * the rows on screen: a filtered list must still say which model's 7-1-1 it shows).
 */
export function idsSharedByModels(dialogues: Iterable<NameableDialogue>): Set<string> {
  const firstModel = new Map<string, string>();
  const shared = new Set<string>();
  for (const { externalId, teacherModel } of dialogues) {
    const seen = firstModel.get(externalId);
    if (seen === undefined) firstModel.set(externalId, teacherModel);
    else if (seen !== teacherModel) shared.add(externalId);
  }
  return shared;
}

/** A namer for one data set: the id alone, or with its teacher model where the id is shared. */
export function dialogueNamer(dialogues: Iterable<NameableDialogue>): (dialogue: NameableDialogue) => string {
  const shared = idsSharedByModels(dialogues);
  return ({ externalId, teacherModel }) => (shared.has(externalId) ? dialogueNameWithModel(externalId, teacherModel) : externalId);
}

/**
 * Every dialogue's display name by its database id. A repeat of the same id under the same model
 * (a duplicate kept at import, or a teacher model corrected to one that already holds the id) is
 * numbered `7-1-1#2` in the order given, as the CLI names it, so two dialogues never read as one.
 */
export function dialogueNamesById<T extends NameableDialogue & { id: string }>(dialogues: readonly T[]): Record<string, string> {
  const shared = idsSharedByModels(dialogues);
  const seen = new Map<string, number>();
  return Object.fromEntries(
    dialogues.map((dialogue) => {
      const key = JSON.stringify([dialogue.externalId, dialogue.teacherModel]);
      const count = (seen.get(key) ?? 0) + 1;
      seen.set(key, count);
      const id = count === 1 ? dialogue.externalId : `${dialogue.externalId}#${count}`;
      return [dialogue.id, shared.has(dialogue.externalId) ? dialogueNameWithModel(id, dialogue.teacherModel) : id];
    }),
  );
}
