/**
 * Issue 14 end to end, student-led: the Socratic Students template (assessment and guide)
 * duplicated, saved and generated from the editor with preference pairs on, against the scripted
 * server. The server's Pass@k draws are right iff the draw's index is below the student's turns
 * so far, and in a preference branch only the guide's second candidate makes the student right.
 * The learning curve's points (table and CSV, k = 5 and k = 1) equal Pass@k computed here from
 * the answers the server logged; the DPO JSONL has one pair per lower-scoring candidate, chosen =
 * the second candidate, the prompt = the student's request at that turn; SFT JSONL and the data
 * card are saved. Screenshots of the run and its curve in en and zh; no API key stored.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { messageText, reply, scenarioPlayer, scenarioRoleOf, startLlmServer, type ChatHandler, type LlmTestServer, type LoggedRequest } from '../support/llm-server';
import { RESOURCES_DIR } from '../support/repo-paths';
import { parseScenarioOrThrow } from '../../shared/scenario';
import { expect, test } from './fixtures/app';
import { addConnection, API_KEY, everyStoredRow } from './support-llm';
import { duplicateTemplate, newestJobCard, saveVersion, setLanguage } from './support-generation-flow';
import { saveShot } from './support-shots';

const FILE = 'socratic-students.yaml';
const MODELS = { teacher: 'tutor-7b', student: 'learner-1b', guide: 'helper-3b' };
const HELPFUL_CANDIDATE = 'Candidate question 2';
const CANDIDATES = 4;
const SAMPLES = 5;

type Body = ChatCompletionCreateParamsNonStreaming;
const template = parseScenarioOrThrow(readFileSync(join(RESOURCES_DIR, 'scenarios', FILE), 'utf8'), FILE);
const rows = template.tasks.rows.map((row) => ({ question: String(row.question), answer: /#### (\S+)/.exec(String(row.reference_answer))![1] }));

const textOf = (body: Body) => body.messages.map((message) => messageText(message)).join('\n');
const taskOf = (body: Body) => rows.findIndex((row) => textOf(body).includes(row.question));
const isCandidateProbe = (body: Body) => textOf(body).includes('Candidate question');

/** The scenario player for every role but the Pass@k draws, which answer the row's own number (or 0) by the rule above. */
function studentsHandler(): ChatHandler {
  const player = scenarioPlayer({ teacherTurns: Infinity });
  const seen = new Map<string, number>();
  return (request) => {
    const body = request.body as Body;
    if (scenarioRoleOf(body) !== 'assessment') return player(request);
    const key = JSON.stringify([body.model, body.messages]);
    const draw = seen.get(key) ?? 0;
    seen.set(key, draw + 1);
    const studentTurns = body.messages.filter((message) => message.role === 'assistant').length;
    const right = isCandidateProbe(body) ? textOf(body).includes(HELPFUL_CANDIDATE) : draw % SAMPLES < studentTurns;
    return reply.answer(right ? `So the answer is #### ${rows[taskOf(body)].answer}` : 'I am not sure yet. #### 0');
  };
}

/** Pass@k as the unbiased estimator 1 − C(n−c, k)/C(n, k), written out here. */
function passAt(n: number, c: number, k: number): number {
  if (n - c < k) return 1;
  let miss = 1;
  for (let i = n - c + 1; i <= n; i++) miss *= 1 - k / i;
  return 1 - miss;
}

const answerOf = (entry: LoggedRequest) => String((entry.reply as { body: { choices: { message: { content: string } }[] } }).body.choices[0].message.content);

/** The curve the server's answers imply: per student turn, Pass@k per task from its main-dialogue draws, then the mean over tasks. */
function curveFromLog(entries: readonly LoggedRequest[], k: number): { roleTurn: number; tasks: number; mean: number }[] {
  const byPoint = new Map<string, { n: number; c: number }>();
  for (const entry of entries) {
    const body = entry.body as Body;
    if (scenarioRoleOf(body) !== 'assessment' || isCandidateProbe(body)) continue;
    const task = taskOf(body);
    const roleTurn = body.messages.filter((message) => message.role === 'assistant').length + 1;
    const key = `${roleTurn}|${task}`;
    const point = byPoint.get(key) ?? { n: 0, c: 0 };
    point.n++;
    if (answerOf(entry).endsWith(`#### ${rows[task].answer}`)) point.c++;
    byPoint.set(key, point);
  }
  const turns = [...new Set([...byPoint.keys()].map((key) => Number(key.split('|')[0])))].sort((a, b) => a - b);
  return turns.map((roleTurn) => {
    const values = rows.map((_, task) => byPoint.get(`${roleTurn}|${task}`)).filter((point) => point !== undefined).map((point) => passAt(point.n, point.c, k));
    return { roleTurn, tasks: values.length, mean: values.reduce((sum, value) => sum + value, 0) / values.length };
  });
}

