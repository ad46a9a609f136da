/**
 * Issue 14 end to end, SID teacher-led: connections added in Settings against the scripted
 * server (the scenario player as its default handler), the SID template duplicated in the
 * Scenarios view and cut down in the editor's form to 2 topics × 2 learning states × 1 repeat, saved,
 * generated from the editor's Generate… button; when the job is done, "Create data set" in the
 * Generation runs view makes a data set of exactly 4 SID dialogues (ids, topic, learning state,
 * repeat, the teacher connection's model), and one opens in review with the server's scripted
 * utterances in order. The API key is nowhere in IndexedDB.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scenarioPlayer, scenarioRoleOf, startLlmServer, type ChatHandler, type LlmTestServer, type LoggedRequest } from '../support/llm-server';
import { RESOURCES_DIR } from '../support/repo-paths';
import { parseScenarioOrThrow } from '../../shared/scenario';
import { expect, test } from './fixtures/app';
import { DatasetsPage } from './pages/datasets';
import { readStoredRows } from './support-idb';
import { addConnection, API_KEY, everyStoredRow } from './support-llm';
import { duplicateTemplate, editYaml, expectValid, newestJobCard, saveVersion, setLanguage, sidDialogue, sidLineState, sidStudentOf, sidUtterance } from './support-generation-flow';
import { saveShot } from './support-shots';

const SID_FILE = 'sid-teacher-led.yaml';
const answerOf = (entry: LoggedRequest) => String((entry.reply as { body: { choices: { message: { content: string } }[] } }).body.choices[0].message.content);
const TEACHER_MODEL = 'tutor-7b';
const STUDENT_MODEL = 'learner-1b';
/** the topic of the template's second row, renamed in the form */
const RENAMED_TOPIC = '家庭净水实验';
/** the learning states kept: the template's first two */
const KEPT_STATES = [1, 2];

