/**
 * Generation results seeded straight into the app's IndexedDB (scenarioVersions, generationRuns,
 * generatedConversations), as a finished generation job would have left them, so the runs view
 * is exercised without the engine's runner.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { GeneratedConversationRow, GenerationRunRow, ScenarioVersionRow } from '../../shared/model/generation';
import { parseScenarioOrThrow, scenarioHash } from '../../shared/scenario';
import type { GenerationComplete, GenerationFailed, GenerationJobPayload } from '../../shared/scenario/generation-job';
import { APP_DB_NAME } from './support-idb';
import { REPO_ROOT } from '../support/repo-paths';

export const TEACHERS = [
  { connectionId: 'c-gpt', name: 'OpenAI', model: 'GPT-4o' },
  { connectionId: 'c-qwen', name: 'Qwen', model: 'Qwen2.5-72B' },
];

export function scenarioVersion(file = 'socratic-students.yaml'): ScenarioVersionRow {
  const source = readFileSync(join(REPO_ROOT, 'resources', 'scenarios', file), 'utf8');
  const scenario = parseScenarioOrThrow(source, file);
  const hash = scenarioHash(scenario);
  return { id: `${scenario.id}@${hash}`, scenarioId: scenario.id, version: scenario.version, hash, source, origin: file, createdAt: '2026-12-01T09:00:00.000Z' };
}

const tokens = { input: 100, output: 40 };

/** Right draws out of 5 rising with the student's turns, the stronger teacher faster; a little spread over tasks. */
function correctDraws(teacher: number, task: number, roleTurn: number): number {
  return Math.min(5, Math.floor(((teacher === 0 ? 0.8 : 0.5) * roleTurn + (task % 3) * 0.5)));
}

/** The unbiased Pass@k of c right out of n draws (as shared/scenario/pass-at-k). */
function passAt(n: number, c: number, k: number): number {
  if (n - c < k) return 1;
  let miss = 1;
  for (let i = n - c + 1; i <= n; i++) miss *= 1 - k / i;
  return 1 - miss;
}

function conversation(taskIndex: number, teacher: number, version: ScenarioVersionRow, kind: 'kept' | 'dropped' | 'failed', candidateScores = [0.2, 0.6, 0.4]): GenerationJobPayload {
  const { connectionId, model } = TEACHERS[teacher];
  const utterances = ['What should I find first?', `Start with what was sold in May for problem ${taskIndex + 1}.`, 'Half of 48 is 24?', 'Yes. Now add April and May. [End]'];
  const base = {
    conversationId: `t${taskIndex}-r1`,
    connectionId,
    teacherModel: model,
    taskIndex,
    repeatId: 1,
    row: { question: `Problem ${taskIndex + 1}`, reference_answer: '#### 72' },
    scenario: { id: version.scenarioId, version: version.version, hash: version.hash },
    roles: { teacher: { connectionId, model, sampling: {} }, student: { connectionId: 'c-student', model: 'Llama-3.1-8B', sampling: {} } },
    turns: utterances.map((content, index) => ({ role: index % 2 === 0 ? ('student' as const) : ('teacher' as const), label: index % 2 === 0 ? '学生' : '教师', content, turnNumber: index + 1, model: index % 2 === 0 ? 'Llama-3.1-8B' : model, tokens, cached: false })),
    assessments: [1, 2, 3, 4, 5].map((roleTurn) => {
      const c = correctDraws(teacher, taskIndex, roleTurn);
      return { beforeTurn: roleTurn * 2 - 1, roleTurnNumber: roleTurn, n: 5, c, passAtK: { '1': passAt(5, c, 1), '5': passAt(5, c, 5) }, draws: [] };
    }),
    preferences:
      taskIndex < 2
        ? [{ beforeTurn: 1, roleTurnNumber: 1, prompt: [{ role: 'system' as const, content: 'You are a student.' }], candidates: candidateScores.map((score, index) => ({ question: `Candidate question ${index + 1}`, answer: 'An answer', n: 5, c: Math.round(score * 5), passAtK: { '1': score, '5': score } })), chosen: new Set(candidateScores).size === 1 ? null : candidateScores.indexOf(Math.max(...candidateScores)) }]
        : [],
    tokens,
    cached: false,
  };
  if (kind === 'failed') return { ...base, status: 'failed', turns: base.turns.slice(0, 2), reasons: ['HTTP 500 from the endpoint at turn 3 (after 3 attempts)'] } satisfies GenerationFailed;
  return { ...base, status: 'complete', end: { kind: 'end', reason: 'direction' }, safety: kind === 'kept' ? { kept: true, reasons: [], words: [] } : { kept: false, reasons: ['turn 2 contains the listed word “stupid”'], words: [{ word: 'stupid', turnNumber: 2 }] } } satisfies GenerationComplete;
}