test.describe('generation flow: student-led', () => {
  let server: LlmTestServer;
  test.beforeEach(async () => {
    server = await startLlmServer({ apiKey: API_KEY, models: Object.values(MODELS), defaultHandler: studentsHandler() });
  });
  test.afterEach(async () => {
    await server.close();
  });

  test('Socratic Students with preference pairs: learning curve as the script implies, CSV, DPO, SFT and data card', async ({ app }, testInfo) => {
    test.setTimeout(120_000);
    const { page } = app;
    await setLanguage(page, 'en');
    for (const [role, model] of Object.entries(MODELS)) await addConnection(app, server, role, model);
    await duplicateTemplate(page, FILE);
    await saveVersion(page);

    await page.getByTestId('scenario-generate').click();
    const dialog = page.getByTestId('start-generation-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('label:has([data-testid="start-generation-teacher"]:checked)')).toHaveText(new RegExp(MODELS.teacher));
    await expect(dialog.locator('[data-testid="start-generation-teacher"]:checked')).toHaveCount(1);
    for (const role of ['student', 'guide'] as const) await expect(dialog.getByTestId(`start-generation-role-${role}`).locator('option:checked')).toContainText(MODELS[role]);
    await dialog.getByTestId('start-generation-preference').check();
    await dialog.getByTestId('start-generation-preference-turns').fill('1');
    await dialog.getByTestId('start-generation-preference-candidates').fill(String(CANDIDATES));
    await expect(dialog.getByTestId('start-generation-shape')).toHaveAttribute('data-conversations', String(rows.length));
    await dialog.getByTestId('start-generation-name').fill('Students pilot');
    await dialog.getByTestId('start-generation-start').click();
    await expect(dialog).toBeHidden();
    const card = newestJobCard(page);
    await expect(card).toHaveAttribute('data-status', 'succeeded', { timeout: 60_000 });
    await expect(card.getByTestId('job-done')).toHaveText(`${rows.length} of ${rows.length} done`);
    const log = server.log.chatRequests();
    expect(log.every((entry) => entry.outcome === 'answered')).toBe(true);

    await card.getByTestId('job-open-results').click();
    await expect(page.getByTestId('generation-run-summary')).toHaveText(`${rows.length}/${rows.length} done · ${rows.length} kept · 0 dropped · 0 failed`);
    const curvesSection = page.getByTestId('generation-curves');
    const table = page.getByTestId('generation-curves-table').locator('tbody tr');
    const expectCurve = async (k: number) => {
      const expected = curveFromLog(log, k);
      // five student turns and the probe after the last
      expect(expected.map((point) => point.roleTurn)).toEqual([1, 2, 3, 4, 5, 6]);
      await expect(table).toHaveCount(expected.length);
      for (const [index, point] of expected.entries()) {
        const cells = table.nth(index).locator('td');
        await expect(cells.nth(0)).toHaveText(MODELS.student);
        await expect(cells.nth(2)).toHaveText(String(point.roleTurn));
        await expect(cells.nth(3)).toHaveText(String(point.tasks));
        await expect(cells.nth(4)).toHaveText(point.mean.toFixed(3));
      }
      const csvPath = join(app.tempDir, `curve-k${k}.csv`);
      app.dialogs.nextSavePath(csvPath);
      await curvesSection.getByTestId('generation-curves-csv').click();
      await expect(curvesSection.getByTestId('generation-save-outcome')).toHaveAttribute('data-status', 'saved');
      const lines = readFileSync(csvPath, 'utf8').trim().split(/\r?\n/);
      expect(lines[0]).toBe('student_model,strategy,k,role_turn,tasks,mean,low,high');
      expect(lines).toHaveLength(expected.length + 1);
      for (const [index, point] of expected.entries()) {
        const [model, strategy, kText, roleTurn, tasks, mean, low, high] = lines[index + 1].split(',');
        // curves are per student model and strategy (no `strategy` column in the rows: the scenario; one teacher, so no teacher suffix)
        expect({ model, strategy, k: Number(kText), roleTurn: Number(roleTurn), tasks: Number(tasks) }).toEqual({ model: MODELS.student, strategy: 'socratic-students-copy', k, roleTurn: point.roleTurn, tasks: point.tasks });
        expect(Number(mean)).toBeCloseTo(point.mean, 9);
        // both tasks were scripted alike: no spread, the interval is the point
        expect(Number(low)).toBeCloseTo(point.mean, 9);
        expect(Number(high)).toBeCloseTo(point.mean, 9);
      }
      return expected;
    };
    await expect(page.getByTestId('generation-curves-k')).toHaveValue('5');
    expect((await expectCurve(5)).map((point) => point.mean)).toEqual([0, 1, 1, 1, 1, 1]);
    await page.getByTestId('generation-curves-k').selectOption('1');
    expect((await expectCurve(1)).map((point) => point.mean)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1].map((value) => expect.closeTo(value, 9)));
    await page.getByTestId('generation-run').evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await saveShot(page, 'flow-students-run-en', testInfo);
    await saveShot(curvesSection, 'flow-students-curve-en', testInfo);

    // preference pairs: the helpful candidate against each of the others, per task
    const preference = page.getByTestId('generation-preference');
    await expect(preference.getByTestId('generation-preference-counts')).toHaveAttribute('data-pairs', String(rows.length * (CANDIDATES - 1)));
    const save = async (button: string, name: string) => {
      const path = join(app.tempDir, name);
      app.dialogs.nextSavePath(path);
      await preference.getByTestId(button).click();
      await expect(preference.getByTestId('generation-save-outcome')).toHaveAttribute('data-status', 'saved');
      return readFileSync(path, 'utf8');
    };
    const firstStudentRequest = (task: number) => log.find((entry) => scenarioRoleOf(entry.body as never) === 'student' && taskOf(entry.body as Body) === task && !(entry.body as Body).messages.some((message) => message.role === 'assistant'))!;
    const dpo = (await save('generation-export-dpo', 'pairs.dpo.jsonl')).trim().split('\n').map((line) => JSON.parse(line) as { prompt: { role: string; content: string }[]; chosen: { role: string; content: string }[]; rejected: { role: string; content: string }[] });
    expect(dpo).toHaveLength(rows.length * (CANDIDATES - 1));
    const rejectedByTask = new Map<number, string[]>();
    for (const pair of dpo) {
      expect(Object.keys(pair).sort()).toEqual(['chosen', 'prompt', 'rejected']);
      const task = rows.findIndex((row) => pair.prompt[0].content.includes(row.question));
      expect(task).toBeGreaterThanOrEqual(0);
      expect(pair.prompt).toEqual((firstStudentRequest(task).body as Body).messages.map((message) => ({ role: message.role, content: messageText(message) })));
      expect(pair.chosen).toEqual([{ role: 'assistant', content: expect.stringContaining(`${HELPFUL_CANDIDATE}:`) }]);
      expect(pair.rejected).toHaveLength(1);
      expect(pair.rejected[0].role).toBe('assistant');
      expect(pair.rejected[0].content).toMatch(/^Candidate question [134]:/);
      rejectedByTask.set(task, [...(rejectedByTask.get(task) ?? []), pair.rejected[0].content.slice(0, 'Candidate question 1'.length)]);
    }
    for (let task = 0; task < rows.length; task++) expect(rejectedByTask.get(task)?.sort()).toEqual(['Candidate question 1', 'Candidate question 3', 'Candidate question 4']);
    const sft = (await save('generation-export-sft', 'pairs.sft.jsonl')).trim().split('\n').map((line) => JSON.parse(line) as { messages: { role: string; content: string }[] });
    expect(sft).toHaveLength(rows.length);
    for (const row of sft) {
      expect(row.messages.at(-1)).toEqual({ role: 'assistant', content: expect.stringContaining(`${HELPFUL_CANDIDATE}:`) });
      expect(rows.some((task) => row.messages[0].content.includes(task.question))).toBe(true);
    }
    const dataCard = await save('generation-export-card', 'pairs.card.md');
    expect(dataCard).toContain(MODELS.student);
    expect(dataCard).toContain(MODELS.guide);
    expect(dataCard).toContain(String(rows.length * (CANDIDATES - 1)));
    expect(dataCard).not.toContain(API_KEY);

    await setLanguage(page, 'zh');
    await expect(page.getByTestId('generation-run-summary')).toHaveText(`${rows.length}/${rows.length} 段完成 · 保留 ${rows.length} · 剔除 0 · 失败 0`);
    await page.getByTestId('generation-run').evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await saveShot(page, 'flow-students-run-zh', testInfo);
    await saveShot(curvesSection, 'flow-students-curve-zh', testInfo);

    expect(await everyStoredRow(app)).not.toContain(API_KEY);
  });
});