test.describe('generation flow: SID teacher-led', () => {
  let server: LlmTestServer;
  test.beforeEach(async () => {
    server = await startLlmServer({ apiKey: API_KEY, models: [TEACHER_MODEL, STUDENT_MODEL], defaultHandler: scenarioPlayer({ utterance: sidUtterance }) });
  });
  test.afterEach(async () => {
    await server.close();
  });

  test('2 topics × 2 learning states × 1 repeat from the form editor: 4 SID dialogues in a new data set that opens in review', async ({ app }, testInfo) => {
    test.setTimeout(120_000);
    const { page } = app;
    const template = parseScenarioOrThrow(readFileSync(join(RESOURCES_DIR, 'scenarios', SID_FILE), 'utf8'), SID_FILE);
    const states = template.tasks.cross[0].entries.filter((entry) => KEPT_STATES.includes(Number(entry.student_id)));
    const topics = [String(template.tasks.rows[0].topic), RENAMED_TOPIC];
    await setLanguage(page, 'en');
    // named as the template's roles name their connections, so the dialog binds them itself
    await addConnection(app, server, 'teacher', TEACHER_MODEL);
    await addConnection(app, server, 'student', STUDENT_MODEL);

    await duplicateTemplate(page, SID_FILE);
    // General: one repeat
    await page.getByTestId('scenario-tab-button-general').click();
    await page.locator('[data-testid="scenario-tab-general"] [data-path="repeats"]').fill('1');
    // Tasks: the two topic rows, the second renamed in its cells
    await page.getByTestId('scenario-tab-button-tasks').click();
    await expect(page.getByTestId('scenario-task-row')).toHaveCount(2);
    await page.locator('[data-path="tasks.rows[1].topic"]').fill(RENAMED_TOPIC);
    await page.locator('[data-path="tasks.rows[1].topic_text"]').fill(`${RENAMED_TOPIC}：过滤与吸附（化学）、水循环（地理）。`);
    await expectValid(page);
    // the learning states: the cross list's last entries removed in its table
    const crossList = page.locator('[data-testid="scenario-cross-list"][data-name="learning_states"]');
    const entries = crossList.getByTestId('scenario-cross-entry');
    await expect(entries).toHaveCount(template.tasks.cross[0].entries.length);
    for (let count = template.tasks.cross[0].entries.length; count > KEPT_STATES.length; count--) {
      await entries.last().locator('button').click();
      await expect(entries).toHaveCount(count - 1);
    }
    await expectValid(page);
    await expect(entries.first().locator('input').nth(1)).toHaveValue(String(states[0].student_type));
    await expect(entries.last().locator('input').nth(1)).toHaveValue(String(states[1].student_type));
    await expect(page.getByTestId('scenario-tab-tasks')).toContainText(`${topics.length * KEPT_STATES.length}`);
    const versionId = await saveVersion(page);
    expect(versionId).toMatch(/^sid-teacher-led-copy@/);

    await page.getByTestId('scenario-generate').click();
    const dialog = page.getByTestId('start-generation-dialog');
    await expect(dialog).toBeVisible();
    const teacherBox = dialog.getByTestId('start-generation-teacher');
    await expect(teacherBox).toHaveCount(2);
    // the teacher connection is ticked (named by the scenario), the student's is not
    await expect(dialog.locator('[data-testid="start-generation-teacher"]:checked')).toHaveCount(1);
    await expect(dialog.locator('label:has([data-testid="start-generation-teacher"]:checked)')).toContainText(TEACHER_MODEL);
    await expect(dialog.getByTestId('start-generation-role-student')).not.toHaveValue('');
    await expect(dialog.getByTestId('start-generation-shape')).toHaveAttribute('data-conversations', String(topics.length * KEPT_STATES.length));
    await dialog.getByTestId('start-generation-name').fill('SID pilot');
    await dialog.getByTestId('start-generation-start').click();
    await expect(dialog).toBeHidden();

    const card = newestJobCard(page);
    await expect(card).toHaveAttribute('data-status', 'succeeded', { timeout: 60_000 });
    await expect(card.getByTestId('job-done')).toHaveText('4 of 4 done');
    // six turns each (the teacher ends at its third), no other request
    const chats = server.log.chatRequests();
    expect(chats).toHaveLength(4 * 6);
    expect(chats.every((entry) => entry.outcome === 'answered')).toBe(true);
    expect(chats.every((entry) => (scenarioRoleOf(entry.body as never) === 'teacher' ? TEACHER_MODEL : STUDENT_MODEL) === (entry.body as { model: string }).model)).toBe(true);
    const asked = new Set(chats.filter((entry) => scenarioRoleOf(entry.body as never) === 'student').map((entry) => JSON.stringify(sidStudentOf(entry.body as never))));
    expect([...asked].sort()).toEqual(topics.flatMap((topic) => states.map((state) => JSON.stringify({ topic, state: String(state.student_type) }))).sort());

    await card.getByTestId('job-open-results').click();
    await expect(page.getByTestId('generation-view')).toBeVisible();
    await expect(page.getByTestId('generation-run-summary')).toHaveText('4/4 done · 4 kept · 0 dropped · 0 failed');
    await saveShot(page, 'flow-sid-run-en', testInfo);
    await page.getByTestId('generation-dataset-name').fill('SID generated');
    await page.getByTestId('generation-create-dataset').click();
    await expect(page.getByTestId('generation-dataset-outcome')).toHaveText('Data set created (4 dialogues).');
    await page.getByTestId('generation-open-dataset').click();

    const datasets = new DatasetsPage(page);
    await expect(datasets.root).toBeVisible();
    await datasets.waitForRows();
    expect(await datasets.rowCount()).toBe(4);
    const [dataset] = await readStoredRows<{ id: string; name: string }>(page, 'datasets');
    expect(dataset.name).toBe('SID generated');
    const dialogues = await readStoredRows<{ id: string; externalId: string; teacherModel: string; topicId: string | null; topicText: string; studentId: string | null; studentType: string; repeatId: string | null; turnCount: number }>(page, 'dialogues');
    expect(dialogues).toHaveLength(4);
    const expected = topics.flatMap((topic, topicIndex) => states.map((state) => ({ externalId: `${topicIndex + 1}-${state.student_id}-1`, topicId: String(topicIndex + 1), topic, studentId: String(state.student_id), studentType: String(state.student_type), repeatId: '1', teacherModel: TEACHER_MODEL, turnCount: 6 })));
    expect(dialogues.map((row) => ({ externalId: row.externalId, topicId: row.topicId, topic: row.topicText.split('：')[0], studentId: row.studentId, studentType: row.studentType, repeatId: row.repeatId, teacherModel: row.teacherModel, turnCount: row.turnCount })).sort((a, b) => a.externalId.localeCompare(b.externalId))).toEqual(expected);
    // the table shows them so
    for (const row of expected) {
      const dialogue = dialogues.find((candidate) => candidate.externalId === row.externalId)!;
      const shown = datasets.row(dialogue.id);
      await expect(shown.getByTestId('dataset-row-open')).toHaveText(row.externalId);
      await expect(shown).toContainText(TEACHER_MODEL);
      await expect(shown).toContainText(row.studentType);
      await expect(shown.getByTestId('dataset-row-topic')).toContainText(row.topic);
    }
    await saveShot(page, 'flow-sid-dataset-en', testInfo);

    // the renamed topic's second learning state in review: the scripted lines, in order
    const opened = expected[3];
    const openedId = dialogues.find((candidate) => candidate.externalId === opened.externalId)!.id;
    await datasets.openDialogue(openedId);
    const turns = page.getByTestId('chat-turn');
    const script = sidDialogue(opened.topic, opened.studentType);
    await expect(turns).toHaveCount(script.length);
    for (const [index, line] of script.entries()) {
      await expect(turns.nth(index)).toHaveAttribute('data-speaker', line.speaker);
      await expect(turns.nth(index).locator('.rv-bubble')).toHaveText(line.text);
    }
    await expect(turns.last().locator('[data-badge="end-marker"]')).toBeVisible();
    await saveShot(page, 'flow-sid-review-en', testInfo);

    expect(await everyStoredRow(app)).not.toContain(API_KEY);
  });
});

