/**
 * The results of generation jobs main runs (issue 14): each job is one GenerationRunRow (its id
 * the job's id), registered before its first item can arrive, and each finished item — one
 * conversation × teacher connection — one GeneratedConversationRow, `${runId}|${jobItemKey}`,
 * written in one transaction. The id is a function of the item, so an item main delivers again
 * rewrites the same row. A failed item is kept too (status failed): the runs view lists it with
 * its reasons, and a resumed job replaces it when the conversation finishes after all.
 */
import { jobItemKey, type JobItemEvent, type JobWorkItem } from '../../../../shared/jobs';
import type { GeneratedConversationRow, GenerationRunRow, ScenarioVersionRow } from '../../../../shared/model/generation';
import { generationJobResult, type GenerationFailed, type GenerationJobPayload } from '../../../../shared/scenario/generation-job';
import type { MaieuticDb } from '../db';
import { ValidationError } from './validate';
import { checkedRow } from './row-checks';

export function generatedConversationId(runId: string, item: JobWorkItem): string {
  return `${runId}|${jobItemKey(item)}`;
}

export async function getScenarioVersion(db: MaieuticDb, id: string): Promise<ScenarioVersionRow | undefined> {
  return db.scenarioVersions.get(id);
}

/** Every saved scenario version, newest first (the runs view offers them for a new run). */
export async function listScenarioVersionRows(db: MaieuticDb): Promise<ScenarioVersionRow[]> {
  const rows = await db.scenarioVersions.toArray();
  return rows.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

export interface RegisterGenerationRunInput {
  jobId: string;
  title: string;
  scenario: GenerationRunRow['scenario'];
  teachers: GenerationRunRow['teachers'];
  roleConnections: GenerationRunRow['roleConnections'];
  /** conversations × teachers: the job's items */
  conversations: number;
  /** the job's preference step, when it has one */
  preference?: GenerationRunRow['preference'];
  now?: Date;
}

/** Records a started generation job as an empty run; registering the same job again changes nothing. */
export async function registerGenerationRun(db: MaieuticDb, input: RegisterGenerationRunInput): Promise<GenerationRunRow> {
  if (input.teachers.length === 0) throw new ValidationError('A generation run needs at least one teacher connection.');
  return db.transaction('rw', db.generationRuns, async () => {
    const existing = await db.generationRuns.get(input.jobId);
    if (existing) return existing;
    const run: GenerationRunRow = {
      id: input.jobId,
      title: input.title.trim() || input.scenario.id,
      scenario: { ...input.scenario },
      teachers: input.teachers.map(({ connectionId, name, model }) => ({ connectionId, name, model })),
      roleConnections: { ...input.roleConnections },
      conversations: input.conversations,
      ...(input.preference ? { preference: { atStudentTurns: [...input.preference.atStudentTurns], candidates: input.preference.candidates } } : {}),
      createdAt: (input.now ?? new Date()).toISOString(),
      datasetId: null,
    };
    await db.generationRuns.add(checkedRow('generationRuns', run));
    return run;
  });
}

export async function isGenerationJob(db: MaieuticDb, jobId: string): Promise<boolean> {
  return (await db.generationRuns.get(jobId)) !== undefined;
}

/**
 * What storing one generation item came to:
 * - `stored`: its conversation row is written (`status` complete or failed);
 * - `unknown-job`: no run of that job is recorded here (not acknowledged: main sends it again);
 * - `discarded`: it cannot be stored (its result names another item or teacher); nothing is written.
 */
export type StoreGenerationItemResult = { kind: 'stored'; id: string; status: GenerationJobPayload['status'] } | { kind: 'unknown-job' } | { kind: 'discarded'; reason: string };

const ITEM_ID = /^t(\d+)-r(\d+)$/;

/** A failure main sent without a result (the endpoint refused at once, the job stopped): kept as a failed conversation with no turns. */
function failureWithoutResult(run: GenerationRunRow, item: JobWorkItem, reason: string): GenerationFailed {
  const match = ITEM_ID.exec(item.itemId);
  const teacher = run.teachers.find((candidate) => candidate.connectionId === item.connectionId);
  return {
    status: 'failed',
    reasons: [reason || 'the conversation failed without a reason'],
    conversationId: item.itemId,
    connectionId: item.connectionId,
    teacherModel: teacher?.model ?? item.connectionId,
    taskIndex: match ? Number(match[1]) : -1,
    repeatId: match ? Number(match[2]) : 0,
    row: {},
    scenario: { ...run.scenario },
    roles: {},
    turns: [],
    assessments: [],
    preferences: [],
    tokens: { input: 0, output: 0 },
    cached: false,
  };
}

/** Stores one finished item of a generation job in ONE transaction. */
export async function storeGenerationItem(db: MaieuticDb, event: JobItemEvent<GenerationJobPayload>): Promise<StoreGenerationItemResult> {
  return db.transaction('rw', [db.generationRuns, db.generatedConversations], async (): Promise<StoreGenerationItemResult> => {
    const run = await db.generationRuns.get(event.jobId);
    if (!run) return { kind: 'unknown-job' };
    const { itemId, connectionId } = event.item;
    if (!run.teachers.some((teacher) => teacher.connectionId === connectionId)) return { kind: 'discarded', reason: `the run has no teacher for connection ${connectionId}` };
    const result = generationJobResult(event.outcome);
    if (result && (result.conversationId !== itemId || result.connectionId !== connectionId)) {
      return { kind: 'discarded', reason: 'the result names another conversation or teacher than its item' };
    }
    if (event.outcome.ok && !result) return { kind: 'discarded', reason: 'the result holds no conversation' };
    const payload = result ?? failureWithoutResult(run, event.item, event.outcome.ok ? '' : event.outcome.reason);
    const row: GeneratedConversationRow = { id: generatedConversationId(run.id, event.item), runId: run.id, payload };
    await db.generatedConversations.put(checkedRow('generatedConversations', row));
    return { kind: 'stored', id: row.id, status: payload.status };
  });
}

/** Every run, newest first. */
export async function listGenerationRuns(db: MaieuticDb): Promise<GenerationRunRow[]> {
  const runs = await db.generationRuns.toArray();
  return runs.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

export async function getGenerationRun(db: MaieuticDb, runId: string): Promise<GenerationRunRow | undefined> {
  return db.generationRuns.get(runId);
}

/** A run's conversations in item order (task, repeat, then teacher as the job ran them). */
export async function conversationsOfRun(db: MaieuticDb, runId: string): Promise<GeneratedConversationRow[]> {
  const rows = await db.generatedConversations.where('runId').equals(runId).toArray();
  const teacherOrder = new Map((await db.generationRuns.get(runId))?.teachers.map((teacher, index) => [teacher.connectionId, index]) ?? []);
  return rows.sort((a, b) => a.payload.taskIndex - b.payload.taskIndex || a.payload.repeatId - b.payload.repeatId || (teacherOrder.get(a.payload.connectionId) ?? 0) - (teacherOrder.get(b.payload.connectionId) ?? 0));
}

export interface RunCounts {
  /** the items the job has */
  total: number;
  done: number;
  kept: number;
  dropped: number;
  failed: number;
}

export function runCounts(run: Pick<GenerationRunRow, 'conversations'>, rows: readonly Pick<GeneratedConversationRow, 'payload'>[]): RunCounts {
  let kept = 0;
  let dropped = 0;
  let failed = 0;
  for (const { payload } of rows) {
    if (payload.status === 'failed') failed++;
    else if (payload.safety.kept) kept++;
    else dropped++;
  }
  return { total: run.conversations, done: rows.length, kept, dropped, failed };
}

/** The counts of every run, read in one pass over the conversations table. */
export async function countsOfRuns(db: MaieuticDb, runs: readonly GenerationRunRow[]): Promise<Map<string, RunCounts>> {
  const counts = new Map<string, RunCounts>();
  for (const run of runs) counts.set(run.id, runCounts(run, await db.generatedConversations.where('runId').equals(run.id).toArray()));
  return counts;
}
