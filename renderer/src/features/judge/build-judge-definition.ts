/**
 * What a judge job is given, built from the stored data set: the chosen dialogues with their
 * turns and context (main has no IndexedDB), the rubric-set version, the prompt options and the
 * samples per dialogue. A sample of N dialogues is drawn with a seed, so the same seed picks the
 * same dialogues again; chosen dialogues keep their source order.
 */
import { rubricSetHash } from '../../../../shared/judge/rubric-hash';
import type { JudgeJobDefinition, JudgeJobDialogue } from '../../../../shared/judge/job-result';
import type { JudgeLanguage, RubricSet } from '../../../../shared/judge/types';
import { seededPick } from '../../../../shared/metrics/random';

export { seededPick };
import type { MaieuticDb } from '../../db/db';
import { listDialoguesOf } from '../../db/repositories/dialogues';
import { turnsOfDialogues } from '../../db/repositories/turns';

export const MAX_JUDGE_SAMPLES = 10;

/** A dialogue of the data set as a judge job could carry it, with its teacher model (the scope's filter). */
export interface JudgeCandidate {
  teacherModel: string;
  dialogue: JudgeJobDialogue;
  /** `<topic_id>-<student_id>-<repeat_id>`, as the dialogue is named to people */
  externalId: string;
  /** what pairwise mode pairs dialogues by (shared/judge/pairing.ts) */
  topicId: string | null;
  studentId: string | null;
  repeatId: string | null;
}

/** Which dialogues are judged: every one, or those of some teacher models; then all of them or a seeded sample of `count`. */
export interface JudgeScope {
  /** the data-set table's filtered rows (their dialogue ids) when the dialog was opened from it; absent or null: no such limit */
  within?: readonly string[] | null;
  /** null: every teacher model */
  models: readonly string[] | null;
  sample: { count: number; seed: number } | null;
}

/** The data set's dialogues that have turns, in source order, with their turns and context. */
export async function loadJudgeCandidates(db: MaieuticDb, datasetId: string): Promise<JudgeCandidate[]> {
  const dialogues = await listDialoguesOf(db, datasetId);
  const turns = await turnsOfDialogues(db, dialogues.map((dialogue) => dialogue.id));
  const candidates: JudgeCandidate[] = [];
  for (const dialogue of dialogues) {
    const own = (turns.get(dialogue.id) ?? []).map(({ speaker, utterance }) => ({ speaker, utterance }));
    if (own.length === 0) continue;
    const context = Object.fromEntries(
      ([['topic', dialogue.topicText], ['studentType', dialogue.studentType], ['scenario', dialogue.scenario]] as const).filter(([, value]) => value.trim() !== ''),
    );
    candidates.push({
      teacherModel: dialogue.teacherModel,
      dialogue: { id: dialogue.id, turns: own, ...(Object.keys(context).length > 0 ? { context } : {}) },
      externalId: dialogue.externalId,
      topicId: dialogue.topicId,
      studentId: dialogue.studentId,
      repeatId: dialogue.repeatId,
    });
  }
  return candidates;
}

/** The candidates within the table's filter, when the scope has one. */
export function withinFilter(candidates: readonly JudgeCandidate[], within: readonly string[] | null | undefined): JudgeCandidate[] {
  if (!within) return [...candidates];
  const ids = new Set(within);
  return candidates.filter((candidate) => ids.has(candidate.dialogue.id));
}

export function chooseJudgeDialogues(candidates: readonly JudgeCandidate[], scope: JudgeScope): JudgeCandidate[] {
  const models = scope.models ? new Set(scope.models) : null;
  const filtered = withinFilter(candidates, scope.within);
  const within = models ? filtered.filter((candidate) => models.has(candidate.teacherModel)) : filtered;
  return scope.sample ? seededPick(within, scope.sample.count, scope.sample.seed) : within;
}

export interface JudgeJobOptions {
  title: string;
  connectionIds: readonly string[];
  rubricSet: RubricSet;
  language: JudgeLanguage;
  reasoningFirst: boolean;
  /** false: the job sends no few-shot anchors (fewShot: []); true: the set's expertExamples */
  useExpertExamples: boolean;
  /** 0: no logprobs */
  topLogprobs: number;
  samples: number;
}

export function judgeJobDefinition(chosen: readonly JudgeCandidate[], options: JudgeJobOptions): JudgeJobDefinition {
  const dialogues = chosen.map((candidate) => candidate.dialogue);
  return {
    kind: 'judge',
    title: options.title,
    connectionIds: [...options.connectionIds],
    itemIds: dialogues.map((dialogue) => dialogue.id),
    samples: options.samples,
    parameters: {
      rubricSet: options.rubricSet,
      rubricSetHash: rubricSetHash(options.rubricSet),
      language: options.language,
      reasoningFirst: options.reasoningFirst,
      // absent, the runner sends the set's own anchors; an empty list sends none
      ...(options.useExpertExamples ? {} : { fewShot: [] }),
      ...(options.topLogprobs > 0 ? { topLogprobs: options.topLogprobs } : {}),
      dialogues,
    },
  };
}

/**
 * The definition sent through the OpenAI Batch API (one batch per judge connection, polled by
 * main; answers land in the cache and the items are then answered from it), or live when off.
 */
export function withBatch<D extends { parameters: object }>(definition: D, on: boolean, pollSeconds = 30): D {
  return on ? { ...definition, parameters: { ...definition.parameters, batch: { pollSeconds } } } : definition;
}

/** How many few-shot anchors a job with these options sends. */
export function fewShotCount(set: RubricSet, useExpertExamples: boolean): number {
  return useExpertExamples ? (set.expertExamples?.length ?? 0) : 0;
}

/** loadJudgeCandidates, chooseJudgeDialogues and judgeJobDefinition in one. */
export async function buildJudgeDefinition(db: MaieuticDb, datasetId: string, scope: JudgeScope, options: JudgeJobOptions): Promise<JudgeJobDefinition> {
  return judgeJobDefinition(chooseJudgeDialogues(await loadJudgeCandidates(db, datasetId), scope), options);
}