test.describe('generation flow: interrupted and resumed', () => {
  /** answered at once; the later requests wait for the test's pause (then a short delay each) */
  const FREE_ANSWERS = 4;
  let server: LlmTestServer;
  let openGate: () => void;
  test.beforeEach(async () => {
    const player = scenarioPlayer({ utterance: sidUtterance, delayMs: 50 });
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let seen = 0;
    const held: ChatHandler = async (request) => {
      if (seen++ >= FREE_ANSWERS) await gate;
      return player(request);
    };
    server = await startLlmServer({ apiKey: API_KEY, models: [TEACHER_MODEL, STUDENT_MODEL], defaultHandler: held });
  });
  test.afterEach(async () => {
    openGate();
    await server.close();
  });

  test('a run paused mid-conversation resumes without asking a finished turn again, and its dialogues are complete', async ({ app }, testInfo) => {
    test.setTimeout(120_000);
    const { page } = app;
    await setLanguage(page, 'en');
    await addConnection(app, server, 'teacher', TEACHER_MODEL);
    await addConnection(app, server, 'student', STUDENT_MODEL);
    // one topic × two learning states × one repeat: two conversations of six turns
    await duplicateTemplate(page, SID_FILE);
    await editYaml(page, (lines) => {
      const second = lines.findIndex((line) => line.trim() === '- topic_id: 2');
      const kept = [...lines.slice(0, second), ...lines.slice(second + 3)];
      return kept.filter((line) => !/^\s+- \{ student_id: [3-9],/.test(line)).map((line) => (line === 'repeats: 2' ? 'repeats: 1' : line));
    });
    await saveVersion(page);
    await page.getByTestId('scenario-generate').click();
    const dialog = page.getByTestId('start-generation-dialog');
    await expect(dialog.getByTestId('start-generation-shape')).toHaveAttribute('data-conversations', '2');
    await dialog.getByTestId('start-generation-start').click();
    await expect(dialog).toBeHidden();

    const card = newestJobCard(page);
    const answered = () => server.log.chatRequests().filter((entry) => entry.outcome === 'answered');
    // some turns done, the next ones held on the wire
    await expect.poll(() => answered().length, { timeout: 30_000 }).toBe(FREE_ANSWERS);
    await expect.poll(() => server.log.inFlight).toBeGreaterThan(0);
    await card.getByTestId('job-pause').click();
    await expect(card).toHaveAttribute('data-pausing', 'true');
    openGate();
    await expect(card).toHaveAttribute('data-status', 'paused', { timeout: 30_000 });
    await expect.poll(() => server.log.inFlight).toBe(0);
    const beforeResume = server.log.chatRequests();
    const finishedBefore = beforeResume.filter((entry) => entry.outcome === 'answered');
    expect(finishedBefore.length).toBeGreaterThan(0);
    expect(finishedBefore.length).toBeLessThan(2 * 6);
    // the utterances name their learning state: at least one conversation was stopped part-way
    const doneByState = new Map<string, number>();
    for (const entry of finishedBefore) {
      const state = sidLineState(answerOf(entry))!;
      doneByState.set(state, (doneByState.get(state) ?? 0) + 1);
    }
    expect([...doneByState.values()].some((done) => done > 0 && done < 6)).toBe(true);
    expect(await readStoredRows(page, 'generatedConversations')).toHaveLength(0);
    await saveShot(card, 'flow-paused-en', testInfo);
    // paused means paused: nothing is asked while it stays so
    expect(server.log.chatRequests()).toHaveLength(beforeResume.length);

    await card.getByTestId('job-resume').click();
    await expect(card).toHaveAttribute('data-status', 'succeeded', { timeout: 60_000 });
    await expect(card.getByTestId('job-done')).toHaveText('2 of 2 done');

    // no request that had its answer before the pause was sent again: those turns came from the cache
    const after = server.log.chatRequests().slice(beforeResume.length);
    const finishedBodies = new Set(finishedBefore.map((entry) => entry.rawBody));
    expect(after.filter((entry) => finishedBodies.has(entry.rawBody))).toEqual([]);
    expect(after.length).toBeGreaterThan(0);
    // every turn of both dialogues answered exactly once over the whole run
    const allAnswered = answered();
    expect(allAnswered).toHaveLength(2 * 6);
    expect(new Set(allAnswered.map((entry) => entry.rawBody)).size).toBe(2 * 6);

    await expect.poll(async () => (await readStoredRows(page, 'generatedConversations')).length, { timeout: 15_000 }).toBe(2);
    const rows = await readStoredRows<{ payload: { status: string; row: Record<string, unknown>; turns: { role: string; content: string; cached: boolean }[] } }>(page, 'generatedConversations');
    // each scripted line is its conversation's own (topic, learning state, turn)
    const finishedTexts = new Set(finishedBefore.map(answerOf));
    expect(finishedTexts.size).toBe(finishedBefore.length);
    let replayed = 0;
    for (const { payload } of rows) {
      expect(payload.status).toBe('complete');
      const script = sidDialogue(String(payload.row.topic), String(payload.row.student_type));
      expect(payload.turns.map((turn) => ({ role: turn.role, content: turn.content }))).toEqual(script.map((line) => ({ role: line.speaker, content: line.text })));
      // the turns answered before the pause are the ones the resumed run took from the cache
      for (const turn of payload.turns) {
        expect(turn.cached).toBe(finishedTexts.has(turn.content));
        if (turn.cached) replayed++;
      }
    }
    expect(replayed).toBe(finishedBefore.length);
    expect(await everyStoredRow(app)).not.toContain(API_KEY);
  });
});
