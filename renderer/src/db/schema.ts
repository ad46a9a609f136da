/**
 * Dexie schema, one const per version. A shipped version is never edited: a change is a
 * new const plus, when rows must be rewritten, an upgrade in migrations/.
 */

/** v1 (2026-11-29): first release — data sets, imported sources, dialogues, turns, the expert layer, an append-only edit log, settings. */
export const schemaV1 = {
  datasets: 'id, createdAt',
  sources: 'id, datasetId, contentHash',
  dialogues: 'id, datasetId, sourceId, teacherModel, externalId',
  turns: 'id, dialogueId',
  fieldReviews: 'id, dialogueId, turnId',
  turnReviews: 'id, dialogueId',
  dialogueReviews: 'id',
  editLog: '++seq, dialogueId, at',
  settings: 'key',
} as const;

/**
 * v2 (2026-11-29): annotation layers (issue 3) — a second annotator's file attached to an existing
 * data set. `layers` holds one row per attached file, `layerValues` one row per matched turn
 * (`${layerId}|${turnId}`). v1 rows are not touched, so there is no upgrade function.
 */
export const schemaV2 = {
  ...schemaV1,
  layers: 'id, datasetId',
  layerValues: 'id, layerId, dialogueId, turnId',
} as const;

/**
 * v3 (2026-11-29): metrics runs (issue 4) — each computation of the objective metrics kept with
 * its layer, settings (weights, 3C convention, bootstrap), app version and time, so runs can be
 * compared later; `metricRunScores` holds each run's per-dialogue scores, read only for the run
 * shown. No existing rows change, so there is no upgrade function.
 */
export const schemaV3 = {
  ...schemaV2,
  metricRuns: 'id, datasetId, createdAt',
  metricRunScores: 'runId, datasetId',
} as const;

/**
 * v4 (2026-12-01): text drafts (issue 8) — what the expert has typed into the utterance or
 * teacher-model box and not yet committed, written as it is typed, so a reload or a renderer
 * crash before Enter or blur loses nothing; offered back when the dialogue is opened again.
 * New table only: no upgrade function.
 */
export const schemaV4 = {
  ...schemaV3,
  drafts: 'id, dialogueId',
} as const;

/**
 * v5 (2026-12-02): packed turns (issue 9) and annotators (issue 11), in one upgrade.
 * - `dialogueTurns` replaces `turns`: one row per dialogue, keyed by its id, holding its turns
 *   packed (db/turn-packing.ts). Reading 20,000 dialogues' turns no longer means 100,000 records
 *   through an index. The upgrade packs every v4 turn row and drops `turns`.
 * - `annotators`: who did expert work (name, role annotator / adjudicator / expert, kind human /
 *   llm). Every review row (fieldReviews, turnReviews, dialogueReviews) gets `annotatorId`: the
 *   upgrade creates one 'expert' / 'human' annotator for the reviewer named in settings and one
 *   for any other name found on a review row, and gives each row the annotator of its `reviewer`.
 *   New reviews are written with theirs (repositories/annotators.ts).
 * - `dialogues` keeps only the `datasetId` index: nothing queried `sourceId`, `teacherModel` or
 *   `externalId` (a source's dialogues are a key range, by-source.ts), and each index was a
 *   write per dialogue on import.
 * Review ids stay `${turnId}|${fieldId}` (fieldReviews), the turn id and the dialogue id: they
 * are the expert layer of this profile's own annotator. What issue 11 (spot-check, assignment
 * packages, adjudication) still adds are new tables only — samples, assignments, work packages
 * imported back, adjudication records — keyed by `annotatorId`; no existing row is rewritten again.
 */
export const schemaV5 = {
  ...schemaV4,
  dialogues: 'id, datasetId',
  turns: null,
  dialogueTurns: 'dialogueId',
  annotators: 'id, name',
  fieldReviews: 'id, dialogueId, turnId, annotatorId',
  turnReviews: 'id, dialogueId, annotatorId',
  dialogueReviews: 'id, annotatorId',
} as const;

/**
 * v6 (2026-12-02): turn blocks (issue 9) — `turnBlocks` replaces `dialogueTurns`: one row per
 * block of up to 128 dialogues of one source, keyed by its first dialogue's id, with one string
 * table and one field-value table for the block (db/turn-blocks.ts). Reading 20,000 dialogues' turns was 20,000 records
 * and 1.16 million structured-cloned strings (~1.5 s of getAll in Chromium); it is now 157. The
 * multi-entry index `dialogueIds` finds a dialogue's block. The upgrade regroups every v5 row
 * into blocks and drops `dialogueTurns`; no other table changes.
 */
export const schemaV6 = {
  ...schemaV5,
  dialogueTurns: null,
  turnBlocks: 'id, *dialogueIds',
} as const;

/**
 * v7 (2026-12-03): LLM pre-annotation (issue 10) — `llmJobs` keeps, per job main runs, what the
 * renderer needs to store its results (data set, layer per connection); `llmCalls` one row per
 * stored result item (`${layerId}|${dialogueId}|${sample}`) with the calls that produced it
 * (model, base URL, parameters, template, raw response, parse status, tokens, latency, attempts,
 * time, app version). The labels go to `layerValues` as for attached layers. New tables only: no
 * upgrade function.
 */
export const schemaV7 = {
  ...schemaV6,
  llmJobs: 'id, datasetId',
  llmCalls: 'id, jobId, layerId, dialogueId',
} as const;

