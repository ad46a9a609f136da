/**
 * Judge runs of a data set (issue 13): rubric-set versions, runs imported from a results file
 * (the `judge` CLI's JSONL, shared/judge/result-line.ts) and their per dialogue × judge × sample
 * scores. An import is read and checked whole first, then stored in one transaction: a file with
 * any bad line stores nothing and names every bad line as `file:line: problem`.
 */
import { isPairwiseLine } from '../../../../shared/judge/pairwise-line';
import { readResultLine, type JudgeResultLine } from '../../../../shared/judge/result-line';
import { rubricSetHash } from '../../../../shared/judge/rubric-hash';
import { SID_RUBRIC_SET } from '../../../../shared/judge/default-rubrics';
import type { RubricSet, RubricSetRef } from '../../../../shared/judge/types';
import { judgeScoreId, rubricSetRowId, type JudgeRunRow, type JudgeScoreRow, type RubricSetRow, type UnmatchedJudgeLine } from '../../../../shared/model/judge';
import type { MaieuticDb } from '../db';
import { newId } from '../ids';
import { importPairwiseLines } from './pairwise-import';
import { checkedRow, checkedRows } from './row-checks';

/** At most this many bad lines are named in the error (the count says how many there were). */
export const MAX_PROBLEMS_LISTED = 20;
/** At most this many unmatched lines are kept on the run. */
export const MAX_UNMATCHED_KEPT = 50;

export function rubricSetRow(set: RubricSet, createdAt = new Date().toISOString()): RubricSetRow {
  const hash = rubricSetHash(set);
  return { id: rubricSetRowId(set.id, hash), setId: set.id, version: set.version, hash, set, createdAt };
}

/** Stores a rubric-set version unless its row exists (a row is never rewritten); returns the stored row. */
export async function addRubricSetVersion(db: MaieuticDb, set: RubricSet, createdAt?: string): Promise<RubricSetRow> {
  const row = rubricSetRow(set, createdAt);
  return db.transaction('rw', db.rubricSets, async () => {
    const existing = await db.rubricSets.get(row.id);
    if (existing) return existing;
    await db.rubricSets.add(checkedRow('rubricSets', row));
    return row;
  });
}

/** The bundled SID rubric set, stored once. */
export function ensureSidRubricSet(db: MaieuticDb): Promise<RubricSetRow> {
  return addRubricSetVersion(db, SID_RUBRIC_SET);
}

export async function getRubricSet(db: MaieuticDb, ref: Pick<RubricSetRef, 'id' | 'hash'>): Promise<RubricSet | null> {
  const row = await db.rubricSets.get(rubricSetRowId(ref.id, ref.hash));
  if (row) return row.set;
  return ref.id === SID_RUBRIC_SET.id && ref.hash === rubricSetHash(SID_RUBRIC_SET) ? SID_RUBRIC_SET : null;
}

/** A results file that cannot be imported: every problem as `file:line: message` (nothing was stored). */
export class JudgeImportError extends Error {
  override name = 'JudgeImportError';
  constructor(
    readonly file: string,
    readonly problems: { line: number; message: string }[],
    readonly total = problems.length,
  ) {
    const shown = problems.slice(0, MAX_PROBLEMS_LISTED).map((problem) => (problem.line > 0 ? `${file}:${problem.line}: ${problem.message}` : `${file}: ${problem.message}`));
    const more = total > shown.length ? [`… and ${total - shown.length} more`] : [];
    super([...shown, ...more].join('\n'));
  }
}

export interface JudgeImportInput {
  datasetId: string;
  file: string;
  text: string;
  /** the run's name; by default the file name */
  name?: string;
  /** each judge's model family, by judge name */
  families?: Record<string, string>;
  createdAt?: string;
}

export interface JudgeImportReport {
  run: JudgeRunRow;
  /** lines stored */
  stored: number;
  unmatchedCount: number;
  unmatched: UnmatchedJudgeLine[];
  /** lines repeating an earlier line's dialogue, judge and sample (the first is kept) */
  duplicateLines: number;
}

/**
 * Reads a results JSONL file into a new run of the data set. Dialogues are matched by their id
 * (`<topic_id>-<student_id>-<repeat_id>`) and teacher model (the line's `group`); lines naming no
 * dialogue of the data set are reported, not stored. Refused whole (JudgeImportError) when a line
 * is not JSON or not a valid results line, when lines point at different rubric sets or at one
 * this profile does not have, or when no line matches.
 */
