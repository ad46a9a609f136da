/**
 * Expert-scored dialogues as few-shot anchors (issue 13, Elmes+): a dialogue the expert rater
 * scored on every rubric of a rubric-set version becomes an ExpertExample (label, context,
 * turns, scores with rationales). Attaching one makes a new version of the set: the anchors are
 * part of its content and hash.
 */
import { MAX_EXPERT_EXAMPLES } from '../../../../shared/judge/parse-rubric-set';
import type { ExpertExample, RubricSet } from '../../../../shared/judge/types';
import type { Dialogue, Turn } from '../../../../shared/model/dataset';
import { rubricSetRowId, type ExpertScoreRow, type RubricSetRow } from '../../../../shared/model/judge';
import { getDb, type MaieuticDb } from '../../db/db';
import { getDialogue, listDialoguesOf } from '../../db/repositories/dialogues';
import { expertScoresOfDataset, expertScoresOfDialogue } from '../../db/repositories/expert-scores';
import { chooseRubricSetForDataset, listRubricSetVersions, saveRubricSetVersion } from '../../db/repositories/rubric-sets';
import { listTurns } from '../../db/repositories/turns';
import { nextVersion } from './editor-model';

export function exampleLabel(dialogue: Pick<Dialogue, 'teacherModel' | 'externalId'>): string {
  return `${dialogue.teacherModel} · ${dialogue.externalId}`;
}

/** This rater's scores of one dialogue when they cover every rubric of the set (in its order), else null. */
export function fullScores(set: RubricSet, rows: readonly ExpertScoreRow[], rater: string): ExpertScoreRow[] | null {
  const mine = new Map(rows.filter((row) => row.rater === rater).map((row) => [row.rubric, row]));
  const scores: ExpertScoreRow[] = [];
  for (const rubric of set.rubrics) {
    const row = mine.get(rubric.id);
    if (!row || row.score < rubric.range.min || row.score > rubric.range.max) return null;
    scores.push(row);
  }
  return scores;
}

export function expertExampleOf(dialogue: Dialogue, turns: readonly Turn[], scores: readonly ExpertScoreRow[]): ExpertExample {
  const context: NonNullable<ExpertExample['context']> = {};
  if (dialogue.topicText.trim()) context.topic = dialogue.topicText;
  if (dialogue.studentType.trim()) context.studentType = dialogue.studentType;
  if (dialogue.scenario.trim()) context.scenario = dialogue.scenario;
  return {
    label: exampleLabel(dialogue),
    source: { dialogue: dialogue.externalId, group: dialogue.teacherModel },
    ...(Object.keys(context).length > 0 ? { context } : {}),
    turns: [...turns].sort((a, b) => a.index - b.index).map((turn) => ({ speaker: turn.speaker, utterance: turn.utterance })),
    scores: scores.map((row) => ({ rubric: row.rubric, score: row.score, ...(row.rationale.trim() ? { rationale: row.rationale } : {}) })),
  };
}

export interface AnchorCandidate {
  dialogueId: string;
  label: string;
  turnCount: number;
  scores: { rubric: string; score: number }[];
}

/** The data set's dialogues this rater fully scored on the version `hash`, in source order. */
export async function anchorCandidates(db: MaieuticDb, input: { datasetId: string; set: RubricSet; hash: string; rater: string }): Promise<AnchorCandidate[]> {
  const rows = await expertScoresOfDataset(db, input.datasetId, input.hash);
  const byDialogue = new Map<string, ExpertScoreRow[]>();
  for (const row of rows) byDialogue.set(row.dialogueId, [...(byDialogue.get(row.dialogueId) ?? []), row]);
  const dialogues = await listDialoguesOf(db, input.datasetId);
  const found: AnchorCandidate[] = [];
  for (const dialogue of dialogues) {
    const scores = fullScores(input.set, byDialogue.get(dialogue.id) ?? [], input.rater);
    if (scores) found.push({ dialogueId: dialogue.id, label: exampleLabel(dialogue), turnCount: dialogue.turnCount, scores: scores.map((row) => ({ rubric: row.rubric, score: row.score })) });
  }
  return found;
}