export interface SeededRun {
  version: ScenarioVersionRow;
  run: GenerationRunRow;
  conversations: GeneratedConversationRow[];
  kept: number;
}

/** A finished run over 6 tasks × 2 teachers: one conversation dropped by the word list, one failed. */
export function seededRun(): SeededRun {
  const version = scenarioVersion();
  const run: GenerationRunRow = { id: 'job-gen-1', title: 'Socratic students pilot', scenario: { id: version.scenarioId, version: version.version, hash: version.hash }, teachers: TEACHERS, roleConnections: { student: 'c-student', guide: 'c-guide' }, conversations: 12, createdAt: '2026-12-02T10:30:00.000Z', datasetId: null };
  const conversations: GeneratedConversationRow[] = [];
  for (let task = 0; task < 6; task++) {
    for (let teacher = 0; teacher < 2; teacher++) {
      const kind = task === 4 && teacher === 1 ? 'dropped' : task === 5 && teacher === 0 ? 'failed' : 'kept';
      const payload = conversation(task, teacher, version, kind);
      conversations.push({ id: `${run.id}|${JSON.stringify([payload.connectionId, payload.conversationId, 0])}`, runId: run.id, payload });
    }
  }
  return { version, run, conversations, kept: 10 };
}

/**
 * A finished run that asked for branches at student turns 1 and 3 and made no pair: at turn 1 the
 * three candidates of the first two tasks scored the same Pass@k, and every dialogue ended before
 * the student's third turn; 3 tasks × 1 teacher, the last one failed.
 */
export function seededRunWithoutPairs(): SeededRun {
  const version = scenarioVersion();
  const run: GenerationRunRow = { id: 'job-gen-ties', title: 'Tied candidates', scenario: { id: version.scenarioId, version: version.version, hash: version.hash }, teachers: [TEACHERS[0]], roleConnections: { student: 'c-student', guide: 'c-guide' }, conversations: 3, preference: { atStudentTurns: [1, 3], candidates: 3 }, createdAt: '2026-12-03T10:30:00.000Z', datasetId: null };
  const conversations = [0, 1, 2].map((task): GeneratedConversationRow => {
    const payload = conversation(task, 0, version, task === 2 ? 'failed' : 'kept', [0.4, 0.4, 0.4]);
    return { id: `${run.id}|${JSON.stringify([payload.connectionId, payload.conversationId, 0])}`, runId: run.id, payload };
  });
  return { version, run, conversations, kept: 2 };
}

/** Writes rows into the app's own database (the app has created it: call after the app is ready). */
export async function seedStores(page: Page, rows: Record<string, unknown[]>): Promise<void> {
  await page.evaluate(
    ({ name, rows: byStore }) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onerror = () => reject(new Error(String(request.error)));
        request.onsuccess = () => {
          const db = request.result;
          const transaction = db.transaction(Object.keys(byStore), 'readwrite');
          for (const [store, values] of Object.entries(byStore)) for (const value of values) transaction.objectStore(store).put(value);
          transaction.oncomplete = () => {
            db.close();
            resolve();
          };
          transaction.onerror = () => {
            db.close();
            reject(new Error(String(transaction.error)));
          };
        };
      }),
    { name: APP_DB_NAME, rows },
  );
}