export async function importJudgeResults(db: MaieuticDb, input: JudgeImportInput): Promise<JudgeImportReport> {
  const { file } = input;
  const problems: { line: number; message: string }[] = [];
  const parsed: { line: number; value: unknown }[] = [];
  input.text.split('\n').forEach((raw, index) => {
    const text = raw.replace(/\r$/, '').replace(/^\uFEFF/, '');
    if (text.trim() === '') return;
    try {
      parsed.push({ line: index + 1, value: JSON.parse(text) });
    } catch {
      problems.push({ line: index + 1, message: 'not a JSON object (each line must be one JSON object)' });
    }
  });
  if (parsed.length === 0 && problems.length === 0) throw new JudgeImportError(file, [{ line: 0, message: 'the file holds no results lines' }]);
  // score lines and pairwise lines (`judge --pairwise`) make different runs: a file is one or the other
  const pairwise = parsed.filter(({ value }) => isPairwiseLine(value));
  if (pairwise.length > 0 && pairwise.length < parsed.length) {
    const firstKind = isPairwiseLine(parsed[0].value);
    const odd = parsed.filter(({ value }) => isPairwiseLine(value) !== firstKind);
    throw new JudgeImportError(file, [...problems, ...odd.map(({ line }) => ({ line, message: firstKind ? 'a score line in a file of pairwise lines; import score results and pairwise results as separate files' : 'a pairwise line in a file of score lines; import score results and pairwise results as separate files' }))].sort((a, b) => a.line - b.line));
  }
  if (pairwise.length > 0) {
    if (problems.length > 0) throw new JudgeImportError(file, problems);
    return importPairwiseLines(db, input, parsed);
  }

  // the rubric set: the one the lines name (all the same), SID when they name none
  const refs = new Map<string, RubricSetRef>();
  for (const { value } of parsed) {
    const ref = (value as { rubricSet?: unknown } | null)?.rubricSet as RubricSetRef | undefined;
    if (ref && typeof ref === 'object' && typeof ref.id === 'string' && typeof ref.hash === 'string') refs.set(`${ref.id}@${ref.hash}`, ref);
  }
  if (refs.size > 1) throw new JudgeImportError(file, [{ line: 0, message: `the lines were scored against ${refs.size} different rubric sets (${[...refs.keys()].join(', ')}); import one rubric set per file` }]);
  const ref = refs.size === 1 ? [...refs.values()][0] : null;
  const set = ref ? await getRubricSet(db, ref) : SID_RUBRIC_SET;
  if (!set) throw new JudgeImportError(file, [{ line: 0, message: `the lines were scored against the rubric set ${ref!.id}@${ref!.hash}, which this profile does not have; import that rubric set first` }]);
  const hash = rubricSetHash(set);

  const lines: { line: number; result: JudgeResultLine }[] = [];
  for (const { line, value } of parsed) {
    const read = readResultLine(set, value);
    if (!read.ok) {
      problems.push({ line, message: read.problems.join('; ') });
      continue;
    }
    if (read.line.rubricSet && read.line.rubricSet.hash !== hash) {
      problems.push({ line, message: `scored against the rubric set ${read.line.rubricSet.id}@${read.line.rubricSet.hash}, not ${set.id}@${hash}` });
      continue;
    }
    lines.push({ line, result: read.line });
  }
  if (problems.length > 0) {
    problems.sort((a, b) => a.line - b.line);
    throw new JudgeImportError(file, problems);
  }

  const dialogues = await db.dialogues.where('datasetId').equals(input.datasetId).toArray();
  const byKey = new Map<string, { id: string; group: string }>();
  for (const dialogue of dialogues) byKey.set(`${dialogue.teacherModel}\u0000${dialogue.externalId}`, { id: dialogue.id, group: dialogue.teacherModel });

  const runId = newId();
  const rows = new Map<string, JudgeScoreRow>();
  const unmatched: UnmatchedJudgeLine[] = [];
  let unmatchedCount = 0;
  let maxSample = 0;
  let failed = 0;
  const judges = new Map<string, number>();
  let duplicateLines = 0;
  for (const { line, result } of lines) {
    const dialogue = byKey.get(`${result.group}\u0000${result.dialogue}`);
    if (!dialogue) {
      unmatchedCount++;
      if (unmatched.length < MAX_UNMATCHED_KEPT) unmatched.push({ line, dialogue: result.dialogue, group: result.group });
      continue;
    }
    const id = judgeScoreId(runId, dialogue.id, result.judge, result.sample);
    // read once, the first kept, as judge-report does (score-index.ts duplicateLines)
    if (rows.has(id)) {
      duplicateLines++;
      continue;
    }
    judges.set(result.judge, (judges.get(result.judge) ?? 0) + 1);
    maxSample = Math.max(maxSample, result.sample);
    if (result.status === 'failed') failed++;
    rows.set(id, {
      id,
      runId,
      dialogueId: dialogue.id,
      group: dialogue.group,
      externalId: result.dialogue,
      judge: result.judge,
      sample: result.sample,
      status: result.status,
      scores: result.scores,
      ...(result.reason !== undefined ? { reason: result.reason } : {}),
    });
  }
  if (rows.size === 0) {
    throw new JudgeImportError(file, [{ line: 0, message: `none of its ${lines.length} lines names a dialogue of this data set (matched by dialogue id <topic_id>-<student_id>-<repeat_id> and teacher model)` }]);
  }

  const run: JudgeRunRow = {
    id: runId,
    datasetId: input.datasetId,
    name: input.name?.trim() || file,
    rubricSet: { id: set.id, version: set.version, hash },
    judges: [...judges.keys()].map((name) => (input.families?.[name] ? { name, family: input.families[name] } : { name })),
    settings: { file },
    samples: maxSample + 1,
    createdAt: input.createdAt ?? new Date().toISOString(),
    source: 'import',
    sourceFile: file,
    lines: rows.size,
    failed,
    unmatchedCount,
    unmatched,
  };
  await db.transaction('rw', [db.judgeRuns, db.judgeScores, db.rubricSets], async () => {
    const setRow = rubricSetRow(set, run.createdAt);
    if (!(await db.rubricSets.get(setRow.id))) await db.rubricSets.add(checkedRow('rubricSets', setRow));
    await db.judgeRuns.add(checkedRow('judgeRuns', run));
    await db.judgeScores.bulkAdd(checkedRows('judgeScores', [...rows.values()]));
  });
  return { run, stored: rows.size, unmatchedCount, unmatched, duplicateLines };
}