/**
 * v8 (2026-12-03): prompt templates (issue 10) — `promptTemplates` one row per saved version of
 * an edited prompt, keyed `${id}@${version}`, with its texts and hash; a row is never rewritten
 * (a removed version keeps its row, marked, so its number is never given again). The built-in
 * SID prompt is code, not a row. New table only: no upgrade function.
 */
export const schemaV8 = {
  ...schemaV7,
  promptTemplates: 'key, id',
} as const;

/**
 * v9 (2026-12-02): spot-checks, assignment packages and adjudication (issue 11). New tables only:
 * no upgrade function.
 * - `spotChecks`: one row per drawn sample — its seed, unit, size, strata and the items drawn, in
 *   the order the review queue walks them, so the same sample is reviewed and reported again.
 * - `assignments`: one row per assignment package exported for a named annotator (which dialogues,
 *   blind or not, the codebook hash), and, in an annotator's own profile, the package a data set
 *   was opened from.
 * - `adjudications`: one row per decided (turn, field) of a data set, `${turnId}|${fieldId}`, with
 *   the value chosen, its status (unanimous / adjudicated / unresolved), which layers agreed and who decided.
 */
export const schemaV9 = {
  ...schemaV8,
  spotChecks: 'id, datasetId',
  assignments: 'id, datasetId',
  adjudications: 'id, datasetId, dialogueId',
} as const;

/**
 * v10 (2026-12-04): traceability (issue 12).
 * - `editLog` gains the `datasetId` index and every entry its `datasetId` and `reason` (why the
 *   value changed, shared/model/edit-log.ts): the audit view reads a data set's entries by index
 *   and filters on the reason. The upgrade fills both in on every older entry (migrations/v10.ts).
 * - `findingDismissals`: one row per consistency finding an expert dismissed with a note,
 *   `${ruleId}|${turnId}|${fieldId}`.
 * - `codebookVersions`: one row per version of a codebook the profile has used or edited,
 *   `${codebookId}@${hash}`, with its full JSON and its consistency rules, so a data set, layer,
 *   run or package that records a hash can always show the codebook it was made with.
 */
export const schemaV10 = {
  ...schemaV9,
  editLog: '++seq, dialogueId, at, datasetId',
  findingDismissals: 'id, datasetId, dialogueId',
  codebookVersions: 'id, codebookId',
} as const;

/**
 * v11 (2026-12-05): LLM-judge evaluations (issue 13). New tables only: no upgrade function.
 * - `rubricSets`: one row per version of a rubric set the profile has used, `${setId}@${hash}`,
 *   with its full JSON; a row is never rewritten (the SID set is stored at start-up).
 * - `judgeRuns`: one row per judge run of a data set (imported from a results file or run by a
 *   job): its rubric-set version, judges, settings and samples.
 * - `judgeScores`: one row per run × dialogue × judge × sample, `${runId}|${dialogueId}|${judge}|${sample}`,
 *   with the scores and rationales or the failure reason.
 * - `expertScores`: one row per data set × dialogue × rubric-set hash × rubric × expert rater,
 *   with the score, rationale, who and when.
 */
export const schemaV11 = {
  ...schemaV10,
  rubricSets: 'id, setId',
  judgeRuns: 'id, datasetId',
  judgeScores: 'id, runId, [runId+dialogueId]',
  expertScores: 'id, datasetId, dialogueId',
} as const;

/**
 * v12 (2026-12-06): pairwise judging from the app (issue 13). New table only: no upgrade function.
 * - `pairwiseVerdicts`: one row per pairwise run × pair × order × judge × sample,
 *   `${runId}|${pairId}|${order}|${judge}|${sample}`, with the two dialogues compared, the verdict
 *   (or the failure reason) and the call behind it. A pairwise run is a `judgeRuns` row with
 *   `mode: 'pairwise'` and its groups, pairs and unpaired dialogues (non-indexed fields: runs
 *   without `mode` are score runs, so no v11 row is rewritten).
 */
export const schemaV12 = {
  ...schemaV11,
  pairwiseVerdicts: 'id, runId, [runId+pairId]',
} as const;

/**
 * v13 (2026-12-07): generated dialogues (issue 14). New tables only: no upgrade function.
 * - `scenarioVersions`: one row per saved version of a scenario, `${scenarioId}@${hash}`, with its
 *   YAML text; never rewritten.
 * - `generationRuns`: one row per generation job (its id), with its scenario version, teachers and
 *   the data set made from it (`datasetId`, null until made).
 * - `generatedConversations`: one row per run × conversation × teacher, `${runId}|${itemKey}`,
 *   holding the engine's payload (turns, assessments, preference branches, safety verdict).
 */
export const schemaV13 = {
  ...schemaV12,
  scenarioVersions: 'id, scenarioId',
  generationRuns: 'id, datasetId',
  generatedConversations: 'id, runId',
} as const;

/**
 * v14 (2026-12-08): rubric synthesis (issue 15). New tables only: no upgrade function.
 * - `synthesisSessions`: one row per synthesis loop (a spec, its bound models, what the next
 *   round starts from, its status and the rubric sets saved from it).
 * - `synthesisRounds`: one row per round job, `${sessionId}|${round}`, with the state it carried
 *   and its payload (or failure); indexed by job id, which routes the job's item here.
 * - `synthesisVersions`: one row per version of the metrics, `${sessionId}|${seq}`, never rewritten.
 */
export const schemaV14 = {
  ...schemaV13,
  synthesisSessions: 'id',
  synthesisRounds: 'id, sessionId, jobId',
  synthesisVersions: 'id, sessionId',
} as const;

export const CURRENT_SCHEMA_VERSION = 14;
