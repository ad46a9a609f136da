/**
 * The annotator's side of assignment packages (issue 11): a package opened in this profile
 * becomes a data set of its dialogues only (blind: without pre-annotations), reviewed as usual;
 * "Export my work" reads the reviews back out as a work package for the owner.
 */
import type { ConsistencyRules } from '../../../../shared/consistency/types';
import type { AssignmentRow } from '../../../../shared/model/assignment';
import { dialogueHeader, type ParsedFile } from '../../../../shared/model/dataset';
import { WORK_PACKAGE_VERSION, type AssignmentPackage, type WorkDialogue, type WorkPackage, type WorkTurn } from '../../../../shared/packages';
import type { MaieuticDb } from '../db';
import { dialogueIdOf, newId } from '../ids';
import { addCodebookVersion } from './codebook-versions';
import { loadExportItems } from './export';
import { importParsedFiles } from './import';
import { ValidationError } from './validate';
import { checkedRow } from './row-checks';

/** The package was opened in this profile before; its data set is still here. */
export class AssignmentAlreadyOpenError extends ValidationError {
  constructor(readonly datasetId: string, datasetName: string) {
    super(`This assignment is already open here as data set "${datasetName}".`);
  }
}

/** The data set this profile made from the package with this id, if it still exists. */
export async function findReceivedDataset(db: MaieuticDb, assignmentId: string): Promise<{ id: string; name: string } | null> {
  const row = await db.assignments.get(assignmentId);
  if (!row || row.direction !== 'received') return null;
  const dataset = await db.datasets.get(row.datasetId);
  return dataset ? { id: dataset.id, name: dataset.name } : null;
}

/**
 * Makes a data set of the package's dialogues and records the assignment as received, in ONE
 * transaction. Each dialogue is stored at the "line" of its position in the package, so the
 * local ids are known before the write and kept beside the owner's ids (localDialogueIds).
 * The codebook the package carries (its content proven by the package's hash) is stored as a
 * version of this profile, with `rules`, and the data set records it: an owner's edited or
 * custom codebook is labelled here exactly as the owner defined it.
 */
export async function openAssignment(
  db: MaieuticDb,
  { pkg, file, datasetName, rules, now = new Date() }: { pkg: AssignmentPackage; file: string; datasetName: string; rules: ConsistencyRules; now?: Date },
): Promise<{ datasetId: string }> {
  const parsed: ParsedFile = {
    file,
    format: 'sid-json',
    contentHash: pkg.id,
    teacherModel: '',
    dialogues: pkg.dialogues.map((dialogue, position) => ({
      line: position + 1,
      ...dialogueHeader(dialogue),
      extra: {},
      unaligned: [],
      turns: dialogue.turns.map((turn) => ({
        index: turn.index,
        speaker: turn.speaker,
        speakerRaw: turn.speakerRaw,
        utterance: turn.utterance,
        endMarker: turn.endMarker,
        pre: turn.pre ?? {},
        alignment: turn.pre ? 'exact' : 'none',
        fragments: turn.pre ? 1 : 0,
      })),
    })),
    issues: [],
    counts: { dialogues: pkg.dialogues.length, turns: pkg.dialogues.reduce((sum, dialogue) => sum + dialogue.turns.length, 0), annotations: 0 },
    readable: { dialogues: pkg.dialogues.length, turns: pkg.dialogues.reduce((sum, dialogue) => sum + dialogue.turns.length, 0) },
  };
  return db.transaction('rw', [db.datasets, db.sources, db.dialogues, db.turnBlocks, db.assignments, db.codebookVersions], async () => {
    const earlier = await findReceivedDataset(db, pkg.id);
    if (earlier) throw new AssignmentAlreadyOpenError(earlier.id, earlier.name);
    await addCodebookVersion(db, { codebook: pkg.codebook, rules, createdAt: now.toISOString() });
    const result = await importParsedFiles(db, { kind: 'new', name: datasetName, codebookId: pkg.codebook.id, codebookHash: pkg.codebookHash }, [parsed], { now });
    const row: AssignmentRow = {
      id: pkg.id,
      datasetId: result.datasetId,
      direction: 'received',
      annotatorName: pkg.annotator.name,
      sourceDatasetId: pkg.dataset.id,
      sourceDatasetName: pkg.dataset.name,
      dialogueIds: pkg.dialogues.map((dialogue) => dialogue.id),
      localDialogueIds: pkg.dialogues.map((_, position) => dialogueIdOf(result.sourceIds[0], position + 1)),
      blind: pkg.blind,
      codebookId: pkg.codebook.id,
      codebookVersion: pkg.codebook.version,
      codebookHash: pkg.codebookHash,
      createdAt: pkg.createdAt,
    };
    await db.assignments.put(checkedRow('assignments', row));
    return { datasetId: result.datasetId };
  });
}

