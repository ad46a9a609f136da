/**
 * A pairwise results file (`judge --pairwise --out pairs.jsonl`, shared/judge/pairwise-line.ts)
 * imported as a pairwise run of the data set. importJudgeResults sends it here once it knows
 * every line is a pairwise line; like a score file it is checked whole and stored in one
 * transaction, or refused with every bad line as `file:line: problem`.
 */
import { readPairwiseLine, type PairwiseResultLine } from '../../../../shared/judge/pairwise-line';
import { rubricSetHash } from '../../../../shared/judge/rubric-hash';
import { SID_RUBRIC_SET } from '../../../../shared/judge/default-rubrics';
import type { RubricSetRef } from '../../../../shared/judge/types';
import type { Dialogue } from '../../../../shared/model/dataset';
import type { JudgeRunRow, UnmatchedJudgeLine } from '../../../../shared/model/judge';
import { pairwiseVerdictId, type PairwiseRunPair, type PairwiseVerdictRow } from '../../../../shared/model/pairwise';
import type { MaieuticDb } from '../db';
import { newId } from '../ids';
import { getRubricSet, JudgeImportError, MAX_UNMATCHED_KEPT, rubricSetRow, type JudgeImportInput, type JudgeImportReport } from './judge';
import { checkedRow, checkedRows } from './row-checks';

export async function importPairwiseLines(db: MaieuticDb, input: JudgeImportInput, parsed: readonly { line: number; value: unknown }[]): Promise<JudgeImportReport> {
  const { file } = input;
  const problems: { line: number; message: string }[] = [];
  const lines: { line: number; result: PairwiseResultLine }[] = [];
  for (const { line, value } of parsed) {
    const read = readPairwiseLine(value);
    if (read.ok) lines.push({ line, result: read.line });
    else problems.push({ line, message: read.problems.join('; ') });
  }
  if (problems.length > 0) throw new JudgeImportError(file, problems);

  // one run compares two groups: a file of several comparisons is imported as one file per comparison
  const groups = new Map<string, number>();
  for (const { line, result } of lines) {
    const key = JSON.stringify([result.groupA, result.groupB]);
    if (!groups.has(key)) groups.set(key, line);
  }
  if (groups.size > 1) {
    const [[first], ...others] = [...groups];
    const [a, b] = JSON.parse(first) as [string, string];
    throw new JudgeImportError(file, others.map(([key, line]) => ({ line, message: `compares ${(JSON.parse(key) as string[]).join(' with ')}, where the file's first line compares ${a} with ${b}; import one comparison per file` })));
  }
  const refs = new Map<string, RubricSetRef>();
  for (const { result } of lines) if (result.rubricSet) refs.set(`${result.rubricSet.id}@${result.rubricSet.hash}`, result.rubricSet);
  if (refs.size > 1) throw new JudgeImportError(file, [{ line: 0, message: `the lines were judged against ${refs.size} different rubric sets (${[...refs.keys()].join(', ')}); import one rubric set per file` }]);
  const ref = refs.size === 1 ? [...refs.values()][0] : null;
  const set = ref ? await getRubricSet(db, ref) : SID_RUBRIC_SET;
  if (!set) throw new JudgeImportError(file, [{ line: 0, message: `the lines were judged against the rubric set ${ref!.id}@${ref!.hash}, which this profile does not have; import that rubric set first` }]);

  const { groupA, groupB } = lines[0].result;
  const dialogues = await db.dialogues.where('datasetId').equals(input.datasetId).toArray();
  const byKey = new Map<string, Dialogue>(dialogues.map((dialogue) => [JSON.stringify([dialogue.teacherModel, dialogue.externalId]), dialogue]));
  const runId = newId();
  const rows = new Map<string, PairwiseVerdictRow>();
  const pairs = new Map<string, PairwiseRunPair>();
  const unmatched: UnmatchedJudgeLine[] = [];
  const judges = new Set<string>();
  let unmatchedCount = 0;
  let failed = 0;
  let maxSample = 0;
  let duplicateLines = 0;
  for (const { line, result } of lines) {
    const a = byKey.get(JSON.stringify([groupA, result.dialogueA]));
    const b = byKey.get(JSON.stringify([groupB, result.dialogueB]));
    if (!a || !b) {
      unmatchedCount++;
      if (unmatched.length < MAX_UNMATCHED_KEPT) unmatched.push({ line, dialogue: !a ? result.dialogueA : result.dialogueB, group: !a ? groupA : groupB });
      continue;
    }
    const known = pairs.get(result.pair);
    if (known && (known.a !== a.id || known.b !== b.id)) {
      problems.push({ line, message: `pair ${result.pair} compares ${result.dialogueA} with ${result.dialogueB}, where an earlier line of it compared other dialogues` });
      continue;
    }
    if (!known) pairs.set(result.pair, { id: result.pair, a: a.id, b: b.id, topicId: a.topicId ?? '', studentId: a.studentId ?? '', repeatId: a.repeatId ?? null });
    const id = pairwiseVerdictId(runId, result.pair, result.order, result.judge, result.sample);
    if (rows.has(id)) {
      duplicateLines++;
      continue;
    }
    judges.add(result.judge);
    maxSample = Math.max(maxSample, result.sample);
    if (result.status === 'failed') failed++;
    rows.set(id, {
      id, runId, pairId: result.pair, order: result.order, dialogueA: a.id, dialogueB: b.id, groupA, groupB, judge: result.judge, sample: result.sample, status: result.status,
      ...(result.status === 'valid' ? { verdict: result.verdict, winner: result.winner, rationale: result.rationale ?? '' } : { reason: result.reason ?? '' }),
    });
  }
  if (problems.length > 0) throw new JudgeImportError(file, problems);
  if (rows.size === 0) {
    throw new JudgeImportError(file, [{ line: 0, message: `none of its ${lines.length} lines names two dialogues of this data set (matched by dialogue id <topic_id>-<student_id>-<repeat_id> and teacher model ${groupA} or ${groupB})` }]);
  }
  const hash = rubricSetHash(set);
  const run: JudgeRunRow = {
    id: runId,
    datasetId: input.datasetId,
    name: input.name?.trim() || file,
    rubricSet: { id: set.id, version: set.version, hash },
    judges: [...judges].map((name) => (input.families?.[name] ? { name, family: input.families[name] } : { name })),
    settings: { file },
    samples: maxSample + 1,
    createdAt: input.createdAt ?? new Date().toISOString(),
    source: 'import',
    sourceFile: file,
    lines: rows.size,
    failed,
    unmatchedCount,
    unmatched,
    mode: 'pairwise',
    pairwise: { groupA, groupB, pairs: [...pairs.values()], unpaired: [], unpairedCount: 0 },
  };
  await db.transaction('rw', [db.judgeRuns, db.pairwiseVerdicts, db.rubricSets], async () => {
    const setRow = rubricSetRow(set, run.createdAt);
    if (!(await db.rubricSets.get(setRow.id))) await db.rubricSets.add(checkedRow('rubricSets', setRow));
    await db.judgeRuns.add(checkedRow('judgeRuns', run));
    await db.pairwiseVerdicts.bulkAdd(checkedRows('pairwiseVerdicts', [...rows.values()]));
  });
  return { run, stored: rows.size, unmatchedCount, unmatched, duplicateLines };
}