/** A data set's runs, newest first. */
export async function listJudgeRuns(db: MaieuticDb, datasetId: string): Promise<JudgeRunRow[]> {
  const runs = await db.judgeRuns.where('datasetId').equals(datasetId).toArray();
  return runs.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

export async function getJudgeRun(db: MaieuticDb, runId: string): Promise<JudgeRunRow | null> {
  return (await db.judgeRuns.get(runId)) ?? null;
}

export function judgeScoresOfRun(db: MaieuticDb, runId: string): Promise<JudgeScoreRow[]> {
  return db.judgeScores.where('runId').equals(runId).toArray();
}

export function judgeScoresOfDialogue(db: MaieuticDb, runId: string, dialogueId: string): Promise<JudgeScoreRow[]> {
  return db.judgeScores.where('[runId+dialogueId]').equals([runId, dialogueId]).toArray();
}

export async function deleteJudgeRun(db: MaieuticDb, runId: string): Promise<void> {
  await db.transaction('rw', [db.judgeRuns, db.judgeScores, db.pairwiseVerdicts], async () => {
    await db.judgeScores.where('runId').equals(runId).delete();
    await db.pairwiseVerdicts.where('runId').equals(runId).delete();
    await db.judgeRuns.delete(runId);
  });
}

/** Every judge run, score, pairwise verdict and expert score of a data set (deleteDataset). */
export async function deleteJudgeDataOfDataset(db: MaieuticDb, datasetId: string): Promise<void> {
  const runIds = await db.judgeRuns.where('datasetId').equals(datasetId).primaryKeys();
  await db.judgeScores.where('runId').anyOf(runIds).delete();
  await db.pairwiseVerdicts.where('runId').anyOf(runIds).delete();
  await db.judgeRuns.bulkDelete(runIds);
  await db.expertScores.where('datasetId').equals(datasetId).delete();
}

/** A stored row as the results line shared/judge reads (dialogue: the data set's dialogue id, unique across groups). */
export function resultLineOfRow(row: JudgeScoreRow): JudgeResultLine {
  return { dialogue: row.dialogueId, group: row.group, judge: row.judge, sample: row.sample, status: row.status, scores: row.scores, ...(row.reason !== undefined ? { reason: row.reason } : {}) };
}