/** The assignment this data set was made from, when it was made from one. */
export async function receivedAssignmentOf(db: MaieuticDb, datasetId: string): Promise<AssignmentRow | null> {
  const rows = await db.assignments.where('datasetId').equals(datasetId).toArray();
  return rows.find((row) => row.direction === 'received') ?? null;
}

export interface AssignmentProgress {
  assignment: AssignmentRow;
  /** dialogues done: every turn of it verified (what the assignment asks for), or the annotator marked it verified */
  done: number;
  total: number;
  /** turns of the assignment's dialogues verified, of all their turns */
  verifiedTurns: number;
  turns: number;
}

export async function assignmentProgress(db: MaieuticDb, datasetId: string): Promise<AssignmentProgress | null> {
  const assignment = await receivedAssignmentOf(db, datasetId);
  if (!assignment) return null;
  const localIds = assignment.localDialogueIds ?? [];
  return db.transaction('r', [db.dialogues, db.dialogueReviews, db.turnReviews], async () => {
    const [dialogues, reviews, turnReviews] = await Promise.all([
      db.dialogues.bulkGet(localIds),
      db.dialogueReviews.bulkGet(localIds),
      db.turnReviews.where('dialogueId').anyOf(localIds).toArray(),
    ]);
    const verifiedOf = new Map<string, number>();
    for (const review of turnReviews) if (review.verified) verifiedOf.set(review.dialogueId, (verifiedOf.get(review.dialogueId) ?? 0) + 1);
    let done = 0;
    let turns = 0;
    let verifiedTurns = 0;
    localIds.forEach((id, position) => {
      const turnCount = dialogues[position]?.turnCount ?? 0;
      const verified = Math.min(verifiedOf.get(id) ?? 0, turnCount);
      turns += turnCount;
      verifiedTurns += verified;
      if (reviews[position]?.status === 'verified' || (turnCount > 0 && verified === turnCount)) done += 1;
    });
    return { assignment, done, total: localIds.length, verifiedTurns, turns };
  });
}

/** The annotator's reviews of the data set as a work package for the assignment it came from. */
export async function buildWorkPackage(db: MaieuticDb, datasetId: string, now = new Date()): Promise<WorkPackage> {
  const assignment = await receivedAssignmentOf(db, datasetId);
  if (!assignment) throw new ValidationError('This data set was not made from an assignment package; there is no work to send back.');
  const ownerIdOf = new Map((assignment.localDialogueIds ?? []).map((localId, position) => [localId, assignment.dialogueIds[position]]));
  const items = await loadExportItems(db, { datasetId, scope: 'all' });
  const dialogues: WorkDialogue[] = items.flatMap(({ dialogue, turns, fieldReviews, turnReviews, dialogueReview }) => {
    const ownerId = ownerIdOf.get(dialogue.id);
    if (ownerId === undefined) return [];
    const workTurns: WorkTurn[] = turns.flatMap((turn) => {
      const fields: WorkTurn['fields'] = {};
      for (const review of fieldReviews) {
        if (review.turnId !== turn.id) continue;
        fields[review.fieldId] = { decision: review.decision, codes: [...review.codes], text: review.text, reviewer: review.reviewer, at: review.at };
      }
      const verified = turnReviews.find((review) => review.id === turn.id);
      if (Object.keys(fields).length === 0 && !verified) return [];
      const workTurn: WorkTurn = { index: turn.index, fields };
      if (verified) workTurn.verified = { verified: verified.verified, reviewer: verified.reviewer, at: verified.at };
      return [workTurn];
    });
    return [{ id: ownerId, status: dialogueReview?.status ?? (workTurns.length > 0 ? 'in-progress' : 'unreviewed'), turns: workTurns }];
  });
  return {
    maieutic: 'work',
    version: WORK_PACKAGE_VERSION,
    id: newId(),
    assignmentId: assignment.id,
    createdAt: now.toISOString(),
    annotator: { name: assignment.annotatorName },
    dataset: { id: assignment.sourceDatasetId, name: assignment.sourceDatasetName },
    codebookHash: assignment.codebookHash,
    dialogues,
  };
}