/** The anchor a fully scored dialogue makes; throws when it is not fully scored by this rater on the version. */
export async function buildExpertExample(db: MaieuticDb, input: { dialogueId: string; set: RubricSet; hash: string; rater: string }): Promise<ExpertExample> {
  const dialogue = await getDialogue(db, input.dialogueId);
  if (!dialogue) throw new Error('The dialogue no longer exists. / 该对话已不存在。');
  const scores = fullScores(input.set, await expertScoresOfDialogue(db, input.dialogueId, input.hash), input.rater);
  if (!scores) throw new Error(`${exampleLabel(dialogue)} is not scored on every rubric of ${input.set.id} v${input.set.version} by ${input.rater}. / 尚未在每个维度上打分。`);
  return expertExampleOf(dialogue, await listTurns(db, input.dialogueId), scores);
}

/** The set with the anchor appended, under the next free version string; refuses a label already attached or a full list. */
export function withExpertExample(base: RubricSet, example: ExpertExample, takenVersions: readonly string[]): RubricSet {
  const examples = base.expertExamples ?? [];
  if (examples.some((existing) => existing.label === example.label)) throw new Error(`${example.label} is already a few-shot example of ${base.id} v${base.version}. / 已是少样本示例。`);
  if (examples.length >= MAX_EXPERT_EXAMPLES) throw new Error(`A rubric set holds at most ${MAX_EXPERT_EXAMPLES} few-shot examples. / 最多 ${MAX_EXPERT_EXAMPLES} 个示例。`);
  return { ...structuredClone(base), version: nextVersion(base.version, takenVersions), expertExamples: [...structuredClone(examples), example] };
}

/** The version string the next edit of this set would get (review's confirm dialog names it). */
export async function nextVersionOf(db: MaieuticDb, base: RubricSetRow): Promise<string> {
  const taken = (await listRubricSetVersions(db)).filter((row) => row.setId === base.setId).map((row) => row.version);
  return nextVersion(base.version, taken);
}

/**
 * Review's "Use as few-shot example": stores a new version of `base` with the dialogue attached;
 * the data set moves to it only when asked (expert scores given on `base` stay with `base`).
 */
export async function attachExpertExample(input: { datasetId: string; dialogueId: string; base: RubricSetRow; rater: string; choose: boolean }, db: MaieuticDb = getDb()): Promise<RubricSetRow> {
  const example = await buildExpertExample(db, { dialogueId: input.dialogueId, set: input.base.set, hash: input.base.hash, rater: input.rater });
  const taken = (await listRubricSetVersions(db)).filter((row) => row.setId === input.base.setId).map((row) => row.version);
  const row = await saveRubricSetVersion(db, withExpertExample(input.base.set, example, taken));
  if (input.choose) await chooseRubricSetForDataset(db, input.datasetId, { id: row.setId, hash: row.hash });
  return row;
}

export interface FewShotPlan {
  base: RubricSetRow;
  /** the version string the new version gets */
  next: string;
  label: string;
}

/** What review's confirm dialog says before a dialogue is attached: the version it starts from and the one it makes. */
export async function planFewShot(input: { set: RubricSet; hash: string; dialogueId: string }, db: MaieuticDb = getDb()): Promise<FewShotPlan> {
  const rowId = rubricSetRowId(input.set.id, input.hash);
  const base = (await listRubricSetVersions(db)).find((row) => row.id === rowId);
  const dialogue = await getDialogue(db, input.dialogueId);
  if (!base || !dialogue) throw new Error('The rubric set or the dialogue is no longer stored. / 量表或对话已不存在。');
  return { base, next: await nextVersionOf(db, base), label: exampleLabel(dialogue) };
}
